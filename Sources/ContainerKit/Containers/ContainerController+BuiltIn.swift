extension ContainerController {
    /// Loads `child`'s view and puts it in this container's view, without appearance callbacks
    /// (the container's transition sends them: F7).
    func installView(of child: Controller, below sibling: Controller? = nil) {
        let containerView = view
        let childView = child.view
        guard childView.superview !== containerView else { return }
        childView.frame = containerView.bounds
        var index: Int?
        if let siblingView = sibling?.storedView,
            let position = containerView.subviews.firstIndex(where: { $0 === siblingView })
        {
            index = position
        }
        ViewMove.perform(childView, to: containerView, at: index, drivesAppearance: false)
    }

    /// Takes `child`'s view out of this container's view, without appearance callbacks (F7).
    func uninstallView(of child: Controller) {
        guard let childView = child.storedView, childView.superview != nil, childView.isDescendant(of: view) else {
            return
        }
        ViewMove.perform(childView, to: nil, at: nil, drivesAppearance: false)
    }

    /// R9 for built-in containers: `addChild(_:)` on the container, and `addChild(_:)` or
    /// `removeFromParent()` on a controller it manages, are refused with a fault.
    func refuseManualMove(of child: Controller, call: String, container: String, api: String) -> Bool {
        ContractViolation(
            kind: .builtInContainerChildMovedByHand, severity: .fault, controllers: [id, child.id],
            message: "\(call) was refused: \(child.id) would move in or out of \(id), a \(container), which moves "
                + "its children only through its own API (\(api)) (R9)."
        ).report()
        return true
    }

    /// Runs `step` on `controller` and what it forwards to, driven by this container.
    func drive(_ controller: Controller, _ step: AppearanceStep) {
        AppearanceWalk.run(from: controller, step: step, source: .controller(id), rootIsManual: false)
    }

    /// Runs a request's completion closure, reporting it as `container.completion()`.
    func runCompletions(_ completions: [() -> Void]) {
        for completion in completions {
            LifecycleObservation.emit(.completion(id, finished: nil), source: .controller(id))
            completion()
        }
    }
}
