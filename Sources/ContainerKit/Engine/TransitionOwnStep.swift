/// Where in a visible transition the ``TransitionRunner`` has the transition plan its own steps
/// (``TransitionOwnStep``): between and after the sides' callbacks.
enum TransitionPoint: Equatable {
    /// Before the first will-callback, once the views the plan loads first are loaded.
    case willCallbacksBegin
    /// After the will-callbacks (before the coordinator's alongside animations, which the runner
    /// plans after the transition's steps).
    case willCallbacksSent
    /// Before the first did-callback.
    case didCallbacksBegin
    /// After the outgoing controllers' did-callbacks.
    case leavingSideEnded
    /// After the did-callbacks, the animation having `finished` or not.
    case completion(finished: Bool)
}

/// A step a visible transition takes itself, not for a controller of one of its sides: a view put
/// in or taken out, a machine's commit, the delegate told, the app's blocks run, the moves that end
/// with the transition, the controllers it held let go of.
///
/// At each of its points (``TransitionPoint``) the ``TransitionRunner`` has the transition plan
/// these steps on the loop's agenda (``PlannedTransition/planOwnSteps(at:in:_:)``), in the order
/// they run, then reads them there one by one, has the transition take each
/// (``PlannedTransition/take(_:)``), and takes them all off once the last has run
/// (``DeliveryLoop/drainOwn(above:_:)``); the runner takes the three that are its own
/// (``runAlongsideAnimations``, ``runLayoutPass``, ``giveSlotBack``). Each names what it does;
/// what it does it to (the views, the blocks, the delegate) the transition holds. A step whose premise a callback of an
/// earlier one may break checks it when its turn comes; a premise that holds for all of a point's
/// steps or none (a tab switch still under way) is read as the point comes, when its steps are
/// planned, as a side is read when its turn comes.
///
/// A byte, with no payload: steps with one (a machine's stage, the delegate's call) cost more to
/// plan and to match, on every transition (callgrind, 2026-11-28: 212 instructions more a push and
/// pop).
enum TransitionOwnStep: UInt8 {
    // The host's machine (the stack, the selection, the pages, the presentation chain) records
    // that the transition has reached a stage.

    /// The transition has begun (a presentation, a sheet's pull).
    case commitBegan
    /// A tab switch's views have swapped.
    case commitViewsSwapped
    /// A tab switch gave its views swap up: its callbacks took the tab bar controller off screen or
    /// began another switch.
    case commitSwapGivenUp
    /// The host shows what the transition brings in.
    case commitReachedEnd
    /// A dismissal has cut the chain's links.
    case commitUnlinked
    /// The gesture's end is recorded: a swipe's pages are shown, unless a request made during the
    /// swipe asked for others.
    case commitGestureEnded
    /// The transition has ended.
    case commitEnded

    // Views.

    /// The incoming controllers' views go in (a dismissal: the presenter's view goes back where a
    /// full-screen presentation took it from).
    case installIncomingViews
    /// The outgoing controllers' views leave, each only from where the transition put or found it.
    case uninstallOutgoingViews
    /// The incoming controllers' layout pass (§1, §3 **[rev 2]**): `viewIsAppearing(_:)`, right
    /// after the will-half of an animated transition (the runner plans it there, last), before
    /// the did-callbacks of a tab switch (the switch plans it). The runner's own step.
    case runLayoutPass

    // The host's delegate, if it has one when the step's turn comes.

    /// `navigationController(_:willShow:animated:)`.
    case tellDelegateWillShow
    /// `navigationController(_:didShow:animated:)`.
    case tellDelegateDidShow
    /// `presentationControllerDidDismiss(_:)`.
    case tellDelegateDidDismiss
    /// `pageViewController(_:didFinishAnimating:previousViewControllers:transitionCompleted:)`.
    case tellDelegateDidFinishAnimating

    // The app's blocks.

    /// The app's `animations` block runs.
    case runAnimations
    /// The coordinator's alongside animations run (the runner's own step: it made the coordinator).
    case runAlongsideAnimations
    /// The coordinator's completions run, cancelled or not as the transition says, and the
    /// controllers stop naming it.
    case completeCoordinator
    /// The completions the app gave with its requests run, told whether the animation finished.
    case runCompletions

    // The rest.

    /// The containment moves that end with the transition end (R7).
    case endMoves
    /// The controllers the transition no longer takes in or out, their appearance still open, go to
    /// the ``AppearanceReconciler``.
    case reconcile
    /// The window decides the status bar's appearance again.
    case updateStatusBar
    /// The transition lets go of the controllers it held, in the order they are to be deallocated.
    case letGo
    /// The requests that waited for the transition are applied.
    case applyWaitingRequests
    /// The host's invariants are checked: planned in the `CONTAINERKIT_INTERNAL_CHECKS` build only
    /// (``OwnStepPlanner/checkInvariants()``).
    case checkInvariants
    /// The transition gives its window's slot back (the runner's own step, the
    /// ``VisibleTransitionDone`` it was given): planned once, at the completion.
    case giveSlotBack
}

/// What a transition plans its own steps with, at one of the runner's points: each call plans one
/// above the agenda's top, in the order they are to run. Made by the runner only, which drains what
/// was planned before the point's work goes on.
@MainActor
struct OwnStepPlanner {
    fileprivate init() {}

    /// Plans `step` to run after those planned before it at this point.
    @inline(__always)
    func then(_ step: TransitionOwnStep) {
        DeliveryLoop.agenda.append(.own(step))
    }

    /// Plans ``TransitionOwnStep/checkInvariants`` in the `CONTAINERKIT_INTERNAL_CHECKS` build;
    /// nothing otherwise.
    @inline(__always)
    func checkInvariants() {
        #if CONTAINERKIT_INTERNAL_CHECKS
            then(.checkInvariants)
        #endif
    }
}

extension TransitionRunner {
    /// Has `transition` plan its own steps for `point` on the agenda, then runs them in the order
    /// planned (``DeliveryLoop/drainOwn(above:_:)``): the transition takes its steps, the runner the
    /// three that are its own (`coordinator`'s alongside animations and, for an animated
    /// transition, the incoming controllers' layout pass, both planned after the transition's at
    /// ``TransitionPoint/willCallbacksSent``; and `done`, ``TransitionOwnStep/giveSlotBack``).
    @inline(__always)
    static func runOwnSteps<Transition: PlannedTransition>(
        of transition: Transition, at point: TransitionPoint, in window: Window?,
        coordinator: Coordinator? = nil, done: VisibleTransitionDone = .nothing
    ) {
        let base = DeliveryLoop.agendaTop
        let planner = OwnStepPlanner()
        transition.planOwnSteps(at: point, in: window, planner)
        if coordinator != nil { planner.then(.runAlongsideAnimations) }
        // `if case`, not `==`: the synthesized equality of a point is a call at every point.
        if case .willCallbacksSent = point, transition.plan.laysOutAfterTheWills { planner.then(.runLayoutPass) }
        DeliveryLoop.drainOwn(above: base) { step in
            switch step {
            case .runAlongsideAnimations: runAlongsideAnimations(of: coordinator)
            case .runLayoutPass: layOutComing(of: transition)
            case .giveSlotBack: done()
            default: transition.take(step)
            }
        }
    }

    /// `coordinator`'s alongside animations. Out of line: inlined into a runner's half specialized
    /// for a transition, Swift 6.3's optimizer fails to compile it (a SIL verification error, "read-only
    /// scope invalidated by a local write", in the release build).
    @inline(never)
    private static func runAlongsideAnimations(of coordinator: Coordinator?) {
        coordinator?.runAlongsideAnimations()
    }
}
