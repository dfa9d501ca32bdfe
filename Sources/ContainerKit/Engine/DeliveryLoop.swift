/// The only code that calls out of the engine: it runs each planned ``Step``, checks the premises a
/// step was planned under in one place, and keeps the stack of frames that tells what is being
/// delivered.
///
/// **A step runs in a frame of its own.** ``deliver(_:source:rule:)`` reports the step's event,
/// pushes the step's frame, calls out, and pops the frame when the callee returns. A public call
/// made from inside the callee (an override that adds a child) does its own work in that frame, and
/// has done it all when it returns, so the spec's "inside the call" timings hold however deep the
/// calls nest (§1). ``innermost`` is the top frame: ``Window/runUntilIdle()`` called from inside one
/// returns at once (spec §1, extended by ContainerKit: a callback never runs a turn), and a public
/// call knows whether it began inside another's callback (``Planning``).
///
/// **Premises are checked in one place.** A step planned ahead of its run (a walk's step for a
/// child, the `viewIsAppearing(_:)` that follows a `viewWillAppear(_:)`, a built-in container's
/// forwarding to each child it shows, the did-appear a window entry defers to the end of the turn,
/// an incoming controller's will-callback, a built-in container's transition going on) carries the
/// ``Premises`` it was planned under, and ``verdict(_:)`` alone decides whether they still hold
/// when its turn comes: a callback run in between may have moved its subject. A step whose
/// premises broke is not patched in place: it is dropped, and when nothing else will reach its
/// subject, the subject goes to the ``AppearanceReconciler``.
///
/// A frame is pushed and popped around every callback, the view hooks of every view a move takes in
/// or out of a window included, so it is a plain value that copies without reference counting: the
/// receiver is held unretained and the callback's name is static. The receiver is alive while its
/// frame is the innermost one, since whoever delivers the step holds it for the call.
///
/// **The loop commits a step before it calls out.** A step that reports a state machine's change
/// (an appearance callback, or a containment callback the engine sends) is taken through the loop,
/// which commits the change to the node's machine and then sends the callbacks the machine names:
/// ``take(_:on:source:rule:manual:)`` for appearance (spec §3),
/// ``beginAddition(of:to:rule:)``, ``beginRemoval(of:by:rule:)``, ``endMove(of:staying:rule:)`` and
/// ``endRemoval(of:reparenting:rule:)`` for containment (R1–R7), ``loadView(of:)`` and
/// ``assignView(_:to:)`` for view loading (§5). Their delivery is private to the loop's files, so
/// neither half can happen without the other.
///
/// **The agenda** (``agenda``) holds the steps the appearance walks have planned and not run yet,
/// each walk's above those of the walk it is nested in. What is not the loop's yet: other steps run
/// as they are planned (a transition's, in the order its plan names), not from the agenda.
@MainActor
enum DeliveryLoop {
    /// The frame of the step being delivered, innermost first: whose callback it is, and which.
    struct Frame {
        /// Whose callback it is: a controller's (its own, its delegate's, a completion it took) or a
        /// view's.
        enum Receiver {
            case controller(Unmanaged<Controller>)
            case view(Unmanaged<View>)
            /// The completion of a presentation or dismissal, whose caller may be gone: the
            /// transition that runs it knows the caller's identity.
            case presentationCompletion(Unmanaged<PresentationTransition>)
            /// A block given to a transition coordinator.
            case coordinator
        }

        let receiver: Receiver
        /// The callback as the API spells it: `viewWillAppear(_:)`,
        /// `delegate.navigationController(_:willShow:animated:)`.
        let callback: StaticString
    }

    /// The innermost frame, if a step is being delivered.
    @exclusivity(unchecked) static var innermost: Frame?

    /// Runs `step`: reports its event for `rule`, naming `source` as what drove it, then calls out
    /// in a frame of its own. Returns what the callee answered.
    @inline(__always) @discardableResult
    static func deliver<S: Step>(_ step: S, source: @autoclosure () -> EventSource, rule: Rule) -> S.Reply {
        LifecycleObservation.emit(step, source: source, rule: rule)
        return callOut(step)
    }

    /// Runs `step`, which reports no event: the `animations` block, a coordinator's blocks.
    @inline(__always)
    static func deliverUnreported<S: Step>(_ step: S) where S.Reply == Void {
        callOut(step)
    }

    /// Runs `hook` of `view`, naming `other` (the new superview, or the moving view) or `window`, as
    /// the hook does (``ViewHook``). A view's hooks report no event.
    @inline(__always)
    static func deliver(_ hook: ViewHook, of view: View, naming other: View? = nil, window: Window? = nil) {
        let saved = innermost
        innermost = Frame(receiver: .view(Unmanaged.passUnretained(view)), callback: hook.callbackName)
        defer { innermost = saved }
        hook.callOut(of: view, naming: other, window: window)
    }

