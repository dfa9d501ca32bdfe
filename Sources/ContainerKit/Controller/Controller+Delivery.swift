/// A callback whose base implementation an override must reach (spec §11: overrides that skip `super`).
///
/// Set and compared around every callback the engine delivers, so it is two plain fields whose
/// equality is two integer comparisons: the parent a containment callback names is kept by
/// address (0 for nil), never dereferenced.
struct SuperCall: Equatable {
    enum Callback: UInt8 {
        case viewWillAppear, viewIsAppearing, viewDidAppear, viewWillDisappear, viewDidDisappear
        case willMove, didMove, viewWillTransition
    }

    let callback: Callback
    /// The address of the parent `willMove(toParent:)` or `didMove(toParent:)` names; 0 for nil and
    /// for the other callbacks.
    let parent: UInt

    static let viewWillAppear = SuperCall(callback: .viewWillAppear, parent: 0)
    static let viewIsAppearing = SuperCall(callback: .viewIsAppearing, parent: 0)
    static let viewDidAppear = SuperCall(callback: .viewDidAppear, parent: 0)
    static let viewWillDisappear = SuperCall(callback: .viewWillDisappear, parent: 0)
    static let viewDidDisappear = SuperCall(callback: .viewDidDisappear, parent: 0)
    static let viewWillTransition = SuperCall(callback: .viewWillTransition, parent: 0)

    @inline(__always)
    static func willMove(_ parent: ContainerController?) -> SuperCall {
        SuperCall(callback: .willMove, parent: address(of: parent))
    }

    @inline(__always)
    static func didMove(_ parent: ContainerController?) -> SuperCall {
        SuperCall(callback: .didMove, parent: address(of: parent))
    }

    @inline(__always)
    private static func address(of parent: ContainerController?) -> UInt {
        switch parent {
        case let parent?: UInt(bitPattern: ObjectIdentifier(parent))
        case nil: 0
        }
    }

    var callbackName: StaticString {
        switch callback {
        case .viewWillAppear: "viewWillAppear(_:)"
        case .viewIsAppearing: "viewIsAppearing(_:)"
        case .viewDidAppear: "viewDidAppear(_:)"
        case .viewWillDisappear: "viewWillDisappear(_:)"
        case .viewDidDisappear: "viewDidDisappear(_:)"
        case .willMove: "willMove(toParent:)"
        case .didMove: "didMove(toParent:)"
        case .viewWillTransition: "viewWillTransition(to:with:)"
        }
    }
}

/// The appearance callback being delivered, for `isMovingToParent` and `isMovingFromParent` (R8).
enum AppearanceCallback: Hashable {
    case willAppear
    case isAppearing
    case didAppear
    case willDisappear
    case didDisappear
}

extension Controller {
    /// Delivers `viewWillTransition(to:with:)`; returns whether the override reached `super`, which
    /// asks the engine to forward to the children.
    func deliverViewWillTransition(to size: Size, coordinator: any TransitionCoordinator, source: EventSource)
        -> Bool
    {
        let saved = awaitingSuper
        let savedForwarding = forwardsSizeTransition
        awaitingSuper = .viewWillTransition
        forwardsSizeTransition = false
        DeliveryLoop.deliver(
            SizeTransitionStep(controller: self, size: size, coordinator: coordinator), source: source,
            rule: .sizeTransition)
        let forwards = forwardsSizeTransition
        awaitingSuper = saved
        forwardsSizeTransition = savedForwarding
        return forwards
    }

    /// Called by the base implementation of an appearance callback: either the engine's delivery
    /// reached `super`, or app code called the callback directly (a warning; the state ignores it).
    @inline(__always) @discardableResult
    func superCalled(_ call: SuperCall) -> Bool {
        if awaitingSuper == call {
            awaitingSuper = nil
            return true
        }
        reportDirectCall(call)
        return false
    }

    /// ``superCalled(_:)``'s warning: app code called the callback `call` directly.
    private func reportDirectCall(_ call: SuperCall) {
        ContractViolation(
            kind: .appearanceCallbackCalledDirectly, severity: .warning, controllers: [id],
            message: "\(call.callbackName) was called directly on \(id); appearance callbacks are sent by "
                + "the engine (use beginAppearanceTransition(_:animated:) and endAppearanceTransition() to drive "
                + "a child by hand). The override ran; the appearance state ignores the call."
        ).report()
    }

