/// The pages a turn takes out and brings in.
struct PageTurn {
    let from: [Controller]
    let to: [Controller]
    let animated: Bool

    /// The pages shown after the turn that appear, left before right: those not shown before it,
    /// and those kept from before it (a programmatic turn of a middle spine can keep one) whose
    /// root view is in no visible window when the turn is made, taken out by hand meanwhile. The
    /// turn puts that view back, so it alone sends the kept page's appearance callbacks, as for a
    /// new page (F7). A kept page still on screen is not moved and gets none (F1).
    let entering: [Controller]

    /// Makes a turn from `from` to `to`. Whether a kept page enters is read from where its view is
    /// now, so a turn is made just before it begins.
    @MainActor init(from: [Controller], to: [Controller], animated: Bool) {
        self.from = from
        self.to = to
        self.animated = animated
        let shown = Set(from.map(ObjectIdentifier.init))
        entering = to.filter { !shown.contains(ObjectIdentifier($0)) || !$0.isInVisibleWindow }
    }

    /// The pages shown before the turn that are not shown after it: those that disappear. A page
    /// in both stays a page and is not taken out; if its view was out of the window, it is among
    /// the ``entering`` pages.
    var leaving: [Controller] {
        let staying = Set(to.map(ObjectIdentifier.init))
        return from.filter { !staying.contains(ObjectIdentifier($0)) }
    }
}

extension PageController {
    /// The plan of `turn` (spec §8): each incoming page's `viewWillAppear` (its view loaded just
    /// before), then each outgoing page's `viewWillDisappear`, left before right, except the
    /// incoming pages of an animated turn with a middle spine, right before left (§8 **[rev 2]**);
    /// an incoming page begins appearing only while this controller is still on screen (the
    /// callbacks sent before may have taken it out: Reentrancy.md). When it completes, `.scroll`
    /// sends the incoming pages' `viewDidAppear` first, `.pageCurl` the outgoing pages'
    /// `viewDidDisappear` first. An incoming page whose view is not in a visible window then (its
    /// callbacks took this controller off screen) disappears again instead.
    func plan(of turn: PageTurn, swiped: Bool) -> TransitionPlan {
        let rule = rule(of: turn, swiped: swiped)
        return TransitionPlan(
            kind: .paging, animated: turn.animated, duration: Self.turnDuration, willOrder: .comingFirst,
            didOrder: transitionStyle == .scroll ? .comingFirst : .leavingFirst,
            lastFirstWills: spineLocation == .mid && turn.animated ? .coming : nil, loading: .beforeEachWill,
            comingBegins: .hostShown, isInteractive: swiped, willRule: rule, didRule: rule,
            wait: turn.animated ? .animation : .nothing)
    }

    /// The incoming views go in: once a visible turn's will-callbacks have run, or, off screen,
    /// once the outgoing views have left (``settleOffScreen()``).
    func pagesWentIn(_ turn: PageTurn) {
        DeliveryLoop.runListed(.installView, for: turn.to) { page in installView(of: page) }
    }

    /// The outgoing views leave, and the pages of the turn are shown, at once: off screen
    /// (``settleOffScreen()``). A visible turn takes the two as steps of its own before its
    /// did-callbacks (``PageTurnTransition``).
    func pagesWentOut(_ turn: PageTurn) {
        takeOutgoingPagesOut(turn)
        paging.pagesDisplayed(turn.to)
    }

    /// The views of the pages `turn` takes out leave (those it shows again stay).
    func takeOutgoingPagesOut(_ turn: PageTurn) {
        let staying = Set(turn.to.map(ObjectIdentifier.init))
        DeliveryLoop.runListed(.uninstallView, for: turn.from) { page in
            if !staying.contains(ObjectIdentifier(page)) { uninstallView(of: page) }
        }
    }

