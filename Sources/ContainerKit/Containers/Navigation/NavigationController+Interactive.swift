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
    /// while ``ContainerController/children`` still does. The swipe's transition is in flight from
    /// this call until its animation completes, so requests (`push`, `pop`, …) made meanwhile wait
    /// (spec §6): they are applied, in the order they were made, once it has completed, and their
    /// transitions follow. `pop` returns nil meanwhile. A `push` or `setControllers` made meanwhile is
    /// checked inside its call, as always; once accepted, the controllers it brings in are pending
    /// members of the stack until it is applied: adding one to another parent, pushing it again,
    /// making it a tab, a page or a window's root, or presenting it are refused (R9, a fault; nothing
    /// changes).
    ///
    /// Returns nil, and fires nothing, when the stack holds one controller, the navigation
    /// controller is not in a visible window, a visible transition is pending or in flight in its
    /// window, requests wait for a transition of the navigation controller, or the top's move is
    /// still open (it has not appeared yet since it was pushed: its `didMove(toParent: nav)` waits
    /// for its first `viewDidAppear`).
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
    /// 7. `top.didMove(toParent: nil)`
    /// 8. `below.viewDidAppear(animated: true)`
    /// 9. the ``Controller/transitionCoordinator``'s alongside completions
    /// 10. `nav.delegate.didShow(below, animated: true)`
    /// 11. `top.deinit` — when nothing else holds it
    ///
    /// Cancelled, when the animation completes after `cancel()`:
    ///
    /// 6. `below.viewWillDisappear(animated: true)`
    /// 7. `below.viewDidDisappear(animated: true)`
    /// 8. `top.viewWillAppear(animated: true)`
    /// 9. `top.viewDidAppear(animated: true)`
    /// 10. `top.didMove(toParent: nav)` — it stays (R7)
    /// 11. the alongside completions
    /// 12. `nav.delegate.willShow(top, animated: true)`
    /// 13. `nav.delegate.didShow(top, animated: true)`
    ///
    /// Then the requests made during the gesture are applied. Popping `[a, b, c]`, with
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
    /// nav.delegate.willShow(c, animated: true)
    /// nav.delegate.didShow(c, animated: true)
    /// c.willMove(toParent: nil)                      (the pop is applied)
    /// -- the end of that turn: the pop's transition
    /// c.viewWillDisappear(animated: true)
    /// b.viewWillAppear(animated: true)
    /// nav.delegate.willShow(b, animated: true)
    /// -- the animation completes
    /// c.viewDidDisappear(animated: true)
    /// c.didMove(toParent: nil)
    /// b.viewDidAppear(animated: true)
    /// nav.delegate.didShow(b, animated: true)
    /// nav.completion()
    /// c.deinit
    /// ```
    ///
    /// The same with `finish()`: when the animation completes, the finished steps 6–11, then the pop
    /// is applied (`b.willMove(toParent: nil)`), and its transition from `b` to `a` follows.
    ///
    /// - Returns: The handle of the gesture, or nil when the swipe cannot begin.
    public func beginInteractivePop() -> InteractiveTransition? {
        let call = Planning.enter(LifecycleCall(self, "beginInteractivePop"))
        defer { Planning.leave(call) }
        guard stack.interactivePopRefusal == nil, isInVisibleWindow, let window = storedView?.storedWindow,
            window.claimVisibleTransitionSlot()
        else { return nil }
        let (top, below) = try! stack.interactivePopBegan()
        beginRemovingChild(top, rule: .navigationInteractiveWillMove)
        let transition = NavigationTransition(
            self, from: top, to: below, animated: true, completions: [], interactive: true)
        // The plan of a navigation transition has a coordinator.
        let coordinator = TransitionRunner.begin(transition, in: window)!

        var animation: TransitionAnimation?
        // The handle and the animation hold the window weakly: the engine never keeps a window alive.
        let handle = InteractiveTransition { [self, weak window] cancelled in
            coordinator.endInteraction(cancelled: cancelled)
            if cancelled { stack.interactivePopCancelled(restoring: top) }
            if let animation, let window { window.animationDriver.interactionDidEnd(animation, in: window) }
        }
        let started = TransitionAnimation(
            kind: .navigation, container: self, from: [top], to: [below], duration: Self.transitionDuration,
            interaction: handle, window: window
        ) { [self, weak handle, weak window] _ in
            try! stack.interactivePopGestureEnded()
            let done = VisibleTransitionDone(releasingSlotOf: window)
            if handle?.state == .cancelled {
                TransitionRunner.run(PopReversal(self, top: top, below: below), in: window, done: done)
            } else {
                TransitionRunner.end(transition, finished: true, done: done)
            }
        }
        animation = started
        window.animationStarted(started)
        completeIfTakenOffScreenAsItStarted(in: window, transition: "The interactive pop", incoming: [below])
        return handle
    }
}

