extension TabBarController {
    /// The tabs, in order, as UIKit's `viewControllers`.
    ///
    /// Every tab is a child (spec §7). Setting the tabs makes new tabs children inside the setter,
    /// each with its whole move (`willMove(toParent: self)`, `didMove(toParent: self)`), and takes
    /// removed ones out (`willMove(toParent: nil)`, `didMove(toParent: nil)`); the removal of the
    /// tab shown ends only after the switch that hides it (R7). The selection stays on the selected
    /// controller when it survives; otherwise on the same index, clamped (the first tab when there
    /// was none). On screen, the switch to the selected tab, if it changed, runs at the end of the
    /// turn; off screen, inside the setter. No delegate calls. The new tabs are pending members of
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
    ///
    /// At the end of the turn, the switch (not animated, so it completes as it starts):
    ///
    /// 3. `c.loadView()`, `c.viewDidLoad()` — the first time `c` is shown
    /// 4. `c.viewWillAppear(animated: false)`
    /// 5. `b.viewWillDisappear(animated: false)`
    /// 6. `b.viewDidDisappear(animated: false)`
    /// 7. `c.viewDidAppear(animated: false)`
    /// 8. `b.didMove(toParent: nil)` — the removal of the tab that was shown ends
    public var controllers: [Controller] {
        get { storedControllers }
        set { setTabs(newValue) }
    }

    /// The value of ``selectedIndex`` when there are no tabs, as UIKit's `NSNotFound`.
    public static let noSelection = Int.max

    /// The index of the selected tab; ``noSelection`` when there are no tabs.
    ///
    /// Setting it selects the tab inside the setter, without asking or telling the delegate (a
    /// programmatic selection, spec §7). On screen, the switch runs at the end of the turn;
    /// several selections in one turn make one switch, to the last. Off screen, the views change
    /// inside the setter, with no callbacks. An index out of range is refused (a fault, nothing
    /// changes).
    ///
    /// ## Callback order
    ///
    /// Selecting `b` while `a` is shown, on screen; nothing inside the setter. At the end of the
    /// turn (the switch is not animated, so it completes as it starts):
    /// 1. `b.loadView()`, `b.viewDidLoad()` — the first time `b` is shown
    /// 2. `b.viewWillAppear(animated: false)`
    /// 3. `a.viewWillDisappear(animated: false)`
    /// 4. `a.viewDidDisappear(animated: false)`
    /// 5. `b.viewDidAppear(animated: false)`
    public var selectedIndex: Int {
        get { selectedPosition ?? Self.noSelection }
        set {
            if let violation = indexViolation(newValue) {
                violation.report()
                return
            }
            let kept = keepUntilChangeEnds(
                "selectedIndex = \(newValue) on \(id)", recheck: { [self] in indexViolation(newValue) }
            ) { [self] in selectedIndex = newValue }
            if kept { return }
            select(at: newValue)
        }
    }

    /// The selected tab; nil when there are no tabs.
    ///
    /// Setting it selects the tab as setting ``selectedIndex`` does: inside the setter, without
    /// asking or telling the delegate, with the switch at the end of the turn on screen. Setting
    /// nil does nothing; a controller that is not a tab is refused (a fault, nothing changes).
    ///
    /// ## Callback order
    ///
    /// As ``selectedIndex``: nothing inside the setter; at the end of the turn, selecting `b` while
    /// `a` is shown:
    /// 1. `b.loadView()`, `b.viewDidLoad()` — the first time `b` is shown
    /// 2. `b.viewWillAppear(animated: false)`
    /// 3. `a.viewWillDisappear(animated: false)`
    /// 4. `a.viewDidDisappear(animated: false)`
    /// 5. `b.viewDidAppear(animated: false)`
    public var selectedController: Controller? {
        get { selectedPosition.map { storedControllers[$0] } }
        set {
            guard let newValue else { return }
            guard let index = storedControllers.firstIndex(where: { $0 === newValue }) else {
                selectionViolation(of: newValue, call: "selectedController").report()
                return
            }
            let kept = keepUntilChangeEnds(
                "selectedController = \(newValue.id) on \(id)",
                recheck: { [self] in tabViolation(newValue, call: "selectedController") }
            ) { [self] in selectedController = newValue }
            if kept { return }
            select(at: index)
        }
    }

