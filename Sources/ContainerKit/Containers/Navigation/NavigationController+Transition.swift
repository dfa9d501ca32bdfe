/// A visible navigation transition: what it takes out and brings in. A reference, so the
/// animation's completion holds the controllers only through it, and lets them go when it ends.
@MainActor
final class NavigationTransition {
    var from: Controller?
    var to: Controller?
    let animated: Bool
    let completions: [() -> Void]

    init(from: Controller?, to: Controller?, animated: Bool, completions: [() -> Void]) {
        self.from = from
        self.to = to
        self.animated = animated
        self.completions = completions
    }

    /// The transition the navigation stack started. It holds the controllers alone: the value it is
    /// made from goes at once, so they can go as soon as it lets them.
    convenience init(_ started: NavigationStackMachine<ContainerRequest>.Transition) {
        self.init(from: started.from, to: started.to, animated: started.animated, completions: started.completions)
    }
}

extension NavigationController: VisibleTransitionHost {
    /// The duration of an animated navigation transition, in seconds.
    public static let transitionDuration = 0.35

    func startVisibleTransition(in window: Window, done: VisibleTransitionDone) {
        guard isInVisibleWindow, storedView?.isIn(window) == true else {
            settlingOffScreen(settleOffScreen)
            done()
            return
        }
        // This transition's willShow and didShow take the place of those of the navigation
        // controller's own appearance (spec §6), unless it shows the controller shown already.
        let transition = NavigationTransition(try! stack.transitionStarted())
        let incoming = transition.to
        guard incoming !== transition.from else {
            // The shown controller is the top: nothing to show. The moves left open (the shown
            // controller taken out and put back) end, and the requests' completions run.
            transition.from = nil
            transition.to = nil
            let leaving = endLeavingShownMove()
            runCompletions(transition.completions, rule: .navigationCompletion)
            release(leaving.asArray)
            try! stack.transitionEnded()
            checkInvariants()
            applyWaitingRequests()
            done()
            return
        }
        let animated = transition.animated
        let coordinator = Coordinator(isAnimated: animated, duration: animated ? Self.transitionDuration : 0)
        ownTransitionCoordinator = coordinator
        incoming?.loadViewIfNeeded()
        if let outgoing = transition.from {
            drive(
                outgoing, .begin(appearing: false, animated: animated, timing: .afterWillAppear), rule: .navigationWill)
        }
        // Each callback may re-enter the engine (take this controller out of the window, hide the
        // window), so whether it is still on screen is read again after them (Reentrancy.md).
        // `switch`, not `if let`, here and below: an `if let` binding is a copy, retained and
        // released around each call it is passed to.
        switch incoming {
        case let incoming?:
            beginAppearance(ofIncoming: incoming, animated: animated, in: window, rule: .navigationWill)
            tellDelegateWillShow(incoming, animated: animated)
            installView(of: incoming)
        case nil: break
        }
        coordinator.runAlongsideAnimations()
        let goesOn = goesOnAfterItsStart(
            in: window, transition: "The navigation transition", incoming: incoming.asArray)
        // The completion is made only for an animation that goes on: one that ends here needs no
        // closure on the heap.
        guard animated, goesOn else {
            completeTransition(transition)
            done()
            return
        }
        window.animationStarted(
            TransitionAnimation(
                kind: .navigation, container: self, from: transition.from.asArray,
                to: incoming.asArray,
                duration: Self.transitionDuration, window: window,
                completion: { [self] _ in
                    completeTransition(transition)
                    done()
                }))
    }

