/// Whether an object is still alive, for a link that reaches the object without keeping it alive.
///
/// The engine's queues reach controllers and windows they must not keep alive (a window's queue of
/// visible transitions, the `done` of a transition in flight). A `weak` reference would do, but it
/// gives its target a side table for the rest of its life, and every retain and release of the
/// target then takes the slow path: on a push and pop, a third of the instructions. So such a
/// link holds the target unretained (`unowned(unsafe)`) beside the target's `Liveness`, held
/// strongly, and follows the pointer only while ``isAlive`` is true. The target clears the flag as
/// its `deinit` begins (``Controller`` and ``Window`` do, in their base `deinit`), which is where a
/// `weak` reference to it starts reading nil.
///
/// A subclass's `deinit` runs before its base class's: while it runs, the flag is still set. The
/// engine follows these links only from a turn or a public call, never from a `deinit`.
final class Liveness {
    /// False once the object has begun going away.
    nonisolated(unsafe) var isAlive = true
}

/// An object that clears a ``Liveness`` as it goes away: ``Controller`` and ``Window``, each in its
/// base `deinit`.
@MainActor
protocol HasLiveness: AnyObject {
    /// The object's ``Liveness`` once a link has asked for it.
    var livenessStorage: Liveness? { get set }
}

extension HasLiveness {
    /// The object's ``Liveness``, made on first use.
    var liveness: Liveness {
        if let livenessStorage { return livenessStorage }
        let made = Liveness()
        livenessStorage = made
        return made
    }
}

extension Controller: HasLiveness {}
extension Window: HasLiveness {}

/// A link to `Target` that reads nil once the target has begun going away, like a `weak`
/// reference, without giving the target a side table (see ``Liveness``).
@MainActor
struct LivenessLink<Target: HasLiveness> {
    private let liveness: Liveness
    private unowned(unsafe) let target: Target

    init(_ target: Target) {
        liveness = target.liveness
        self.target = target
    }

    /// The target, or nil once it has begun going away.
    var object: Target? {
        liveness.isAlive ? target : nil
    }
}
