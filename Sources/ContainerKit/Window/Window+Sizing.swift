extension Window {
    /// Changes the window's size, as a rotation or a split-screen resize would.
    ///
    /// Sends `viewWillTransition(to:with:)` to the root controller inside the call; the base
    /// implementation forwards to each child the size
    /// ``ContainerController/size(forChildContentContainer:withParentContainerSize:)`` returns,
    /// skipping a child whose root view already has that size, and then to the controller it
    /// presents; an override that does not call `super` stops the forwarding (not a violation).
    /// Parent first, pre-order. All of it before any frame changes; the window then sets its own
    /// frame and its root view's, then runs the coordinator's alongside animations and completions.
    /// ContainerKit does no autoresizing: the children's frames change only when code sets them. A
    /// resize to the current size does nothing. (spec §10)
    ///
    /// ## Callback order
    ///
    /// With `root` the root controller, inside the call:
    /// 1. `root.viewWillTransition(to: size)`
    /// 2. each child's, with its own size, pre-order down the tree; after a controller's
    ///    children, the controller it presents
    /// 3. the window's frame and the root view's frame change
    /// 4. the coordinator's alongside animations, then its completions
    ///
    /// - Parameter size: The window's new size.
    public func resize(to size: Size) {
        let call = Planning.enter(LifecycleCall(self, "resize", ("to", .value("\(size)"))))
        defer { Planning.leave(call) }
        guard size != frame.size else { return }
        defer { storedRootController?.checkInvariants() }
        let coordinator = Coordinator(isAnimated: false, duration: 0)
        if let root = storedRootController {
            var stack: [(controller: Controller, size: Size, source: EventSource)] = [
                (root, size, .window(windowID))
            ]
            while let (controller, size, source) = stack.popLast() {
                let forwards = controller.deliverViewWillTransition(to: size, coordinator: coordinator, source: source)
                guard forwards else { continue }
                if let presented = controller.presentedController {
                    stack.append((presented, size, .controller(controller.id)))
                }
                guard let container = controller as? ContainerController else { continue }
                for child in container.children.reversed() {
                    let childSize = container.size(forChildContentContainer: child, withParentContainerSize: size)
                    if let childView = child.storedView, childView.frame.size == childSize { continue }
                    stack.append((child, childSize, .controller(container.id)))
                }
            }
        }
        frame.size = size
        if let rootView = storedRootController?.storedView, rootView.superview === self {
            rootView.frame = bounds
        }
        coordinator.runAlongsideAnimations()
        coordinator.complete(cancelled: false)
    }
}
