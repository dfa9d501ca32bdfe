/// Where an assertion was written, in the forms both test frameworks need.
///
/// Every assertion of ContainerKitTesting takes `fileID`, `filePath`, `line` and `column` defaulted
/// to the caller's, and reports its failure there, through whichever framework is running the test.
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
}
