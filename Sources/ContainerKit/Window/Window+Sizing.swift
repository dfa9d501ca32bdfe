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
            let base = DeliveryLoop.agendaTop
            DeliveryLoop.planSizeTransition(PlannedSizeTransition(root, size, source: .window(windowID)))
            DeliveryLoop.drainSizeTransitions(above: base) { step in
                let controller = step.controller
                let size = step.size
                guard controller.deliverViewWillTransition(to: size, coordinator: coordinator, source: step.source)
                else { return }
                // Planned once its callback has run, and in reverse, as the agenda runs its top first:
                // its children in order, each with the size its container gives it then, and after
                // their trees the controller it presents.
                if let presented = controller.presentedController {
                    DeliveryLoop.planSizeTransition(
                        PlannedSizeTransition(presented, size, source: .controller(controller.id)))
                }
                guard let container = controller as? ContainerController else { return }
                for child in container.children.reversed() {
                    let childSize = container.size(forChildContentContainer: child, withParentContainerSize: size)
                    if let childView = child.storedView, childView.frame.size == childSize { continue }
                    DeliveryLoop.planSizeTransition(
                        PlannedSizeTransition(child, childSize, source: .controller(container.id)))
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

/// A controller's `viewWillTransition(to:with:)` planned on the loop's agenda by a window's resize
/// (``Window/resize(to:)``): the controller, held until its step has run, the size it is sent, and
/// where the callback comes from (the window for its root, else the controller that forwards to
/// it). A controller's children and the controller it presents are planned once its callback has
/// run, with the sizes its container gives them then (`size(forChildContentContainer:…)`, the
/// app's code); the step checks no premise: a controller a callback took out of the tree meanwhile
/// still gets its size, as it always has (MODEL).
@MainActor
final class PlannedSizeTransition {
    let controller: Controller
    let size: Size
    let source: EventSource

    init(_ controller: Controller, _ size: Size, source: EventSource) {
        self.controller = controller
        self.size = size
        self.source = source
    }
}

extension DeliveryLoop {
    /// Plans `step` on top of the agenda, which holds it until it has run.
    static func planSizeTransition(_ step: PlannedSizeTransition) {
        agenda.append(.sizeTransition(Unmanaged.passRetained(step)))
    }

    /// Takes the size transitions planned above `base` off the agenda one by one, the top first,
    /// and runs `body` on each, which plans the steps of those it forwards to above the others.
    static func drainSizeTransitions(above base: Int, _ body: (PlannedSizeTransition) -> Void) {
        while agenda.count > base {
            switch agenda.removeLast() {
            case .sizeTransition(let step): body(step.takeRetainedValue())
            case .forwarded, .listed, .held, .own:
                preconditionFailure("another kind of step above a size transition's")
            }
        }
    }
}
