/// The handle of a gesture-driven transition: a swipe back, a page swipe, a sheet pulled down.
///
/// Interactive transitions start inside the call that begins them (for example
/// `NavigationController.beginInteractivePop()`) and wait for this handle: ``update(_:)`` moves
/// the gesture along, ``finish()`` lets it complete, ``cancel()`` lets it fall back. After either,
/// the rest of the animation is completed by the window's animation driver like any other; the
/// transition's did-callbacks come then. The driver never finishes one on its own (spec §1).
@MainActor
public final class InteractiveTransition {
    /// Where the gesture stands.
    public enum State: Hashable, Sendable {
        /// The gesture is in progress.
        case interacting
        /// The gesture let go toward completion.
        case finished
        /// The gesture let go back to where it started.
        case cancelled
    }

    /// Where the gesture stands.
    public private(set) var state = State.interacting
    /// How far the gesture has come, from 0 to 1.
    public private(set) var percentComplete = 0.0

    // Released when the gesture ends, so a handle kept by a test or a driver keeps nothing alive.
    private var onUpdate: ((Double) -> Void)?
    private var onEnd: ((_ cancelled: Bool) -> Void)?

    init(onUpdate: @escaping (Double) -> Void = { _ in }, onEnd: @escaping (_ cancelled: Bool) -> Void) {
        self.onUpdate = onUpdate
        self.onEnd = onEnd
    }

    /// Moves the gesture to `percent` (clamped to 0…1). Ignored once the gesture has ended.
    public func update(_ percent: Double) {
        guard state == .interacting else { return }
        percentComplete = min(max(percent, 0), 1)
        onUpdate?(percentComplete)
    }

    /// Lets the gesture complete the transition. Ignored once the gesture has ended.
    public func finish() {
        end(cancelled: false)
    }

    /// Lets the gesture fall back: the transition is cancelled. Ignored once the gesture has ended.
    public func cancel() {
        end(cancelled: true)
    }

    private func end(cancelled: Bool) {
        guard state == .interacting else { return }
        state = cancelled ? .cancelled : .finished
        let onEnd = self.onEnd
        self.onEnd = nil
        onUpdate = nil
        onEnd?(cancelled)
    }
}
