/// The agenda: the steps planned and not run yet.
extension DeliveryLoop {
    /// The planned steps of every appearance walk, transition side, list, transition's point and
    /// window resize under way, innermost last.
    ///
    /// A walk, the ``TransitionRunner`` running one side of a transition, or the code running a
    /// list (``runListed(_:for:_:)``) puts the steps it plans on top and runs them, the last
    /// planned first, until the agenda is back to where it found it; a transition's own steps at
    /// one of the runner's points (``TransitionOwnStep``) are run in the order planned, where they
    /// lie, and taken off together. Whatever begins from inside
    /// one of those steps' callbacks (a frame of its own) plans above them and drains its own steps
    /// before it returns, so the next step below comes after them: what a callback asks for is done
    /// inside the call (§1). A transition's step that walks the controller's tree plans that walk's
    /// steps above its own side's. One buffer serves them all and keeps its capacity between them,
    /// so a walk of any size allocates nothing once the buffer has grown to the deepest tree
    /// walked.
    @exclusivity(unchecked) static var agenda = Agenda()

    /// The agenda's top, where a walk or a side begins planning: it drains the agenda back down to
    /// it.
    @inline(__always)
    static var agendaTop: Int { agenda.count }

    /// The next step of the walk that began planning at `base`, taken off the agenda; nil once the
    /// walk's steps are all taken. Above `base` there are only the walk's own steps: whatever its
    /// callbacks planned above them has been drained when they return.
    @inline(__always)
    static func nextForwardedStep(above base: Int) -> PlannedStep? {
        guard agenda.count > base else { return nil }
        switch agenda.removeLast() {
        case .forwarded(let planned): return planned
        case .listed, .held: preconditionFailure("a listed step above a walk's")
        case .own: preconditionFailure("a transition's own step above a walk's")
        case .sizeTransition: preconditionFailure("a size transition's step above a walk's")
        }
    }

    /// Plans `step` for each of `controllers` on the agenda, above its top, then takes them off it
    /// one by one, in the order of the list, and runs `body` on each. `body` checks the step's
    /// premises when its turn comes, as a callback of an earlier one may have moved it; a walk it
    /// begins plans above the list's steps and drains its own before the next comes off.
    /// `controllers` is held here until the steps have all run, as they hold its controllers
    /// unretained.
    @inline(__always)
    static func runListed(_ step: ListedStep, for controllers: [Controller], _ body: (Controller) -> Void) {
        let base = agendaTop
        // The last to run goes on first: the agenda runs its top first.
        for controller in controllers.reversed() {
            agenda.append(.listed(step, Unmanaged.passUnretained(controller)))
        }
        drainListed(step, above: base, body)
        // Not `withExtendedLifetime(controllers) { … }`: a closure the standard library calls checks
        // the executor each time it runs. Nor `extendLifetime(_:)`, which compilers before Swift 6.2
        // lack: the package's tools version is 6.0.
        _fixLifetime(controllers)
    }

    /// ``runListed(_:for:_:)`` for a list the agenda takes over: each controller is held by its
    /// step alone once the steps are planned, and let go as soon as its step has run, so that one
    /// nothing else holds is deallocated then, before the next step's callbacks (the controllers a
    /// navigation change takes out).
    @inline(__always)
    static func runListed(
        _ step: ListedStep, releasingEach controllers: consuming [Controller], _ body: (Controller) -> Void
    ) {
        let base = agendaTop
        // The loop consumes the list: once it ends, the steps hold the controllers alone.
        for controller in controllers.reversed() { planHeld(step, for: controller) }
        drainListed(step, above: base, body)
    }

    /// Checks, at the end of a turn, that the agenda is empty when the turn ran outside any callback,
    /// in the `CONTAINERKIT_INTERNAL_CHECKS` build; compiled to nothing otherwise. Every walk, side
    /// and list drains the steps it planned before it returns. (Not at the end of every public entry
    /// point: the engine's own work between a list's steps, an animation a view move completes, say,
    /// reaches those with the list's steps still planned.)
    @inline(__always)
    static func checkAgendaDrained() {
        #if CONTAINERKIT_INTERNAL_CHECKS
            if innermost == nil {
                precondition(agendaTop == 0, "\(agendaTop) steps left on the agenda after a turn")
            }
        #endif
    }

