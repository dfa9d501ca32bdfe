extension TabBarController {
    /// The tabs, in order, as UIKit's `viewControllers`.
    ///
    /// Every tab is a child (spec §7). Setting the tabs makes new tabs children inside the setter,
    /// each with its whole move (`willMove(toParent: self)`, `didMove(toParent: self)`), and takes
    /// removed ones out (`willMove(toParent: nil)`, `didMove(toParent: nil)`); the removal of the
    /// tab shown, or of the tab a switch half done takes out, ends only after that switch (R7). The
    /// selection stays on the selected controller when it survives; otherwise on the same index,
    /// clamped (the first tab when there was none). If the tab to show changed, the switch follows
    /// the moves: on screen it runs as a selection's does (its first half inside the setter when
    /// the window has no visible transition pending or in flight, spec §7, §1); off screen, inside
    /// the setter. No delegate calls. The new tabs are pending members of
    /// the tab bar controller from the check until their adoption, while the removals' callbacks run
    /// (R9). Set from a callback of a change of the tabs under way, it is checked inside the setter,
    /// then runs once that change has finished, inside the same call (see <doc:Reentrancy>); so do
    /// the selections and ``userDidSelect(_:)``.
    ///
    /// Refused (a fault, nothing changes): a controller named twice, one that has another parent,
    /// the tab bar controller itself or one of its ancestors, one whose root view holds the tab bar
    /// controller's view (a cycle), one that waits to join a navigation stack (pushed during an
    /// interactive pop, R9).
    ///
    /// ## Callback order
    ///
    /// Replacing `[a, b]`, with `b` shown, by `[a, c]`, on screen; inside the setter:
    /// 1. `b.willMove(toParent: nil)` — each removed tab; a tab not shown also gets its
    ///    `didMove(toParent: nil)` here
    /// 2. `c.willMove(toParent: tab)`, `c.didMove(toParent: tab)` — each new tab, in order
    /// 3. `c.loadView()`, `c.viewDidLoad()` — the first time `c` is shown
    /// 4. `c.viewWillAppear(animated: false)`
    /// 5. `b.viewWillDisappear(animated: false)` — then the views swap
    ///
    /// At the end of the turn, the switch's did-half:
    ///
    /// 6. `b.viewDidDisappear(animated: false)`
    /// 7. `c.viewDidAppear(animated: false)`
    /// 8. `b.didMove(toParent: nil)` — the removal of the tab that was shown ends
    ///
    /// When the window has a visible transition pending or in flight, steps 3 to 8 wait for its
    /// turn and run together at the end of a turn.
    public var controllers: [Controller] {
        get { selection.controllers }
        set {
            let call = Planning.enter(
                .setting("controllers", of: .controller(id), to: .controllers(newValue.map(\.id))))
            defer { Planning.leave(call) }
            setTabs(newValue)
        }
    }

    /// The value of ``selectedIndex`` when there are no tabs, as UIKit's `NSNotFound`.
    public static let noSelection = Int.max

    /// The index of the selected tab; ``noSelection`` when there are no tabs.
    ///
    /// Setting it selects the tab inside the setter, without asking or telling the delegate (a
    /// programmatic selection, spec §7). On screen, when the window has no visible transition
    /// pending or in flight, the first half of the switch runs inside the setter and its did-half
    /// at the end of the turn; until then the switch is the window's transition in flight, so a
    /// second selection, a push or a presentation asked for meanwhile waits for the end of the turn,
    /// and an interactive begin returns nil (spec §1). When the window is busy, the whole switch
    /// waits for its turn and runs at the end of a turn as one step. Off screen, the views change
    /// inside the setter, with no callbacks. An index out of range is refused (a fault, nothing
    /// changes).
    ///
    /// ## Callback order
    ///
    /// Selecting `b` while `a` is shown, on screen, on an idle window; inside the setter:
    /// 1. `b.loadView()`, `b.viewDidLoad()` — the first time `b` is shown
    /// 2. `b.viewWillAppear(animated: false)`
    /// 3. `a.viewWillDisappear(animated: false)` — then the views swap
    ///
    /// At the end of the turn:
    ///
    /// 4. `b.viewIsAppearing(animated: false)` — the layout pass, before the did-half
    /// 5. `a.viewDidDisappear(animated: false)`
    /// 6. `b.viewDidAppear(animated: false)`
    public var selectedIndex: Int {
        get { selection.selectedIndex ?? Self.noSelection }
        set {
            let call = Planning.enter(.setting("selectedIndex", of: .controller(id), to: .value("\(newValue)")))
            defer { Planning.leave(call) }
            if let violation = indexViolation(newValue) {
                violation.report()
                return
            }
            let kept = keepUntilChangeEnds {
                ContainerRequest(
                    call: "selectedIndex = \(newValue) on \(id)", recheck: { [self] in indexViolation(newValue) }
                ) { [self] in selectedIndex = newValue }
            }
            if kept { return }
            select(at: newValue)
        }
    }

    /// The selected tab; nil when there are no tabs.
    ///
    /// Setting it selects the tab as setting ``selectedIndex`` does: inside the setter, without
    /// asking or telling the delegate, with the switch's first half inside the setter on screen
    /// (its did-half at the end of the turn), or the whole switch at the end of a turn when the
    /// window is busy. Setting nil does nothing; a controller that is not a tab is refused (a
    /// fault, nothing changes).
    ///
    /// ## Callback order
    ///
    /// As ``selectedIndex``. Selecting `b` while `a` is shown, on an idle window; inside the setter:
    /// 1. `b.loadView()`, `b.viewDidLoad()` — the first time `b` is shown
    /// 2. `b.viewWillAppear(animated: false)`
    /// 3. `a.viewWillDisappear(animated: false)` — then the views swap
    ///
    /// At the end of the turn:
    ///
    /// 4. `a.viewDidDisappear(animated: false)`
    /// 5. `b.viewDidAppear(animated: false)`
    public var selectedController: Controller? {
        get { selection.selectedController }
        set {
            let call = Planning.enter(.setting("selectedController", of: .controller(id), to: .of(newValue)))
            defer { Planning.leave(call) }
            guard let newValue else { return }
            guard let index = selection.index(of: newValue) else {
                selectionViolation(of: newValue, call: "selectedController").report()
                return
            }
            let kept = keepUntilChangeEnds {
                ContainerRequest(
                    call: "selectedController = \(newValue.id) on \(id)",
                    recheck: { [self] in tabViolation(newValue, call: "selectedController") }
                ) { [self] in selectedController = newValue }
            }
            if kept { return }
            select(at: index)
        }
    }

    /// A tap on `controller`'s tab, as the tab bar reports it to UIKit's tab bar controller.
    ///
    /// Asks the delegate `shouldSelect` inside the call (false vetoes: nothing else happens), then
    /// selects the tab as setting ``selectedIndex`` does, and tells the delegate `didSelect`
    /// inside the call: after the first half of the switch on an idle window (the views have
    /// swapped), right after the selection changes when the whole switch waits for a busy window,
    /// after the switch off screen. On the tab already selected, `didSelect` comes inside the call,
    /// after a ``NavigationController`` holding more than its root is asked to pop to its root,
    /// animated (spec §7). A controller that is not a tab is refused (a fault, nothing fires).
    ///
    /// ## Callback order
    ///
    /// A tap on `b` while `a` is shown, on screen, on an idle window; inside the call:
    /// 1. `tab.delegate.shouldSelect(b)`
    /// 2. `b.loadView()`, `b.viewDidLoad()` — the first time `b` is shown
    /// 3. `b.viewWillAppear(animated: false)`
    /// 4. `a.viewWillDisappear(animated: false)` — then the views swap
    /// 5. `tab.delegate.didSelect(b)`
    ///
    /// At the end of the turn:
    ///
    /// 6. `a.viewDidDisappear(animated: false)`
    /// 7. `b.viewDidAppear(animated: false)`
    ///
    /// On a busy window, `tab.delegate.didSelect(b)` follows `shouldSelect` inside the call, and
    /// steps 2 to 4, 6 and 7 run together at the end of a turn, once the window's turn comes.
    ///
    /// A tap on `b` while `b` is selected, inside the call:
    /// 1. `tab.delegate.shouldSelect(b)`
    /// 2. when `b` is a navigation controller holding more than its root:
    ///    `b.popToRoot(animated: true)`, whose own order follows (its transition at the end of the
    ///    turn)
    /// 3. `tab.delegate.didSelect(b)`
    ///
    /// - Parameter controller: The tab tapped; one of ``controllers``.
    public func userDidSelect(_ controller: Controller) {
        let call = Planning.enter(LifecycleCall(self, "userDidSelect", (nil, .of(controller))))
        defer { Planning.leave(call) }
        if let violation = tabViolation(controller, call: "userDidSelect(_:)") {
            violation.report()
            return
        }
        let kept = keepUntilChangeEnds {
            ContainerRequest(
                call: "userDidSelect(\(controller.id)) on \(id)",
                recheck: { [self] in tabViolation(controller, call: "userDidSelect(_:)") }
            ) { [self] in userDidSelect(controller) }
        }
        if kept { return }
        if let delegate {
            let should = DeliveryLoop.ask(
                .tabShouldSelect(self, delegate, controller), source: .controller(id), rule: .tabShouldSelect)
            guard should else { return }
        }
        if controller === selectedController {
            if let nav = controller as? NavigationController, nav.controllers.count > 1 {
                nav.popToRoot(animated: true)
            }
            tellDelegateDidSelect(controller, rule: .tabDidSelectReselected)
            return
        }
        // The delegate may have taken the tab out: its index is read now.
        guard let index = selection.index(of: controller) else { return }
        select(at: index)
        // A callback of the switch's first half may have taken the tab out meanwhile.
        if DeliveryLoop.verdict(.tab(controller, of: self)) == .hold {
            // A switch that waits (for the window, or behind the one beginning) has not swapped the
            // views yet.
            tellDelegateDidSelect(
                controller, rule: selection.shownNext === controller ? .tabDidSelect : .tabDidSelectWaiting)
        }
    }

    // MARK: - Changes

    private func selectionViolation(of controller: Controller, call: String) -> ContractViolation {
        ContractViolation(
            kind: .invalidTabSelection, severity: .fault, controllers: [id, controller.id],
            message: "\(call) was refused: \(controller.id) is not one of \(id)'s tabs.")
    }

    /// Why selecting `controller` is refused, if it is not a tab.
    private func tabViolation(_ controller: Controller, call: String) -> ContractViolation? {
        selection.isTab(controller) ? nil : selectionViolation(of: controller, call: call)
    }

    /// Why `selectedIndex = index` is refused, if it is out of range.
    private func indexViolation(_ index: Int) -> ContractViolation? {
        guard !selection.controllers.indices.contains(index) else { return nil }
        return ContractViolation(
            kind: .invalidTabSelection, severity: .fault, controllers: [id],
            message: "selectedIndex = \(index) was refused: \(id) has \(selection.controllers.count) tabs.")
    }

    /// Selects the tab at `index`, which the caller found among the tabs (nothing calls out between
    /// the check and the selection, so the machine's refusal cannot come), then asks for the switch.
    func select(at index: Int) {
        changingContents { try! selection.tabSelected(at: index) }
        requestSwitch()
        checkInvariants()
    }

    func setTabs(_ tabs: [Controller]) {
        if let violation = contentsViolation(tabs) {
            violation.report()
            return
        }
        let kept = keepUntilChangeEnds {
            ContainerRequest(call: "controllers = […] on \(id)", recheck: { [self] in contentsViolation(tabs) }) {
                [self] in setTabs(tabs)
            }
        }
        if kept { return }
        changingContents { replaceTabs(with: tabs) }
        requestSwitch()
        checkInvariants()
    }

    /// The change of ``setTabs(_:)``, once `tabs` have been checked.
    private func replaceTabs(with tabs: [Controller]) {
        let kept = Set(tabs.map(ObjectIdentifier.init))
        let leaving = selection.controllers.filter { !kept.contains(ObjectIdentifier($0)) }
        let staying = Set(selection.controllers.map(ObjectIdentifier.init))
        // Checked now, adopted after the removals' callbacks: pending members meanwhile (R9).
        markPendingAdoption(tabs)
        defer { clearPendingAdoption(tabs) }
        selection.tabsChanged(to: tabs)
        DeliveryLoop.runListed(.removeChild, for: leaving) { tab in
            beginRemovingChild(tab, rule: .tabMove)
            if !selection.removalBegan(of: tab) {
                endMove(of: tab, stays: false, rule: .tabMove)
            }
        }
        DeliveryLoop.runListed(.adoptChild, for: tabs) { tab in
            if staying.contains(ObjectIdentifier(tab)) { return }
            if DeliveryLoop.verdict(.child(tab, of: self)) == .hold {
                // A tab taken out while shown and put back before the switch: its removal is cancelled.
                selection.removalCancelled(of: tab)
                endMove(of: tab, stays: true, rule: .tabMove)
            } else if adoptChild(tab, rule: .tabMove) {
                endMove(of: tab, stays: true, rule: .tabMove)
            } else {
                selection.adoptionFailed(of: tab)
            }
        }
    }

    /// Why `tabs` cannot be the tabs, if they cannot.
    func contentsViolation(_ tabs: [Controller]) -> ContractViolation? {
        contentsProblem(tabs).map { problem in
            ContractViolation(
                kind: .invalidContainerContents, severity: .fault, controllers: [id, problem.controller.id],
                message: "controllers = […] on \(id) was refused: \(problem.reason).")
        }
    }

    /// The switch to the selected tab (spec §7, §1 **[rev 2]**). On screen, when the window has no
    /// visible transition pending or in flight, its first half runs inside the call and its did-half
    /// at the end of the turn; otherwise the whole switch waits for its turn. Off screen, inside the
    /// call, with no appearance callbacks.
    func requestSwitch() {
        guard let window = storedView?.storedWindow, !window.isHidden else {
            settlingOffScreen(switchOffScreen)
            return
        }
        if selection.pendingSwitch == nil, DeliveryLoop.verdict(.shown(self, in: window)) == .hold {
            // Nothing to switch: a switch half done, or waiting, ends what waits for it.
            if selection.phase == .idle { finishSwitch() }
            return
        }
        // A switch still beginning in another window (the callbacks it sends put the tab bar
        // controller here) has the views until it swaps them or gives up: this one waits its turn.
        guard DeliveryLoop.verdict(.shown(self, in: window)) == .hold, selection.phase != .switchBeginning,
            window.claimVisibleTransitionSlot()
        else {
            window.requestVisibleTransition(for: self)
            return
        }
        runSwitch(in: window, deferringDidHalf: true, done: window.releaseSlotWhenDone)
    }

    func tellDelegateDidSelect(_ controller: Controller, rule: Rule) {
        guard let delegate else { return }
        DeliveryLoop.deliver(DelegateStep.tabDidSelect(self, delegate, controller), source: .controller(id), rule: rule)
    }
}
