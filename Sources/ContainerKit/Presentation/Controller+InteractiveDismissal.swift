extension Controller {
    /// Begins pulling down the sheet that shows this controller, as the system's gesture does.
    ///
    /// Returns nil unless this controller is presented with a sheet style (`.pageSheet`,
    /// `.formSheet`, `.automatic`, `.overCurrentContext`), presents nothing itself, is in a visible
    /// window, and no visible transition is pending or in flight in its window. The
    /// ``presentationDelegate`` is asked `presentationControllerShouldDismiss` first; false, or
    /// ``isModalInPresentation``, gives nil and tells it `presentationControllerDidAttemptToDismiss`
    /// instead. Otherwise the dismissal starts inside this call, animated, and waits for the
    /// handle: ``InteractiveTransition/finish()`` lets it complete, ``InteractiveTransition/cancel()``
    /// leaves the sheet up; either way the window's animation driver then completes the rest (in
    /// the next ``Window/runUntilIdle()`` with the default driver). The presenter gets no
    /// appearance callbacks (spec §9).
    ///
    /// ## Callback order
    ///
    /// Pulling down `b`; inside the call:
    /// 1. `b.presentationDelegate.shouldDismiss()` — when there is a delegate
    /// 2. `b.presentationDelegate.willDismiss()`
    /// 3. `b.viewWillDisappear(animated: true)`
    ///
    /// Refused instead (false, or modal in presentation), inside the call:
    /// `b.presentationDelegate.shouldDismiss()`, `b.presentationDelegate.didAttemptToDismiss()`.
    ///
    /// Finished, when the animation completes after `finish()`:
    ///
    /// 4. `b.viewDidDisappear(animated: true)`
    /// 5. `b.presentationDelegate.didDismiss()`
    /// 6. `b.deinit` — when nothing else holds it
    ///
    /// Cancelled, when the animation completes after `cancel()`:
    ///
    /// 4. `b.viewWillAppear(animated: true)`
    /// 5. `b.viewDidAppear(animated: true)`
    ///
    /// If `b`'s view was moved out of the visible window during the gesture, a cancelled pull ends
    /// its disappearance instead (`b.viewDidDisappear(animated: true)`): `b` stays presented, and
    /// appears when its view enters a visible window again.
    ///
    /// - Returns: The handle of the gesture, or nil when the sheet cannot be pulled down.
    public func beginInteractiveDismissal() -> InteractiveTransition? {
        let call = Planning.enter(LifecycleCall(self, "beginInteractiveDismissal"))
        defer { Planning.leave(call) }
        guard let state = presentationStorage, state.chain.pullRefusal == nil, let presenting = state.chain.presenting,
            let window = storedView?.storedWindow, !window.isHidden, !window.hasVisibleTransition
        else { return nil }
        let delegate = state.delegate
        var allowed = !state.isModal
        if let delegate {
            let should = DeliveryLoop.ask(
                .presentationShouldDismiss(self, delegate), source: .controller(id), rule: .presentationAsked)
            allowed = should && allowed
        }
        guard allowed else {
            if let delegate {
                DeliveryLoop.deliver(
                    DelegateStep.presentationDidAttemptToDismiss(self, delegate), source: .controller(id),
                    rule: .presentationAsked)
            }
            return nil
        }
        // The delegate's answer may have taken the sheet off screen (its view out of the window, the
        // window hidden): the user can no longer be pulling it (M110).
        guard DeliveryLoop.verdict(.pullable(self, presentedBy: presenting, in: window)) == .hold else {
            reportPullGivenUp(in: window, inside: "presentationControllerShouldDismiss(_:)")
            return nil
        }
        guard window.claimVisibleTransitionSlot() else { return nil }
        if let delegate {
            DeliveryLoop.deliver(
                DelegateStep.presentationWillDismiss(self, delegate), source: .controller(id),
                rule: .presentationDelegate)
            guard DeliveryLoop.verdict(.pullable(self, presentedBy: presenting, in: window)) == .hold else {
                window.releaseVisibleTransitionSlot()
                reportPullGivenUp(in: window, inside: "presentationControllerWillDismiss(_:)")
                return nil
            }
        }
        let source = EventSource.controller(presenting.id)
        // The plan of a pull has a coordinator.
        let coordinator = TransitionRunner.begin(PullDismissal(self, source: source, delegate: delegate), in: window)!

        var animation: TransitionAnimation?
        // The handle and the animation hold the window weakly: the engine never keeps a window alive.
        let handle = InteractiveTransition { [weak window] cancelled in
            coordinator.endInteraction(cancelled: cancelled)
            if let animation, let window { window.animationDriver.interactionDidEnd(animation, in: window) }
        }
        let started = TransitionAnimation(
            kind: .dismissal, container: presenting, from: [self], to: [], duration: PresentationTransition.duration,
            interaction: handle, window: window
        ) { [weak self, weak handle, weak window] _ in
            guard let self else { return }
            let done = VisibleTransitionDone(releasingSlotOf: window)
            if handle?.state == .cancelled {
                TransitionRunner.run(
                    PullReversal(self, source: source, coordinator: coordinator, window: window), in: window,
                    done: done)
            } else {
                TransitionRunner.end(
                    PullDismissal(self, source: source, delegate: delegate, coordinator: coordinator, window: window),
                    finished: true, done: done)
            }
        }
        animation = started
        window.animationStarted(started)
        return handle
    }

    /// Reports a pull given up because a call of the presentation delegate's (`callback`) took
    /// this sheet off screen in `window`, or dismissed it, before the dismissal began.
    private func reportPullGivenUp(in window: Window, inside callback: String) {
        ContractViolation(
            kind: .invalidTransition, severity: .warning, controllers: [id],
            message: "The pull of \(id) was given up: its view left \(window.windowID) (or the window was hidden, "
                + "or it was dismissed) inside the presentation delegate's \(callback), before the dismissal "
                + "began; no appearance callback was sent, and the call returned nil."
        ).report()
    }
}

