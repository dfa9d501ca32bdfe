extension ContainerController {
    /// Replaces the child `from` with the child `to`, as UIKit's
    /// `transition(from:to:duration:options:animations:completion:)`.
    ///
    /// Both must be children of this container: call `addChild(to)` and
    /// `from.willMove(toParent: nil)` first, and `to.didMove(toParent: self)` and
    /// `from.removeFromParent()` in `completion` (Apple's sample; spec §5). `to`'s view is loaded if
    /// needed (just before its first callback) and added to `from`'s superview, just above `from`'s
    /// view; the `animations` block runs inside the call; when the animation completes, `from`'s
    /// view is removed. Unlike the built-in containers' transitions, this one starts inside its call.
    ///
    /// The transition is animated when `duration > 0`: it then completes when the window's
    /// ``Window/animationDriver`` completes it (in the ``Window/runUntilIdle()`` that ends the turn,
    /// with the default driver); otherwise inside the call. When this container's view is not in a
    /// visible window there are no appearance callbacks, and the views, the `animations` block and
    /// `completion` all run inside the call. Hiding the window, or taking this container out of it,
    /// completes a transition in flight at once (`finished: true`).
    ///
    /// Refused (a fault, nothing fires): `from` or `to` is not a child, they are the same
    /// controller, `from`'s view is not in a superview, or not in this container's view hierarchy
    /// (its superview's nearest owning controller is another: `to`'s view could not go there, R6),
    /// `to`'s view holds `from`'s superview, now or once the built-in containers involved show their
    /// children (the view tree would have a cycle), this container forwards appearance by hand, or it
    /// is a built-in container. Carried out with a warning: `to`'s view is already in a hierarchy (it
    /// is moved).
    ///
    /// The will-callbacks may re-enter the engine (move views, hide the window, take `to` out), so
    /// what the transition read before them is read again after them, each time with a warning when
    /// it changed: whether this container is still in a visible window, whether `to` is still a
    /// child, and whether its view can still go where `from`'s was (not if the move would now close
    /// a cycle or break R6: it is then not made, where a move by hand would be refused).
    ///
    /// ## Callback order
    ///
    /// With `p` this container, visible, and `animated` being `duration > 0`; inside the call:
    /// 1. `f.viewWillDisappear(animated:)`, then `f`'s forwarding (F1)
    /// 2. `t.loadView()`, `t.viewDidLoad()` — only when `t`'s view is not loaded
    /// 3. `t.viewWillAppear(animated:)`, then `t.viewIsAppearing(animated:)`, then `t`'s forwarding —
    ///    only if `p` is still in a visible window (1 may have taken it out, or hidden the window)
    /// 4. `t`'s view goes in above `f`'s (only if `t` is still a child and the move is still
    ///    valid), then the `animations` block runs
    ///
    /// If `p` is no longer in a visible window once the `animations` block has returned, a warning,
    /// and the rest runs inside the call, as off screen. Otherwise, when the animation completes
    /// (inside the call when `duration` is 0):
    ///
    /// 5. `f`'s view leaves its superview (unless it was moved by hand to another one meanwhile:
    ///    then, if it is still in the visible window, `f` appears again there instead of 7)
    /// 6. `t.viewDidAppear(animated:)`, then `t`'s forwarding — when `t`'s view is in a visible
    ///    window; otherwise (it was not added, or went where no visible window is, or `p` left the
    ///    window) `t.viewWillDisappear(animated:)` and `t.viewDidDisappear(animated:)`, each
    ///    forwarded, if `t` had begun appearing
    /// 7. `f.viewDidDisappear(animated:)`, then `f`'s forwarding (nothing if the window's exit
    ///    already ended its disappearance)
    /// 8. `p.completion(finished: true)` — `completion` runs; Apple's sample then sends
    ///    `t.didMove(toParent: p)` and, from `f.removeFromParent()`, `f.didMove(toParent: nil)`
    ///
    /// - Parameters:
    ///   - from: The child that leaves; its view must be in a superview.
    ///   - to: The child that comes in; its view takes `from`'s place.
    ///   - duration: The animation's length in seconds; 0 completes the transition inside the call.
    ///   - options: Kept on the ``TransitionAnimation`` for tests to read; nothing is rendered.
    ///   - animations: Runs inside the call, once both views are in the hierarchy.
    ///   - completion: Runs when the animation completes, after the did-callbacks, with `true`
    ///     unless an animation driver cut the animation short.
    public func transition(
        from: Controller, to: Controller, duration: Double, options: TransitionOptions = [],
        animations: (() -> Void)?, completion: ((Bool) -> Void)?
    ) {
        let call = Planning.enter(
            LifecycleCall(
                self, "transition", ("from", .of(from)), ("to", .of(to)), ("duration", .value("\(duration)"))))
        defer { Planning.leave(call) }
        defer {
            checkInvariants()
            from.checkInvariants()
            to.checkInvariants()
        }
        if let violation = transitionViolation(from: from, to: to) {
            violation.report()
            return
        }
        guard let superview = from.storedView?.superview else {
            preconditionFailure("transitionViolation(from:to:) let through an outgoing view without a superview")
        }
        if to.storedView?.superview != nil {
            ContractViolation(
                kind: .transitionViewAlreadyInHierarchy, severity: .warning, controllers: [id, to.id],
                message: "transition(from:to:…): \(to.id)'s view is already in a view hierarchy; the transition adds "
                    + "it itself (UIKit logs \"Unbalanced calls to begin/end appearance transitions\"). It was moved."
            ).report()
        }
        let transition = ContainerTransition(
            self, from: from, to: to, superview: superview, duration: duration, options: options,
            animations: animations, completion: completion)
        TransitionRunner.run(transition, in: storedView?.storedWindow, done: .nothing)
    }

    /// Puts `to`'s view in `superview`, just above `from`'s, after the will-callbacks: only if `to`
    /// is still a child and the move is still valid (a callback may have taken `to` out, or moved
    /// views so that the move would close a cycle or break R6). Otherwise, and when the view went in
    /// but the place is out of any visible window while `began` (the will-callbacks ran), a warning
    /// says that `to` disappears again when the transition completes.
    fileprivate func placeIncomingView(of to: Controller, in superview: View, after from: Controller, began: Bool) {
        // A will-callback may have taken the incoming controller out of the container: then its
        // view stays out, and it goes back to disappeared (a warning says why).
        guard DeliveryLoop.verdict(.child(to, of: self)) == .hold else {
            reportTransitionWarning(
                from: from, to: to,
                "\(to.id) left \(id) inside its own callbacks; its view was not added and it disappears again when the "
                    + "transition completes")
            return
        }
        // Loaded by the appearance walk before its first callback, or here when off screen.
        let incomingView = to.view
        if let fault = ViewMove.fault(moving: incomingView, under: superview) {
            reportTransitionWarning(
                from: from, to: to,
                "views moved inside the transition's callbacks: \(to.id)'s view can no longer go where \(from.id)'s was "
                    + "(\(fault.message)); it was not added and, unless it is in a visible window, \(to.id) disappears "
                    + "again when the transition completes")
            return
        }
        let position = superview.subviews.lastIndex(where: { $0 === from.storedView }).map { $0 + 1 }
        // A transition that began off screen drives no appearance (§1): loading the view above runs
        // the app's code, which may have shown the window, and the view then enters it as any view
        // does (F2), as the outgoing one leaves it.
        ViewMove.perform(incomingView, to: superview, at: position, drivesAppearance: !began)
        if began, isInVisibleWindow, incomingView.superview === superview, !to.isInVisibleWindow {
            reportTransitionWarning(
                from: from, to: to,
                "\(from.id)'s superview left the visible window inside the transition's callbacks: \(to.id)'s view "
                    + "was added there, out of any visible window, and \(to.id) disappears again when the transition "
                    + "completes")
        }
    }

    /// Reports a warning about a `transition(from:to:…)` whose callbacks changed what it was doing.
    fileprivate func reportTransitionWarning(from: Controller, to: Controller, _ what: String) {
        ContractViolation(
            kind: .invalidTransition, severity: .warning, controllers: [id, to.id],
            message: "transition(from: \(from.id), to: \(to.id)): \(what)."
        ).report()
    }

    private func transitionViolation(from: Controller, to: Controller) -> ContractViolation? {
        let refuse = { [self] (reason: String) in
            ContractViolation(
                kind: .invalidTransition, severity: .fault, controllers: [id, from.id, to.id],
                message: "transition(from: \(from.id), to: \(to.id)) on \(id) was refused: \(reason)."
            )
        }
        if isBuiltInContainer {
            return refuse("a built-in container runs its own transitions and must not be sent this call")
        }
        if appearanceForwarding == .manual {
            return refuse(
                "a container that forwards appearance by hand (shouldAutomaticallyForwardAppearanceMethods == false) "
                    + "cannot use it; UIKit raises NSInvalidArgumentException")
        }
        if from === to {
            return refuse("the outgoing and incoming controllers are the same")
        }
        if from.storedParent !== self || to.storedParent !== self {
            let strangers = [from, to].filter { $0.storedParent !== self }.map { "\($0.id)" }
            return refuse(
                "both controllers must be children of the container (not a child: \(strangers.joined(separator: ", "))); "
                    + "UIKit raises NSInvalidArgumentException")
        }
        guard let superview = from.storedView?.superview else {
            return refuse("\(from.id)'s view is not in a view hierarchy, so there is nowhere to put \(to.id)'s view")
        }
        if superview.nearestOwningController !== self {
            return refuse(
                "\(from.id)'s view is not in \(id)'s view hierarchy; \(to.id)'s view would go where it is, and a "
                    + "child's view belongs in its parent's view hierarchy (R6)")
        }
        // The move of the incoming view is checked here, before any callback: refused when it is made,
        // it would be refused after the will-callbacks (§11). A navigation, tab bar or page controller
        // coming in puts its children's root views in its view as it appears (its view loaded then if
        // it is not), so one of them holding the superview closes a cycle too.
        let cycle =
            if let incomingView = to.storedView {
                ViewMove.fault(moving: incomingView, under: superview) != nil
            } else {
                ViewMove.eventuallyHolds(rootViewOf: to, superview)
            }
        if cycle {
            return refuse(
                "\(to.id)'s view holds \(from.id)'s superview, or will once the navigation, tab bar or page "
                    + "controllers involved show their children, so adding it there would make a cycle in the view tree"
            )
        }
        return nil
    }
}

