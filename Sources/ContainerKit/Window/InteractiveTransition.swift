/// The handle of a gesture-driven transition: a swipe back, a page swipe, a sheet pulled down.
///
/// Interactive transitions start inside the call that begins them (for example
/// ``NavigationController/beginInteractivePop()``) and wait for this handle: ``update(_:)`` moves
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
    /// The container whose transition the gesture drives, once its animation has started: events'
    /// causes name `finish()` and `cancel()` on it.
    var container: ControllerID?
    /// The `finish()` or `cancel()` call that ended the gesture: what follows names it.
    private(set) var endedBy: PlannedCall?

    init(onUpdate: @escaping (Double) -> Void = { _ in }, onEnd: @escaping (_ cancelled: Bool) -> Void) {
        self.onUpdate = onUpdate
        self.onEnd = onEnd
    }

    /// Moves the gesture to `percent` (clamped to 0…1), as UIKit's
    /// `updateInteractiveTransition(_:)`. Ignored once the gesture has ended.
    ///
    /// Only ``percentComplete`` changes: the transition stays where its begin call left it.
    ///
    /// ## Callback order
    ///
    /// Nothing fires.
    ///
    /// - Parameter percent: How far the gesture has come, from 0 to 1.
    public func update(_ percent: Double) {
        guard state == .interacting else { return }
        percentComplete = min(max(percent, 0), 1)
        onUpdate?(percentComplete)
    }

    /// Lets the gesture complete the transition, as UIKit's `finishInteractiveTransition()`.
    /// Ignored once the gesture has ended.
    ///
    /// The gesture ends inside the call; the transition's did-callbacks come when the window's
    /// animation driver completes the rest of the animation: in the next ``Window/runUntilIdle()``
    /// with the default driver. Each transition lists its order:
    /// ``NavigationController/beginInteractivePop()``,
    /// ``PageController/beginInteractivePaging(_:)``, ``Controller/beginInteractiveDismissal()``.
    ///
    /// ## Callback order
    ///
    /// Inside the call:
    /// 1. the handlers given to the coordinator's
    ///    ``TransitionCoordinator/notifyWhenInteractionChanges(_:)``, with `isCancelled` false
    /// 2. in a swipe back, the requests made to the navigation controller during the gesture (their
    ///    moves begin: `c.willMove(toParent: nav)` for a push, say)
    ///
    /// When the animation completes: the transition's finished did-callbacks, moves and delegate
    /// calls.
    public func finish() {
        end(cancelled: false)
    }

    /// Lets the gesture fall back: the transition is cancelled, as UIKit's
    /// `cancelInteractiveTransition()`. Ignored once the gesture has ended.
    ///
    /// The gesture ends inside the call; the rest of the cancelled order comes when the window's
    /// animation driver completes the animation: in the next ``Window/runUntilIdle()`` with the
    /// default driver.
    ///
    /// ## Callback order
    ///
    /// Inside the call:
    /// 1. the handlers given to the coordinator's
    ///    ``TransitionCoordinator/notifyWhenInteractionChanges(_:)``, with `isCancelled` true
    /// 2. in a page swipe, the third and fourth callbacks of the style's cancelled row (spec §8):
    ///    `.scroll`: `current.viewWillAppear(animated: true)`, `current.viewDidAppear(animated: true)`;
    ///    `.pageCurl`: `new.viewWillDisappear(animated: true)`, `current.viewWillAppear(animated: true)`
    /// 3. in a swipe back, the requests made to the navigation controller during the gesture
    ///
    /// When the animation completes: the transition's cancelled callbacks, moves and delegate
    /// calls (a swipe back: `below.viewWillDisappear`, …, `top.didMove(toParent: nav)`; a page
    /// swipe: `new.didMove(toParent: nil)`, …; a sheet: `b.viewWillAppear`, `b.viewDidAppear`).
    public func cancel() {
        end(cancelled: true)
    }

    private func end(cancelled: Bool) {
        guard state == .interacting else { return }
        let call = container.flatMap { container in
            Planning.enter(LifecycleCall(target: .transition(of: container), name: cancelled ? "cancel" : "finish"))
        }
        defer { Planning.leave(call) }
        endedBy = Planning.current
        state = cancelled ? .cancelled : .finished
        let onEnd = self.onEnd
        self.onEnd = nil
        onUpdate = nil
        onEnd?(cancelled)
    }
}
