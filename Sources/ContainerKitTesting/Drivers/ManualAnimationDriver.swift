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

    /// The most animations ``finishAll(fileID:filePath:line:column:)`` completes in one call before it
    /// stops, for completions that keep starting new transitions.
    private static let maximumFinishesPerCall = 10_000

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

// MARK: - Reading

extension ManualAnimationDriver {
    /// The animations this driver holds that have not completed, in start order.
    ///
    /// An animation leaves the list as soon as it completes: through
    /// ``finish(_:fileID:filePath:line:column:)``, ``cutShort(_:fileID:filePath:line:column:)``,
    /// ``finishAll(fileID:filePath:line:column:)``, its own `complete(finished:)`, or the engine
    /// (hiding the window completes it).
    ///
    /// ```swift
    /// p.transition(from: f, to: t, duration: 0.3, animations: nil, completion: nil)
    /// window.runUntilIdle()
    /// #expect(driver.inFlight.count == 1)
    /// ```
    public var inFlight: [TransitionAnimation] {
        started.filter { !$0.isComplete }
    }

    /// The animations in flight whose transition `container` runs, in start order.
    ///
    /// ```swift
    /// p.transition(from: f, to: t, duration: 0.3, animations: nil, completion: nil)
    /// q.transition(from: g, to: u, duration: 0.3, animations: nil, completion: nil)
    /// driver.finish(driver.inFlight(of: q)[0])
    /// ```
    public func inFlight(of container: Controller) -> [TransitionAnimation] {
        inFlight.filter { $0.container == container.id }
    }

    /// One line for each animation in flight, in start order: its kind, its container, then the
    /// controllers it takes out and those it brings in.
    ///
    /// Controllers are named by their `ControllerID` (the name they were created with, or their type
    /// and serial number), not by a recorder's names.
    ///
    /// ```swift
    /// p.transition(from: f, to: t, duration: 0.3, animations: nil, completion: nil)
    /// #expect(driver.summary == ["containerTransition of p: f → t"])
    /// ```
    public var summary: [String] {
        inFlight.map(Self.describe)
    }

    /// `containerTransition of p: f → t`.
    static func describe(_ animation: TransitionAnimation) -> String {
        let from = animation.fromControllers.map(\.description).joined(separator: ", ")
        let to = animation.toControllers.map(\.description).joined(separator: ", ")
        return "\(animation.kind) of \(animation.container): \(from) → \(to)"
    }
}

// MARK: - Completing

extension ManualAnimationDriver {
    /// Completes `animation` as having run to its end: its transition's did-callbacks and
    /// completion (`finished: true`) run inside this call.
    ///
    /// Fails the test, and leaves everything as it was, when `animation` was not started by this
    /// driver or is complete already.
    ///
    /// An interactive animation whose gesture is still in progress lets go toward completion first,
    /// as the handle's `finish()` would.
    ///
    /// ```swift
    /// p.transition(from: f, to: t, duration: 0.3, animations: nil) { _ in … }
    /// driver.finish(driver.inFlight[0])
    /// // t.viewDidAppear(animated: true), f.viewDidDisappear(animated: true), p.completion(finished: true)
    /// ```
    ///
    /// - Parameters:
    ///   - animation: An animation this driver holds, from ``inFlight`` or ``nextAnimation()``.
    ///   - fileID: The file of the call, where a failure is reported; leave it defaulted.
    ///   - filePath: The full path of that file, for XCTest; leave it defaulted.
    ///   - line: The line of the call; leave it defaulted.
    ///   - column: The column of the call; leave it defaulted.
    public func finish(
        _ animation: TransitionAnimation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        complete(animation, finished: true, calledAs: "finish(_:)", at: site)
    }

    /// Completes `animation` as cut short: its transition's did-callbacks and completion
    /// (`finished: false`) run inside this call.
    ///
    /// Fails the test, and leaves everything as it was, when `animation` was not started by this
    /// driver or is complete already.
    ///
    /// The callbacks are those of a finished animation; only the `finished` flag the completion
    /// receives differs. An interactive animation whose gesture is still in progress lets go toward
    /// completion first.
    ///
    /// ```swift
    /// p.transition(from: f, to: t, duration: 0.3, animations: nil) { _ in … }
    /// driver.cutShort(driver.inFlight[0])
    /// // t.viewDidAppear(animated: true), f.viewDidDisappear(animated: true), p.completion(finished: false)
    /// ```
    ///
    /// - Parameters:
    ///   - animation: An animation this driver holds, from ``inFlight`` or ``nextAnimation()``.
    ///   - fileID: The file of the call, where a failure is reported; leave it defaulted.
    ///   - filePath: The full path of that file, for XCTest; leave it defaulted.
    ///   - line: The line of the call; leave it defaulted.
    ///   - column: The column of the call; leave it defaulted.
    public func cutShort(
        _ animation: TransitionAnimation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        complete(animation, finished: false, calledAs: "cutShort(_:)", at: site)
    }