    /// Runs `step`, a question whose answer is yes or no: a delegate's `should…`.
    static func ask(_ step: DelegateStep, source: @autoclosure () -> EventSource, rule: Rule) -> Bool {
        guard case .answer(let answer) = deliver(step, source: source(), rule: rule) else {
            preconditionFailure("\(step.callbackName) answers yes or no")
        }
        return answer
    }

    /// Runs `step`, a question whose answer is a page: a data source's.
    static func askForPage(_ step: DelegateStep, source: @autoclosure () -> EventSource, rule: Rule) -> Controller? {
        guard case .page(let page) = deliver(step, source: source(), rule: rule) else {
            preconditionFailure("\(step.callbackName) answers with a page")
        }
        return page
    }

    /// Calls out in the step's frame.
    @inline(__always)
    private static func callOut<S: Step>(_ step: S) -> S.Reply {
        let saved = innermost
        innermost = Frame(receiver: step.receiver, callback: step.callbackName)
        defer { innermost = saved }
        return step.callOut()
    }

    // MARK: Premises

    /// What a step was planned under, for ``verdict(_:)`` to check when its turn comes.
    enum Premises {
        /// A step of the appearance transition of `controller` that a callback of the same
        /// transition precedes (`viewIsAppearing(_:)` after `viewWillAppear(_:)`, `viewDidAppear(_:)`
        /// after `viewIsAppearing(_:)`): that transition, begun at `epoch`, is still open toward,
        /// or ended at, `state`.
        case transition(of: Controller, epoch: UInt64, state: AppearanceState)
        /// A walk's `step` for a child (``PlannedStep``), planned while the walk from `root` was
        /// under way; `transitions` is the window whose transitions in flight the walk spares (F7).
        case forwarded(PlannedStep, AppearanceStep, root: Controller, sparing: Window?)
        /// A built-in container's `step`, forwarded from inside its own callback to `child`, one of
        /// the children it showed when it took the step (F6); `sparing` is the container's window
        /// if transitions are in flight there (F7).
        case forwardedByContainer(ContainerController, AppearanceStep, child: Controller, sparing: Window?)
        /// The did-appear that a view's entry into `window` deferred to the end of the turn (§1),
        /// queued for one appearance of its root.
        case deferredAppearance(AppearanceCompletion, in: Window)
        /// An addition's structural half, once the child's `willMove(toParent: container)` has
        /// returned (R1): the child still heads to `container`.
        case joining(Controller, ContainerController)
        /// The will-callback of `controller`, which a transition of `host` started in `window`
        /// brings in: the plan's condition for it to begin appearing (``TransitionPlan/ComingCondition``)
        /// still holds after the callbacks sent before it.
        case coming(Controller, TransitionPlan.ComingCondition, host: Controller?, window: Window?)
        /// The walk's `step`, taken by `controller`, goes on to its children (F1): its callbacks
        /// left it where the step leads; and, for a child the walk planned under `parent` (nil for
        /// the walk's root), with the tree at `revision` before its callbacks, they did not take it
        /// out of `parent`'s reach below `root`.
        case forwardingOn(from: Controller, AppearanceStep, under: Controller?, root: Controller, revision: UInt64)
        /// A visible transition of the built-in `container` in `window`: the container is still
        /// shown there. Checked when the transition's turn comes (it was requested earlier in the
        /// turn; otherwise it settles off screen), and once its will-half has run (otherwise its
        /// did-half runs at once, as off screen, instead of waiting for what the plan waits for).
        case shown(ContainerController, in: Window)
    }

    /// Whether a planned step's premises still hold.
    enum Verdict {
        /// They hold: the step runs.
        case hold
        /// The step is no one's to run: what moved its subject on reaches it itself (a later
        /// appearance transition, a transition in flight that brings it in or takes it out, F7, or
        /// a parent that moved on).
        case moot
        /// A callback run since the step was planned took its subject out of the reach of what
        /// planned it, and nothing else will reach it: the ``AppearanceReconciler`` takes it.
        case rejected
    }

