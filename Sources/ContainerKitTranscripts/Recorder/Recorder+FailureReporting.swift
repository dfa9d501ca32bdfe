import ContainerKit

extension Recorder {
    /// A failure a recorder finds by itself, with no assertion asking: the seam between recording,
    /// which needs no test framework, and ContainerKitTesting, which words the failure and reports
    /// it through the framework running the test.
    package enum Failure: Hashable, Sendable {
        /// A contract violation inside a recording scope whose policy is
        /// `ViolationPolicy.failTest`; reported at the `record` call.
        case unexpectedViolation(ContractViolation)
        /// The recorder went away, without `finish()`, with these events unasserted (rendered with
        /// its names); reported where the recorder was created.
        case wentAwayUnasserted([String])
    }

    /// Receives the failures a recorder finds by itself, and where to report each.
    package typealias FailureReporter = @Sendable (Failure, CallSite) -> Void
}
