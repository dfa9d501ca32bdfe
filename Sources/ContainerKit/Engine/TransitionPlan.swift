/// The controllers on one side of a visible transition: those it takes out, or those it brings
/// in. None or one for a push, a pop, a tab switch, a custom transition or a presentation (no
/// array is built for them), several for a page turn or a dismissed chain.
///
/// The one controller is held unretained, so that the runner reads it without reference counting
/// (CONTRIBUTING.md, "Performance"): the ``PlannedTransition`` whose side it is holds it until its
/// did-callbacks have run, and the runner holds that transition.
@MainActor
enum TransitionSide {
    case one(Unmanaged<Controller>?)
    case several([Controller])

    /// None, or `controller`.
    static func only(_ controller: Controller?) -> TransitionSide {
        // `switch`, not `Optional.map`: a closure the standard library calls checks the executor.
        switch controller {
        case let controller?: .one(Unmanaged.passUnretained(controller))
        case nil: .one(nil)
        }
    }

    var count: Int {
        switch self {
        case .one(let controller): controller == nil ? 0 : 1
        case .several(let controllers): controllers.count
        }
    }

    /// Calls `body` with the side's `index`th controller, in the order the plan lists it.
    @inline(__always)
    func with(_ index: Int, _ body: (Controller) -> Void) {
        switch self {
        case .one(let controller): controller!.withGuaranteed(body)
        case .several(let controllers): body(controllers[index])
        }
    }

    /// Calls `body` with each of the side's controllers in the order of their will-callbacks: the
    /// order the plan lists them in, or, `lastFirst`, the other way round.
    @inline(__always)
    func forEachInWillOrder(lastFirst: Bool, _ body: (Controller) -> Void) {
        let count = count
        for position in 0..<count { with(lastFirst ? count - 1 - position : position, body) }
    }

    /// The side's controllers, for a ``TransitionAnimation`` to name.
    var asArray: [Controller] {
        switch self {
        case .one(let controller?): [controller.takeUnretainedValue()]
        case .one(nil): []
        case .several(let controllers): controllers
        }
    }
}

/// How a visible transition goes: the order of its will- and did-callbacks, the timing of the
/// incoming controllers' `viewIsAppearing`, when they may begin appearing, the rules the callbacks
/// follow, and what its did-half waits for. A custom container's `transition(from:to:…)`, a
/// navigation transition, a tab switch, a page turn, a presentation, a dismissal, and a cancelled
/// gesture going back each make one (with the ``PlannedTransition`` that holds its controllers),
/// and ``TransitionRunner`` runs them all. What differs between them is here, as data, or in the
/// few steps only one of them takes.
///
/// A cancelled gesture's going back is a plan of its own, whose outgoing side is what the gesture
/// was bringing in and whose incoming side is what it was taking out.
struct TransitionPlan {
    /// Which side's callbacks go first.
    enum Order {
        case leavingFirst
        case comingFirst
    }

    /// One side of the transition.
    enum Side {
        case leaving
        case coming
    }

    /// Which callbacks each half sends.
    enum Split {
        /// The will-half every will-callback, the did-half every did-callback, each in the order the
        /// plan gives.
        case willsThenDids
        /// The will-half the will- and did-callbacks of the side the orders put first (the two
        /// orders are the same), each controller's did-callback right after its will-callback; the
        /// did-half those of the other side. An incoming controller that may not begin appearing
        /// gets neither (``PlannedTransition/incomingPassedOver(_:source:)``). The did-half has no
        /// window, so the incoming controllers it sends begin on their own condition
        /// (``ComingCondition/itselfInVisibleWindow``). A cancelled gesture going back, one side
        /// after the other: a swipe back, a `.scroll` swipe between pages (its outgoing pages come
        /// back inside `cancel()`, the incoming ones leave when the animation completes), the pull
        /// of a sheet.
        case oneSideEach
    }

    /// When the views of the incoming controllers are loaded.
    enum Loading {
        /// All of them, before the first will-callback: a navigation transition, a tab switch, a
        /// presentation (spec §6, §7, §9).
        case beforeTheWills
        /// Each just before its own will-callback: the pages of a turn (§8).
        case beforeEachWill
        /// By the appearance walk, just before the first callback it sends the controller (§5); a
        /// gesture going back finds them loaded.
        case byTheWalk
    }