    /// Decides whether `premises` still hold: the one place where a planned step is checked before
    /// it runs.
    @inline(__always)
    static func verdict(_ premises: Premises) -> Verdict {
        switch premises {
        case .transition(let controller, let epoch, let state):
            return controller.appearanceState == state && controller.appearance.epoch == epoch ? .hold : .moot
        case .forwarded(let planned, let step, let root, let transitions):
            if let transitions, transitions.isMoving(planned.controller) { return .moot }
            guard AppearanceWalk.fits(planned.parent, step) else { return .moot }
            // A begin step is rejected when its parent moved on or no longer reaches it. An end step
            // is never rejected: it ends what was begun, wherever the controller went.
            if step.isBegin, planned.revision != TreeRevision.current,
                planned.parent.appearanceState != planned.parentState
                    || !planned.parent.stillForwards(to: planned.controller, below: root)
            {
                return .rejected
            }
            return .hold
        case .forwardedByContainer(let container, let step, let child, let transitions):
            // A child's callback moved the container on (took it out of the window, say): the later
            // call reaches the children. One the container no longer shows follows that change, and
            // one a transition in flight moves is that transition's (F7).
            guard AppearanceWalk.fits(container, step), container.shows(child) else { return .moot }
            if let transitions, transitions.isMoving(child) { return .moot }
            return .hold
        case .deferredAppearance(let completion, let window):
            // A view that left again, moved to another window, or appeared again since (its root
            // completed by an ancestor's completion or by hand) has nothing left to complete here.
            guard let controller = completion.controller, controller.appearance.epoch == completion.epoch,
                controller.storedView?.isIn(window) == true, !window.isHidden,
                !(completion.rootBegan && controller.appearanceState == .appeared)
            else { return .moot }
            return .hold
        case .joining(let child, let container):
            // Its override moved it elsewhere, or took it out again: the addition is over. One that
            // ended the move itself with `didMove(toParent: container)`, early (R3 wants it after
            // the add), still joins: that does not undo it.
            return child.containment.isJoiningOrChild(of: container.id) ? .hold : .moot
        case .coming(let controller, let condition, let host, let window):
            // A callback sent before took the host, the window or the controller off screen: the
            // transition's did-half ends it where it is (F7), or the plan passes it over.
            // A `switch`, not `Optional.map`: a closure handed to a nonisolated function is checked
            // for the main actor each time it runs.
            let holds =
                switch (condition, window) {
                case (.hostShown, let window?): host?.isShown(in: window) == true
                case (.hostShown, nil): false
                case (.hostInVisibleWindow, _): host?.isInVisibleWindow == true
                case (.windowNotHidden, _): window?.isHidden == false
                case (.itselfInVisibleWindow, _): controller.isInVisibleWindow
                }
            return holds ? .hold : .moot
        case .forwardingOn(let controller, let step, let parent, let root, let revision):
            // Its callback moved it on: its children follow the later call instead.
            guard AppearanceWalk.fits(controller, step) else { return .moot }
            // Its callback took it out of its parent's reach: nothing the walk sends will end the
            // appearance it began, so the reconciler takes it.
            if let parent, step.isBegin, revision != TreeRevision.current,
                !parent.stillForwards(to: controller, below: root)
            {
                return .rejected
            }
            return .hold
        case .shown(let container, let window):
            // What ran since took it off screen: the change settles, or completes, as an off-screen
            // one does.
            return container.isShown(in: window) ? .hold : .moot
        }
    }
}

extension DeliveryLoop.Frame {
    /// Whether this is the same frame as `other`: the same callback of the same receiver.
    func isSame(as other: Self) -> Bool {
        let sameCallback =
            callback.hasPointerRepresentation && other.callback.hasPointerRepresentation
            ? callback.utf8Start == other.callback.utf8Start
            : callback.description == other.callback.description
        guard sameCallback else { return false }
        switch (receiver, other.receiver) {
        case (.controller(let a), .controller(let b)): return a.toOpaque() == b.toOpaque()
        case (.view(let a), .view(let b)): return a.toOpaque() == b.toOpaque()
        case (.presentationCompletion(let a), .presentationCompletion(let b)): return a.toOpaque() == b.toOpaque()
        case (.coordinator, .coordinator): return true
        default: return false
        }
    }

    /// Whether the callback is a completion closure the receiver took.
    var isCompletion: Bool {
        callback.withUTF8Buffer { $0.elementsEqual("completion".utf8) }
    }

    /// `b.viewWillAppear(_:)`, `nav.delegate.navigationController(_:willShow:animated:)`.
    @MainActor var description: String {
        switch receiver {
        case .controller(let controller): "\(controller.takeUnretainedValue().id).\(callback)"
        case .view(let view):
            "\(view.takeUnretainedValue().name ?? view.takeUnretainedValue().shortDescription).\(callback)"
        case .presentationCompletion(let transition): "\(transition.takeUnretainedValue().callerID).\(callback)"
        case .coordinator: "a block given to a transition coordinator's \(callback)"
        }
    }
}

extension DeliveryLoop.Frame? {
    /// Whether both are no frame, or the same one.
    func isSame(as other: DeliveryLoop.Frame?) -> Bool {
        switch (self, other) {
        case (nil, nil): true
        case (let frame?, let other?): frame.isSame(as: other)
        default: false
        }
    }
}