    /// Finishes (`finished: true`) every animation in flight, oldest first, including the ones that
    /// start while it runs (a completion that starts the next transition, say), until none is left.
    /// Does nothing when nothing is in flight.
    ///
    /// Completions that keep starting transitions are stopped after 10,000 animations: the test
    /// fails, and what is still in flight stays there.
    ///
    /// It does not end gestures: an animation whose gesture is still in progress (`isInteractive`)
    /// is left in flight, and the test fails once, naming it. End each interactive animation first,
    /// with ``finish(_:fileID:filePath:line:column:)`` or ``cancel(_:fileID:filePath:line:column:)``.
    ///
    /// ```swift
    /// p.transition(from: f, to: t, duration: 0.3, animations: nil, completion: nil)
    /// q.transition(from: g, to: u, duration: 0.3, animations: nil, completion: nil)
    /// driver.finishAll()  // p's transition completes, then q's
    /// #expect(driver.inFlight.isEmpty)
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The file of the call, where a failure is reported; leave it defaulted.
    ///   - filePath: The full path of that file, for XCTest; leave it defaulted.
    ///   - line: The line of the call; leave it defaulted.
    ///   - column: The column of the call; leave it defaulted.
    public func finishAll(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        var finishes = 0
        var gestures: [TransitionAnimation] = []
        defer {
            if !gestures.isEmpty {
                TestFailure.record(
                    """
                    finishAll() left \(gestures.count) animation\(gestures.count == 1 ? "" : "s") in flight whose \
                    gesture is still in progress: \(gestures.map(Self.describe).joined(separator: "; ")).
                    To fix, end each gesture first with finish(_:) or cancel(_:); finishAll() does not end gestures.
                    """,
                    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
            }
        }
        // `started` only grows, and complete animations stay complete: one cursor walks it once.
        var cursor = 0
        while cursor < started.count {
            let oldest = started[cursor]
            guard !oldest.isComplete else {
                cursor += 1
                continue
            }
            guard !oldest.isInteractive else {
                gestures.append(oldest)
                cursor += 1
                continue
            }
            guard finishes < Self.maximumFinishesPerCall else {
                TestFailure.record(
                    """
                    finishAll() finished \(finishes) animations and completions kept starting new ones; it stopped \
                    with \(inFlight.count) still in flight: \(summary.joined(separator: "; ")).
                    To fix, look for a completion that starts another transition every time, and finish the \
                    animations one by one with finish(_:).
                    """,
                    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
                return
            }
            finishes += 1
            oldest.complete(finished: true)
        }
    }

    private func complete(_ animation: TransitionAnimation, finished: Bool, calledAs call: String, at site: CallSite) {
        guard started.contains(where: { $0 === animation }) else {
            TestFailure.record(
                """
                \(call) was given an animation this driver did not start (\(Self.describe(animation))); it was left \
                as it was.
                To fix, complete it through the driver installed on its window when it started, or install this \
                driver with install(on:) before the transition starts.
                """,
                at: site)
            return
        }
        if let earlier = animation.finished {
            TestFailure.record(
                """
                \(call) was given an animation that is complete already (\(Self.describe(animation)), \
                finished: \(earlier)); nothing happened.
                To fix, complete each animation once; inFlight lists those still running. (Hiding the window, or \
                taking the container out of it, completes its transition on its own.)
                """,
                at: site)
            return
        }
        // A gesture still in progress lets go toward completion first, then the rest runs out.
        animation.interaction?.finish()
        animation.complete(finished: finished)
    }

    /// The gesture driving `animation` ended; the driver holds the animation already.
    public func interactionDidEnd(_ animation: TransitionAnimation, in window: Window) {}

    /// Moves the gesture driving `animation` to `percent` (0…1), as a finger would: the same as the
    /// handle's `update(_:)`. Nothing completes.
    ///
    /// Fails the test when `animation` is not interactive (no gesture drives it, or its gesture
    /// has ended).
    ///
    /// ```swift
    /// let handle = nav.beginInteractivePop()
    /// driver.update(driver.inFlight[0], to: 0.4)
    /// #expect(handle?.percentComplete == 0.4)
    /// ```
    ///
    /// - Parameters:
    ///   - animation: An animation whose `isInteractive` is true.
    ///   - percent: How far the gesture has come; the handle clamps it to 0…1.
    ///   - fileID: The file of the call, where a failure is reported; leave it defaulted.
    ///   - filePath: The full path of that file, for XCTest; leave it defaulted.
    ///   - line: The line of the call; leave it defaulted.
    ///   - column: The column of the call; leave it defaulted.
    public func update(
        _ animation: TransitionAnimation, to percent: Double,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let interaction = interacting(animation, calledAs: "update(_:to:)", at: site) else { return }
        interaction.update(percent)
    }

    /// Cancels the gesture driving `animation` and completes the animation that falls back: the
    /// transition's cancelled callbacks run inside this call. The animation completes with
    /// `finished: true`: its fall-back ran to its end.
    ///
    /// ```swift
    /// let handle = nav.beginInteractivePop()
    /// driver.cancel(driver.inFlight[0])
    /// // below.viewWillDisappear, below.viewDidDisappear, top.viewWillAppear, top.viewDidAppear, …
    /// ```
    ///
    /// Fails the test when `animation` is not interactive.
    ///
    /// - Parameters:
    ///   - animation: An animation whose `isInteractive` is true.
    ///   - fileID: The file of the call, where a failure is reported; leave it defaulted.
    ///   - filePath: The full path of that file, for XCTest; leave it defaulted.
    ///   - line: The line of the call; leave it defaulted.
    ///   - column: The column of the call; leave it defaulted.
    public func cancel(
        _ animation: TransitionAnimation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let interaction = interacting(animation, calledAs: "cancel(_:)", at: site) else { return }
        interaction.cancel()
        complete(animation, finished: true, calledAs: "cancel(_:)", at: site)
    }

    private func interacting(_ animation: TransitionAnimation, calledAs call: String, at site: CallSite)
        -> InteractiveTransition?
    {
        guard let interaction = animation.interaction, animation.isInteractive else {
            TestFailure.record(
                """
                \(call) was given an animation no gesture drives now (\(Self.describe(animation))); nothing happened.
                To fix, pass an animation whose isInteractive is true: one an interactive begin started, before \
                its gesture ended.
                """,
                at: site)
            return nil
        }
        return interaction
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
