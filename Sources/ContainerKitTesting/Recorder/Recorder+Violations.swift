import ContainerKit

extension Recorder {
    /// Asserts that `body` reports exactly one contract violation, of `kind`, and, when it is a
    /// fault, that the refused call changed nothing.
    ///
    /// "Nothing" is checked on what the recorder can see: no event was delivered inside `body`, and
    /// the controller and view trees of every window observed so far, and of the controllers in
    /// `unchanged`, read the same before and after (their `hierarchyDescription` and
    /// `recursiveDescription`, which include every appearance and containment state).
    ///
    /// ```swift
    /// recorder.expectViolation(.addingToSelfOrDescendant, unchanged: [p]) {
    ///     p.addChild(p)
    /// }
    /// ```
    ///
    /// For a warning only the kind is checked: the call was carried out as UIKit carries it out, and
    /// its events stay in the transcript for the next assertion. The violations it captures also
    /// join ``violations``.
    ///
    /// - Parameters:
    ///   - kind: The one violation `body` must report.
    ///   - controllers: Controllers whose trees a refused call must leave as they were, besides
    ///     those of the windows observed so far (off-screen controllers, say).
    ///   - fileID: The file of the call, where a failure is reported; leave it defaulted.
    ///   - filePath: The full path of that file, for XCTest; leave it defaulted.
    ///   - line: The line of the call; leave it defaulted.
    ///   - column: The column of the call; leave it defaulted.
    ///   - body: The call that breaks the rule.
    /// - Returns: What `body` returns.
    @MainActor
    @discardableResult
    public func expectViolation<Result>(
        _ kind: ContractViolation.Kind, unchanged controllers: [Controller] = [],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ body: () throws -> Result
    ) rethrows -> Result {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let before = snapshot(controllers)
        let eventsBefore = withState { $0.entries.count }
        let captured = CapturedViolations()
        let result = try ContractViolation.withHandler({ captured.append($0) }, operation: body)
        let violations = captured.all
        withState { $0.violations.append(contentsOf: violations) }
        guard violations.map(\.kind) == [kind] else {
            let found =
                violations.isEmpty
                ? "none was reported"
                : "reported: " + violations.map { "\($0.kind.rawValue) (\($0.message))" }.joined(separator: "; ")
            TestFailure.record(
                """
                Expected one \(kind.rawValue) contract violation; \(found).
                To fix, make the call inside expectViolation break exactly that rule, or expect the kind it reports.
                """,
                at: site)
            return result
        }
        guard violations[0].severity == .fault else { return result }
        let delivered = withState { Array($0.entries[eventsBefore...]) }
        if !delivered.isEmpty {
            TestFailure.record(
                """
                The refused call (a fault: \(kind.rawValue)) delivered callbacks; a refused call must change nothing:

                \(delivered.map { "+ \(render($0.event))" }.joined(separator: "\n"))

                To fix, the engine must refuse the call before calling out.
                """,
                at: site)
        }
        let after = snapshot(controllers)
        if let difference = TranscriptDiff.message(expected: before, actual: after) {
            TestFailure.record(
                "The refused call (a fault: \(kind.rawValue)) changed the trees; a refused call must change nothing.\n"
                    + difference,
                at: site)
        }
        return result
    }

    /// The trees the recorder can see, one line a node.
    @MainActor
    func snapshot(_ controllers: [Controller]) -> [String] {
        var lines: [String] = []
        for window in observedWindows {
            lines += window.recursiveDescription.split(separator: "\n").map(String.init)
            lines += (window.rootController?.hierarchyDescription ?? "(no root)").split(separator: "\n").map(
                String.init)
        }
        for controller in controllers {
            lines += controller.hierarchyDescription.split(separator: "\n").map(String.init)
            if let view = controller.viewIfLoaded {
                lines += view.recursiveDescription.split(separator: "\n").map(String.init)
            }
        }
        return lines
    }
}

/// Violations captured by one `expectViolation` scope.
private final class CapturedViolations: @unchecked Sendable {
    private let lock = Lock()
    private var violations: [ContractViolation] = []

    func append(_ violation: ContractViolation) {
        lock.withLock { violations.append(violation) }
    }

    var all: [ContractViolation] { lock.withLock { violations } }
}
