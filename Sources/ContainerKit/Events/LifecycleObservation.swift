#if canImport(Synchronization)
    import Synchronization
#endif

/// Receives every ``LifecycleEvent`` delivered inside an observation scope.
///
/// Events arrive in delivery order, on the main actor, except ``LifecycleEvent/deallocated(_:)``,
/// which arrives on whatever thread released the controller's last reference (in practice the
/// main thread). Conforming types must therefore be `Sendable`.
public protocol LifecycleObserver: AnyObject, Sendable {
    /// Called for each event before the receiver's override runs.
    /// - Parameters:
    ///   - event: The callback, completion or deallocation.
    ///   - source: Who drove it: the window, a controller, or code outside the tree.
    func observe(_ event: LifecycleEvent, source: EventSource)

    /// Called for each event before the receiver's override runs, with its cause: the rule it
    /// follows and the call that planned it. The default calls ``observe(_:source:)``.
    /// - Parameters:
    ///   - event: The callback, completion or deallocation.
    ///   - source: Who drove it: the window, a controller, or code outside the tree.
    ///   - cause: Why it was delivered.
    func observe(_ event: LifecycleEvent, source: EventSource, cause: LifecycleCause)

    /// Called on the main actor when `window` queues work for its turn, starts an animation, or is
    /// shown, so an observer can check later that nothing is left waiting. The default does nothing.
    func observe(windowActivity window: Window)
}

extension LifecycleObserver {
    public func observe(windowActivity window: Window) {}

    public func observe(_ event: LifecycleEvent, source: EventSource, cause: LifecycleCause) {
        observe(event, source: source)
    }
}

/// Scopes in which observers receive lifecycle events.
///
/// Observers are bound to the current task, so two tests running in parallel, each with its own
/// observer, never see each other's events, and no global state changes. While no scope is open
/// in any task, delivering a callback costs one atomic load (where the platform has atomics, else a
/// task-local lookup) and allocates nothing.
public enum LifecycleObservation {
    @TaskLocal static var observers: ObserverList?

    /// The observers in scope: ``observers``, whose lookup is skipped while no scope is open in any
    /// task, as is the case outside tests.
    static var observersInScope: ObserverList? {
        OpenObservationScopes.noneIsOpen ? nil : observers
    }

    /// Runs `operation` with `observer` receiving every event delivered inside it, in addition to
    /// the observers of any enclosing scope.
    public static func observe<Result>(
        with observer: any LifecycleObserver,
        _ operation: () throws -> Result
    ) rethrows -> Result {
        OpenObservationScopes.open()
        defer { OpenObservationScopes.close() }
        return try $observers.withValue(ObserverList(observer, next: observers), operation: operation)
    }

    /// Runs the asynchronous `operation` with `observer` receiving every event delivered inside it.
    public static func observe<Result>(
        with observer: any LifecycleObserver,
        isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws -> Result
    ) async rethrows -> Result {
        OpenObservationScopes.open()
        defer { OpenObservationScopes.close() }
        return try await $observers.withValue(
            ObserverList(observer, next: observers), operation: operation, isolation: isolation)
    }

    /// Whether any observer is in scope.
    public static var isObserving: Bool { observersInScope != nil }

    /// Tells the observers in scope that `window` has work, an animation, or has been shown.
    @MainActor
    static func noteActivity(of window: Window) {
        var list = observersInScope
        while let node = list {
            node.observer.observe(windowActivity: window)
            list = node.next
        }
    }

    /// Delivers an event the engine planned for `rule` to the observers in scope. The event and
    /// its cause are built only when there is one.
    @MainActor
    static func emit(
        _ event: @autoclosure () -> LifecycleEvent, source: @autoclosure () -> EventSource,
        rule: @autoclosure () -> Rule
    ) {
        guard let list = observersInScope else { return }
        deliver(event(), source: source(), cause: Planning.cause(rule()), to: list)
    }

    /// Delivers the event of a step the engine runs (``Step/event``), if it reports one.
    @MainActor @inline(__always)
    static func emit<S: Step>(_ step: S, source: () -> EventSource, rule: Rule) {
        guard let list = observersInScope, let event = step.event else { return }
        deliver(event, source: source(), cause: Planning.cause(rule), to: list)
    }

    /// Delivers a deallocation, which may happen on any thread: its cause names no call.
    static func emitDeallocation(of id: ControllerID, rule: Rule) {
        guard let list = observersInScope else { return }
        deliver(.deallocated(id), source: .external, cause: LifecycleCause(rule: rule.cited, call: nil), to: list)
    }

    private static func deliver(
        _ event: LifecycleEvent, source: EventSource, cause: LifecycleCause, to list: ObserverList
    ) {
        var list = list
        while true {
            list.observer.observe(event, source: source, cause: cause)
            guard let next = list.next else { return }
            list = next
        }
    }
}

/// An immutable linked list, so nested scopes add observers without copying.
final class ObserverList: Sendable {
    let observer: any LifecycleObserver
    let next: ObserverList?

    init(_ observer: any LifecycleObserver, next: ObserverList?) {
        self.observer = observer
        self.next = next
    }
}

/// How many observation scopes are open, in all tasks together, so that delivering an event can skip
/// the task-local lookup (a few hundred instructions) while there is none: one relaxed atomic load.
///
/// Relaxed ordering is enough. A scope's own task sees its own increment, and so do the child tasks
/// it creates after it; a task that reads a stale count of zero cannot be inside a scope, since the
/// observers are bound to the task that opened it. A stale non-zero count only costs the lookup.
/// Where the platform has no atomics (`Synchronization` needs macOS 15, iOS 18 and their peers), the
/// lookup is never skipped.
enum OpenObservationScopes {
    static var noneIsOpen: Bool {
        #if canImport(Synchronization)
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                return ScopeCount.open.load(ordering: .relaxed) == 0
            }
        #endif
        return false
    }

    static func open() {
        #if canImport(Synchronization)
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                ScopeCount.open.wrappingAdd(1, ordering: .relaxed)
            }
        #endif
    }

    static func close() {
        #if canImport(Synchronization)
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                ScopeCount.open.wrappingSubtract(1, ordering: .relaxed)
            }
        #endif
    }
}

#if canImport(Synchronization)
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private enum ScopeCount {
        static let open = Atomic<Int>(0)
    }
#endif
