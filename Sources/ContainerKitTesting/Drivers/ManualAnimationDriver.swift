import ContainerKit

/// An animation driver that holds every animation it is given until the test completes it (spec §1).
///
/// Install it on a window, and the window's animated transitions stop halfway: the will-callbacks
/// and the animations block run when the transition starts, as always, but the did-callbacks and
/// the completion wait until the test calls ``finish(_:fileID:filePath:line:column:)`` (the
/// animation ran to its end) or ``cutShort(_:fileID:filePath:line:column:)`` (it was interrupted),
/// however many times `Window.runUntilIdle()` is called in between. As with swift-clocks'
/// `TestClock` or NIO's `EmbeddedEventLoop`, nothing moves on behind the test's back.
///
/// ```swift
/// let driver = ManualAnimationDriver()
/// driver.install(on: window)
/// p.addChild(t)
/// f.willMove(toParent: nil)
/// p.transition(from: f, to: t, duration: 0.3, animations: nil) { _ in
///     t.didMove(toParent: p)
///     f.removeFromParent()
/// }
/// window.runUntilIdle()            // the transition is still in flight
/// driver.summary                   // ["containerTransition of p: f → t"]
/// driver.finish(driver.inFlight[0])  // t.viewDidAppear, f.viewDidDisappear, p.completion(finished: true), …
/// ```
///
/// Only animated transitions reach a driver: a transition with `duration: 0`, or one whose container
/// is not in a visible window, completes inside its call and is never seen here. The engine still
/// completes a held animation on its own in one case: hiding the window, or taking the container out
/// of it, completes the container's transition at once (`finished: true`); it then leaves
/// ``inFlight``.
///
/// One driver may serve several windows; it keeps their animations in one list, in start order.
/// The driver keeps every animation it was given (``started``) for the life of the driver.
///
/// Interactive transitions (a swipe back, a page swipe, a sheet pulled down) are held from their
/// begin, with `isInteractive` true: ``update(_:to:fileID:filePath:line:column:)`` moves the
/// gesture, ``cancel(_:fileID:filePath:line:column:)`` lets it fall back and completes it, and
/// ``finish(_:fileID:filePath:line:column:)`` and ``cutShort(_:fileID:filePath:line:column:)`` let
/// it go toward completion and complete it. When the test ends the gesture through its
/// `InteractiveTransition` handle instead, the driver keeps holding the rest of the animation, as it
/// holds any other, until the test finishes it.
///
/// ## Topics
///
/// ### Installing the driver
///
/// - ``init()``
/// - ``install(on:)``
///
/// ### Reading what is in flight
///
/// - ``inFlight``
/// - ``inFlight(of:)``
/// - ``summary``
/// - ``started``
///
/// ### Completing animations
///
/// - ``finish(_:fileID:filePath:line:column:)``
/// - ``cutShort(_:fileID:filePath:line:column:)``
/// - ``finishAll(fileID:filePath:line:column:)``
///
/// ### Driving gestures
///
/// - ``update(_:to:fileID:filePath:line:column:)``
/// - ``cancel(_:fileID:filePath:line:column:)``
///
/// ### Waiting from asynchronous code
///
/// - ``nextAnimation()``
/// - ``completion(of:)``
///
/// ### Serving the window
///
/// - ``animationDidStart(_:in:)``
/// - ``interactionDidEnd(_:in:)``
@MainActor
public final class ManualAnimationDriver: AnimationDriver {
    /// Every animation this driver was given, in start order, complete ones included.
    ///
    /// ```swift
    /// p.transition(from: f, to: t, duration: 0.3, animations: nil, completion: nil)
    /// driver.finishAll()
    /// #expect(driver.started.count == 1)
    /// #expect(driver.started[0].finished == true)
    /// ```
    public private(set) var started: [TransitionAnimation] = []

    /// Callers of ``nextAnimation()`` waiting for an animation to start, oldest first.
    private var waiters: [CheckedContinuation<TransitionAnimation, Never>] = []