    /// The plan of a swipe's `turn` falling back (spec §8): its incoming pages leave again and its
    /// outgoing pages come back, the will-half inside `cancel()`, the did-half when the animation
    /// completes. `.scroll` sends one side each: the outgoing pages come back first (will and did,
    /// inside `cancel()`), then the incoming pages leave (will and did). `.pageCurl` sends the
    /// incoming pages' `viewWillDisappear` (with a middle spine, right page first), then the
    /// outgoing pages' `viewWillAppear`, then the did-callbacks in the same order, each pair left
    /// first. Each callback may take the page controller off screen (hide the window, which
    /// completes the turn at once), or take an outgoing page's view out by hand: an outgoing page
    /// begins appearing again only while its view is in a visible window.
    func plan(reversing turn: PageTurn) -> TransitionPlan {
        let rule = rule(of: turn, swiped: true)
        let split: TransitionPlan.Split
        let order: TransitionPlan.Order
        switch transitionStyle {
        case .scroll: (split, order) = (.oneSideEach, .comingFirst)
        case .pageCurl: (split, order) = (.willsThenDids, .leavingFirst)
        }
        return .goingBack(
            .paging, duration: Self.turnDuration, split: split, order: order,
            lastFirstWills: spineLocation == .mid ? .leaving : nil, willRule: rule, didRule: rule, wait: .animation)
    }

    /// The rule the appearance callbacks of `turn` follow: the page-curl row as pairs with a
    /// middle spine, the style's row for a swipe, the finished order for `setControllers` (§8).
    private func rule(of turn: PageTurn, swiped: Bool) -> Rule {
        if spineLocation == .mid { return turn.animated ? .pageCurlAnimated : .pageCurl }
        if swiped { return .pageSwipe }
        return turn.animated ? .pageByCallAnimated : .pageByCall
    }

    /// Near the end of a swipe's `turn` that fell back, once its callbacks have run, the incoming
    /// views having left and the outgoing pages shown again (``PageTurnReversal``): an outgoing
    /// page whose appearance ended meanwhile (its view taken out by hand,
    /// then put back by this container, F7: with no callbacks of its own) appears with the page
    /// controller, which forwards to it (F6): the reconciler's
    /// ``AppearanceReconciler/Change/broughtBackDuringTransition(of:appearing:animated:rule:)``.
    func reconcilePagesBroughtBack(_ turn: PageTurn, rule: Rule) {
        DeliveryLoop.runListed(.reconcile, for: turn.from) { page in
            AppearanceReconciler.reconcile(
                page, after: .broughtBackDuringTransition(of: self, appearing: true, animated: true, rule: rule),
                source: .controller(id))
        }
    }

    /// The moves of a completed turn: each incoming page's `didMove(toParent: self)`, then each
    /// outgoing page's removal (`willMove(toParent: nil)`, `didMove(toParent: nil)`). An outgoing
    /// page that a request made during the turn names again (it is in ``shownControllers``) stays
    /// a child, out of view, for the turn that shows it again.
    ///
    /// A page kept that way that a later request no longer names is removed by the next completed
    /// turn, after the outgoing pages, in ``children`` order (MODEL): its view is out already, so
    /// its removal is all it gets.
    ///
    /// Each removal runs only while its page is still this controller's child with no move open,
    /// and not asked for again (``DeliveryLoop/Premises/outgoingPage(_:of:)``): a callback sent
    /// before it (a swipe begun and completed, in another window, inside an incoming page's
    /// `didMove(toParent:)` or an outgoing page's `willMove(toParent: nil)`) may have removed it
    /// already and given it to another parent since, or shown it again; that swipe's turn leaves
    /// an incoming page whose addition is still open to this one.
    func settleCompletedTurn(_ turn: PageTurn, swiped: Bool) {
        let staying = Set((turn.to + shownControllers).map(ObjectIdentifier.init))
        let alreadyShown = Set(turn.from.map(ObjectIdentifier.init))
        DeliveryLoop.runListed(.endAddition, for: turn.to) { page in
            guard !alreadyShown.contains(ObjectIdentifier(page)), DeliveryLoop.verdict(.additionOpen(page)) == .hold
            else { return }
            endMove(of: page, stays: true, rule: swiped ? .pageDidMoveBySwipe : .pageDidMoveByCall)
        }
        let keptOutOfView = children.filter { page in
            !alreadyShown.contains(ObjectIdentifier(page)) && !page.containment.isMovingToParent
                && !page.containment.isMovingFromParent
        }
        DeliveryLoop.runListed(.removeChild, for: turn.from + keptOutOfView) { page in
            guard !staying.contains(ObjectIdentifier(page)),
                DeliveryLoop.verdict(.outgoingPage(page, of: self)) == .hold
            else { return }
            page.releaseRule = .pageRelease
            beginRemovingChild(page, rule: .pageLeaves)
            endMove(of: page, stays: false, rule: .pageLeaves)
        }
    }

