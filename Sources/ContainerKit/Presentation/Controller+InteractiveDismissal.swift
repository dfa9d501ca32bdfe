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
            LifecycleObservation.emit(.presentationShouldDismiss(id), source: .controller(id), rule: .presentationAsked)
            let should = CallbackDelivery.run("delegate.presentationControllerShouldDismiss(_:)", of: self) {
                delegate.presentationControllerShouldDismiss(self)
            }
            allowed = should && allowed
        }
        guard allowed else {
            if let delegate {
                LifecycleObservation.emit(
                    .presentationDidAttemptToDismiss(id), source: .controller(id), rule: .presentationAsked)
                CallbackDelivery.run("delegate.presentationControllerDidAttemptToDismiss(_:)", of: self) {
                    delegate.presentationControllerDidAttemptToDismiss(self)
                }
            }
            return nil
        }
        guard window.claimVisibleTransitionSlot() else { return nil }
        if let delegate {
            LifecycleObservation.emit(
                .presentationWillDismiss(id), source: .controller(id), rule: .presentationDelegate)
            CallbackDelivery.run("delegate.presentationControllerWillDismiss(_:)", of: self) {
                delegate.presentationControllerWillDismiss(self)
            }
        }
        let coordinator = Coordinator(isAnimated: true, duration: PresentationTransition.duration, isInteractive: true)
        ownTransitionCoordinator = coordinator
        presentation.chain.pullBegan()
        let source = EventSource.controller(presenting.id)
        AppearanceWalk.run(
            from: self, step: .begin(appearing: false, animated: true, timing: .afterWillAppear), source: source,
            rule: .presentationPull,
            rootIsManual: false)
        coordinator.runAlongsideAnimations()

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
            if handle?.state == .cancelled, isInVisibleWindow {
                presentation.chain.pullCancelled(reappearing: true)
                AppearanceWalk.run(
                    from: self, step: .begin(appearing: true, animated: true, timing: .afterWillAppear),
                    source: source, rule: .presentationPull,
                    rootIsManual: false)
                AppearanceWalk.run(
                    from: self, step: .end(appearing: true), source: source, rule: .presentationPull,
                    rootIsManual: false)
                presentation.chain.presentationEnded()
                ownTransitionCoordinator = nil
                coordinator.complete(cancelled: true)
            } else if handle?.state == .cancelled {
                // Its view left the visible window during the gesture (moved by hand): it stays
                // presented, and its disappearance ends (F1). It appears again when its view
                // enters a visible window (F2).
                AppearanceWalk.run(
                    from: self, step: .end(appearing: false), source: source, rule: .presentationPull,
                    rootIsManual: false)
                presentation.chain.pullCancelled(reappearing: false)
                ownTransitionCoordinator = nil
                coordinator.complete(cancelled: true)
            } else {
                finishInteractiveDismissal(source: source, coordinator: coordinator, delegate: delegate)
            }
            window?.releaseVisibleTransitionSlot()
            window?.resolveStatusBarAppearance()
        }
        animation = started
        window.animationStarted(started)
        return handle
    }

    private func finishInteractiveDismissal(
        source: EventSource, coordinator: Coordinator, delegate: (any PresentationDelegate)?
    ) {
        AppearanceWalk.run(
            from: self, step: .end(appearing: false), source: source, rule: .presentationPull,
            rootIsManual: false)
        if let view = storedView, view.superview != nil {
            ViewMove.perform(view, to: nil, at: nil, drivesAppearance: false)
        }
        releaseRule = .presentationRelease
        presentingController?.presentation.chain.presentedControllerLeft()
        presentation.chain.pullFinished()
        ownTransitionCoordinator = nil
        coordinator.complete(cancelled: false)
        if let delegate {
            LifecycleObservation.emit(.presentationDidDismiss(id), source: .controller(id), rule: .presentationDelegate)
            CallbackDelivery.run("delegate.presentationControllerDidDismiss(_:)", of: self) {
                delegate.presentationControllerDidDismiss(self)
            }
        }
    }
}
