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
/// **Premises are checked in one place.** A step planned ahead of its run carries the ``Premises``
/// it was planned under, and ``verdict(_:)`` alone decides whether they still hold when its turn
/// comes: a callback run in between may have moved its subject. That covers a walk's step for a
/// child, the `viewIsAppearing(_:)` that follows a `viewWillAppear(_:)`, a built-in container's
/// forwarding to each child it shows, the did-appear a window entry defers to the end of the turn,
/// a transition's will- and did-callbacks for each controller it brings in or takes out, whether a
/// built-in container's change goes on on screen, the moves a container sends after others, a page
/// turn run inside its call, a tab selected, a window's new root, the roots a window's entry or
/// exit found before its first callback, a presentation's links, a sheet's pull. A step whose
/// premises broke is not patched in place: it is dropped (or the call takes its off-screen path),
/// and when nothing else will reach its subject, the subject goes to the ``AppearanceReconciler``.
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
/// **The agenda** (``agenda``) holds the steps planned and not run yet: those of the appearance
/// walks, each for a child, those of the sides of the visible transitions
/// (``TransitionRunner``), each for one controller, those for the controllers of a list found
/// before the first one's callbacks run (``runListed(_:for:_:)``, one ``ListedStep`` kind each:
/// the driving roots a window's entry or exit found, the children a built-in container forwards
/// to, F6, its moves, a page turn's views, the views loaded before a transition's will-callbacks, a
/// dismissal's views and releases, the reconciler's lists after a view move; a tab switch's layout
/// pass plans its own walk), and a visible transition's own steps at each of the runner's points
/// (``TransitionOwnStep``: its views in and out, its machine's commits, its delegate calls, the
/// `animations` block, the coordinator's alongside animations and completions, the app's
/// completions, its moves and releases), and a window resize's `viewWillTransition(to:with:)` for
/// each controller (``PlannedSizeTransition``), every walk's, side's, list's and point's above those
/// of the one it is nested in. What runs at once, not from the agenda: the single root of a leaf
/// view entering or leaving a window (its walk checks the root's state itself), and a single step
/// that nothing is planned after (a delegate's call, a completion, a data source's answer), which
/// the loop delivers as it is planned.
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