    /// The duration of an animated page turn, in seconds.
    public static let turnDuration = 0.35
}

/// A page turn under way (spec §8): one that `setControllers(_:direction:animated:completion:)`
/// asked for, run by the window, with the "finished" order of the page controller's style and no
/// delegate calls, then the moves of the new and old pages and the completions; or the turn of a
/// swipe, whose will-half runs as the swipe begins and whose did-half runs when the animation
/// completes, if the gesture finished (a ``PageTurnReversal`` runs if it was cancelled).
@MainActor
final class PageTurnTransition: PlannedTransition {
    let pageController: PageController
    let turn: PageTurn
    let swiped: Bool
    let completions: [(Bool) -> Void]
    let plan: TransitionPlan
    let leaving: TransitionSide
    let coming: TransitionSide
    /// For a swipe, how many requests the page controller had taken when it began: one made since
    /// wins over the swipe's pages.
    let requestsMadeBefore: Int
    /// Whether the animation finished, read as it completes, for the completions and the delegate.
    private var finished = true

    init(
        _ pageController: PageController, _ turn: PageTurn, swiped: Bool, requestsMadeBefore: Int = 0,
        completions: [(Bool) -> Void] = []
    ) {
        self.pageController = pageController
        self.turn = turn
        self.swiped = swiped
        self.requestsMadeBefore = requestsMadeBefore
        self.completions = completions
        plan = pageController.plan(of: turn, swiped: swiped)
        leaving = .several(turn.leaving)
        coming = .several(turn.entering)
    }

    var host: Controller? { pageController }
    var source: EventSource { .controller(pageController.id) }

    func willHalfEnded(in window: Window?) -> Window? {
        pageController.windowGoingOn(from: window, transition: "The page turn", incoming: turn.entering)
    }

    /// After the will-callbacks, the incoming views go in; before the did-callbacks, the outgoing
    /// views leave and the machine shows the turn's pages. At the completion, the coordinator's
    /// completions; for a turn asked for by code, then the moves of the new and old pages and the
    /// completions; for a swipe, the machine shows the swipe's pages unless a request made during
    /// it asked for others, then the moves, and the delegate hears the animation finished. Then the
    /// window's slot is given back, and a request that waited for the turn is asked for.
    func planOwnSteps(at point: TransitionPoint, in window: Window?, _ planner: OwnStepPlanner) {
        switch point {
        case .willCallbacksSent:
            planner.then(.installIncomingViews)
        case .didCallbacksBegin:
            planner.then(.uninstallOutgoingViews)
            planner.then(.commitReachedEnd)
        case .completion(let finished):
            self.finished = finished
            planner.then(.completeCoordinator)
            if swiped {
                planner.then(.commitGestureEnded)
                planner.then(.endMoves)
                planner.then(.tellDelegateDidFinishAnimating)
            } else {
                planner.then(.endMoves)
                if !completions.isEmpty { planner.then(.runCompletions) }
            }
            planner.checkInvariants()
            planner.then(.giveSlotBack)
            planner.then(.commitEnded)
        case .willCallbacksBegin, .leavingSideEnded: break
        }
    }

