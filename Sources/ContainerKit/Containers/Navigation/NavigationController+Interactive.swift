/// An interactive pop in progress, and the requests made during it.
struct InteractivePop {
    var deferredRequests: [(NavigationController) -> Void] = []
}

extension NavigationController {
    /// Begins a swipe back, as the system's edge-swipe gesture does: the top controller starts
    /// leaving inside the call, and the returned handle finishes or cancels it.
    ///
    /// Unlike a ``pop(animated:completion:)``, the transition starts inside this call (spec §1),
    /// animated, and waits for the handle: ``InteractiveTransition/finish()`` lets it complete,
    /// ``InteractiveTransition/cancel()`` brings the top back, and either way the window's animation
    /// driver then completes the rest of the animation (in the next ``Window/runUntilIdle()`` with
    /// the default driver). The driver never finishes the gesture on its own.
    ///
    /// While the gesture lasts, ``controllers`` no longer holds the top (it is restored on cancel)
    /// while ``ContainerController/children`` still does, and requests (`push`, `pop`, …) wait for
    /// the gesture to end: they change the stack inside `finish()` or `cancel()`, and their
    /// transition runs after this one. `pop` returns nil meanwhile. A `push` or `setControllers`
    /// made meanwhile is checked inside its call, as always; once accepted, the controllers it
    /// brings in are pending members of the stack until it runs: adding one to another parent,
    /// pushing it again, making it a tab, a page or a window's root, or presenting it are refused
    /// (R9, a fault; nothing changes).
    ///
    /// Returns nil, and fires nothing, when the stack holds one controller, the navigation
    /// controller is not in a visible window, or a visible transition is pending or in flight in
    /// its window.
    ///
    /// ## Callback order
    ///
    /// Popping `top` over `below`; inside the call:
    /// 1. `top.willMove(toParent: nil)`
    /// 2. `below.loadView()`, `below.viewDidLoad()` — only when its view is not loaded
    /// 3. `top.viewWillDisappear(animated: true)`
    /// 4. `below.viewWillAppear(animated: true)`
    /// 5. `nav.delegate.willShow(below, animated: true)`
    ///
    /// Finished, when the animation completes after `finish()`:
    ///
    /// 6. `top.viewDidDisappear(animated: true)`
    /// 7. `below.viewDidAppear(animated: true)`
    /// 8. `top.didMove(toParent: nil)`
    /// 9. `nav.delegate.didShow(below, animated: true)`
    /// 10. `top.deinit` — when nothing else holds it
    ///
    /// Cancelled, when the animation completes after `cancel()`:
    ///
    /// 6. `below.viewWillDisappear(animated: true)`
    /// 7. `below.viewDidDisappear(animated: true)`
    /// 8. `top.viewWillAppear(animated: true)`
    /// 9. `top.viewDidAppear(animated: true)`
    /// 10. `top.didMove(toParent: nav)` — it stays (R7)
    /// 11. `nav.delegate.didShow(top, animated: true)`
    ///
    /// Requests made during the gesture change the stack inside `finish()` or `cancel()`, in the
    /// order they were made, and send their `willMove` calls there; their transition runs once the
    /// swipe's has completed, as after any transition in flight. One request cannot begin there: a
    /// second removal of `top` after `cancel()`, since the swipe's move of `top` is still open (R7).
    /// Its `top.willMove(toParent: nil)` comes when the animation completes, right after
    /// `top.didMove(toParent: nav)` (step 10) and before `didShow`. Popping `[a, b, c]`, with
    /// `nav.pop(animated: true)` asked for during the gesture, then `cancel()`:
    ///
    /// ```
    /// c.willMove(toParent: nil)                      (inside beginInteractivePop)
    /// c.viewWillDisappear(animated: true)
    /// b.viewWillAppear(animated: true)
    /// nav.delegate.willShow(b, animated: true)
    /// -- cancel(); the pop waits: nothing fires
    /// -- the animation completes
    /// b.viewWillDisappear(animated: true)
    /// b.viewDidDisappear(animated: true)
    /// c.viewWillAppear(animated: true)
    /// c.viewDidAppear(animated: true)
    /// c.didMove(toParent: nav)                       (the swipe's move ends: c stays)
    /// c.willMove(toParent: nil)                      (the pop's move begins)
    /// nav.delegate.didShow(c, animated: true)
    /// -- the end of that turn: the pop's transition
    /// c.viewWillDisappear(animated: true)
    /// b.viewWillAppear(animated: true)
    /// nav.delegate.willShow(b, animated: true)
    /// -- the animation completes
    /// c.viewDidDisappear(animated: true)
    /// b.viewDidAppear(animated: true)
    /// c.didMove(toParent: nil)
    /// nav.delegate.didShow(b, animated: true)
    /// nav.completion()
    /// c.deinit
    /// ```
    ///
    /// The same with `finish()`: inside it, the pop takes `b` out (`b.willMove(toParent: nil)`);
    /// when the animation completes, the finished steps 6–10 (`c.didMove(toParent: nil)`,
    /// `nav.delegate.didShow(b, animated: true)`, `c.deinit`); then the pop's transition from `b`
    /// to `a`, which ends with `b.didMove(toParent: nil)`, `nav.delegate.didShow(a, animated: true)`,
    /// `nav.completion()`, `b.deinit`. A `popToRoot` or `setControllers` that takes `top` out after
    /// `cancel()` does the same for `top`, while the other controllers it takes out or brings in get
    /// their `willMove` inside `cancel()`; all their `didMove` calls come when their transition
    /// completes, as for any request (removals from the old top down, then additions from the
    /// bottom up).
    ///
    /// - Returns: The handle of the gesture, or nil when the swipe cannot begin.
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
        beginAppearance(ofIncoming: below, animated: true, in: window)
        tellDelegateWillShow(below, animated: true)
        installView(of: below, below: top)
        coordinator.runAlongsideAnimations()