    /// Plans `step` for `controller` on top of the agenda, holding it until the step has run: a
    /// walk of its own that ``drainListed(_:above:_:)`` drains, whose steps plan those of the
    /// controllers they reach (a tab switch's layout pass).
    @inline(__always)
    static func planHeld(_ step: ListedStep, for controller: Controller) {
        agenda.append(.held(step, Unmanaged.passRetained(controller)))
    }

    /// Takes the `step`s planned above `base` off the agenda one by one, the top first, and runs
    /// `body` on the controller of each: the drain of a list (``runListed(_:for:_:)``,
    /// ``runListed(_:releasingEach:_:)``) or of a transition's side (``TransitionRunner``). Above
    /// `base` there are only those steps: whatever their callbacks planned above them has been
    /// drained when they return.
    @inline(__always)
    static func drainListed(_ step: ListedStep, above base: Int, _ body: (Controller) -> Void) {
        while agenda.count > base {
            switch agenda.removeLast() {
            case .listed(let planned, let controller):
                assert(planned == step, "a list's steps are all of one kind")
                controller.withGuaranteed(body)
            case .held(let planned, let controller):
                assert(planned == step, "a list's steps are all of one kind")
                controller.withGuaranteed(body)
                controller.release()
            case .forwarded: preconditionFailure("a walk's step above a listed one")
            case .own: preconditionFailure("a transition's own step above a listed one")
            case .sizeTransition: preconditionFailure("a size transition's step above a listed one")
            }
        }
    }

    /// Runs `body` on each of the transition's own steps planned above `base`, in the order they
    /// were planned, then takes them all off the agenda
    /// (``TransitionRunner/runOwnSteps(of:at:in:coordinator:done:)``). Unlike a walk's or a list's,
    /// they are read where they lie, not taken off one by one, so that a transition plans them in
    /// the order they run: whatever a step's code plans goes above them all and has been drained
    /// when it returns.
    @inline(__always)
    static func drainOwn(above base: Int, _ body: (TransitionOwnStep) -> Void) {
        let end = agenda.count
        var next = base
        while next < end {
            body(agenda.ownStep(at: next))
            assert(agenda.count == end, "a transition's own step left steps of its own planned")
            next &+= 1
        }
        agenda.dropOwnSteps(above: base)
    }
}

/// A step on the loop's agenda (``DeliveryLoop/agenda``): a walk's step for a child, a step for one
/// controller of a list (``ListedStep``: a transition's side, or a list found before the first
/// one's callbacks run), a transition's own step (``TransitionOwnStep``), or a controller's step in
/// a window's resize (``PlannedSizeTransition``). A step with premises is checked against them with
/// ``DeliveryLoop/verdict(_:)`` when its turn comes, not when it is planned; a resize's step has
/// none.
enum AgendaEntry {
    /// An appearance walk's step for a child, with the premises it was planned under.
    case forwarded(PlannedStep)
    /// `step` for `controller`, one of a list of controllers: a side of the transition the
    /// ``TransitionRunner`` runs, or a list found before the first one's callbacks ran
    /// (``DeliveryLoop/runListed(_:for:_:)``). Its premises follow from the step and what the code
    /// that drains it holds (the transition's plan, the window); so does that code's list (the
    /// side, or the array), which holds `controller`, which is therefore held unretained here.
    case listed(ListedStep, Unmanaged<Controller>)
    /// `step` for `controller`, held by the entry itself, which gives its reference up once the
    /// step has run: one of a list the agenda holds alone
    /// (``DeliveryLoop/runListed(_:releasingEach:_:)``), or a step of a walk that plans its
    /// controllers one by one as it reaches them (``DeliveryLoop/planHeld(_:for:)``).
    case held(ListedStep, Unmanaged<Controller>)
    /// A step the transition the ``TransitionRunner`` runs takes itself (``TransitionOwnStep``): the
    /// transition holds what it needs, so the entry holds no reference.
    case own(TransitionOwnStep)
    /// A controller's `viewWillTransition(to:with:)` in a window's resize
    /// (``Window/resize(to:)``): a size and a source, which the other entries do not carry, so the
    /// entry holds them in an object of their own, made only by a resize, where a field of the
    /// entry itself would make every step of every walk take more room. Held by the entry and let
    /// go of once its step has run, as ``held(_:_:)``'s controller is.
    case sizeTransition(Unmanaged<PlannedSizeTransition>)
}

