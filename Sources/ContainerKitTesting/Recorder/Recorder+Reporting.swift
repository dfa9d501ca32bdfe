import ContainerKit

extension Recorder {
    /// Creates an empty recorder. Failures found when it goes away are reported here.
    ///
    /// - Parameters:
    ///   - fileID: The file of the call, where a failure is reported; leave it defaulted.
    ///   - filePath: The full path of that file, for XCTest; leave it defaulted.
    ///   - line: The line of the call; leave it defaulted.
    ///   - column: The column of the call; leave it defaulted.
    public convenience init(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.init(
            failureReporter: { failure, site in TestFailure.record(failure.message, at: site) },
            creationSite: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension Recorder.Failure {
    /// What the test's failure says.
    var message: String {
        switch self {
        case .unexpectedViolation(let violation):
            """
            Unexpected contract violation (\(violation.kind.rawValue), \(violation.severity.rawValue)): \
            \(violation.message)
            To fix, correct the call, or wrap it in expectViolation(.\(violation.kind.rawValue)) { … } if the \
            test is about the misuse.
            """
        case .wentAwayUnasserted(let lines):
            "The recorder went away without finish():\n" + TranscriptDiff.unassertedMessage(lines)
        }
    }
}