        var animation: TransitionAnimation?
        // The handle and the animation hold the window weakly: the engine never keeps a window alive.
        let handle = InteractiveTransition { [self, weak window] cancelled in
            coordinator.endInteraction(cancelled: cancelled)
            if cancelled {
                controllers.append(top)
                turnRemovalAround(of: top)
            }
            replayRequestsMadeDuringGesture()
            if let animation, let window { window.animationDriver.interactionDidEnd(animation, in: window) }
        }
        let started = TransitionAnimation(
            kind: .navigation, container: self, from: [top], to: [below], duration: Self.transitionDuration,
            interaction: handle, window: window
        ) { [self, weak handle, weak window] _ in
            if handle?.state == .cancelled {
                cancelInteractivePop(top: top, below: below)
            } else {
                completeTransition(NavigationTransition(from: top, to: below, animated: true, completions: []))
            }
            window?.releaseVisibleTransitionSlot()
        }
        animation = started
        window.animationStarted(started)
        completeIfTakenOffScreenAsItStarted(in: window, transition: "The interactive pop", incoming: [below])
        return handle
    }

    /// The swipe fell back: `below` goes away again and `top` comes back and stays (R7). If `top`'s
    /// view was moved out of the visible window by hand during the gesture, its disappearance ends
    /// instead (F1); it appears when its view enters a visible window again (F2).
    private func cancelInteractivePop(top: Controller, below: Controller) {
        drive(below, .begin(appearing: false, animated: true, timing: .afterWillAppear))
        drive(below, .end(appearing: false))
        if top.isInVisibleWindow {
            drive(top, .begin(appearing: true, animated: true, timing: .afterWillAppear))
            drive(top, .end(appearing: true))
        } else {
            drive(top, .end(appearing: false))
        }
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
    ///
    /// The controllers in `joining` (those a push or `setControllers` names) count as pending members
    /// of the stack until then (``Controller/pendingStack``): the request was checked when it was
    /// made, and nothing can move them elsewhere, or push them again, before it runs (R9). Those in
    /// the stack already, or the top the gesture takes out, are children that R9 protects anyway;
    /// the mark also refuses a second push of the top.
    func deferDuringGesture(
        joining: [Controller] = [], _ request: @escaping (NavigationController) -> Void
    ) -> Bool {
        guard interactivePop != nil else { return false }
        for controller in joining { controller.pendingStack = self }
        interactivePop?.deferredRequests.append { navigation in
            for controller in joining where controller.pendingStack === navigation { controller.pendingStack = nil }
            request(navigation)
        }
        return true
    }
}
