import ContainerKit
import ContainerKitTesting
import Testing

/// The seam between ContainerKitTranscripts, which records with no test framework, and
/// ContainerKitTesting: the failures a recorder finds by itself reach the reporter it was created
/// with, as values, at the right place. The explorer's recorders have no reporter.
@Suite @MainActor struct FailureReporterTests {
    @Test func aViolationInAFailTestScopeReachesTheReporterAtTheRecordCall() {
        let reports = Reports()
        let recorder = Recorder(failureReporter: reports.append, creationSite: CallSite())
        let p = ContainerController(name: "p")
        recorder.record(violations: .collect) { p.addChild(p) }
        let line = #line + 1
        recorder.record { p.addChild(p) }
        let violation = ContractViolation(
            kind: .addingToSelfOrDescendant, severity: .fault, controllers: [p.id, p.id],
            message: "p cannot be added as a child of itself.")
        #expect(recorder.violations == [violation, violation])
        #expect(reports.all == [Report(.unexpectedViolation(violation), at: "\(#fileID):\(line)")])
    }

    @Test func eventsLeftUnassertedReachTheReporterWhereTheRecorderWasCreated() {
        let reports = Reports()
        let line = #line + 1
        var recorder: Recorder? = Recorder(failureReporter: reports.append, creationSite: CallSite())
        recorder?.record {
            Controller(name: "c").loadViewIfNeeded()
            Controller(name: "d").loadViewIfNeeded()
        }
        recorder = nil
        #expect(
            reports.all == [
                Report(
                    .wentAwayUnasserted([
                        "c.loadView()", "c.viewDidLoad()", "c.deinit", "d.loadView()", "d.viewDidLoad()",
                    ]),
                    at: "\(#fileID):\(line)")
            ])
    }
}

/// One failure a reporter received, and where it was to be reported.
private struct Report: Equatable {
    let failure: Recorder.Failure
    let place: String

    init(_ failure: Recorder.Failure, at place: String) {
        self.failure = failure
        self.place = place
    }
}

/// The failures a recorder reported; a reporter may be called from any thread.
private final class Reports: @unchecked Sendable {
    private let lock = Lock()
    private var reports: [Report] = []

    @Sendable func append(_ failure: Recorder.Failure, _ site: CallSite) {
        lock.withLock { reports.append(Report(failure, at: "\(site.fileID):\(site.line)")) }
    }

    var all: [Report] { lock.withLock { reports } }
}