    /// The animations ``nextAnimation()`` has returned (or promised to a waiter).
    private var returned: Set<ObjectIdentifier> = []

    /// Creates a driver that holds nothing yet. Install it with ``install(on:)``.
    ///
    /// ```swift
    /// let driver = ManualAnimationDriver()
    /// driver.install(on: window)
    /// ```
    public init() {}

    /// Makes this driver the `window`'s `animationDriver`; the same as
    /// `window.animationDriver = driver`. Animations already in flight in `window` stay with the
    /// driver that started them, so install it before the transitions the test holds start.
    ///
    /// ```swift
    /// let driver = ManualAnimationDriver()
    /// driver.install(on: window)
    /// driver.install(on: otherWindow)  // one driver may serve several windows
    /// ```
    public func install(on window: Window) {
        window.animationDriver = self
    }

    /// Called by the window when `animation` starts: the driver holds it, and hands it to the oldest
    /// caller of ``nextAnimation()`` waiting, if any. Tests do not call it.
    ///
    /// ```swift
    /// p.transition(from: f, to: t, duration: 0.3, animations: nil, completion: nil)
    /// // the window called driver.animationDidStart(animation, in: window)
    /// #expect(driver.inFlight.count == 1)
    /// ```
    public func animationDidStart(_ animation: TransitionAnimation, in window: Window) {
        started.append(animation)
        guard !waiters.isEmpty else { return }
        let waiter = waiters.removeFirst()
        returned.insert(ObjectIdentifier(animation))
        waiter.resume(returning: animation)
    }
}

// MARK: - Waiting

extension ManualAnimationDriver {
    /// Returns the next animation to hand to the test, suspending until one starts if needed.
    ///
    /// Each animation is returned at most once, in start order:
    /// - if the driver holds animations in flight that no earlier call returned, the oldest of them
    ///   is returned at once;
    /// - otherwise the call suspends until the next animation starts in a window this driver serves,
    ///   and returns that one. Concurrent callers are served in the order they called, one
    ///   animation each.
    ///
    /// An animation that completed before any call returned it (hiding its window completes it) is
    /// skipped. The call waits without sleeping or polling, and is not cancellable: it returns only
    /// when an animation starts.
    ///
    /// ```swift
    /// Task { p.transition(from: f, to: t, duration: 0.3, animations: nil, completion: nil) }
    /// let animation = await driver.nextAnimation()  // suspends; the task runs and starts the transition
    /// driver.finish(animation)
    /// ```
    public func nextAnimation() async -> TransitionAnimation {
        if let held = started.first(where: { !$0.isComplete && !returned.contains(ObjectIdentifier($0)) }) {
            returned.insert(ObjectIdentifier(held))
            return held
        }
        return await withCheckedContinuation { continuation in
            waiters.append(continuation)
        }
    }

    /// Waits until `animation` completes, however it completes (``finish(_:fileID:filePath:line:column:)``,
    /// ``cutShort(_:fileID:filePath:line:column:)``, the window hiding, …), and returns its
    /// `finished`; at once if it is complete already. The transition's did-callbacks and completion
    /// have run when it returns.
    ///
    /// Works for any animation, whichever driver holds it. The call waits without sleeping or
    /// polling, and is not cancellable: it returns only when the animation completes.
    ///
    /// ```swift
    /// let animation = await driver.nextAnimation()
    /// Task { driver.cutShort(animation) }
    /// let finished = await driver.completion(of: animation)  // false
    /// ```
    public func completion(of animation: TransitionAnimation) async -> Bool {
        if let finished = animation.finished { return finished }
        return await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            animation.onCompletion { finished in
                once.resume(returning: finished)
            }
        }
    }
}

/// A continuation resumed at most once, whoever calls.
@MainActor
private final class ResumeOnce<Value: Sendable> {
    private var continuation: CheckedContinuation<Value, Never>?

    init(_ continuation: CheckedContinuation<Value, Never>) {
        self.continuation = continuation
    }

    func resume(returning value: Value) {
        guard let continuation else { return }
        self.continuation = nil
        continuation.resume(returning: value)
    }
}
