/// Where a line of a transcript comes from: the rule of the lifecycle reference
/// (`spec/lifecycle.md`) that makes the engine send it, and the evidence behind that rule.
public struct Citation: Hashable, Sendable {
    /// The evidence behind a rule, as the lifecycle reference tags it.
    public enum Evidence: String, Hashable, Sendable {
        /// Apple's documentation or SDK header says so.
        case doc = "DOC"
        /// A printed log, stack trace or test run on real UIKit shows it.
        case log = "LOG"
        /// No public evidence settles it: ContainerKit's decision.
        case model = "MODEL"
    }

    /// The section or rule: `§6`, `R4`, `F2`.
    public let rule: String
    /// The evidence, one tag or several (`DOC/LOG`) where the reference gives several.
    public let evidence: [Evidence]
    /// Why the line is where it is, in a few words.
    public let reason: String

    init(_ rule: String, _ evidence: Evidence..., reason: String) {
        self.rule = rule
        self.evidence = evidence
        self.reason = reason
    }

    /// The tags as the reference writes them: `LOG`, `DOC/MODEL`.
    public var tag: String { evidence.map(\.rawValue).joined(separator: "/") }
}
