/// Runs every visible transition from its plan (``TransitionPlan``, ``PlannedTransition``): a
/// custom container's `transition(from:to:…)`, a navigation transition, a tab switch, a page turn,
/// a presentation, a dismissal, and a cancelled gesture going back.
///
/// The will-half (``begin(_:in:)``): the coordinator; the incoming views loaded when the plan
/// says so; the transition's first own steps; the outgoing and incoming controllers'
/// will-callbacks, in the plan's order, each incoming one only while the plan's condition holds;
/// the transition's own steps after them (views in and out, the delegate's `willShow`, the app's
/// `animations`), then the coordinator's alongside animations. Then the transition says whether it
/// goes on, read once the app's code has run. The did-half (``end(_:finished:done:)``) follows at
/// once, or when the animation completes, or at the end of the turn: the transition's own steps
/// before the did-callbacks, the did-callbacks in the plan's order (with the steps the outgoing
/// side's end brings), then its own steps at the completion: moves, delegate calls, completions,
/// releases, and the window's slot given back. A plan that sends one side each
/// (``TransitionPlan/Split/oneSideEach``) has the will-half send the first side's will- and
/// did-callbacks, each controller's in turn, and the did-half the other side's.
///
/// Everything runs from the loop's agenda (``DeliveryLoop/agenda``). For a side, the runner plans
/// a ``ListedStep`` for each of its controllers above the agenda's top, in the plan's order, then
/// takes them off one by one. A step that begins or ends a controller's appearance walks its tree,
/// and the walk plans its children's steps above the side's and drains them before the side's next
/// step comes off. A side is planned when its turn comes, not with its half: the callbacks of the
/// side before may change what it is. At each of its points (``TransitionPoint``) the runner has the
/// transition plan its own steps (``TransitionOwnStep``) in the order they run, and runs them in
/// that order (``runOwnSteps(of:at:in:coordinator:done:)``); those are planned when the point
/// comes, too.
///
/// Each callback may re-enter the engine. The walk checks each of its steps' premises
/// (``PlannedStep``); an outgoing controller's will-callback has the premise that it has not
/// disappeared already, where the plan says so, and an incoming one's the condition the plan
/// names: ``DeliveryLoop/verdict(_:)`` checks both just before the callback, so what a callback
/// changed is seen by the next step (Reentrancy.md).
@MainActor
enum TransitionRunner {
    /// Runs `transition`, started in `window` (nil for a custom transition off screen): its
    /// will-half now, its did-half now or once what the plan waits for has come. `done` is called
    /// where the transition's completion plans ``TransitionOwnStep/giveSlotBack``.
    static func run<Transition: PlannedTransition>(
        _ transition: Transition, in window: Window?, done: VisibleTransitionDone
    ) {
        begin(transition, in: window)
        let waitingWindow = transition.willHalfEnded(in: window)
        let wait = transition.plan.wait
        // `switch`, not `if let`: a binding is a copy, retained and released around each call.
        switch (waitingWindow, wait) {
        case (let window?, .animation), (let window?, .endOfTurn):
            let plan = transition.plan
            let animation = TransitionAnimation(
                kind: plan.kind, container: transition.host!, from: transition.animatedLeaving,
                to: transition.animatedComing, duration: plan.duration, options: plan.options, window: window
            ) { finished in
                end(transition, finished: finished, done: done)
            }
            if wait == .animation {
                window.animationStarted(animation)
            } else {
                // In flight until the end of the turn, though not animated: never handed to the
                // driver. A container leaving the window, or the window hiding, completes it first.
                window.animationsInFlight.append(animation)
                window.enqueue(.completeAnimation(animation))
            }
        default:
            end(transition, finished: true, done: done)
        }
    }

    /// The will-half of `transition` in `window`, up to and including the coordinator's alongside
    /// animations. An interactive transition calls it, then hands its animation to a gesture.
    /// Returns the coordinator it made, if the plan has one.
    @discardableResult
    static func begin<Transition: PlannedTransition>(_ transition: Transition, in window: Window?) -> Coordinator? {
        let plan = transition.plan
        var coordinator: Coordinator?
        if plan.hasCoordinator {
            let made = Coordinator(
                isAnimated: plan.animated, duration: plan.animated ? plan.duration : 0,
                isInteractive: plan.isInteractive)
            transition.adopt(made)
            coordinator = made
        }
        if plan.loading == .beforeTheWills {
            runSteps(.loadView, for: transition.coming, lastFirst: false) { $0.loadViewIfNeeded() }
        }
        runOwnSteps(of: transition, at: .willCallbacksBegin, in: window)
        if plan.sendsWillCallbacks {
            let source = transition.source
            switch (plan.split, plan.willOrder) {
            case (.willsThenDids, .leavingFirst):
                beginLeaving(transition, source: source)
                beginComing(transition, in: window, source: source)
            case (.willsThenDids, .comingFirst):
                beginComing(transition, in: window, source: source)
                beginLeaving(transition, source: source)
            case (.oneSideEach, .leavingFirst):
                sendLeaving(transition, source: source)
            case (.oneSideEach, .comingFirst):
                sendComing(transition, in: window, source: source)
            }
        }
        runOwnSteps(of: transition, at: .willCallbacksSent, in: window, coordinator: coordinator)
        return coordinator
    }

