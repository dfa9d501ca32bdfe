import ContainerKit
import ContainerKitTesting
import Foundation
import XCTest

/// ContainerKitTesting from XCTest: async test methods call main-actor code, and failures are
/// reported through XCTest (Swift Testing's `Test.current` is nil here).
final class XCTestSupportTests: XCTestCase {
    /// Failures captured instead of recorded while a test checks that one is reported.
    private let captured = CapturedFailures()

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if captured.isCapturing {
            captured.append("\(URL(fileURLWithPath: filePath).lastPathComponent):\(lineNumber): \(description)")
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testARecordedScenarioPassesUnderXCTest() async {
        await Self.addChildToVisibleParent(expecting: Self.addChildTranscript)
    }

    func testAFailedExpectIsReportedThroughXCTestAtTheCallersLine() async {
        captured.isCapturing = true
        let line = await Self.addChildToVisibleParent(expecting: "c.viewDidLoad()")
        captured.isCapturing = false
        let failures = captured.all
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.hasPrefix(
                "XCTestSupportTests.swift:\(line): failed - The recorded transcript differs from the expected one: "
                    + "6 lines recorded but not expected (expected 1 line, recorded 7).") == true,
            failures.first ?? "no failure")
    }

    func testExpectViolationWorksUnderXCTest() async {
        await MainActor.run {
            let recorder = Recorder()
            recorder.record {
                let p = ContainerController(name: "p")
                recorder.expectViolation(.addingToSelfOrDescendant, unchanged: [p]) {
                    p.addChild(p)
                }
                recorder.finish()
            }
        }
    }

    static let addChildTranscript = """
        c.willMove(toParent: p)
        c.loadView()
        c.viewDidLoad()
        c.viewWillAppear(animated: false)
        c.didMove(toParent: p)
        c.viewDidAppear(animated: false)
        c.didMove(toParent: p)
        """

    /// Plays §2.1 and expects `transcript`; returns the line of the expect call.
    @discardableResult
    @MainActor
    static func addChildToVisibleParent(expecting transcript: String) -> UInt {
        let recorder = Recorder()
        var line: UInt = 0
        recorder.record {
            let window = Window(name: "window", frame: Rect(x: 0, y: 0, width: 320, height: 480))
            let p = ContainerController(name: "p")
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.skipEvents()
            let c = Controller(name: "c")
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            window.runUntilIdle()
            line = #line + 1
            recorder.expect(transcript)
            recorder.finish()
        }
        return line
    }
}

/// Failures an XCTestCase captures instead of recording; XCTest may call in from any thread.
private final class CapturedFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [String] = []
    private var capturing = false

    var isCapturing: Bool {
        get { lock.withLock { capturing } }
        set { lock.withLock { capturing = newValue } }
    }

    func append(_ failure: String) {
        lock.withLock { failures.append(failure) }
    }

    var all: [String] { lock.withLock { failures } }
}
