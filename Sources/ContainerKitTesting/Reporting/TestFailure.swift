import Testing
import XCTest

/// Where an assertion was written, in the forms both test frameworks need.
///
/// Every assertion of this module takes `fileID`, `filePath`, `line` and `column` defaulted to the
/// caller's, and reports its failure there, through whichever framework is running the test.
public struct CallSite: Sendable {
    /// `#fileID` of the call.
    public let fileID: String
    /// `#filePath` of the call, as XCTest wants it.
    public let filePath: StaticString
    /// `#line` of the call.
    public let line: UInt
    /// `#column` of the call.
    public let column: UInt

    /// Captures a call site; leave the arguments defaulted.
    public init(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// The call site as Swift Testing's `SourceLocation`.
    public var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
}

/// Reports test failures through the framework that is running: Swift Testing when `Test.current`
/// is set, XCTest otherwise. (On Linux the two frameworks silently drop each other's failures.)
public enum TestFailure {
    /// Records a failure with `message` at `site`.
    public static func record(_ message: String, at site: CallSite) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: site.sourceLocation)
        } else {
            XCTFail(message, file: site.filePath, line: site.line)
        }
    }
}