/// A custom container's `transition(from:to:duration:options:animations:completion:)` under way
/// (spec §5): `from` leaves, `to` comes in where `from`'s view was. It starts inside its call;
/// its will-callbacks run only on screen, and its `animations` block and `completion` always.
@MainActor
private final class ContainerTransition: PlannedTransition {
    let container: ContainerController
    let from: Controller
    let to: Controller
    /// Where `from`'s view was when the call was made: `to`'s view goes there.
    let superview: View
    let animations: (() -> Void)?
    let completion: ((Bool) -> Void)?
    let plan: TransitionPlan
    /// Whether `from`'s view was still where the transition found it when the animation completed.
    private var outgoingLeaves = false
    /// Whether the animation finished, read as it completes, for the app's `completion` block.
    private var finished = true

    init(
        _ container: ContainerController, from: Controller, to: Controller, superview: View, duration: Double,
        options: TransitionOptions, animations: (() -> Void)?, completion: ((Bool) -> Void)?
    ) {
        self.container = container
        self.from = from
        self.to = to
        self.superview = superview
        self.animations = animations
        self.completion = completion
        let animated = duration > 0
        // The will-callbacks run only on screen (§1); the did-callbacks only if they did.
        plan = TransitionPlan(
            kind: .containerTransition, animated: animated, duration: duration, options: options,
            willOrder: .leavingFirst, didOrder: .comingFirst, sendsWillCallbacks: container.isInVisibleWindow,
            loading: .byTheWalk, comingBegins: .hostInVisibleWindow, hasCoordinator: false, willRule: .transitionWill,
            didRule: .transitionDid, wait: animated ? .animation : .nothing)
    }

