/// A visible navigation transition: what it takes out and brings in, and the requests'
/// completions it runs at its end (spec §6). It holds the controllers while it runs and lets them go
/// as it ends, before the deallocations it sends.
@MainActor
final class NavigationTransition: PlannedTransition {
    let navigation: NavigationController
    var from: Controller?
    var to: Controller?
    let completions: [() -> Void]
    let plan: TransitionPlan
    /// The controller whose removal ends with the transition, released once everything else it
    /// sends has run.
    private var removed: Controller?

    init(
        _ navigation: NavigationController, from: Controller?, to: Controller?, animated: Bool,
        completions: [() -> Void], interactive: Bool = false
    ) {
        self.navigation = navigation
        self.from = from
        self.to = to
        self.completions = completions
        plan = TransitionPlan(
            kind: .navigation, animated: animated, duration: NavigationController.transitionDuration,
            willOrder: .leavingFirst, didOrder: .leavingFirst, loading: .beforeTheWills, comingBegins: .hostShown,
            isInteractive: interactive,
            willRule: interactive ? .navigationInteractiveWill : .navigationWill, didRule: .navigationDid,
            wait: animated ? .animation : .nothing)
    }

    /// The transition the navigation stack started. It holds the controllers alone: the value it is
    /// made from goes at once, so they can go as soon as it lets them.
    convenience init(
        _ navigation: NavigationController, _ started: NavigationStackMachine<ContainerRequest>.Transition
    ) {
        self.init(
            navigation, from: started.from, to: started.to, animated: started.animated,
            completions: started.completions)
    }

    var host: Controller? { navigation }
    var leaving: TransitionSide { .only(from) }
    var coming: TransitionSide { .only(to) }
    var source: EventSource { .controller(navigation.id) }

    func willHalfEnded(in window: Window?) -> Window? {
        navigation.windowGoingOn(from: window, transition: "The navigation transition", incoming: to.asArray)
    }

    /// After the will-callbacks, the incoming top's `willShow` goes to the delegate, and its view goes
    /// in. Before the did-callbacks, the outgoing top's view leaves, and the stack shows the incoming
    /// top. After the outgoing top's `viewDidDisappear`, its move ends, if the change removed it. At
    /// the completion: the coordinator's completions, `didShow`, the requests' completions, the
    /// deallocation of the controller the change removed; then the requests that waited for the
    /// transition are applied.
    @inline(__always)
    func planOwnSteps(at point: TransitionPoint, in window: Window?, _ planner: OwnStepPlanner) {
        switch point {
        case .willCallbacksSent:
            guard to != nil else { return }
            planner.then(.tellDelegateWillShow)
            planner.then(.installIncomingViews)
        case .didCallbacksBegin:
            planner.then(.uninstallOutgoingViews)
            planner.then(.commitReachedEnd)
        case .leavingSideEnded:
            planner.then(.endMoves)
        case .completion:
            planner.then(.completeCoordinator)
            if to != nil { planner.then(.tellDelegateDidShow) }
            if !completions.isEmpty { planner.then(.runCompletions) }
            planner.then(.letGo)
            planner.then(.commitEnded)
            planner.checkInvariants()
            planner.then(.applyWaitingRequests)
            planner.then(.giveSlotBack)
        case .willCallbacksBegin: break
        }
    }

    func take(_ step: TransitionOwnStep) {
        let navigation = navigation
        switch step {
        case .tellDelegateWillShow:
            // `switch`, not `if let`: a binding is a copy, retained and released around each call.
            switch to {
            case let incoming?: navigation.tellDelegateWillShow(incoming, animated: plan.animated)
            case nil: break
            }
        case .installIncomingViews:
            // Below the outgoing top's for a swipe back, which uncovers it.
            switch to {
            case let incoming?: navigation.installView(of: incoming, below: plan.isInteractive ? from : nil)
            case nil: break
            }
        case .uninstallOutgoingViews:
            switch from {
            case let outgoing? where outgoing !== to: navigation.uninstallView(of: outgoing)
            default: break
            }
        case .commitReachedEnd:
            try! navigation.stack.transitionReachedEnd(showing: to)
        case .endMoves:
            removed =
                from === navigation.stack.leavingShown
                ? navigation.endLeavingShownMove(interactive: plan.isInteractive) : nil
        case .completeCoordinator: navigation.completeOwnTransitionCoordinator(cancelled: false)
        case .tellDelegateDidShow:
            switch to {
            case let incoming?: navigation.tellDelegateDidShow(incoming, animated: plan.animated)
            case nil: break
            }
        case .runCompletions:
            navigation.runCompletions(completions, rule: .navigationCompletion)
        case .letGo:
            from = nil
            to = nil
            let removed = removed
            self.removed = nil
            navigation.release((consume removed).asArray)
        case .commitEnded:
            try! navigation.stack.transitionEnded()
        case .checkInvariants:
            navigation.checkInvariants()
        case .applyWaitingRequests:
            navigation.applyWaitingRequests()
        default: assertionFailure("\(step) is not a step of a navigation transition")
        }
    }

    /// The incoming top's move ends right after its `viewDidAppear` (or a `viewDidDisappear` that
    /// came first), most often inside that walk already (``Controller/appearanceEnded(from:)``); one
    /// that did not appear (the transition completed off screen) waits for its first appearance
    /// (§6). One already appeared (its appearance was left to a container that forwards by hand)
    /// ends it too: no `viewDidAppear` of this transition will come.
    func appearanceEnded(of controller: Controller, wasAppearing: Bool) {
        if DeliveryLoop.verdict(.appearanceEnded(controller, wasAppearing: wasAppearing)) == .hold {
            navigation.endPendingTopMove(of: controller)
        }
    }
}

extension NavigationController: VisibleTransitionHost {
    /// The duration of an animated navigation transition, in seconds.
    public static let transitionDuration = 0.35

    func startVisibleTransition(in window: Window, done: VisibleTransitionDone) {
        // Requested for `window` earlier in the turn: what ran since may have taken it off screen.
        guard DeliveryLoop.verdict(.shown(self, in: window)) == .hold else {
            settlingOffScreen(settleOffScreen)
            done()
            return
        }
        // This transition's willShow and didShow take the place of those of the navigation
        // controller's own appearance (spec §6), unless it shows the controller shown already.
        let transition = NavigationTransition(self, try! stack.transitionStarted())
        guard transition.to !== transition.from else {
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
        TransitionRunner.run(transition, in: window, done: done)
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
        DeliveryLoop.deliver(
            DelegateStep.navigationWillShow(self, delegate, controller, animated: animated), source: .controller(id),
            rule: .navigationWillShow)
    }

    func tellDelegateDidShow(_ controller: Controller, animated: Bool) {
        guard let delegate else { return }
        DeliveryLoop.deliver(
            DelegateStep.navigationDidShow(self, delegate, controller, animated: animated), source: .controller(id),
            rule: .navigationDidShow)
    }
}