    /// The did-half of `transition`: its first steps, the did-callbacks in the plan's order (none
    /// when the will-callbacks were not sent), or the side the will-half left for a plan that sends
    /// one side each, then the transition's own steps at its completion, `done` among them.
    static func end<Transition: PlannedTransition>(
        _ transition: Transition, finished: Bool, done: VisibleTransitionDone
    ) {
        runOwnSteps(of: transition, at: .didCallbacksBegin, in: nil)
        if transition.plan.sendsWillCallbacks {
            let source = transition.source
            switch (transition.plan.split, transition.plan.didOrder) {
            case (.willsThenDids, .leavingFirst):
                endLeaving(transition, source: source)
                endComing(transition, source: source)
            case (.willsThenDids, .comingFirst):
                endComing(transition, source: source)
                endLeaving(transition, source: source)
            case (.oneSideEach, .leavingFirst):
                // No window here: the plan lets each incoming controller begin on its own condition.
                assert(transition.plan.comingBegins == .itselfInVisibleWindow)
                sendComing(transition, in: nil, source: source)
            case (.oneSideEach, .comingFirst):
                sendLeaving(transition, source: source)
            }
        }
        runOwnSteps(of: transition, at: .completion(finished: finished), in: nil, done: done)
    }

    @inline(__always)
    private static func beginLeaving<Transition: PlannedTransition>(_ transition: Transition, source: EventSource) {
        let plan = transition.plan
        runSteps(.beginLeaving, for: transition.leaving, lastFirst: plan.lastFirstWills == .leaving) { controller in
            if plan.skipsDisappearedLeaving, DeliveryLoop.verdict(.notDisappeared(controller)) != .hold { return }
            transition.willBeginLeaving(controller)
            AppearanceWalk.run(
                from: controller,
                step: .begin(appearing: false, animated: plan.animated),
                source: source, rule: plan.willRule, rootIsManual: false)
        }
    }

    @inline(__always)
    private static func beginComing<Transition: PlannedTransition>(
        _ transition: Transition, in window: Window?, source: EventSource
    ) {
        let plan = transition.plan
        runSteps(.beginComing, for: transition.coming, lastFirst: plan.lastFirstWills == .coming) { controller in
            if plan.loading == .beforeEachWill { controller.loadViewIfNeeded() }
            guard mayBegin(controller, of: transition, in: window) else { return }
            transition.willBeginComing(controller)
            AppearanceWalk.run(
                from: controller,
                step: .begin(appearing: true, animated: plan.animated),
                source: source, rule: plan.willRule, rootIsManual: false)
        }
    }

    /// The outgoing side of a plan that sends one side each: each controller's will-callback, then
    /// its did-callback. Out of line, as the incoming side's: a cold path, kept out of the halves.
    /// Each controller's will-callback is written out here and in ``beginLeaving(_:source:)`` (and
    /// the incoming side's in ``beginComing(_:in:source:)``) on purpose: shared through
    /// `@inline(__always)` helpers, they cost 66 more instructions a push and pop and 78 more a tab
    /// switch and back (callgrind, 2026-11-27), the plan passed in or read again.
    @inline(never)
    private static func sendLeaving<Transition: PlannedTransition>(_ transition: Transition, source: EventSource) {
        let plan = transition.plan
        runSteps(.sendLeaving, for: transition.leaving, lastFirst: plan.lastFirstWills == .leaving) { controller in
            if !plan.skipsDisappearedLeaving || DeliveryLoop.verdict(.notDisappeared(controller)) == .hold {
                transition.willBeginLeaving(controller)
                AppearanceWalk.run(
                    from: controller,
                    step: .begin(appearing: false, animated: plan.animated),
                    source: source, rule: plan.willRule, rootIsManual: false)
            }
            transition.endDisappearance(of: controller, source: source)
        }
        runOwnSteps(of: transition, at: .leavingSideEnded, in: nil)
    }

