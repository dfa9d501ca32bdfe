import ContainerKit

/// Completing the animations the driver holds, one or all, and driving the gestures of interactive
/// ones. A call the driver cannot honour fails the test at the caller's line.
extension ManualAnimationDriver {
    /// The most animations ``finishAll(fileID:filePath:line:column:)`` completes in one call before it
    /// stops, for completions that keep starting new transitions.
    private static let maximumFinishesPerCall = 10_000

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