/// What is planned for one controller of a list: a side of a visible transition, or a list found
/// before the first one's callbacks run (a window's roots, a built-in container's children, moves
/// and views, a dismissal's chain, the reconciler's lists), one case per kind, so that a step says
/// what it does wherever the agenda is read.
enum ListedStep {
    // A transition's side (``TransitionRunner``).

    /// Begin the disappearance of an outgoing controller: its will-callbacks, unless the plan
    /// passes over one that has disappeared already (premise:
    /// ``DeliveryLoop/Premises/notDisappeared(_:)``).
    case beginLeaving
    /// Load the view of an incoming controller if the plan loads each just before its
    /// will-callback, then begin its appearance, while the plan's condition holds (premise:
    /// ``DeliveryLoop/Premises/coming(_:_:host:window:)``).
    case beginComing
    /// ``beginLeaving``, then at once the end of the disappearance: a plan that sends one side each.
    case sendLeaving
    /// ``beginComing``, then at once the end of the appearance: a plan that sends one side each. A
    /// controller that may not begin appearing is passed over instead.
    case sendComing
    /// End the disappearance of an outgoing controller.
    case endLeaving
    /// End the appearance of an incoming controller.
    case endComing

    // A list found before the first one's callbacks run (``DeliveryLoop/runListed(_:for:_:)``).

    /// Begin the appearance of a driving root a window entry found, if the window still drives it
    /// (premise: ``DeliveryLoop/Premises/entering(_:within:window:)``).
    case enterRoot
    /// Begin the disappearance of a root leaving, unless it is back in the window (premise:
    /// ``DeliveryLoop/Premises/leaving(_:unlessBackIn:)``).
    case beginLeavingRoot
    /// End the disappearance of a root leaving, on the same premise as ``beginLeavingRoot``.
    case endLeavingRoot
    /// Put back in a built-in container's view the view of a child it shows and drives, loading it
    /// if needed, if the container still shows it then (premise:
    /// ``DeliveryLoop/Premises/stillShows(_:_:)``).
    case installChildView
    /// Forward a built-in container's appearance step to a child it shows (F6; premise:
    /// ``DeliveryLoop/Premises/forwardedByContainer(_:_:child:sparing:)``).
    case forwardToChild

    // The moves a built-in container sends for a change of its contents or the end of a transition
    // (R1–R3, R7), one controller at a time, in the order the change lists them. A callback can
    // rarely move the others meanwhile (a built-in container's children move only through its own
    // API, R9, and a request made from a callback waits until the change has been made); where it
    // can, the step checks its premise when its turn comes.

    /// Begin the removal of a controller the change takes out, and end it at once unless the
    /// container's machine keeps it open for the transition that takes the controller off screen
    /// (a page turn's outgoing pages: premise ``DeliveryLoop/Premises/outgoingPage(_:of:)``).
    case removeChild
    /// Adopt a controller the change brings in, or end the removal of one it puts back, and end the
    /// move at once unless the container's machine keeps it open for the controller's first
    /// appearance.
    case adoptChild
    /// End, at nil, the addition of a controller the change takes out while it is still open (R7),
    /// if the controller is still a child then (premise: ``DeliveryLoop/Premises/child(_:of:)`` or
    /// ``DeliveryLoop/Premises/droppedPage(_:of:)``).
    case dropAddition
    /// End, staying, the addition of a controller a transition brought in, once its turn has ended,
    /// if the addition is still open then (premise: ``DeliveryLoop/Premises/additionOpen(_:)``).
    case endAddition
    /// End, at nil, the removal of a controller that waited for a transition to end (R7).
    case endRemoval