    /// F6: a built-in container drives its visible children from inside its own appearance
    /// callbacks, so a subclass's code after `super` runs after the children's callbacks.
    ///
    /// The container first puts back in its view the views of the shown children it drives, loading
    /// them if needed (a view taken out by hand, or never put in off screen).
    ///
    /// A shown child that a transition of the container in flight brings in or takes out (a push,
    /// a tab switch, a page turn or swipe) is left to that transition, both halves, and so is its
    /// view (F7): the forwarding neither drives it nor puts its view back. The transition ends the
    /// child where it takes it, with its own flag: appeared only if its view is in a visible window
    /// then. A view the forwarding put back with no callback would leave the child disappeared in
    /// the window.
    ///
    /// A child's callback that moves the container on (out of the window, say) ends the forwarding:
    /// the children it has not reached yet follow the later call instead.
    ///
    /// A did-callback leaves every other child it reaches in the container's new state. A shown
    /// child that something else moved the other way after the container's will-callback (the
    /// window, or a transition of the container that completed meanwhile) begins again toward
    /// that state first, so that the did-callback ends it (F3 would skip it): the reconciler's
    /// ``AppearanceReconciler/Change/passedOverByParentsBegin(_:appearing:)``.
    func forwardToVisibleChildren() {
        guard let step = drivenStep, let container = asContainer else { return }
        drivenStep = nil
        // Work of the call that delivered this callback (its base implementation).
        Planning.continueInsideCallback { forward(step, to: container) }
    }

    /// ``forwardToVisibleChildren()`` once the step is taken. The children shown are read once,
    /// before any code runs; each half plans its steps on the loop's agenda, one a child, and runs
    /// them in order, each checked against its premises when its turn comes.
    private func forward(_ step: AppearanceStep, to container: ContainerController) {
        let transitions = container.storedView?.storedWindow.flatMap { $0.animationsInFlight.isEmpty ? nil : $0 }
        // A will-disappear of a view's exit from a visible window: the children's ends wait for the
        // end of the turn there, as the container's does (§1, §2.2).
        let endWindow = step.isBegin ? DeliveryLoop.deferredEndWindow(forwardedBy: container) : nil
        let children = container.visibleChildren
        DeliveryLoop.runListed(.installChildView, for: children) { child in
            guard transitions?.isMoving(child) != true else { return }
            // Loading its view runs the app's code, as an earlier child's view hooks do: a child
            // the container no longer shows by then is the later change's, and its view stays out.
            _ = child.view
            guard DeliveryLoop.verdict(.stillShows(container, child)) == .hold else { return }
            container.installView(of: child)
        }
        DeliveryLoop.runListed(.forwardToChild, for: children) { child in
            // Each child's step was planned with the container's; an earlier child's callback may
            // have broken its premises.
            let premises = DeliveryLoop.Premises.forwardedByContainer(
                container, step, child: child, sparing: transitions)
            guard DeliveryLoop.verdict(premises) == .hold else { return }
            // A child something moved the other way since the container's will-callback begins
            // again first, so that this did-callback ends it.
            if case .end(appearing: let appearing?) = step {
                AppearanceReconciler.reconcile(
                    child, after: .passedOverByParentsBegin(container, appearing: appearing), source: .controller(id))
            }
            AppearanceWalk.run(
                from: child, step: step, source: .controller(id), rule: .builtInForwarding, rootIsManual: false,
                deferringEndTo: endWindow)
            // A navigation controller tells its delegate of its own appearance (spec §6).
            (container as? NavigationController)?.shownControllerTook(step, child)
        }
    }

    @inline(__always)
    func checkSuperReached(_ call: SuperCall) {
        if awaitingSuper == call { reportMissingSuper(call) }
    }

    /// ``checkSuperReached(_:)``'s warning: the override of `call` did not reach its base implementation.
    private func reportMissingSuper(_ call: SuperCall) {
        ContractViolation(
            kind: .missingSuperCall, severity: .warning, controllers: [id],
            message: "\(id)'s override of \(call.callbackName) did not call super; overrides of the appearance "
                + "and containment callbacks must call super, as UIKit requires."
        ).report()
    }
}