/// The pull of a sheet that a gesture began (spec §9): the presented controller disappears; the
/// presenter gets no appearance callbacks. Its will-half runs inside
/// ``Controller/beginInteractiveDismissal()``, its did-half when the animation completes after the
/// gesture finished; a ``PullReversal`` runs instead if it was cancelled. Made once for each half:
/// the animation holds the presented controller weakly while the gesture goes on.
@MainActor
final class PullDismissal: PlannedTransition {
    let presented: Controller
    let source: EventSource
    let delegate: (any PresentationDelegate)?
    /// The coordinator the will-half made, for the did-half to complete.
    private var coordinator: Coordinator?
    /// The window whose status bar the did-half updates last; held weakly: the engine never keeps
    /// a window alive (spec §1).
    private weak var window: Window?
    let plan = TransitionPlan(
        kind: .dismissal, animated: true, duration: PresentationTransition.duration, willOrder: .leavingFirst,
        didOrder: .leavingFirst, loading: .byTheWalk, comingBegins: .windowNotHidden, isInteractive: true,
        willRule: .presentationPull, didRule: .presentationPull, wait: .animation)

    init(
        _ presented: Controller, source: EventSource, delegate: (any PresentationDelegate)?,
        coordinator: Coordinator? = nil, window: Window? = nil
    ) {
        self.presented = presented
        self.source = source
        self.delegate = delegate
        self.coordinator = coordinator
        self.window = window
    }

    var host: Controller? { presented.presentingController }
    var leaving: TransitionSide { .only(presented) }
    var coming: TransitionSide { .only(nil) }

    func adopt(_ coordinator: Coordinator) {
        presented.ownTransitionCoordinator = coordinator
        self.coordinator = coordinator
    }

    func willHalfEnded(in window: Window?) -> Window? { window }

    /// As the will-callbacks begin, the chain's machine notes the pull. At the completion, the
    /// presented view leaves, the links are cut, the coordinator's completions run, the delegate is
    /// told `didDismiss`, the window's slot is given back, and its status bar is updated.
    func planOwnSteps(at point: TransitionPoint, in window: Window?, _ planner: OwnStepPlanner) {
        switch point {
        case .willCallbacksBegin:
            planner.then(.commitBegan)
        case .completion:
            planner.then(.uninstallOutgoingViews)
            planner.then(.commitEnded)
            planner.then(.completeCoordinator)
            if delegate != nil { planner.then(.tellDelegateDidDismiss) }
            planner.then(.giveSlotBack)
            planner.then(.updateStatusBar)
        case .willCallbacksSent, .didCallbacksBegin, .leavingSideEnded: break
        }
    }

