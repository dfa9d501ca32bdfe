extension Controller {
    /// Begins pulling down the sheet that shows this controller, as the system's gesture does.
    ///
    /// Returns nil unless this controller is presented with a sheet style (`.pageSheet`,
    /// `.formSheet`, `.automatic`, `.overCurrentContext`), presents nothing itself, and no
    /// visible transition is pending or in flight in its window. The ``presentationDelegate`` is
    /// asked `presentationControllerShouldDismiss` first; false, or ``isModalInPresentation``, gives
    /// nil and tells it `presentationControllerDidAttemptToDismiss` instead.
    ///
    /// **Callback order**:
    /// ```
    /// b.presentationDelegate.shouldDismiss()
    /// b.presentationDelegate.willDismiss()
    /// b.viewWillDisappear(animated: true)          (inside the call)
    /// -- finished, when the animation completes:
    /// b.viewDidDisappear(animated: true)
    /// b.presentationDelegate.didDismiss()
    /// b.deinit                                    (when nothing else holds it)
    /// -- cancelled, when the animation completes:
    /// b.viewWillAppear(animated: true)
    /// b.viewDidAppear(animated: true)
    /// ```
    public func beginInteractiveDismissal() -> InteractiveTransition? {
        guard let presenting = presentation.presenting, presentation.presented == nil,
            presentation.presentedStyle?.isSheet == true, presentation.pendingTransition == nil,
            let window = storedView?.storedWindow, !window.isHidden, !window.hasVisibleTransition
        else { return nil }
        let delegate = presentation.delegate
        var allowed = !presentation.isModal
        if let delegate {
            LifecycleObservation.emit(.presentationShouldDismiss(id), source: .controller(id))
            allowed = delegate.presentationControllerShouldDismiss(self) && allowed
        }
        guard allowed else {
            if let delegate {
                LifecycleObservation.emit(.presentationDidAttemptToDismiss(id), source: .controller(id))
                delegate.presentationControllerDidAttemptToDismiss(self)
            }
            return nil
        }
        guard window.claimVisibleTransitionSlot() else { return nil }
        if let delegate {
            LifecycleObservation.emit(.presentationWillDismiss(id), source: .controller(id))
            delegate.presentationControllerWillDismiss(self)
        }
        let coordinator = Coordinator(isAnimated: true, duration: PresentationTransition.duration, isInteractive: true)
        ownTransitionCoordinator = coordinator
        presentation.phase = .dismissing
        let source = EventSource.controller(presenting.id)
        AppearanceWalk.run(
            from: self, step: .begin(appearing: false, animated: true, timing: .afterWillAppear), source: source,
            rootIsManual: false)
        coordinator.runAlongsideAnimations()

        var animation: TransitionAnimation?
        let handle = InteractiveTransition { cancelled in
            coordinator.endInteraction(cancelled: cancelled)
            if let animation { window.animationDriver.interactionDidEnd(animation, in: window) }
        }
        let started = TransitionAnimation(
            kind: .dismissal, container: presenting, from: [self], to: [], duration: PresentationTransition.duration,
            interaction: handle, window: window
        ) { [weak self, weak handle] _ in
            guard let self else { return }
            if handle?.state == .cancelled {
                presentation.phase = .presenting
                AppearanceWalk.run(
                    from: self, step: .begin(appearing: true, animated: true, timing: .afterWillAppear),
                    source: source, rootIsManual: false)
                AppearanceWalk.run(from: self, step: .end(appearing: true), source: source, rootIsManual: false)
                presentation.phase = .idle
                ownTransitionCoordinator = nil
                coordinator.complete(cancelled: true)
            } else {
                finishInteractiveDismissal(source: source, coordinator: coordinator, delegate: delegate)
            }
            window.releaseVisibleTransitionSlot()
            window.resolveStatusBarAppearance()
        }
        animation = started
        window.animationStarted(started)
        return handle
    }

    private func finishInteractiveDismissal(
        source: EventSource, coordinator: Coordinator, delegate: (any PresentationDelegate)?
    ) {
        AppearanceWalk.run(from: self, step: .end(appearing: false), source: source, rootIsManual: false)
        if let view = storedView, view.superview != nil {
            ViewMove.perform(view, to: nil, at: nil, drivesAppearance: false)
        }
        presentation.presenting?.presentation.presented = nil
        presentation.presenting = nil
        presentation.presentedStyle = nil
        presentation.phase = .idle
        ownTransitionCoordinator = nil
        coordinator.complete(cancelled: false)
        if let delegate {
            LifecycleObservation.emit(.presentationDidDismiss(id), source: .controller(id))
            delegate.presentationControllerDidDismiss(self)
        }
    }
}