    var host: Controller? { container }
    var leaving: TransitionSide { .only(from) }
    var coming: TransitionSide { .only(to) }
    var source: EventSource { .controller(container.id) }

    /// After the will-callbacks, `to`'s view goes in above `from`'s, then the app's `animations`
    /// block runs; before the did-callbacks, `from`'s view leaves; at the completion, the app's
    /// `completion` block runs.
    func planOwnSteps(at point: TransitionPoint, in window: Window?, _ planner: OwnStepPlanner) {
        switch point {
        case .willCallbacksSent:
            planner.then(.installIncomingViews)
            if animations != nil { planner.then(.runAnimations) }
        case .didCallbacksBegin:
            planner.then(.uninstallOutgoingViews)
        case .completion(let finished):
            self.finished = finished
            if completion != nil { planner.then(.runCompletions) }
            planner.then(.giveSlotBack)
        case .willCallbacksBegin, .leavingSideEnded: break
        }
    }

    func take(_ step: TransitionOwnStep) {
        switch step {
        case .installIncomingViews:
            container.placeIncomingView(of: to, in: superview, after: from, began: plan.sendsWillCallbacks)
        case .runAnimations:
            if let animations { DeliveryLoop.deliverUnreported(BlockStep.animations(container, animations)) }
        case .uninstallOutgoingViews:
            // Only from where the transition found it: moved by hand since, it stays where it was put.
            outgoingLeaves = DeliveryLoop.verdict(.viewIn(from, superview: superview)) == .hold
            if outgoingLeaves, let outgoingView = from.storedView {
                ViewMove.perform(outgoingView, to: nil, at: nil, drivesAppearance: false)
            }
        case .runCompletions:
            if let completion {
                DeliveryLoop.deliver(
                    BlockStep.completion(container, finished: finished, completion), source: source,
                    rule: .transitionCompletion)
            }
        default: assertionFailure("\(step) is not a step of a custom container's transition")
        }
    }

