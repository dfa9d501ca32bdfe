extension Window {
    /// The root controller, whose view fills the window, as UIKit's `rootViewController`.
    ///
    /// Setting it loads the new root's view, sizes it to the window's bounds and adds it. On a
    /// visible window, the old root's subtree disappears first (every will, then every did, inside
    /// the setter), then the new root's subtree gets will-appear; its did-appear comes at the end of
    /// the turn. Refused (a fault): a controller that has a parent, or that is another window's root.
    public var rootController: Controller? {
        get { storedRootController }
        set {
            let formerRoot = storedRootController
            replaceRootController(with: newValue)
            checkInvariants()
            formerRoot?.checkInvariants()
            storedRootController?.checkInvariants()
        }
    }

    /// Shows the window, as UIKit's `makeKeyAndVisible()`: the same as `isHidden = false`.
    public func makeKeyAndVisible() {
        isHidden = false
    }

    /// Whether the window is hidden; a new window is. Showing it makes every controller in it appear
    /// (will inside the setter, did at the end of the turn); hiding it first completes the transitions
    /// in flight in it (`finished: true`), then makes every controller disappear (every will, then
    /// every did, pre-order, inside the setter).
    public var isHidden: Bool {
        get { storedIsHidden }
        set {
            guard newValue != storedIsHidden else { return }
            defer { checkInvariants() }
            if newValue {
                completeAnimations(inside: self)
                storedIsHidden = true
                AppearanceWalk.windowExit(of: self, window: self)
            } else {
                storedIsHidden = false
                LifecycleObservation.noteActivity(of: self)
                resolveStatusBarAppearance()
                AppearanceWalk.windowEntry(of: self, window: self)
            }
        }
    }

    private func replaceRootController(with newRoot: Controller?) {
        guard newRoot !== storedRootController else { return }
        if let newRoot, let violation = rootViolation(newRoot) {
            violation.report()
            return
        }
        let oldRoot = storedRootController
        storedRootController = newRoot
        if let oldView = oldRoot?.storedView, oldView.superview === self {
            ViewMove.perform(oldView, to: nil, at: nil, drivesAppearance: true)
        }
        if let newRoot, storedRootController === newRoot {
            let view = newRoot.view
            view.frame = bounds
            ViewMove.perform(view, to: self, at: nil, drivesAppearance: true)
        }
        resolveStatusBarAppearance()
    }

    private func rootViolation(_ controller: Controller) -> ContractViolation? {
        if let parent = controller.storedParent {
            return ContractViolation(
                kind: .invalidRootController, severity: .fault, controllers: [controller.id, parent.id],
                message: "\(controller.id) is a child of \(parent.id) and cannot be a window's root controller; "
                    + "remove it from its parent first."
            )
        }
        if let otherWindow = controller.storedView?.superview as? Window, otherWindow !== self,
            otherWindow.storedRootController === controller
        {
            return ContractViolation(
                kind: .invalidRootController, severity: .fault, controllers: [controller.id],
                message: "\(controller.id) is the root controller of \(otherWindow.windowID); set that window's "
                    + "rootController to nil first."
            )
        }
        return nil
    }
}
