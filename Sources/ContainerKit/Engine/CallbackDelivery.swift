/// The callback the engine is delivering, innermost first, so that ``Window/runUntilIdle()`` called
/// from inside one returns at once (spec §1, extended by ContainerKit: a callback never runs a turn).
///
/// Every engine call (`makeKeyAndVisible()`, `addChild(_:)`, a view move, a push, a turn) delivers
/// its callbacks through ``run(_:of:_:)``, which saves the delivery under way and puts it back when
/// the override returns. A turn run from inside a callback would do work the call that delivered the
/// callback has not finished (the did-appear it queued for a controller it is still walking, say)
/// and leave that call working on a stale tree.
struct CallbackDelivery {
    /// Whose callback it is: a controller's (its own, its delegate's, a completion it took) or a
    /// view's.
    enum Receiver {
        case controller(ControllerID)
        case view(View)
        /// A block given to a transition coordinator.
        case coordinator
    }

    let receiver: Receiver
    /// The callback as the API spells it: `viewWillAppear(_:)`, `delegate.navigationController(_:willShow:animated:)`.
    let callback: String

    /// The innermost callback being delivered, if any.
    @exclusivity(unchecked) @MainActor static var innermost: CallbackDelivery?

    /// Runs `body`, which calls out to `callback` of `controller`, as a delivery.
    @MainActor
    static func run<Result>(
        _ callback: String, of controller: Controller, _ body: () throws -> Result
    ) rethrows -> Result {
        try run(callback, of: controller.id, body)
    }

    /// Runs `body`, which calls out to `callback` of the controller `id` (a completion it took,
    /// whose controller may be gone), as a delivery.
    @MainActor
    static func run<Result>(_ callback: String, of id: ControllerID, _ body: () throws -> Result) rethrows -> Result {
        try run(CallbackDelivery(receiver: .controller(id), callback: callback), body)
    }

    /// Runs `body`, which calls a block given to a transition coordinator's `callback`, as a delivery.
    @MainActor
    static func runCoordinatorBlock(_ callback: String, _ body: () -> Void) {
        run(CallbackDelivery(receiver: .coordinator, callback: callback), body)
    }

    /// Runs `body`, which calls out to `callback` of `view`, as a delivery.
    @MainActor
    static func run<Result>(_ callback: String, of view: View, _ body: () throws -> Result) rethrows -> Result {
        try run(CallbackDelivery(receiver: .view(view), callback: callback), body)
    }

    @MainActor
    private static func run<Result>(_ delivery: CallbackDelivery, _ body: () throws -> Result) rethrows -> Result {
        let saved = innermost
        innermost = delivery
        defer { innermost = saved }
        return try body()
    }

    /// `b.viewWillAppear(_:)`, `nav.delegate.navigationController(_:willShow:animated:)`.
    @MainActor var description: String {
        switch receiver {
        case .controller(let id): "\(id).\(callback)"
        case .view(let view): "\(view.name ?? view.shortDescription).\(callback)"
        case .coordinator: "a block given to a transition coordinator's \(callback)"
        }
    }
}
