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
/// navigation transition, a tab switch, a page turn, a presentation and a dismissal each make one
/// (with the ``PlannedTransition`` that holds its controllers), and ``TransitionRunner`` runs them
/// all. What differs between them is here, as data, or in the few steps only one of them takes.
struct TransitionPlan {
    /// Which side's callbacks go first.
    enum Order {
        case leavingFirst
        case comingFirst
    }

    /// When the views of the incoming controllers are loaded.
    enum Loading {
        /// All of them, before the first will-callback: a navigation transition, a tab switch, a
        /// presentation (spec §6, §7, §9).
        case beforeTheWills
        /// Each just before its own will-callback: the pages of a turn (§8).
        case beforeEachWill
        /// By the appearance walk, just before the first callback it sends the controller (§5).
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
        /// with a dismissal (its place may have left the window meanwhile).
        case itselfInVisibleWindow
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
    var willOrder: Order
    var didOrder: Order
    /// Whether the will-callbacks run: not for a custom transition that starts off screen (§1).
    var sendsWillCallbacks = true
    /// Whether an outgoing controller that has disappeared already is passed over by the will-half
    /// (a dismissed chain, some of whose controllers a full-screen presentation above hid).
    var skipsDisappearedLeaving = false
    /// The incoming controllers' will-callbacks go last first (a middle spine's animated turn: the
    /// right page first, §8 **[rev 2]**); their did-callbacks go first first all the same.
    var reversesComingWills = false
    var loading: Loading
    var comingBegins: ComingCondition
    /// When an incoming controller's `viewIsAppearing` comes.
    var comingTiming: AppearanceStateMachine.ViewIsAppearingTiming = .afterWillAppear
    /// Whether the transition has a ``TransitionCoordinator`` (a custom transition has none).
    var hasCoordinator = true
    var isInteractive = false
    let willRule: Rule
    let didRule: Rule
    var wait: Wait
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
    /// The outgoing controllers, in the order of their will-callbacks.
    var leaving: TransitionSide { get }
    /// The incoming controllers, in the order of their did-callbacks.
    var coming: TransitionSide { get }
    /// Where the callbacks come from, for the transcript.
    var source: EventSource { get }

    /// Takes the coordinator the runner made for the transition.
    func adopt(_ coordinator: Coordinator)
    /// Before the first will-callback, the views loaded if the plan says so.
    func willCallbacksBegin(in window: Window?)
    /// Just before `controller`'s will-disappear.
    func willBeginLeaving(_ controller: Controller)
    /// After the will-callbacks: the views go in or out, the delegate is told, the app's
    /// `animations` block runs. The runner then runs the coordinator's alongside animations.
    func willCallbacksSent(in window: Window?)
    /// The will-half has run, the alongside animations included: returns the window the did-half
    /// waits in, read once the app's code the will-half sent has run; nil when the transition
    /// completes inside the call (its host left the window, or the window was hidden: a warning
    /// says so).
    func willHalfEnded(in window: Window?) -> Window?
    /// Before the first did-callback.
    func didCallbacksBegin()
    /// Ends `controller`'s disappearance; `source` is the transition's.
    func endDisappearance(of controller: Controller, source: EventSource)
    /// After the outgoing controllers' did-callbacks.
    func leavingSideEnded()
    /// After `controller`'s did-appear (or the disappearance that ended its appearance):
    /// `wasAppearing` says whether it was appearing before.
    func appearanceEnded(of controller: Controller, wasAppearing: Bool)
    /// After the did-callbacks: moves, delegate calls, completions, releases, the requests that
    /// waited. Calls `done` where the transition gives its window's slot back.
    func complete(finished: Bool, done: VisibleTransitionDone)
    /// The controllers the animation names, out and in.
    var animatedLeaving: [Controller] { get }
    var animatedComing: [Controller] { get }
}

extension PlannedTransition {
    func adopt(_ coordinator: Coordinator) { host?.ownTransitionCoordinator = coordinator }
    func willCallbacksBegin(in window: Window?) {}
    func willBeginLeaving(_ controller: Controller) {}
    func willCallbacksSent(in window: Window?) {}
    func didCallbacksBegin() {}
    func endDisappearance(of controller: Controller, source: EventSource) {
        AppearanceWalk.run(
            from: controller, step: .end(appearing: false), source: source, rule: plan.didRule, rootIsManual: false)
    }
    func leavingSideEnded() {}
    func appearanceEnded(of controller: Controller, wasAppearing: Bool) {}
    var animatedLeaving: [Controller] { leaving.asArray }
    var animatedComing: [Controller] { coming.asArray }
}