    /// A tap on `controller`'s tab, as the tab bar reports it to UIKit's tab bar controller.
    ///
    /// Asks the delegate `shouldSelect` inside the call (false vetoes: nothing else happens), then
    /// selects the tab; the switch runs at the end of the turn on screen (inside the call off
    /// screen), and the delegate is told `didSelect` after it. On the tab already selected and
    /// shown, `didSelect` comes inside the call, and a ``NavigationController`` holding more than
    /// its root then pops to its root, animated. A controller that is not a tab is refused (a
    /// fault, nothing fires).
    ///
    /// ## Callback order
    ///
    /// A tap on `b` while `a` is shown, on screen; inside the call:
    /// 1. `tab.delegate.shouldSelect(b)`
    ///
    /// At the end of the turn (the switch is not animated, so it completes as it starts):
    ///
    /// 2. `b.loadView()`, `b.viewDidLoad()` — the first time `b` is shown
    /// 3. `b.viewWillAppear(animated: false)`
    /// 4. `a.viewWillDisappear(animated: false)`
    /// 5. `a.viewDidDisappear(animated: false)`
    /// 6. `b.viewDidAppear(animated: false)`
    /// 7. `tab.delegate.didSelect(b)`
    ///
    /// A tap on `b` while `b` is shown, inside the call:
    /// 1. `tab.delegate.shouldSelect(b)`
    /// 2. `tab.delegate.didSelect(b)`
    /// 3. when `b` is a navigation controller holding more than its root:
    ///    `b.popToRoot(animated: true)`, whose own order follows
    ///
    /// - Parameter controller: The tab tapped; one of ``controllers``.
    public func userDidSelect(_ controller: Controller) {
        if let violation = tabViolation(controller, call: "userDidSelect(_:)") {
            violation.report()
            return
        }
        let kept = keepUntilChangeEnds(
            "userDidSelect(\(controller.id)) on \(id)",
            recheck: { [self] in tabViolation(controller, call: "userDidSelect(_:)") }
        ) { [self] in userDidSelect(controller) }
        if kept { return }
        if let delegate {
            LifecycleObservation.emit(.tabShouldSelect(id, controller.id), source: .controller(id))
            let should = CallbackDelivery.run("delegate.tabBarController(_:shouldSelect:)", of: self) {
                delegate.tabBarController(self, shouldSelect: controller)
            }
            guard should else { return }
        }
        if controller === selectedController, controller === shown {
            tellDelegateDidSelect(controller)
            if let nav = controller as? NavigationController, nav.controllers.count > 1 {
                nav.popToRoot(animated: true)
            }
            return
        }
        pendingDidSelect.append(controller)
        if let index = storedControllers.firstIndex(where: { $0 === controller }) {
            select(at: index)
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
        storedControllers.contains { $0 === controller } ? nil : selectionViolation(of: controller, call: call)
    }

    /// Why `selectedIndex = index` is refused, if it is out of range.
    private func indexViolation(_ index: Int) -> ContractViolation? {
        guard !storedControllers.indices.contains(index) else { return nil }
        return ContractViolation(
            kind: .invalidTabSelection, severity: .fault, controllers: [id],
            message: "selectedIndex = \(index) was refused: \(id) has \(storedControllers.count) tabs.")
    }

    func select(at index: Int) {
        changingContents {
            selectedPosition = index
            requestSwitch()
        }
        checkInvariants()
    }

    func setTabs(_ tabs: [Controller]) {
        if let violation = contentsViolation(tabs) {
            violation.report()
            return
        }
        let kept = keepUntilChangeEnds(
            "controllers = […] on \(id)", recheck: { [self] in contentsViolation(tabs) }
        ) { [self] in setTabs(tabs) }
        if kept { return }
        changingContents { replaceTabs(with: tabs) }
        checkInvariants()
    }

    /// The change of ``setTabs(_:)``, once `tabs` have been checked.
    private func replaceTabs(with tabs: [Controller]) {
        let kept = Set(tabs.map(ObjectIdentifier.init))
        let leaving = storedControllers.filter { !kept.contains(ObjectIdentifier($0)) }
        let staying = Set(storedControllers.map(ObjectIdentifier.init))
        // Checked now, adopted after the removals' callbacks: pending members meanwhile (R9).
        markPendingAdoption(tabs)
        defer { clearPendingAdoption(tabs) }
        recordTabs(tabs)
        for tab in leaving {
            beginRemovingChild(tab)
            if tab === shown {
                removalsAfterSwitch.append(tab)
            } else {
                endMove(of: tab, stays: false)
            }
        }
        for tab in tabs where !staying.contains(ObjectIdentifier(tab)) {
            if tab.storedParent === self {
                // A tab taken out while shown and put back before the switch: its removal is cancelled.
                removalsAfterSwitch.removeAll { $0 === tab }
                endMove(of: tab, stays: true)
            } else if adoptChild(tab) {
                endMove(of: tab, stays: true)
            } else {
                recordTabs(storedControllers.filter { $0 !== tab })
            }
        }
        requestSwitch()
    }

    /// Makes `tabs` the tabs. The selection stays on the selected controller when it survives;
    /// otherwise on the same index, clamped (the first tab when there was none).
    private func recordTabs(_ tabs: [Controller]) {
        let selected = selectedController
        storedControllers = tabs
        if let selected, let index = tabs.firstIndex(where: { $0 === selected }) {
            selectedPosition = index
        } else {
            selectedPosition = tabs.isEmpty ? nil : min(selectedPosition ?? 0, tabs.count - 1)
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

    /// The switch to the selected tab: at the end of the turn on screen, inside the call off screen.
    func requestSwitch() {
        requestVisibleChange(self, settleOffScreen: switchOffScreen)
    }

    func tellDelegateDidSelect(_ controller: Controller) {
        guard let delegate else { return }
        LifecycleObservation.emit(.tabDidSelect(id, controller.id), source: .controller(id))
        CallbackDelivery.run("delegate.tabBarController(_:didSelect:)", of: self) {
            delegate.tabBarController(self, didSelect: controller)
        }
    }
}
