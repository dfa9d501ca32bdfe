/// The containment state machine of one controller, as a value (spec §2).
///
/// A move begins with `willMove(toParent:)` and ends with exactly one `didMove(toParent:)` (R7):
///
/// ```
/// detached ──addChild(p)──▶ attaching(p) ──didMove(p)──▶ attached(p)
///     ▲                          │                           │
///     │                   removeFromParent          willMove(nil)
///     │                          ▼                           ▼
///     └──────── removeFromParent ◀──────────────────── detaching(p) ──didMove(p)──▶ attached(p)
/// ```
///
/// UIKit's repeated `didMove(toParent:)` (R7 **[rev 2]**) is not a state of the diagram: a move
/// it follows counts as complete. A bit beside the phase says that it is due
/// (``awaitsRepeatedDidMove``), and keeps R8's flags true until the engine has sent it.
///
/// The machine names parents by ``ControllerID`` and calls no user code; it commits each state
/// change before returning the action, so the callbacks the action leads to see the new state. It
/// tells parents apart by their serial numbers, which are unique to a controller for the life of
/// the process: a comparison copies no identity.
package struct ContainmentStateMachine: Sendable {
    package enum State: Hashable, Sendable {
        /// No parent, no move open.
        case detached
        /// `willMove(toParent: parent)` was sent; `didMove(toParent: parent)` has not been.
        case attaching(ControllerID)
        /// A child of `parent`, no move open.
        case attached(ControllerID)
        /// `willMove(toParent: nil)` was sent while a child of `parent`; the move is open.
        case detaching(ControllerID)
    }

    /// What `addChild(_:)` asks of the engine.
    package enum AddAction: Hashable, Sendable {
        /// Send `willMove(toParent: parent)`, then append the child to the parent's children.
        case sendWillMove
        /// The controller is already a child of (or moving to) this parent: ignore, report a warning.
        case reportAlreadyChild
        /// The controller belongs to another parent: remove it first (R4), then add it again.
        case removeFromCurrentParentFirst(ControllerID)
    }

    /// What `removeFromParent()` asks of the engine.
    package enum RemoveAction: Hashable, Sendable {
        /// No parent: nothing to do.
        case none
        /// Take the child out of its parent's children, then send `didMove(toParent: nil)`; when
        /// `reportMissingWillMove` is true, report that `willMove(toParent: nil)` did not come first.
        case sendDidMoveToNil(from: ControllerID, reportMissingWillMove: Bool)
    }

    /// What a `willMove(toParent:)` or `didMove(toParent:)` that reached the base class asks of the engine.
    package enum MoveAction: Hashable, Sendable {
        /// The call fits the contract; the state has changed (or had nothing to change).
        case accept
        /// A `willMove(toParent:)` the contract does not allow: ignore, report a warning.
        case reportUnexpectedWillMove(WillMoveProblem)
        /// `didMove(toParent:)` named another parent than the open move's: ignore, report a warning.
        case reportUnexpectedParent(expected: ControllerID?)
        /// `didMove(toParent:)` with no move open: ignore, report a warning.
        case reportUnmatchedDidMove
    }

    /// Why a `willMove(toParent:)` was not accepted.
    package enum WillMoveProblem: Hashable, Sendable {
        /// A move is open already, heading to the given parent (nil: a removal); no second
        /// willMove is sent while a move is open (R7).
        case moveOpen(to: ControllerID?)
        /// No move is open, and `willMove(toParent:)` with a parent is sent by `addChild(_:)` only (R1, R3).
        case parentOutsideAddChild
    }

    /// Where the move stands, apart from the parent it names.
    private enum Phase: UInt8 {
        case detached, attaching, attached, detaching
    }

    // The state is kept as a phase and a parent, not as a ``State``: a move that goes on from one
    // phase to the next changes a byte and leaves the parent where it is, where an enum's payload
    // would be copied out and stored again (an identity holds two strings to retain and release).
    private var phase = Phase.detached
    /// Whether UIKit's repeated `didMove(toParent:)` is due (R7 **[rev 2]**): the last accepted
    /// `didMove` came while the appearance it belongs with was open (see ``awaitsRepeatedDidMove``).
    /// Beside ``phase``, so it takes a byte of that word's padding.
    private var repeatDue = false
    /// The parent the controller has or is moving to; nil exactly when ``phase`` is detached.
    private var storedParent: ControllerID?
    /// ``storedParent``'s serial number, what comparisons read (meaningless when detached).
    private var parentSerial: UInt64 = 0

    /// The state, as the diagram names it.
    package var state: State {
        switch (phase, storedParent) {
        case (.attaching, let parent?): .attaching(parent)
        case (.attached, let parent?): .attached(parent)
        case (.detaching, let parent?): .detaching(parent)
        case (.detached, _), (_, nil): .detached
        }
    }

    /// A new machine, ``State/detached``.
    package init() {}

    /// Whether a `willMove(toParent:)` with a parent is open (R8's window for `isMovingToParent`).
    @inline(__always)
    package var isMovingToParent: Bool { phase == .attaching }

    /// Whether UIKit's repeated `didMove(toParent:)` is due (R7 **[rev 2]**): the last accepted
    /// `didMove(toParent: p)` came while the controller was appearing, or the last accepted
    /// `didMove(toParent: nil)` (a removal's) while it was disappearing. The engine sends
    /// `didMove(toParent:)` again, naming the parent the controller has then, right after its next
    /// `viewDidAppear` or `viewDidDisappear` (``repeatedDidMoveSent()``). The move counts as
    /// complete meanwhile (the phase is attached or detached): a `willMove(toParent: nil)` or a
    /// re-parenting is no violation. Only R8's flags read it (``reportsMovingToParent``).
    @inline(__always)
    package var awaitsRepeatedDidMove: Bool { repeatDue }

    /// R8's `isMovingToParent`: an addition is open, or complete but for UIKit's repeated
    /// `didMove(toParent:)` (R7 **[rev 2]**).
    @inline(__always)
    package var reportsMovingToParent: Bool { phase == .attaching || (repeatDue && phase == .attached) }

    /// R8's `isMovingFromParent`: a removal is open, or complete but for UIKit's repeated
    /// `didMove(toParent: nil)` (R7 **[rev 2]**).
    @inline(__always)
    package var reportsMovingFromParent: Bool { phase == .detaching || (repeatDue && phase == .detached) }

    /// The engine has sent UIKit's repeated `didMove(toParent:)`: it is no longer due. The phase
    /// stays as it is: a move begun since is not ended by the repeat.
    package mutating func repeatedDidMoveSent() {
        repeatDue = false
    }

    /// Whether the controller is a child with no move open: the one state from which re-parenting
    /// sends `willMove(toParent: nil)` before the removal (R4).
    @inline(__always)
    package var isAttached: Bool { phase == .attached }

    /// Whether a `willMove(toParent: nil)` is open (R8's window for `isMovingFromParent`).
    @inline(__always)
    package var isMovingFromParent: Bool { phase == .detaching }

    /// Whether the controller has no parent and is moving to none: ``parent`` is nil, read without
    /// copying an identity.
    @inline(__always)
    package var isDetached: Bool { phase == .detached }

    /// The parent the controller has or is moving to; nil when detached.
    package var parent: ControllerID? { storedParent }

    /// Whether the state is attaching to or attached to `parent` (an addition that has not been
    /// undone), compared without copying an identity.
    @inline(__always)
    package func isJoiningOrChild(of parent: ControllerID) -> Bool {
        (phase == .attaching || phase == .attached) && parentSerial == parent.serial
    }

    /// `parent.addChild(self)` (R1, R4).
    package mutating func addChild(to parent: ControllerID) -> AddAction {
        switch storedParent {
        case nil:
            phase = .attaching
            storedParent = parent
            parentSerial = parent.serial
            return .sendWillMove
        case let current?:
            return current.serial == parent.serial ? .reportAlreadyChild : .removeFromCurrentParentFirst(current)
        }
    }

    /// `removeFromParent()` (R2), or the removal that re-parenting performs (R4, no report). An
    /// addition still open is dropped without a report (R7).
    ///
    /// `disappearing` says whether the controller's appearance state is disappearing: its
    /// `didMove(toParent: nil)` then comes while the removal's disappearance is open, and UIKit's
    /// repeat is due (R7 **[rev 2]**, ``awaitsRepeatedDidMove``).
    package mutating func removeFromParent(reparenting: Bool = false, disappearing: Bool = false) -> RemoveAction {
        let wasAttached = phase == .attached
        // The parent moves out of the state into the action: no copy.
        guard let parent = storedParent.take() else { return .none }
        phase = .detached
        repeatDue = disappearing
        // An addition still open is dropped: its didMove(toParent: nil) ends it (R7), and no
        // willMove(toParent: nil) could have come first (no second willMove while a move is open).
        return .sendDidMoveToNil(from: parent, reportMissingWillMove: wasAttached && !reparenting)
    }

    /// `willMove(toParent:)` called by a container (R3: `willMove(toParent: nil)` before removal).
    package mutating func willMove(to destination: ControllerID?) -> MoveAction {
        willMove(toParentNumbered: destination?.serial)
    }

    /// ``willMove(to:)`` with the destination named by its serial number (nil: no parent).
    package mutating func willMove(toParentNumbered destination: UInt64?) -> MoveAction {
        switch (phase, destination == nil) {
        case (.detached, true):
            return .accept
        case (.attached, true):
            phase = .detaching
            return .accept
        case (.detaching, _):
            return .reportUnexpectedWillMove(.moveOpen(to: nil))
        case (.attaching, _):
            // R7: no second willMove while a move is open; an addition is dropped by
            // removeFromParent() alone.
            return .reportUnexpectedWillMove(.moveOpen(to: storedParent))
        case (.detached, false), (.attached, false):
            return .reportUnexpectedWillMove(.parentOutsideAddChild)
        }
    }

    /// `didMove(toParent:)` called by a container (R3), or sent by the engine at the end of a move.
    ///
    /// `appearing` says whether the controller's appearance state is appearing: an accepted
    /// `didMove` then comes while the appearance the move caused is open, and UIKit's repeat is due
    /// (R7 **[rev 2]**, ``awaitsRepeatedDidMove``); otherwise an accepted one clears it, as UIKit's
    /// does.
    package mutating func didMove(to destination: ControllerID?, appearing: Bool = false) -> MoveAction {
        didMove(toParentNumbered: destination?.serial, appearing: appearing)
    }

    /// ``didMove(to:appearing:)`` with the destination named by its serial number (nil: no parent).
    package mutating func didMove(toParentNumbered destination: UInt64?, appearing: Bool = false) -> MoveAction {
        switch phase {
        case .attaching:
            guard destination == parentSerial else { return .reportUnexpectedParent(expected: storedParent) }
            phase = .attached
            repeatDue = appearing
            return .accept
        case .detaching:
            // The move heads to nil, which only removeFromParent() completes; naming the parent
            // again cancels the removal (R7), as a built-in container does for a cancelled swipe.
            guard destination == parentSerial else { return .reportUnexpectedParent(expected: nil) }
            phase = .attached
            repeatDue = appearing
            return .accept
        case .attached, .detached:
            return .reportUnmatchedDidMove
        }
    }
}