    /// Whether an incoming controller begins appearing, read just before its will-callback: the
    /// callbacks sent before may have taken the host off screen (Reentrancy.md).
    enum ComingCondition {
        /// While the host is on screen in the transition's window: a built-in container.
        case hostShown
        /// While the host is in a visible window: a custom container's transition.
        case hostInVisibleWindow
        /// While the window is not hidden: a presentation.
        case windowNotHidden
        /// While the incoming controller itself is in a visible window: the presenter coming back
        /// with a dismissal (its place may have left the window meanwhile), and what a cancelled
        /// gesture brings back (its view may have been moved out by hand during the gesture).
        case itselfInVisibleWindow
        /// While the incoming controller is in a visible window, or its view is out and the place
        /// it goes back to is in one: the presenter coming back with a dismissal, whose view goes
        /// back after its will-appear (§3 **[rev 2]**).
        case placeInVisibleWindow
    }

    /// What the did-half waits for once the will-half has run.
    enum Wait {
        /// Nothing: it follows at once, inside the call.
        case nothing
        /// The window's animation driver.
        case animation
        /// The end of the turn, in flight meanwhile but never handed to the driver: a tab switch
        /// made inside its call (§1 **[rev 2]**, §7).
        case endOfTurn
    }

    let kind: TransitionAnimation.Kind
    let animated: Bool
    /// The animation's length, in seconds: the one asked for, or the built-in one.
    let duration: Double
    var options: TransitionOptions = []
    var split: Split = .willsThenDids
    var willOrder: Order
    var didOrder: Order
    /// Whether the will-callbacks run: not for a custom transition that starts off screen (§1).
    var sendsWillCallbacks = true
    /// Whether an outgoing controller that has disappeared already is passed over by the will-half
    /// (a dismissed chain, some of whose controllers a full-screen presentation above hid).
    var skipsDisappearedLeaving = false
    /// The side whose will-callbacks go last first, if any; its did-callbacks go first first all
    /// the same. With a middle spine, the pair an animated turn brings in sends its will-callbacks
    /// right page first (§8 **[rev 2]**): its `viewWillAppear`, and its `viewWillDisappear` when a
    /// swipe falls back.
    var lastFirstWills: Side?
    var loading: Loading
    var comingBegins: ComingCondition
    /// The rule of the incoming controllers' layout pass (§1, §3 **[rev 2]**): their
    /// `viewIsAppearing(_:)`, right after the will-callbacks of an animated transition (the
    /// navigation delegate's `willShow` included), before the did-half of a tab switch, and
    /// otherwise just before each `viewDidAppear(_:)`.
    var layoutPassRule = Rule.viewIsAppearingInTransition

    /// Whether the runner lays the incoming controllers out once the will-half's steps have run
    /// (``TransitionOwnStep/runLayoutPass``): an animated transition whose did-callbacks wait.
    var laysOutAfterTheWills: Bool { animated && sendsWillCallbacks && split == .willsThenDids }
    /// Whether the runner makes a ``TransitionCoordinator`` for the transition: not for a custom
    /// transition, which has none, nor for a cancelled gesture going back, which completes the
    /// gesture's.
    var hasCoordinator = true
    var isInteractive = false
    let willRule: Rule
    let didRule: Rule
    var wait: Wait
}

extension TransitionPlan {
    /// The plan of a cancelled gesture going back: animated and interactive, as the gesture was;
    /// no coordinator made, as the gesture's completes; the views loaded already; and what the
    /// gesture was taking out begins appearing again only while it is in a visible window (its view
    /// may have been moved out by hand during the gesture).
    static func goingBack(
        _ kind: TransitionAnimation.Kind, duration: Double, split: Split, order: Order, lastFirstWills: Side? = nil,
        willRule: Rule, didRule: Rule, wait: Wait
    ) -> TransitionPlan {
        TransitionPlan(
            kind: kind, animated: true, duration: duration, split: split, willOrder: order, didOrder: order,
            lastFirstWills: lastFirstWills, loading: .byTheWalk, comingBegins: .itselfInVisibleWindow,
            hasCoordinator: false, isInteractive: true, willRule: willRule, didRule: didRule, wait: wait)
    }
}