    /// The incoming side of a plan that sends one side each: each controller's will-callback, then
    /// its did-callback (``PlannedTransition/endAppearance(of:source:)``); one that may not begin
    /// appearing is passed over (``PlannedTransition/incomingPassedOver(_:source:)``).
    @inline(never)
    private static func sendComing<Transition: PlannedTransition>(
        _ transition: Transition, in window: Window?, source: EventSource
    ) {
        let plan = transition.plan
        runSteps(.sendComing, for: transition.coming, lastFirst: plan.lastFirstWills == .coming) { controller in
            if plan.loading == .beforeEachWill { controller.loadViewIfNeeded() }
            guard mayBegin(controller, of: transition, in: window) else {
                transition.incomingPassedOver(controller, source: source)
                return
            }
            transition.willBeginComing(controller)
            AppearanceWalk.run(
                from: controller,
                step: .begin(appearing: true, animated: plan.animated),
                source: source, rule: plan.willRule, rootIsManual: false)
            let wasAppearing = controller.appearanceState == .appearing
            transition.endAppearance(of: controller, source: source)
            transition.appearanceEnded(of: controller, wasAppearing: wasAppearing)
        }
    }

    /// Whether `controller`, brought in by `transition`, begins appearing now: the premise of its
    /// will-callback, the plan's ``TransitionPlan/ComingCondition``, checked by the loop.
    @inline(__always)
    private static func mayBegin<Transition: PlannedTransition>(
        _ controller: Controller, of transition: Transition, in window: Window?
    ) -> Bool {
        DeliveryLoop.verdict(
            .coming(controller, transition.plan.comingBegins, host: transition.host, window: window)) == .hold
    }

    @inline(__always)
    private static func endLeaving<Transition: PlannedTransition>(_ transition: Transition, source: EventSource) {
        runSteps(.endLeaving, for: transition.leaving, lastFirst: false) { controller in
            transition.endDisappearance(of: controller, source: source)
        }
        runOwnSteps(of: transition, at: .leavingSideEnded, in: nil)
    }

    @inline(__always)
    private static func endComing<Transition: PlannedTransition>(_ transition: Transition, source: EventSource) {
        let plan = transition.plan
        runSteps(.endComing, for: transition.coming, lastFirst: false) { controller in
            let wasAppearing = controller.appearanceState == .appearing
            AppearanceWalk.endIncomingAppearance(
                of: controller, animated: plan.animated, source: source, rule: plan.didRule)
            transition.appearanceEnded(of: controller, wasAppearing: wasAppearing)
        }
    }

    /// The layout pass of `transition`'s incoming controllers (§1, §3 **[rev 2]**), in the order
    /// of their will-callbacks: `viewIsAppearing(_:)` of each that still awaits it, and of the
    /// controllers appearing with it.
    static func layOutComing<Transition: PlannedTransition>(of transition: Transition) {
        let plan = transition.plan
        let source = transition.source
        runSteps(.layOutComing, for: transition.coming, lastFirst: plan.lastFirstWills == .coming) { controller in
            LayoutPass.run(from: controller, source: source, rule: plan.layoutPassRule)
        }
    }

    /// Plans `step` for each controller of `side` on the loop's agenda, above its top, then takes
    /// them off it one by one and runs `body` on each: in the order the side lists them, or,
    /// `lastFirst`, the other way round. A walk that `body` begins plans above the side's steps
    /// and drains its own before the side's next step comes off. The side is read by the caller
    /// when its turn comes, as the callbacks sent before may have changed it (a tab switch's
    /// outgoing tab is one only while the switch is under way), and held here until its steps have
    /// run, as they hold its controllers unretained.
    @inline(__always)
    private static func runSteps(
        _ step: ListedStep, for side: TransitionSide, lastFirst: Bool, _ body: (Controller) -> Void
    ) {
        let base = DeliveryLoop.agendaTop
        // The last to run goes on first: the agenda runs its top first.
        side.forEachInWillOrder(lastFirst: !lastFirst) { controller in
            DeliveryLoop.agenda.append(.listed(step, Unmanaged.passUnretained(controller)))
        }
        DeliveryLoop.drainListed(step, above: base, body)
        // Not `withExtendedLifetime(side) { … }`: a closure the standard library calls checks the
        // executor each time it runs. Nor `extendLifetime(_:)`, which compilers before Swift 6.2
        // lack: the package's tools version is 6.0.
        _fixLifetime(side)
    }
}
