/// The tabs of one tab bar controller, which of them is selected and shown, and the switch between
/// them, as a value (spec §7).
///
/// A selection changes inside the call; the tab shown follows with a switch. On screen, a switch
/// is recorded as it begins, before any of its callbacks (the incoming tab's view loading, the
/// will-callbacks); its first half (those callbacks, then the views swapped) runs inside the call,
/// and its did-half at the end of the turn: between the two the switch is half done (a switch that
/// waited for the window's turn runs both halves at once). Off screen, the tab shown changes with
/// no switch:
///
/// ```
/// idle ──switchBegan──▶ switchBeginning ──viewsSwapped──▶ switchHalfDone ──switchCompleted──▶ idle
///                              └──────────swapGivenUp──────────┘
/// ```
///
/// A switch whose callbacks took the tab bar controller off screen gives up its swap
/// (``swapGivenUp(number:)``): half done, the tab shown unchanged.
///
/// While a switch is beginning, the tab it brings in counts as the tab shown for what its callbacks
/// ask for (``shownNext``): a selection they make is measured against it, so a selection of any
/// other tab, the tab it takes off screen included, asks for a switch of its own, which waits
/// behind this one (spec §1); and the removal of either tab waits for the switch that hides it.
///
/// Besides the phase, the machine keeps the tabs, the selected index, the tab shown, and the tabs
/// whose removal waits for a switch: a tab taken out while shown, or while the switch under way
/// brings it in or takes it off screen, gets its `didMove(toParent: nil)` only once no switch shows
/// it any more. It calls no user code; each event commits the state before returning, so the
/// callbacks it leads to see the new state. An event that is not legal from the current state
/// throws a ``Refusal`` and changes nothing.
package struct TabSelectionMachine {
    /// Where the machine stands with respect to switches.
    package enum Phase: Hashable, Sendable {
        /// No switch is under way; one may be pending (the tab selected is not the one shown).
        case idle
        /// A switch has begun: its callbacks before the views swap are being sent.
        case switchBeginning
        /// A switch's first half has run; its did-half waits for the end of the turn.
        case switchHalfDone
    }

    /// Why an event is not legal from the current state. Nothing changes when one is thrown.
    package enum Refusal: Error, Hashable, Sendable {
        /// The index names no tab: there are `count` tabs.
        case noTab(index: Int, count: Int)
        /// The switch would show the controller it hides.
        case nothingToSwitch
    }

    /// A switch that has begun: the tab it takes off screen and the one it shows (either may be
    /// nil), its number, which tells it from the switches before it, and whether its first half
    /// has swapped the views.
    package struct Switch {
        package let number: UInt64
        package let from: Controller?
        package let to: Controller?
        package fileprivate(set) var viewsSwapped = false
    }

    /// The tabs, in order.
    package private(set) var controllers: [Controller] = []
    /// The index of the selected tab; nil when there are no tabs.
    package private(set) var selectedIndex: Int?
    /// The controller whose view the tab bar controller shows.
    package private(set) var shown: Controller?
    /// Tabs taken out while shown, or while the switch under way brought them in or took them off
    /// screen: their removal ends after that switch, in the order they were taken out.
    package private(set) var removalsAfterSwitch: [Controller] = []
    /// The switch that has begun and whose did-half has not run yet, if any.
    package private(set) var inFlightSwitch: Switch?
    /// How many switches have begun: the number of the latest.
    package private(set) var switchesStarted: UInt64 = 0

    /// A new machine: no tabs, no selection, ``Phase/idle``.
    package init() {}

    /// Whether a switch is beginning or half done.
    @inline(__always)
    package var phase: Phase {
        switch inFlightSwitch?.viewsSwapped {
        case .none: .idle
        case false?: .switchBeginning
        case true?: .switchHalfDone
        }
    }

    /// Whether the switch numbered `number` is the one under way and still beginning (its views
    /// not swapped yet).
    @inline(__always)
    package func isBeginning(_ number: UInt64) -> Bool {
        switchesStarted == number && inFlightSwitch?.viewsSwapped == false
    }

    /// The tab shown once the switch under way has swapped the views: while it is beginning, the
    /// tab it brings in; otherwise the tab shown.
    package var shownNext: Controller? {
        if let inFlightSwitch, !inFlightSwitch.viewsSwapped { return inFlightSwitch.to }
        return shown
    }

    /// The selected tab; nil when there are no tabs.
    package var selectedController: Controller? {
        guard let selectedIndex else { return nil }
        return controllers[selectedIndex]
    }

    /// The switch the selection asks for, if the tab selected is not the one shown (the one the
    /// switch beginning brings in, ``shownNext``): from that tab to the tab selected.
    package var pendingSwitch: (from: Controller?, to: Controller?)? {
        let to = selectedController
        let showing = shownNext
        return to === showing ? nil : (showing, to)
    }

    /// Whether the removal of `tab` waits for a switch: it is shown, brought in by the switch
    /// beginning, or taken off screen by the switch under way.
    private func removalWaits(_ tab: Controller) -> Bool {
        tab === shown || tab === shownNext || tab === inFlightSwitch?.from
    }

    /// Whether `controller` is one of the tabs.
    package func isTab(_ controller: Controller) -> Bool {
        controllers.contains { $0 === controller }
    }

    /// The index of `controller` among the tabs, if it is one.
    package func index(of controller: Controller) -> Int? {
        controllers.firstIndex { $0 === controller }
    }
}

