/// Why the engine delivered an event: the rule of the lifecycle reference it follows, and the
/// public call that planned it.
///
/// Observers receive it with each event (``LifecycleObserver/observe(_:source:cause:)``), and a
/// recorded transcript can print it beside each line. It is not part of the event: two events are
/// equal whatever their causes.
public struct LifecycleCause: Hashable, Sendable {
    /// The rule the event follows.
    public let rule: LifecycleRule
    /// The public call that planned the event, or nil when no call did: a deallocation happens
    /// where the last reference goes, which the engine does not see.
    ///
    /// Work deferred to the end of a turn or to an animation's completion names the call that
    /// queued it (`nav.push(b, animated: true)`), not `runUntilIdle()`. A call made from inside a
    /// callback is a call of its own: the events it plans name it.
    public let call: LifecycleCall?

    /// Creates a cause. The engine makes its own; tests may make one to compare with.
    public init(rule: LifecycleRule, call: LifecycleCall?) {
        self.rule = rule
        self.call = call
    }

    /// The cause as `--explain` prints it: the rule, its evidence and reason, then the call.
    /// `R1  DOC  addChild(_:) sends it before the child joins children  ← p.addChild(c)`.
    public func description(naming name: (ControllerID) -> String) -> String {
        let planned = call.map { "  ← \($0.description(naming: name))" } ?? ""
        return "\(rule.section)  \(rule.tag)  \(rule.reason)\(planned)"
    }

    /// Whether the event is UIKit's repeated `didMove(toParent:)` (R7): the second `didMove` a
    /// controller gets when its container called `didMove(toParent:)` while the controller was
    /// still appearing, or removed it while it was still disappearing. It comes right after the
    /// controller's `viewDidAppear` or `viewDidDisappear`, names the parent the controller has
    /// then, and ends no move: a checker of R7's "one didMove per willMove" passes over it.
    public var isRepeatedDidMove: Bool { rule == .repeatedDidMove }
}

/// A rule of the lifecycle reference (`spec/lifecycle.md` in the repository), as an event's cause
/// cites it: the section or rule, the evidence behind it, and why the event is where it is.
public struct LifecycleRule: Hashable, Sendable {
    /// The evidence behind a rule, as the lifecycle reference tags it.
    public enum Evidence: String, Hashable, Sendable {
        /// Apple's documentation or SDK header says so.
        case doc = "DOC"
        /// A printed log, stack trace or test run on real UIKit shows it, or UIKit's own code.
        case log = "LOG"
        /// No public evidence settles it: ContainerKit's decision.
        case model = "MODEL"
    }

    /// The section or rule: `§6`, `R4`, `F2`.
    public let section: String
    /// The evidence, one tag or several (`DOC/LOG`) where the reference gives several.
    public let evidence: [Evidence]
    /// Why the event is where it is, in a few words.
    public let reason: String

    /// Creates a rule. The engine cites its own; tests may make one to compare with.
    public init(section: String, evidence: [Evidence], reason: String) {
        self.section = section
        self.evidence = evidence
        self.reason = reason
    }

    /// The tags as the reference writes them: `LOG`, `DOC/MODEL`.
    public var tag: String { evidence.map(\.rawValue).joined(separator: "/") }

    /// The rule of UIKit's repeated `didMove(toParent:)` (R7, ``LifecycleCause/isRepeatedDidMove``).
    public static var repeatedDidMove: LifecycleRule { Rule.repeatedDidMove.cited }
}

/// The public call that planned an event, as the code that made it spells it:
/// `nav.push(b, animated: true)`, `window.runUntilIdle()`.
public struct LifecycleCall: Hashable, Sendable {
    /// What the call was made on.
    public enum Target: Hashable, Sendable {
        /// A controller.
        case controller(ControllerID)
        /// A window.
        case window(WindowID)
        /// A controller's root view: `p.view`.
        case view(of: ControllerID)
        /// A view no controller owns, by its name (`"view"` when it has none).
        case namedView(String)
        /// A transition in flight: the animation driver completing it, or the handle of an
        /// interactive transition.
        case transition(of: ControllerID)
    }

    /// One argument of the call.
    public enum Argument: Hashable, Sendable {
        /// A controller, or nil.
        case controller(ControllerID?)
        /// Several controllers.
        case controllers([ControllerID])
        /// A controller's root view.
        case view(of: ControllerID)
        /// A flag or a small value, rendered as written: `true`, `.forward`, `320×480`.
        case value(String)
    }

    /// An argument with its label (nil for an unlabelled one).
    public struct LabeledArgument: Hashable, Sendable {
        /// The argument's label, or nil.
        public let label: String?
        /// The argument.
        public let value: Argument

        /// Creates a labelled argument.
        public init(label: String?, value: Argument) {
            self.label = label
            self.value = value
        }
    }

    /// How the call is written.
    public enum Form: Hashable, Sendable {
        /// A method: `nav.push(b, animated: true)`.
        case method
        /// A property read: `c.view`.
        case getter
        /// A property set, its one argument the value: `window.isHidden = true`.
        case setter
        /// An initializer, `name` the type's: `NavigationController(root: a)`.
        case initializer
    }

    /// What the call was made on.
    public let target: Target
    /// The method or property, without its argument labels: `push`, `addChild`, `isHidden`.
    public let name: String
    /// How the call is written.
    public let form: Form
    /// The arguments with their labels, in order.
    public let arguments: [LabeledArgument]

    /// Creates a call.
    public init(
        target: Target, name: String, form: Form = .method, arguments: [(label: String?, value: Argument)] = []
    ) {
        self.target = target
        self.name = name
        self.form = form
        self.arguments = arguments.map { LabeledArgument(label: $0.label, value: $0.value) }
    }

    /// The call in Swift notation, naming each controller with `name`.
    public func description(naming name: (ControllerID) -> String) -> String {
        let receiver =
            switch target {
            case .controller(let id): name(id)
            case .window(let id): id.description
            case .view(of: let owner): "\(name(owner)).view"
            case .namedView(let view): view
            case .transition(of: let container): "transition(of: \(name(container)))"
            }
        func render(_ argument: Argument) -> String {
            switch argument {
            case .controller(let id): id.map(name) ?? "nil"
            case .controllers(let ids): "[\(ids.map(name).joined(separator: ", "))]"
            case .view(of: let owner): "\(name(owner)).view"
            case .value(let text): text
            }
        }
        let rendered = arguments.map { ($0.label.map { "\($0): " } ?? "") + render($0.value) }
        switch form {
        case .method: return "\(receiver).\(self.name)(\(rendered.joined(separator: ", ")))"
        case .getter: return "\(receiver).\(self.name)"
        case .setter: return "\(receiver).\(self.name) = \(rendered.joined(separator: ", "))"
        case .initializer: return "\(self.name)(\(rendered.joined(separator: ", ")))"
        }
    }
}

extension LifecycleCall: CustomStringConvertible {
    /// The call in Swift notation, naming controllers by their ``ControllerID/description``.
    public var description: String { description(naming: \.description) }
}
