import Testing
import XCTest

extension CallSite {
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