    /// Read once the app's code has run: a container that left the visible window meanwhile
    /// completes the transition inside the call, as an off-screen one does.
    func willHalfEnded(in window: Window?) -> Window? {
        let window =
            DeliveryLoop.verdict(.inVisibleWindow(container)) == .hold ? container.storedView?.storedWindow : nil
        if plan.sendsWillCallbacks, window == nil {
            container.reportTransitionWarning(
                from: from, to: to,
                "\(container.id)'s view left the visible window (or the window was hidden) inside the transition's "
                    + "callbacks or animations block; the transition completed inside the call, as an off-screen one "
                    + "does, and \(to.id) ends disappeared")
        }
        return window
    }

    /// `from` disappears, unless its view was moved by hand to another place in the visible window
    /// meanwhile: it stays on screen, and the window drives it from now on (F2).
    func endDisappearance(of controller: Controller, source: EventSource) {
        if DeliveryLoop.verdict(.departed(controller, viewTakenOut: outgoingLeaves)) == .hold {
            AppearanceWalk.run(
                from: controller, step: .end(appearing: false), source: source, rule: .transitionDid,
                rootIsManual: false)
        } else {
            AppearanceReconciler.reconcile(
                controller, after: .letGo(by: container, formerWindow: container.storedView?.storedWindow),
                source: source)
        }
    }
}
