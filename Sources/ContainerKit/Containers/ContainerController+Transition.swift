extension ContainerController {
    /// Replaces the child `from` with the child `to`, as UIKit's
    /// `transition(from:to:duration:options:animations:completion:)`.
    ///
    /// Both must be children of this container; call `addChild(to)` and `from.willMove(toParent: nil)`
    /// first, and `to.didMove(toParent: self)` and `from.removeFromParent()` in `completion`.
    /// `to`'s view is loaded if needed (just before its first callback) and added to `from`'s
    /// superview, just above `from`'s view; the `animations` block runs inside the call; when the
    /// animation completes, `from`'s view is removed. The transition is animated when `duration > 0`: it then completes when the window's
    /// ``Window/animationDriver`` completes it (at the end of the turn by default); otherwise inside
    /// the call. When this container's view is not in a visible window there are no appearance
    /// callbacks and everything happens inside the call.
    ///
    /// Refused (a fault): `from` or `to` is not a child, they are the same controller, `from`'s view
    /// is not in a superview, this container forwards appearance by hand, or it is a built-in
    /// container. Carried out with a warning: `to`'s view is already in a hierarchy (it is moved).
    ///
    /// **Callback order** (visible, animated):
    /// ```
    /// from.viewWillDisappear(animated: true)
    /// to.viewWillAppear(animated: true)
    /// to.viewIsAppearing(animated: true)
    /// -- the animation completes
    /// to.viewDidAppear(animated: true)
    /// from.viewDidDisappear(animated: true)
    /// self.completion(finished: true)
    /// ```
    public func transition(
        from: Controller, to: Controller, duration: Double, options: TransitionOptions = [],
        animations: (() -> Void)?, completion: ((Bool) -> Void)?
    ) {
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
        let animated = duration > 0
        let window = isInVisibleWindow ? storedView?.storedWindow : nil
        let visible = window != nil
        let source = EventSource.controller(id)
        if visible {
            AppearanceWalk.run(
                from: from, step: .begin(appearing: false, animated: animated, timing: .afterWillAppear),
                source: source, rootIsManual: false)
            AppearanceWalk.run(
                from: to, step: .begin(appearing: true, animated: animated, timing: .afterWillAppear),
                source: source, rootIsManual: false)
        }
        // A will-callback may have taken the incoming controller out of the container: then its
        // view stays out, and it goes back to disappeared (a warning says why).
        let incomingStays = to.storedParent === self
        if incomingStays {
            // Loaded by the appearance walk before its first callback, or here when off screen.
            let incomingView = to.view
            let position = superview.subviews.lastIndex(where: { $0 === from.storedView }).map { $0 + 1 }
            ViewMove.perform(incomingView, to: superview, at: position, drivesAppearance: false)
        } else {
            ContractViolation(
                kind: .invalidTransition, severity: .warning, controllers: [id, to.id],
                message: "transition(from: \(from.id), to: \(to.id)): \(to.id) left \(id) inside its own callbacks; "
                    + "its view was not added and it disappears again when the transition completes."
            ).report()
        }
        animations?()

        let finish: (Bool) -> Void = { [self] finished in
            if let outgoingView = from.storedView, outgoingView.superview != nil {
                ViewMove.perform(outgoingView, to: nil, at: nil, drivesAppearance: false)
            }
            if visible {
                if incomingStays {
                    AppearanceWalk.run(from: to, step: .end(appearing: true), source: source, rootIsManual: false)
                } else {
                    AppearanceWalk.run(
                        from: to, step: .begin(appearing: false, animated: animated, timing: .afterWillAppear),
                        source: source, rootIsManual: false)
                    AppearanceWalk.run(from: to, step: .end(appearing: false), source: source, rootIsManual: false)
                }
                AppearanceWalk.run(from: from, step: .end(appearing: false), source: source, rootIsManual: false)
            }
            if let completion {
                LifecycleObservation.emit(.completion(id, finished: finished), source: source)
                completion(finished)
            }
        }
        guard animated, let window else {
            finish(true)
            return
        }
        window.animationStarted(
            TransitionAnimation(
                kind: .containerTransition, container: self, from: [from], to: [to], duration: duration,
                options: options, window: window, completion: finish))
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
        if from.storedView?.superview == nil {
            return refuse("\(from.id)'s view is not in a view hierarchy, so there is nowhere to put \(to.id)'s view")
        }
        return nil
    }
}