    /// The end of a visible transition (spec §6): the outgoing top's `viewDidDisappear`, then its
    /// `didMove(toParent: nil)` if the change removed it; the incoming top's `viewDidAppear`, then its
    /// `didMove(toParent: self)` if the change added it; the coordinator's alongside completions;
    /// `didShow`; the requests' completions; the deallocation of the controller it removed. Then
    /// the requests that waited for it are applied. A transition to an empty stack (no incoming
    /// controller) takes the old top out and shows nothing: no `didShow`.
    func completeTransition(_ transition: NavigationTransition, interactive: Bool = false) {
        let incoming = transition.to
        if let outgoing = transition.from, outgoing !== incoming { uninstallView(of: outgoing) }
        try! stack.transitionReachedEnd(showing: incoming)
        if let outgoing = transition.from { drive(outgoing, .end(appearing: false), rule: .navigationDid) }
        let leaving = transition.from === stack.leavingShown ? endLeavingShownMove(interactive: interactive) : nil
        switch incoming {
        case let incoming?:
            let wasAppearing = incoming.appearanceState == .appearing
            endIncomingAppearance(of: incoming, animated: transition.animated, rule: .navigationDid)
            // Its move ends right after its viewDidAppear (or a viewDidDisappear that came first),
            // most often inside that walk already (``Controller/appearanceEnded(from:)``); one that did
            // not appear (the transition completed off screen) waits for its first appearance (§6).
            // One already appeared (its appearance was left to a container that forwards by hand)
            // ends it too: no viewDidAppear of this transition will come.
            if incoming.appearanceState == .appeared || (wasAppearing && incoming.appearanceState != .appearing) {
                endPendingTopMove(of: incoming)
            }
        case nil: break
        }
        ownTransitionCoordinator?.complete(cancelled: false)
        ownTransitionCoordinator = nil
        switch incoming {
        case let incoming?: tellDelegateDidShow(incoming, animated: transition.animated)
        case nil: break
        }
        runCompletions(transition.completions, rule: .navigationCompletion)
        transition.from = nil
        transition.to = nil
        release(leaving.asArray)
        try! stack.transitionEnded()
        checkInvariants()
        applyWaitingRequests()
    }

    /// Off screen: the transition completes inside the call, with no appearance callbacks: the
    /// shown controller's move ends, the completions run, and the view shows the new top if it is
    /// loaded. The new top's own move waits for its first appearance (spec §6). Then the requests
    /// that waited are applied.
    func settleOffScreen() {
        let (completions, top) = stack.offScreenSettling()
        if top !== stack.shown {
            if let shown = stack.shown { uninstallView(of: shown) }
            stack.shownOffScreen(top)
            if let top, isViewLoaded { installView(of: top) }
        }
        let leaving = endLeavingShownMove()
        runCompletions(completions, rule: .navigationCompletion)
        release(leaving.asArray)
        checkInvariants()
        if !stack.isTransitionInFlight { applyWaitingRequests() }
    }

    /// Lets go of the controllers a transition removed, one at a time in order, so those nothing
    /// else holds are deallocated in that order, after everything else the transition sent.
    /// `consuming`, so that the array the caller builds is taken apart in place, not copied first.
    func release(_ controllers: consuming [Controller]) {
        while !controllers.isEmpty {
            controllers[0].releaseRule = .navigationRelease
            controllers.removeFirst()
        }
    }

    func tellDelegateWillShow(_ controller: Controller, animated: Bool) {
        guard let delegate else { return }
        LifecycleObservation.emit(
            .navigationWillShow(id, controller.id, animated: animated), source: .controller(id),
            rule: .navigationWillShow)
        CallbackDelivery.run("delegate.navigationController(_:willShow:animated:)", of: self) {
            delegate.navigationController(self, willShow: controller, animated: animated)
        }
    }

    func tellDelegateDidShow(_ controller: Controller, animated: Bool) {
        guard let delegate else { return }
        LifecycleObservation.emit(
            .navigationDidShow(id, controller.id, animated: animated), source: .controller(id),
            rule: .navigationDidShow)
        CallbackDelivery.run("delegate.navigationController(_:didShow:animated:)", of: self) {
            delegate.navigationController(self, didShow: controller, animated: animated)
        }
    }
}
