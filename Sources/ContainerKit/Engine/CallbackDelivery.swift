/// The callback the engine is delivering, innermost first, so that ``Window/runUntilIdle()`` called
/// from inside one returns at once (spec §1, extended by ContainerKit: a callback never runs a turn).
///
/// Every engine call (`makeKeyAndVisible()`, `addChild(_:)`, a view move, a push, a turn) delivers
/// its callbacks through ``run(_:of:_:)``, which saves the delivery under way and puts it back when
/// the override returns. A turn run from inside a callback would do work the call that delivered the
/// callback has not finished (the did-appear it queued for a controller it is still walking, say)
/// and leave that call working on a stale tree.
///
/// A delivery is saved and restored around every callback, the view hooks of every view a move
/// takes in or out of a window included, so it is a plain value that copies without reference
/// counting: the receiver is held unretained and the callback's name is static. The receiver is
/// alive while its delivery is the innermost one, since the caller of `run` holds it for the call.
struct CallbackDelivery {
    /// Whose callback it is: a controller's (its own, its delegate's, a completion it took) or a
    /// view's.
    enum Receiver {
        case controller(Unmanaged<Controller>)
        case view(Unmanaged<View>)
        /// The completion of a presentation or dismissal, whose caller may be gone: the transition
        /// that runs it knows the caller's identity.
        case presentationCompletion(Unmanaged<PresentationTransition>)
        /// A block given to a transition coordinator.
        case coordinator
    }

    let receiver: Receiver
    /// The callback as the API spells it: `viewWillAppear(_:)`, `delegate.navigationController(_:willShow:animated:)`.
    let callback: StaticString

    /// The innermost callback being delivered, if any.
    @exclusivity(unchecked) @MainActor static var innermost: CallbackDelivery?

    /// Runs `body`, which calls out to `callback` of `controller`, as a delivery.
    @MainActor
    static func run<Result>(
        _ callback: StaticString, of controller: Controller, _ body: () throws -> Result
    ) rethrows -> Result {
        try run(CallbackDelivery(receiver: .controller(Unmanaged.passUnretained(controller)), callback: callback), body)
    }

    /// Runs `body`, the completion a presentation or dismissal took, as a delivery.
    @MainActor
    static func runCompletion(of transition: PresentationTransition, _ body: () -> Void) {
        run(
            CallbackDelivery(
                receiver: .presentationCompletion(Unmanaged.passUnretained(transition)), callback: "completion"),
            body)
    }

    /// Runs `body`, which calls a block given to a transition coordinator's `callback`, as a delivery.
    @MainActor
    static func runCoordinatorBlock(_ callback: StaticString, _ body: () -> Void) {
        run(CallbackDelivery(receiver: .coordinator, callback: callback), body)
    }

    /// Runs `body`, which calls out to `callback` of `view`, as a delivery.
    @MainActor
    static func run<Result>(_ callback: StaticString, of view: View, _ body: () throws -> Result) rethrows -> Result {
        try run(CallbackDelivery(receiver: .view(Unmanaged.passUnretained(view)), callback: callback), body)
    }

    @MainActor
    private static func run<Result>(_ delivery: CallbackDelivery, _ body: () throws -> Result) rethrows -> Result {
        let saved = innermost
        innermost = delivery
        defer { innermost = saved }
        return try body()
    }

    /// Whether this is the same delivery as `other`: the same callback of the same receiver.
    func isSame(as other: CallbackDelivery) -> Bool {
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

extension CallbackDelivery? {
    /// Whether both are no delivery, or the same one.
    func isSame(as other: CallbackDelivery?) -> Bool {
        switch (self, other) {
        case (nil, nil): true
        case (let delivery?, let other?): delivery.isSame(as: other)
        default: false
        }
    }
}