// MARK: - The tabs and the selection

extension TabSelectionMachine {
    /// The tabs became `tabs`. The selection stays on the selected controller when it is one of
    /// them; otherwise on the same index, clamped (the first tab when there was none). Accepted in
    /// every state (a change is applied while a switch is half done, too).
    package mutating func tabsChanged(to tabs: [Controller]) {
        let selected = selectedController
        controllers = tabs
        if let selected, let index = tabs.firstIndex(where: { $0 === selected }) {
            selectedIndex = index
        } else {
            selectedIndex = tabs.isEmpty ? nil : min(selectedIndex ?? 0, tabs.count - 1)
        }
    }

    /// The change could not adopt `controller` (a callback gave it elsewhere): it leaves the tabs,
    /// and the selection follows as for ``tabsChanged(to:)``.
    package mutating func adoptionFailed(of controller: Controller) {
        tabsChanged(to: controllers.filter { $0 !== controller })
    }

    /// The change began removing `controller` (its `willMove(toParent: nil)` has been sent): returns
    /// true when it is the tab shown, the one the switch beginning brings in, or the one the switch
    /// under way takes off screen, whose removal then ends after the switch; false when its removal
    /// ends now.
    package mutating func removalBegan(of controller: Controller) -> Bool {
        guard removalWaits(controller) else { return false }
        removalsAfterSwitch.append(controller)
        return true
    }

    /// A tab taken out while shown is one of the tabs again before its switch: its removal does not
    /// wait any more (its move ends with its return). Accepted for any controller: nothing changes
    /// for one whose removal does not wait.
    package mutating func removalCancelled(of controller: Controller) {
        removalsAfterSwitch.removeAll { $0 === controller }
    }

    /// The tab at `index` is selected. Refused when there is no such tab.
    package mutating func tabSelected(at index: Int) throws(Refusal) {
        guard controllers.indices.contains(index) else { throw .noTab(index: index, count: controllers.count) }
        selectedIndex = index
    }
}

// MARK: - Switches

extension TabSelectionMachine {
    /// On screen, the switch from `from` to `to` begins: it is recorded before any of its
    /// callbacks, so that a selection they make is measured against `to` (``shownNext``). Returns
    /// the switch. Accepted while another switch is half done (callbacks sent in between may have
    /// started one): the new one takes its place, and the other's did-half still comes
    /// (``switchCompleted(number:)``). Refused when `from` is `to`.
    package mutating func switchBegan(from: Controller?, to: Controller?) throws(Refusal) -> Switch {
        guard from !== to else { throw .nothingToSwitch }
        switchesStarted &+= 1
        let started = Switch(number: switchesStarted, from: from, to: to)
        inFlightSwitch = started
        return started
    }

    /// The first half of the switch numbered `number` swapped the views: its incoming tab is shown
    /// from now on, and the switch is half done. Accepted for any switch: one that another switch
    /// took the place of changes nothing.
    package mutating func viewsSwapped(number: UInt64) {
        guard inFlightSwitch?.number == number else { return }
        shown = inFlightSwitch?.to
        inFlightSwitch?.viewsSwapped = true
    }

    /// The switch numbered `number` gave up its swap before it (a callback of its will-half took
    /// the tab bar controller off screen, or another switch took its place): when it is the switch
    /// under way, it counts as half done, and the tab shown stays what it was, for the selection to
    /// be measured against. Accepted for any switch: one that another switch took the place of
    /// changes nothing.
    package mutating func swapGivenUp(number: UInt64) {
        guard inFlightSwitch?.number == number else { return }
        inFlightSwitch?.viewsSwapped = true
    }

    /// The did-half of the switch numbered `number` has run: when it is the switch under way, the
    /// machine is idle again. Accepted for any switch: one that another switch took the place of
    /// completes too, and changes nothing.
    package mutating func switchCompleted(number: UInt64) {
        if inFlightSwitch?.number == number { inFlightSwitch = nil }
    }

    /// Off screen, the tab bar controller shows `tab`, with no switch. Accepted in every state.
    package mutating func shownOffScreen(_ tab: Controller?) {
        shown = tab
    }

    /// A switch has finished, or there was nothing to switch: returns the removals that end now,
    /// in the order they began (the tabs that are neither shown nor moved by the switch under way),
    /// and keeps the others waiting. Accepted in every state.
    package mutating func switchFinished() -> [Controller] {
        guard !removalsAfterSwitch.isEmpty else { return [] }
        var ending: [Controller] = []
        var waiting: [Controller] = []
        for tab in removalsAfterSwitch {
            if removalWaits(tab) {
                waiting.append(tab)
            } else {
                ending.append(tab)
            }
        }
        removalsAfterSwitch = waiting
        return ending
    }
}