    // A built-in container's views, and the views loaded before a transition's will-callbacks.

    /// Load the view of a controller a transition brings in, before the first will-callback
    /// (spec §6, §7, §9).
    case loadView
    /// Put the view of a controller a built-in container shows into the container's view: a page
    /// a turn brings in, or one a fallen-back swipe brings back.
    case installView
    /// Take the view of a controller a built-in container no longer shows out of the container's
    /// view: a page a turn takes out, or one a fallen-back swipe was bringing in.
    case uninstallView
    /// Have the ``AppearanceReconciler`` settle the appearance of a controller found before the
    /// first one's callbacks ran: a child shown while its appearance was open and no longer shown
    /// after a change off screen (premise: ``DeliveryLoop/Premises/stillShown(_:by:)``), a page a
    /// fallen-back swipe brings back, a driving root of a view moved inside a visible window or
    /// brought into one by a transition, a controller that joined an appearing parent too late.
    case reconcile

    // The layout pass (``LayoutPass/run(from:source:rule:)``): a window's, at the end of a turn, and
    // a tab switch's.

    /// Send `viewIsAppearing(_:)` to an incoming controller, if it is still appearing then (premise:
    /// ``DeliveryLoop/Premises/reached(_:_:)``), and plan the step for those appearing with it.
    case layOutAppearing
    /// Run the layout pass from one of a transition's incoming controllers
    /// (``TransitionRunner/layOutComing(of:)``), in the order of their will-callbacks.
    case layOutComing

    // A dismissal's end (``PresentationTransition``).

    /// Take the view of a dismissed controller out of the window.
    case takeViewOut
    /// Let go of a dismissed controller, top of the chain first, so that the chain is deallocated
    /// top down.
    case letGo
}

/// The agenda's stack of planned steps: one buffer, grown by doubling and never given back. An
/// array would do, but each of its pushes and pops tests the buffer for uniqueness, and a global
/// array is reached through a lazy initializer; this stack is reached directly and tests neither,
/// which every node a walk visits pays for.
struct Agenda {
    private var steps: UnsafeMutablePointer<AgendaEntry>?
    /// How many steps are on the stack.
    private(set) var count = 0
    private var capacity = 0

    /// Puts `step` on top.
    @inline(__always)
    mutating func append(_ step: AgendaEntry) {
        if count == capacity { grow() }
        (steps.unsafelyUnwrapped + count).initialize(to: step)
        count &+= 1
    }

    /// Takes the top step off. The stack must not be empty: its callers test `count` first.
    @inline(__always)
    mutating func removeLast() -> AgendaEntry {
        assert(count > 0, "the agenda is empty")
        count &-= 1
        return (steps.unsafelyUnwrapped + count).move()
    }

    /// The transition's own step at `index`, left where it is.
    @inline(__always)
    func ownStep(at index: Int) -> TransitionOwnStep {
        assert(index < count, "no step there")
        guard case .own(let step) = (steps.unsafelyUnwrapped + index).pointee else {
            preconditionFailure("a controller's step among a transition's own")
        }
        return step
    }

    /// Takes off the steps above `base`, all of them a transition's own steps, which hold nothing
    /// to release.
    @inline(__always)
    mutating func dropOwnSteps(above base: Int) {
        assert(base <= count, "fewer steps than that")
        count = base
    }

    @inline(never)
    private mutating func grow() {
        let larger = Swift.max(64, capacity * 2)
        let grown = UnsafeMutablePointer<AgendaEntry>.allocate(capacity: larger)
        switch steps {
        case let steps?:
            grown.moveInitialize(from: steps, count: count)
            steps.deallocate()
        case nil: break
        }
        steps = grown
        capacity = larger
    }
}