/// A visible transition under way: its ``TransitionPlan``, the controllers it moves, and the steps
/// only its kind takes, which ``TransitionRunner`` calls at fixed points. A reference, so the
/// animation's completion holds the controllers only through it, and the transition lets them go
/// when it ends, before the deallocations it sends.
@MainActor
protocol PlannedTransition: AnyObject {
    var plan: TransitionPlan { get }
    /// The controller whose transition it is: the container, or the presenting controller.
    var host: Controller? { get }
    /// The outgoing controllers, in the order of their did-callbacks (and of their will-callbacks,
    /// unless the plan has those go last first).
    var leaving: TransitionSide { get }
    /// The incoming controllers, in the same order.
    var coming: TransitionSide { get }
    /// Where the callbacks come from, for the transcript.
    var source: EventSource { get }

    /// Takes the coordinator the runner made for the transition.
    func adopt(_ coordinator: Coordinator)
    /// Plans the transition's own steps for `point` with `planner`, in the order they are to run
    /// (``TransitionOwnStep``): the runner reads them on the agenda one by one, in that order, and
    /// has the transition take each (``take(_:)``). What the point reads once for all its steps (the window
    /// the will-half runs in, a premise of all or none of them) is read here, as the point comes.
    /// The completion (``TransitionPoint/completion(finished:)``) plans
    /// ``TransitionOwnStep/giveSlotBack`` once, where the transition gives its window's slot back.
    func planOwnSteps(at point: TransitionPoint, in window: Window?, _ planner: OwnStepPlanner)
    /// Takes `step`, one of its own steps, when its turn on the agenda comes.
    func take(_ step: TransitionOwnStep)
    /// Just before `controller`'s will-disappear.
    func willBeginLeaving(_ controller: Controller)
    /// Just before `controller`'s will-appear, once it may begin appearing.
    func willBeginComing(_ controller: Controller)
    /// The will-half has run, the alongside animations included: returns the window the did-half
    /// waits in, read once the app's code the will-half sent has run; nil when the transition
    /// completes inside the call (its host left the window, or the window was hidden: a warning
    /// says so).
    func willHalfEnded(in window: Window?) -> Window?
    /// Ends `controller`'s disappearance; `source` is the transition's.
    func endDisappearance(of controller: Controller, source: EventSource)
    /// In a plan that sends one side each (``TransitionPlan/Split/oneSideEach``), ends the
    /// appearance of `controller`, an incoming one that began appearing; `source` is the
    /// transition's. By default, as the did-half of any other plan does: it appears if its view is
    /// in a visible window, and disappears again otherwise
    /// (``AppearanceWalk/endIncomingAppearance(of:animated:source:rule:)``).
    func endAppearance(of controller: Controller, source: EventSource)
    /// In a plan that sends one side each (``TransitionPlan/Split/oneSideEach``), what an incoming
    /// controller that may not begin appearing gets in place of its callbacks: by default nothing.
    func incomingPassedOver(_ controller: Controller, source: EventSource)
    /// After `controller`'s did-appear (or the disappearance that ended its appearance):
    /// `wasAppearing` says whether it was appearing before.
    func appearanceEnded(of controller: Controller, wasAppearing: Bool)
    /// The controllers the animation names, out and in.
    var animatedLeaving: [Controller] { get }
    var animatedComing: [Controller] { get }
}

extension PlannedTransition {
    func adopt(_ coordinator: Coordinator) { host?.ownTransitionCoordinator = coordinator }
    func willBeginLeaving(_ controller: Controller) {}
    func willBeginComing(_ controller: Controller) {}
    func endDisappearance(of controller: Controller, source: EventSource) {
        AppearanceWalk.run(
            from: controller, step: .end(appearing: false), source: source, rule: plan.didRule, rootIsManual: false)
    }
    func endAppearance(of controller: Controller, source: EventSource) {
        AppearanceWalk.endIncomingAppearance(
            of: controller, animated: plan.animated, source: source, rule: plan.didRule)
    }
    func incomingPassedOver(_ controller: Controller, source: EventSource) {}
    func appearanceEnded(of controller: Controller, wasAppearing: Bool) {}
    var animatedLeaving: [Controller] { leaving.asArray }
    var animatedComing: [Controller] { coming.asArray }
}