/// A swipe back that fell back (spec §6), run when its animation completes: `below`, which the
/// swipe was bringing in, goes away again (will and did), then `top` comes back (will and did) and
/// stays (R7); then the delegate is told `willShow` and `didShow` of `top`. If `top`'s view was moved
/// out of the visible window by hand during the gesture, its disappearance ends instead (F1); it
/// appears when its view enters a visible window again (F2).
@MainActor
final class PopReversal: PlannedTransition {
    let navigation: NavigationController
    let top: Controller
    let below: Controller
    /// The controller whose removal ends with the swipe falling back (one a request made during the
    /// gesture removed), released once everything else it sends has run.
    private var removed: Controller?
    let plan = TransitionPlan.goingBack(
        .navigation, duration: NavigationController.transitionDuration, split: .oneSideEach, order: .leavingFirst,
        willRule: .navigationInteractiveWill, didRule: .navigationDid, wait: .nothing)

    init(_ navigation: NavigationController, top: Controller, below: Controller) {
        self.navigation = navigation
        self.top = top
        self.below = below
    }

    var host: Controller? { navigation }
    var leaving: TransitionSide { .only(below) }
    var coming: TransitionSide { .only(top) }
    var source: EventSource { .controller(navigation.id) }

    func willHalfEnded(in window: Window?) -> Window? { nil }

    /// `top` appears, whatever its `viewWillAppear` did.
    func endAppearance(of controller: Controller, source: EventSource) {
        AppearanceWalk.run(
            from: controller, step: .end(appearing: true), source: source, rule: plan.didRule, rootIsManual: false)
    }

    /// `top`, out of the visible window: the disappearance the swipe began ends.
    func incomingPassedOver(_ controller: Controller, source: EventSource) {
        endDisappearance(of: controller, source: source)
    }

    /// At the completion: `below`'s view leaves, `top`'s move ends (it stays), the gesture's
    /// coordinator completes cancelled, the delegate is told `willShow` and `didShow` of `top`; then
    /// the requests made during the gesture are applied.
    func planOwnSteps(at point: TransitionPoint, in window: Window?, _ planner: OwnStepPlanner) {
        guard case .completion = point else { return }
        planner.then(.uninstallOutgoingViews)
        planner.then(.commitReachedEnd)
        planner.then(.endMoves)
        planner.then(.completeCoordinator)
        planner.then(.tellDelegateWillShow)
        planner.then(.tellDelegateDidShow)
        planner.then(.letGo)
        planner.then(.commitEnded)
        planner.checkInvariants()
        planner.then(.applyWaitingRequests)
        planner.then(.giveSlotBack)
    }

    func take(_ step: TransitionOwnStep) {
        let navigation = navigation
        switch step {
        case .uninstallOutgoingViews: navigation.uninstallView(of: below)
        case .commitReachedEnd: try! navigation.stack.transitionReachedEnd(showing: top)
        case .endMoves: removed = navigation.endLeavingShownMove(interactive: true)
        case .completeCoordinator: navigation.completeOwnTransitionCoordinator(cancelled: true)
        case .tellDelegateWillShow: navigation.tellDelegateWillShow(top, animated: true)
        case .tellDelegateDidShow: navigation.tellDelegateDidShow(top, animated: true)
        case .letGo:
            let removed = removed
            self.removed = nil
            navigation.release((consume removed).asArray)
        case .commitEnded: try! navigation.stack.transitionEnded()
        case .checkInvariants: navigation.checkInvariants()
        case .applyWaitingRequests: navigation.applyWaitingRequests()
        default: assertionFailure("\(step) is not a step of a swipe back that fell back")
        }
    }
}
