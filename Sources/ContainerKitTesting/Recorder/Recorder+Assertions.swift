import ContainerKit

extension Recorder {
    /// Asserts the events recorded since the last assertion, line for line, and consumes them.
    ///
    /// `transcript` is one callback a line in the lifecycle reference's notation; indentation and
    /// blank lines are ignored, and so are lines that start with `--` or `//`, so a transcript can
    /// be annotated as the reference is (`-- end of turn`). Each line is compared whole: a comment
    /// at the end of a line is part of what is expected. Events `filter` leaves out are consumed
    /// unchecked. A mismatch fails the test at the call with a `−`/`+` diff, followed by the cause
    /// of each line recorded but not expected (the rule it follows and the call that planned it),
    /// and consumes the events all the same, so the next assertion starts after them;
    /// `expect("")` asserts that nothing was recorded.
    ///
    /// ```swift
    /// nav.push(Controller(name: "b"), animated: true)
    /// recorder.expect("b.willMove(toParent: nav)")  // inside push
    /// ```
    ///
    /// Under ``withExhaustivity(_:_:)`` with ``Exhaustivity/off`` the expected lines need only appear
    /// in order.
    ///
    /// - Parameters:
    ///   - transcript: The expected events, one a line.
    ///   - filter: The events compared; by default every event but `viewIsAppearing`.
    ///   - fileID: The file of the call, where a failure is reported; leave it defaulted.
    ///   - filePath: The full path of that file, for XCTest; leave it defaulted.
    ///   - line: The line of the call; leave it defaulted.
    ///   - column: The column of the call; leave it defaulted.
    @MainActor
    public func expect(
        _ transcript: String, filter: EventFilter = .transcript,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let expected = Self.lines(of: transcript)
        let (pending, exhaustivity) = withState { state in
            defer { state.consumed = state.entries.count }
            return (Array(state.entries[state.consumed...]), state.exhaustivity)
        }
        let entries = pending.filter { filter.includes($0) }
        let actual = entries.map { render($0.event) }
        switch exhaustivity {
        case .on:
            guard expected != actual else { return }
            if let message = TranscriptDiff.message(
                expected: expected, actual: actual, explained: entries.map(explanation(of:)))
            {
                TestFailure.record(message, at: site)
            }
        case .off:
            var matched = 0
            for line in actual where matched < expected.count && line == expected[matched] {
                matched += 1
            }
            if matched < expected.count {
                TestFailure.record(
                    TranscriptDiff.missingMessage(expected: expected, matched: matched, actual: actual), at: site)
            }
        }
    }

    /// Runs `body` with ``Exhaustivity`` `exhaustivity`; with ``Exhaustivity/off``, the events left
    /// unasserted when it returns are skipped.
    ///
    /// ```swift
    /// recorder.withExhaustivity(.off) {
    ///     nav.push(Controller(name: "b"), animated: true)
    ///     window.runUntilIdle()
    ///     recorder.expect(
    ///         """
    ///         b.viewWillAppear(animated: true)
    ///         b.didMove(toParent: nav)
    ///         """)
    /// }
    /// ```
    ///
    /// The previous exhaustivity comes back when `body` returns.
    ///
    /// - Parameters:
    ///   - exhaustivity: How the assertions inside `body` match.
    ///   - body: The part of the test the exhaustivity applies to.
    /// - Returns: What `body` returns.
    @MainActor
    public func withExhaustivity<Result>(_ exhaustivity: Exhaustivity, _ body: () throws -> Result) rethrows -> Result {
        let saved = withState { state in
            defer { state.exhaustivity = exhaustivity }
            return state.exhaustivity
        }
        defer {
            withState { state in
                if state.exhaustivity == .off { state.consumed = state.entries.count }
                state.exhaustivity = saved
            }
        }
        return try body()
    }

    /// Ends the test's use of the recorder: fails on events nobody asserted (a trailing run of
    /// deallocations, the scope's own locals going away, excepted), on windows with work still
    /// waiting for `runUntilIdle()`, and on transitions still in flight.
    ///
    /// The windows checked are those ``observedWindows`` still holds: the windows that had work, an
    /// animation or were shown inside the recorder's scope and are still alive. Each problem is its
    /// own failure, at the call.
    ///
    /// - Parameters:
    ///   - fileID: The file of the call, where a failure is reported; leave it defaulted.
    ///   - filePath: The full path of that file, for XCTest; leave it defaulted.
    ///   - line: The line of the call; leave it defaulted.
    ///   - column: The column of the call; leave it defaulted.
    @MainActor
    public func finish(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let unasserted = withState { state in
            defer { state.finished = true }
            return Self.unasserted(in: state)
        }
        if !unasserted.isEmpty {
            TestFailure.record(TranscriptDiff.unassertedMessage(unasserted.map(render)), at: site)
        }
        for window in observedWindows {
            if window.hasPendingWork {
                TestFailure.record(
                    """
                    \(window.windowID) still has work waiting for the end of its turn.
                    To fix, call \(window.windowID).runUntilIdle() before finish(), and assert what it delivers.
                    """,
                    at: site)
            }
            for animation in window.animationsInFlight {
                TestFailure.record(
                    """
                    A transition is still in flight in \(window.windowID): \(describe(animation)).
                    To fix, complete it (ManualAnimationDriver's finish or cutShort, or runUntilIdle() with the \
                    default driver) before finish(), and assert what it delivers.
                    """,
                    at: site)
            }
        }
    }

    /// `containerTransition of p from f to t`.
    @MainActor
    func describe(_ animation: TransitionAnimation) -> String {
        let from = animation.fromControllers.map(name(for:)).joined(separator: ", ")
        let to = animation.toControllers.map(name(for:)).joined(separator: ", ")
        return "\(animation.kind) of \(name(for: animation.container)) from \(from) to \(to)"
    }

    /// The lines of an expected transcript: trimmed, without blank and comment lines.
    static func lines(of transcript: String) -> [String] {
        transcript.split(separator: "\n", omittingEmptySubsequences: true)
            .map { line in String(line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
            .filter { !$0.isEmpty && !$0.hasPrefix("--") && !$0.hasPrefix("//") }
    }
}