    func take(_ step: TransitionOwnStep) {
        let pageController = pageController
        switch step {
        case .installIncomingViews: pageController.pagesWentIn(turn)
        case .uninstallOutgoingViews: pageController.takeOutgoingPagesOut(turn)
        case .commitReachedEnd: pageController.paging.pagesDisplayed(turn.to)
        case .completeCoordinator: pageController.completeOwnTransitionCoordinator(cancelled: false)
        case .commitGestureEnded:
            pageController.paging.swipeCompleted(showing: turn.to, requestsMadeBefore: requestsMadeBefore)
        case .endMoves:
            if swiped {
                pageController.changingContents { pageController.settleCompletedTurn(turn, swiped: true) }
            } else {
                pageController.settleProgrammaticMoves(turn)
            }
        case .runCompletions: pageController.runPageCompletions(completions, finished: finished)
        case .tellDelegateDidFinishAnimating:
            pageController.tellDelegateDidFinishAnimating(finished, previous: turn.from, completed: true)
        case .checkInvariants: pageController.checkInvariants()
        case .commitEnded: pageController.endTurnInFlight()
        default: assertionFailure("\(step) is not a step of a page turn")
        }
    }
}

/// A swipe between pages that fell back (spec §8): the pages the swipe was bringing in leave again
/// and those it was taking out come back (``PageController/plan(reversing:)``). Its will-half runs
/// inside `cancel()`, its did-half when the animation completes. Made once for each half, so that
/// the pages are held only by the swipe, as long as they were before it fell back.
@MainActor
final class PageTurnReversal: PlannedTransition {
    let pageController: PageController
    let turn: PageTurn
    let plan: TransitionPlan
    let leaving: TransitionSide
    let coming: TransitionSide
    /// Whether the animation finished, read as it completes, for the delegate.
    private var finished = true

    init(_ pageController: PageController, _ turn: PageTurn) {
        self.pageController = pageController
        self.turn = turn
        plan = pageController.plan(reversing: turn)
        leaving = .several(turn.to)
        coming = .several(turn.from)
    }

    var host: Controller? { pageController }
    var source: EventSource { .controller(pageController.id) }

    func willHalfEnded(in window: Window?) -> Window? { window }

    /// As the will-callbacks begin, the outgoing pages' views go back in first: one taken out by hand
    /// meanwhile gets no callbacks of its own (F7). At the completion, the incoming pages' views
    /// leave, the machine shows the outgoing pages again, those whose appearance ended meanwhile go
    /// to the reconciler, and the gesture's coordinator completes cancelled; then the pages the swipe
    /// adopted are dropped (one a request made during the swipe names stays, pending, for that
    /// request's turn), the delegate hears the animation did not complete, the window's slot is
    /// given back, and a request that waited for the turn is asked for.
    func planOwnSteps(at point: TransitionPoint, in window: Window?, _ planner: OwnStepPlanner) {
        switch point {
        case .willCallbacksBegin:
            planner.then(.installIncomingViews)
        case .completion(let finished):
            self.finished = finished
            planner.then(.uninstallOutgoingViews)
            planner.then(.commitReachedEnd)
            planner.then(.reconcile)
            planner.then(.completeCoordinator)
            planner.then(.endMoves)
            planner.then(.tellDelegateDidFinishAnimating)
            planner.checkInvariants()
            planner.then(.giveSlotBack)
            planner.then(.commitEnded)
        case .willCallbacksSent, .didCallbacksBegin, .leavingSideEnded: break
        }
    }

    func take(_ step: TransitionOwnStep) {
        let pageController = pageController
        switch step {
        case .installIncomingViews:
            DeliveryLoop.runListed(.installView, for: turn.from) { page in pageController.installView(of: page) }
        case .uninstallOutgoingViews:
            DeliveryLoop.runListed(.uninstallView, for: turn.to) { page in pageController.uninstallView(of: page) }
        case .commitReachedEnd: pageController.paging.pagesDisplayed(turn.from)
        case .reconcile: pageController.reconcilePagesBroughtBack(turn, rule: plan.didRule)
        case .completeCoordinator: pageController.completeOwnTransitionCoordinator(cancelled: true)
        case .endMoves:
            pageController.changingContents { pageController.dropOrKeepPending(turn.to) }
        case .tellDelegateDidFinishAnimating:
            pageController.tellDelegateDidFinishAnimating(finished, previous: turn.from, completed: false)
        case .checkInvariants: pageController.checkInvariants()
        case .commitEnded: pageController.endTurnInFlight()
        default: assertionFailure("\(step) is not a step of a swipe between pages that fell back")
        }
    }
}
