extension TabBarController {
    /// The tabs, in order. Setting them makes new tabs children inside the call
    /// (`willMove(toParent: self)`, `didMove(toParent: self)`) and takes removed ones out
    /// (`willMove(toParent: nil)`, `didMove(toParent: nil)`; for the tab shown, its removal ends
    /// after the switch that hides it). The selection stays on the selected controller when it
    /// survives; otherwise on the same index, clamped.
    ///
    /// Refused (a fault): a controller named twice, or one that has another parent.
    public var controllers: [Controller] {
        get { storedControllers }
        set { setTabs(newValue) }
    }

    /// The value of ``selectedIndex`` when there are no tabs, as UIKit's `NSNotFound`.
    public static let noSelection = Int.max

    /// The index of the selected tab; ``noSelection`` when there are no tabs. Setting it selects
    /// without asking or telling the delegate; an index out of range is refused (a fault).
    public var selectedIndex: Int {
        get { selectedPosition ?? Self.noSelection }
        set {
            guard storedControllers.indices.contains(newValue) else {
                ContractViolation(
                    kind: .invalidTabSelection, severity: .fault, controllers: [id],
                    message: "selectedIndex = \(newValue) was refused: \(id) has \(storedControllers.count) tabs."
                ).report()
                return
            }
            select(at: newValue)
        }
    }

    /// The selected tab. Setting it selects without asking or telling the delegate; a controller
    /// that is not a tab is refused (a fault).
    public var selectedController: Controller? {
        get { selectedPosition.map { storedControllers[$0] } }
        set {
            guard let newValue else { return }
            guard let index = storedControllers.firstIndex(where: { $0 === newValue }) else {
                refuseSelection(of: newValue, call: "selectedController")
                return
            }
            select(at: index)
        }
    }

    /// A tap on `controller`'s tab, as the tab bar reports it to UIKit's tab bar controller.
    ///
    /// Asks the delegate `shouldSelect` (false vetoes); selects the tab and tells the delegate
    /// `didSelect` after the switch. On the tab already selected, `didSelect` comes inside the call,
    /// and a navigation controller holding more than its root pops to its root (animated).
    public func userDidSelect(_ controller: Controller) {
        guard storedControllers.contains(where: { $0 === controller }) else {
            refuseSelection(of: controller, call: "userDidSelect(_:)")
            return
        }
        if let delegate {
            LifecycleObservation.emit(.tabShouldSelect(id, controller.id), source: .controller(id))
            guard delegate.tabBarController(self, shouldSelect: controller) else { return }
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

    private func refuseSelection(of controller: Controller, call: String) {
        ContractViolation(
            kind: .invalidTabSelection, severity: .fault, controllers: [id, controller.id],
            message: "\(call) was refused: \(controller.id) is not one of \(id)'s tabs."
        ).report()
    }

    func select(at index: Int) {
        selectedPosition = index
        requestSwitch()
        checkInvariants()
    }

    func setTabs(_ tabs: [Controller]) {
        if let violation = contentsViolation(tabs) {
            violation.report()
            return
        }
        let selected = selectedController
        let kept = Set(tabs.map(ObjectIdentifier.init))
        let leaving = storedControllers.filter { !kept.contains(ObjectIdentifier($0)) }
        let staying = Set(storedControllers.map(ObjectIdentifier.init))
        storedControllers = tabs
        if let selected, let index = tabs.firstIndex(where: { $0 === selected }) {
            selectedPosition = index
        } else {
            selectedPosition = tabs.isEmpty ? nil : min(selectedPosition ?? 0, tabs.count - 1)
        }
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
            } else {
                adoptChild(tab)
                endMove(of: tab, stays: true)
            }
        }
        requestSwitch()
        checkInvariants()
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
        delegate.tabBarController(self, didSelect: controller)
    }
}
