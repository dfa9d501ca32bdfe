/// An interactive pop in progress, and the requests made during it.
struct InteractivePop {
    var deferredRequests: [(NavigationController) -> Void] = []
}

extension NavigationController {
    /// Begins a swipe back: the top controller starts leaving inside the call, and the returned
    /// handle finishes or cancels it. Returns nil when the stack holds one controller, the
    /// navigation controller is not in a visible window, or a visible transition is pending or in
    /// flight in its window.
    ///
    /// While the gesture lasts, ``controllers`` no longer holds the top (it is restored on cancel)
    /// while ``ContainerController/children`` still does, and requests wait for the gesture to end;
    /// `pop` returns nil then.
    ///
    /// **Callback order** of popping `top` over `below`:
    /// ```
    /// top.willMove(toParent: nil)                    (inside beginInteractivePop)
    /// top.viewWillDisappear(animated: true)
    /// below.viewWillAppear(animated: true)
    /// nav.delegate.willShow(below, animated: true)
    /// -- finished, when the animation completes:
    /// top.viewDidDisappear(animated: true)
    /// below.viewDidAppear(animated: true)
    /// top.didMove(toParent: nil)
    /// nav.delegate.didShow(below, animated: true)
    /// -- cancelled, when the animation completes:
    /// below.viewWillDisappear(animated: true)
    /// below.viewDidDisappear(animated: true)
    /// top.viewWillAppear(animated: true)
    /// top.viewDidAppear(animated: true)
    /// top.didMove(toParent: nav)                     (it stays: R7)
    /// nav.delegate.didShow(top, animated: true)
    /// ```
    public func beginInteractivePop() -> InteractiveTransition? {
        guard interactivePop == nil, controllers.count > 1, let top = controllers.last, shown === top,
            isInVisibleWindow, let window = storedView?.storedWindow, window.claimVisibleTransitionSlot()
        else { return nil }
        interactivePop = InteractivePop()
        controllers.removeLast()
        let below = controllers[controllers.count - 1]
        beginRemovingChild(top)
        settlingMoves = [OpenMove(controller: top, formerIndex: controllers.count)]
        let coordinator = Coordinator(isAnimated: true, duration: Self.transitionDuration, isInteractive: true)
        ownTransitionCoordinator = coordinator
        below.loadViewIfNeeded()
        drive(top, .begin(appearing: false, animated: true, timing: .afterWillAppear))
        drive(below, .begin(appearing: true, animated: true, timing: .afterWillAppear))
        tellDelegateWillShow(below, animated: true)
        installView(of: below, below: top)
        coordinator.runAlongsideAnimations()

        var animation: TransitionAnimation?
        let handle = InteractiveTransition { [self] cancelled in
            coordinator.endInteraction(cancelled: cancelled)
            if cancelled { controllers.append(top) }
            replayRequestsMadeDuringGesture()
            if let animation { window.animationDriver.interactionDidEnd(animation, in: window) }
        }
        let started = TransitionAnimation(
            kind: .navigation, container: self, from: [top], to: [below], duration: Self.transitionDuration,
            interaction: handle, window: window
        ) { [self, weak handle] _ in
            if handle?.state == .cancelled {
                cancelInteractivePop(top: top, below: below)
            } else {
                completeTransition(NavigationTransition(from: top, to: below, animated: true, completions: []))
            }
            window.releaseVisibleTransitionSlot()
        }
        animation = started
        window.animationStarted(started)
        return handle
    }

    /// The swipe fell back: `below` goes away again and `top` comes back and stays (R7).
    private func cancelInteractivePop(top: Controller, below: Controller) {
        drive(below, .begin(appearing: false, animated: true, timing: .afterWillAppear))
        drive(below, .end(appearing: false))
        drive(top, .begin(appearing: true, animated: true, timing: .afterWillAppear))
        drive(top, .end(appearing: true))
        uninstallView(of: below)
        shown = top
        ownTransitionCoordinator?.complete(cancelled: true)
        ownTransitionCoordinator = nil
        let leaving = settleMoves()
        tellDelegateDidShow(top, animated: true)
        release(leaving)
        checkInvariants()
    }

    /// The gesture let go: the requests made during it change the stack now, in order; their
    /// transitions wait for this one to complete, like any request made while one is in flight.
    private func replayRequestsMadeDuringGesture() {
        let requests = interactivePop?.deferredRequests ?? []
        interactivePop = nil
        for request in requests { request(self) }
    }

    /// During a gesture, keeps `request` for when it ends and returns true.
    func deferDuringGesture(_ request: @escaping (NavigationController) -> Void) -> Bool {
        guard interactivePop != nil else { return false }
        interactivePop?.deferredRequests.append(request)
        return true
    }
}
