/// The public call whose work the engine is doing: what an event's cause names as the call that
/// planned it (``LifecycleCause/call``).
///
/// A public entry point opens a scope with ``enter(_:)`` and closes it with ``leave(_:)``. Only the
/// outermost call counts: the engine's own use of a public method inside a call is part of that
/// call. A call made from inside a callback delivered since the call under way began (an override
/// that adds a child) is a call of its own, and what it plans names it. Work deferred to a turn or
/// an animation keeps the call that queued it (``current``) and puts it back while it runs
/// (``resume(_:_:)``).
///
/// While no observer is in scope nothing is built and nothing is saved: a scope costs a load and a
/// compare, and delivering a callback costs nothing here. The call under way is held unretained:
/// the scope that opened it holds it, and so does the work that resumes it.
@MainActor
enum Planning {
    /// The call under way, if it is observed, held by whoever made it current.
    @exclusivity(unchecked) private static var underWay: Unmanaged<PlannedCall>?
    /// The callback being delivered when the call under way began (nil outside any): a public call
    /// made inside another callback is a call of its own.
    @exclusivity(unchecked) private static var underWayInside: DeliveryLoop.Frame?

    /// The call under way, for work deferred under it to keep.
    static var current: PlannedCall? { underWay?.takeUnretainedValue() }

    /// What ``leave(_:)`` needs to close a scope: the call it opened, and what was under way.
    struct Scope {
        let call: PlannedCall
        let outer: Unmanaged<PlannedCall>?
        let outerInside: DeliveryLoop.Frame?
    }

    /// Opens the scope of a public call; close it with ``leave(_:)``. Returns nil (nothing to
    /// close) while nothing observes, and inside the call under way, unless a callback was
    /// delivered since it began.
    @inline(__always)
    static func enter(_ call: @autoclosure () -> LifecycleCall) -> Scope? {
        if underWay != nil, DeliveryLoop.innermost.isSame(as: underWayInside) { return nil }
        guard LifecycleObservation.isObserving else { return nil }
        let scope = Scope(call: PlannedCall(call()), outer: underWay, outerInside: underWayInside)
        underWay = Unmanaged.passUnretained(scope.call)
        underWayInside = DeliveryLoop.innermost
        return scope
    }

    /// Closes the scope ``enter(_:)`` opened: the call under way before it is again.
    @inline(__always)
    static func leave(_ scope: Scope?) {
        guard let scope else { return }
        underWay = scope.outer
        underWayInside = scope.outerInside
        withExtendedLifetime(scope.call) {}
    }

    /// Runs deferred work as the call that queued it, `call`.
    @inline(__always)
    static func resume<Result>(_ call: PlannedCall?, _ body: () throws -> Result) rethrows -> Result {
        guard let call else { return try body() }
        let saved = (underWay, underWayInside)
        underWay = Unmanaged.passUnretained(call)
        underWayInside = DeliveryLoop.innermost
        defer { (underWay, underWayInside) = saved }
        return try withExtendedLifetime(call) { try body() }
    }

    /// Runs `body`, the engine's work inside the base implementation of a callback (a built-in
    /// container forwarding from its own callback, F6), as part of the call that delivered the
    /// callback: a public method the engine uses there does not begin a call of its own.
    @inline(__always)
    static func continueInsideCallback<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard underWay != nil else { return try body() }
        let saved = underWayInside
        underWayInside = DeliveryLoop.innermost
        defer { underWayInside = saved }
        return try body()
    }

    /// The cause of an event the engine delivers now for `rule`.
    static func cause(_ rule: Rule) -> LifecycleCause {
        LifecycleCause(rule: rule.cited, call: underWay?.takeUnretainedValue().call)
    }
}

extension View {
    /// The view as a call's target: a controller's root view by its controller.
    @MainActor var asTarget: LifecycleCall.Target {
        if let owner = owningController { return .view(of: owner.id) }
        return .namedView(name ?? "view")
    }
}

/// A public call, kept by reference so that work queued under it carries one pointer.
final class PlannedCall: Sendable {
    let call: LifecycleCall

    init(_ call: LifecycleCall) {
        self.call = call
    }
}

extension LifecycleCall {
    /// A call of the method `name` of `controller`.
    @MainActor init(_ controller: Controller, _ name: String, _ arguments: (label: String?, value: Argument)...) {
        self.init(target: .controller(controller.id), name: name, arguments: arguments)
    }

    /// A call of the method `name` of `controller` with one argument, the form most calls take:
    /// its array is made once, at its size, where the variadic form makes an array of pairs and
    /// then maps it into a second.
    @MainActor init(_ controller: Controller, _ name: String, _ argument: (label: String?, value: Argument)) {
        self.init(target: .controller(controller.id), name: name, argument: argument)
    }

    /// A call of the method `name` of `window`.
    @MainActor init(_ window: Window, _ name: String, _ arguments: (label: String?, value: Argument)...) {
        self.init(target: .window(window.windowID), name: name, arguments: arguments)
    }

    /// A call of the method `name` of `view`.
    @MainActor init(_ view: View, _ name: String, _ arguments: (label: String?, value: Argument)...) {
        self.init(target: view.asTarget, name: name, arguments: arguments)
    }

    /// A call of the method `name` of `window` with one argument (see the controller's form). A
    /// window is a view: without this form, the view's would take a window's one-argument call.
    @MainActor init(_ window: Window, _ name: String, _ argument: (label: String?, value: Argument)) {
        self.init(target: .window(window.windowID), name: name, argument: argument)
    }

    /// A call of the method `name` of `view` with one argument (see the controller's form).
    @MainActor init(_ view: View, _ name: String, _ argument: (label: String?, value: Argument)) {
        self.init(target: view.asTarget, name: name, argument: argument)
    }

    /// A method call with one argument, its arguments array made at its size.
    private init(target: Target, name: String, argument: (label: String?, value: Argument)) {
        self.target = target
        self.name = name
        self.form = .method
        self.arguments = [LabeledArgument(label: argument.label, value: argument.value)]
    }

    /// `target.name = value`.
    @MainActor static func setting(_ name: String, of target: Target, to value: Argument) -> LifecycleCall {
        LifecycleCall(target: target, name: name, form: .setter, arguments: [(nil, value)])
    }
}

extension LifecycleCall.Argument {
    /// `controller`'s identity.
    @MainActor static func of(_ controller: Controller?) -> Self { .controller(controller?.id) }

    /// `view`: a controller's root view by its controller, another by its name.
    @MainActor static func of(_ view: View) -> Self {
        if let owner = view.owningController { return .view(of: owner.id) }
        return .value(view.name ?? "view")
    }

    /// A flag.
    static func flag(_ value: Bool) -> Self { .value(value ? "true" : "false") }
}