    func take(_ step: TransitionOwnStep) {
        let presented = presented
        switch step {
        case .commitBegan: presented.presentation.chain.pullBegan()
        case .uninstallOutgoingViews:
            if let view = presented.storedView, view.superview != nil {
                ViewMove.perform(view, to: nil, at: nil, drivesAppearance: false)
            }
        case .commitEnded:
            presented.releaseRule = .presentationRelease
            presented.presentingController?.presentation.chain.presentedControllerLeft()
            presented.presentation.chain.pullFinished()
            presented.ownTransitionCoordinator = nil
        case .completeCoordinator:
            coordinator?.complete(cancelled: false)
            coordinator = nil
        case .tellDelegateDidDismiss:
            if let delegate {
                DeliveryLoop.deliver(
                    DelegateStep.presentationDidDismiss(presented, delegate), source: .controller(presented.id),
                    rule: .presentationDelegate)
            }
        case .updateStatusBar: window?.resolveStatusBarAppearance()
        default: assertionFailure("\(step) is not a step of a sheet's pull")
        }
    }
}

/// The pull of a sheet that fell back (spec §9), run when its animation completes: the presented
/// controller comes back and stays presented (will and did), the presenter gets no appearance
/// callbacks, and the gesture's coordinator completes cancelled. If the presented controller's view
/// was moved out of the visible window by hand during the gesture, its disappearance ends instead
/// (F1); it appears again when its view enters a visible window (F2).
@MainActor
final class PullReversal: PlannedTransition {
    let presented: Controller
    let source: EventSource
    /// The coordinator the pull's will-half made.
    private let coordinator: Coordinator
    /// The window whose status bar the pull's end updates last; held weakly: the engine never keeps
    /// a window alive (spec §1).
    private weak var window: Window?
    let plan = TransitionPlan.goingBack(
        .dismissal, duration: PresentationTransition.duration, split: .oneSideEach, order: .comingFirst,
        willRule: .presentationPull, didRule: .presentationPull, wait: .nothing)

    init(_ presented: Controller, source: EventSource, coordinator: Coordinator, window: Window?) {
        self.presented = presented
        self.source = source
        self.coordinator = coordinator
        self.window = window
    }

    var host: Controller? { presented.presentingController }
    var leaving: TransitionSide { .only(nil) }
    var coming: TransitionSide { .only(presented) }

    func willHalfEnded(in window: Window?) -> Window? { nil }

    /// It comes back as its presentation brought it, until its appearance ends.
    func willBeginComing(_ controller: Controller) {
        controller.presentation.chain.pullCancelled(reappearing: true)
    }

    /// It appears, whatever its `viewWillAppear` did.
    func endAppearance(of controller: Controller, source: EventSource) {
        AppearanceWalk.run(
            from: controller, step: .end(appearing: true), source: source, rule: plan.didRule, rootIsManual: false)
        controller.presentation.chain.presentationEnded()
    }

    /// Out of the visible window: it stays presented, and the disappearance the pull began ends.
    func incomingPassedOver(_ controller: Controller, source: EventSource) {
        endDisappearance(of: controller, source: source)
        controller.presentation.chain.pullCancelled(reappearing: false)
    }

    /// At the completion, the gesture's coordinator completes cancelled, the window's slot is given
    /// back, and its status bar is updated.
    func planOwnSteps(at point: TransitionPoint, in window: Window?, _ planner: OwnStepPlanner) {
        guard case .completion = point else { return }
        planner.then(.completeCoordinator)
        planner.then(.giveSlotBack)
        planner.then(.updateStatusBar)
    }

    func take(_ step: TransitionOwnStep) {
        switch step {
        case .completeCoordinator:
            presented.ownTransitionCoordinator = nil
            coordinator.complete(cancelled: true)
        case .updateStatusBar: window?.resolveStatusBarAppearance()
        default: assertionFailure("\(step) is not a step of a sheet's pull that fell back")
        }
    }
}
