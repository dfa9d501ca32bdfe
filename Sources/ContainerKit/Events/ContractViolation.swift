/// A call that breaks UIKit's containment contract, as a value.
///
/// Severity mirrors UIKit. A ``Severity-swift.enum/fault`` is what UIKit raises an exception for:
/// the call is refused, nothing changes and no callback fires. A ``Severity-swift.enum/warning`` is
/// what UIKit only logs: the call is handled as UIKit handles it (usually ignored) and reported.
/// Neither is ever silent: every violation goes to the handler in force (see
/// ``ContractViolation/withHandler(_:operation:)``).
public struct ContractViolation: Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A controller was added as a child of itself or of one of its descendants, or of a
        /// controller presented (itself or through an ancestor) from it or one of its descendants.
        case addingToSelfOrDescendant
        /// `addChild(_:)` named a controller that is already a child of (or moving to) that container.
        case addingExistingChild
        /// A controller was made the root of a window while it has a parent, is another window's root,
        /// or is presented.
        case invalidRootController
        /// A controller that is presented, or is a window's root, was added as a child (by
        /// `addChild(_:)` or a push): it has a place in the tree already.
        case invalidChild
        /// `removeFromParent()` was called without `willMove(toParent: nil)` first.
        case removeWithoutWillMove
        /// `willMove(toParent:)` was called with a parent by hand, or a second time while a move was open.
        case unexpectedWillMove
        /// `didMove(toParent:)` named a parent that is not the one the move is heading to.
        case didMoveToUnexpectedParent
        /// `didMove(toParent:)` was called a second time for one move, or with no move begun.
        case unmatchedDidMove
        /// A begin/end appearance call that the appearance state machine cannot take (spec §3).
        case unbalancedAppearanceTransition
        /// An appearance callback was called directly instead of being driven by the engine.
        case appearanceCallbackCalledDirectly
        /// An override skipped `super` where UIKit requires it.
        case missingSuperCall
        /// `loadView()` returned without assigning a view.
        case loadViewAssignedNoView
        /// A view was given to a second controller as its root view.
        case viewOwnedByAnotherController
        /// A view was added to itself or to one of its descendants, or a window was added as a subview;
        /// or a built-in container's view would end up inside the root view of one of its children.
        case invalidViewHierarchy
        /// A controller's root view was added under a view owned by a controller that is not its parent.
        case viewControllerHierarchyInconsistency
        /// `transition(from:to:…)` was called with controllers it cannot take, or on a container that
        /// cannot run it.
        case invalidTransition
        /// `transition(from:to:…)` was given an incoming controller whose view is already in a hierarchy.
        case transitionViewAlreadyInHierarchy
        /// A controller managed by a built-in container was moved with `addChild(_:)` or
        /// `removeFromParent()` instead of the container's own API, or was sent
        /// `willMove(toParent:)` or `didMove(toParent:)` by hand (R9).
        case builtInContainerChildMovedByHand
        /// A controller already in a navigation stack was pushed again, or a stack named one twice.
        case pushingControllerInStack
        /// A navigation controller was pushed onto a navigation stack.
        case pushingNavigationController
        /// A controller that has another parent was pushed or put in a stack.
        case pushingControllerWithParent
        /// `pop(to:)` named a controller that is not in the stack.
        case poppingToControllerNotInStack
        /// A tab or page controller was given contents it cannot take: a controller named twice,
        /// one with another parent, the container itself or an ancestor.
        case invalidContainerContents
        /// A tab bar controller was asked to select a controller that is not one of its tabs, or an
        /// index out of range.
        case invalidTabSelection
        /// A controller that is presented already, has a parent, or is above the caller (through
        /// parents and presenting controllers) was presented.
        case presentingInvalidController
        /// `present` was called on a controller whose view is not in a visible window, or whose
        /// presenting controller (the root of its tree, or the controller defining the presentation
        /// context) presents already, is being dismissed, or has its view out of a visible window.
        case presentingFromInvalidController
        /// `present` was called from a detached tree: its root is neither a window's root controller
        /// nor presented (its view was put in a window by hand). The presentation is carried out,
        /// as UIKit does, which logs "Presenting view controllers on detached view controllers is
        /// discouraged".
        case presentingFromDetachedController
        /// `dismiss` was called on controllers that are being dismissed already: a dismissal of them
        /// waits for its turn or runs, or their sheet is being pulled down.
        case dismissingDuringDismissal
        /// An animation driver completed an animation while its gesture was still in progress.
        case completingInteractiveAnimation
        /// `runUntilIdle()` was called from inside a running turn, or from inside a callback the engine
        /// delivered outside one.
        case nestedRunUntilIdle
        /// A turn kept producing work and was stopped.
        case runawayTurn
    }

    /// How UIKit treats the misuse.
    public enum Severity: String, Hashable, Sendable {
        /// UIKit raises an exception: the call is refused and nothing changes.
        case fault
        /// UIKit logs a message: the call is handled as UIKit handles it and reported.
        case warning
    }

    /// What went wrong.
    public let kind: Kind
    /// How UIKit treats it, and so what ContainerKit did.
    public let severity: Severity
    /// The controllers involved, the one the call was made on first.
    public let controllers: [ControllerID]
    /// A sentence that names the rule.
    public let message: String

    /// Creates a violation.
    public init(kind: Kind, severity: Severity, controllers: [ControllerID], message: String) {
        self.kind = kind
        self.severity = severity
        self.controllers = controllers
        self.message = message
    }

    /// `fault: <message>` or `warning: <message>`.
    public var description: String { "\(severity.rawValue): \(message)" }
}

extension ContractViolation {
    /// Receives the violations reported inside a scope.
    public typealias Handler = @Sendable (ContractViolation) -> Void

    @TaskLocal static var scopedHandler: Handler?

    /// Runs `operation` with `handler` receiving every violation reported inside it, instead of the
    /// default handler.
    ///
    /// The handler is bound to the current task (a task-local value), so parallel tests that each
    /// install their own never see each other's violations, and no global state changes. A refused
    /// call (a fault) has already been undone when the handler is called, whatever it does.
    ///
    /// The default handler, in force outside any scope, stops the program with the message of a
    /// fault and writes a warning to standard error.
    public static func withHandler<Result>(
        _ handler: @escaping Handler,
        operation: () throws -> Result
    ) rethrows -> Result {
        try $scopedHandler.withValue(handler, operation: operation)
    }

    /// Runs the asynchronous `operation` with `handler` receiving every violation reported inside it.
    public static func withHandler<Result>(
        _ handler: @escaping Handler,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await $scopedHandler.withValue(handler, operation: operation, isolation: isolation)
    }

    /// Reports this violation to the handler in force.
    func report() {
        if let handler = Self.scopedHandler {
            handler(self)
            return
        }
        switch severity {
        case .fault:
            fatalError("ContainerKit contract violation (\(kind.rawValue)): \(message)")
        case .warning:
            StandardError.write("ContainerKit warning (\(kind.rawValue)): \(message)\n")
        }
    }
}

extension ContractViolation {
    /// This refusal reported as the warning of a call given up part-way: `lead` says what the call
    /// did before it was refused (callbacks it sent, transitions it completed first), which changed
    /// the tree, so the fault's "nothing changed" would not be true. The refusal's own reason follows.
    func givenUp(_ lead: String) -> ContractViolation {
        let unchanged = " Nothing changed."
        let reason = message.hasSuffix(unchanged) ? String(message.dropLast(unchanged.count)) : message
        return ContractViolation(kind: kind, severity: .warning, controllers: controllers, message: "\(lead) \(reason)")
    }
}
