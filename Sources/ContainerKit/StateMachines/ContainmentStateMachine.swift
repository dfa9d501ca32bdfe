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
/// The machine names parents by ``ControllerID`` and calls no user code; it commits each state
/// change before returning the action, so the callbacks the action leads to see the new state.
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

    package private(set) var state: State = .detached

    /// A new machine, ``State/detached``.
    package init() {}

    /// Whether a `willMove(toParent:)` with a parent is open (R8's window for `isMovingToParent`).
    package var isMovingToParent: Bool {
        if case .attaching = state { return true }
        return false
    }

    /// Whether a `willMove(toParent: nil)` is open (R8's window for `isMovingFromParent`).
    package var isMovingFromParent: Bool {
        if case .detaching = state { return true }
        return false
    }

    /// Whether the controller has no parent and is moving to none: ``parent`` is nil, read without
    /// copying an identity.
    package var isDetached: Bool {
        if case .detached = state { return true }
        return false
    }

    /// The parent the controller has or is moving to; nil when detached.
    package var parent: ControllerID? {
        switch state {
        case .detached: nil
        case .attaching(let parent), .attached(let parent), .detaching(let parent): parent
        }
    }

    /// `parent.addChild(self)` (R1, R4).
    package mutating func addChild(to parent: ControllerID) -> AddAction {
        switch state {
        case .detached:
            state = .attaching(parent)
            return .sendWillMove
        case .attaching(let current), .attached(let current), .detaching(let current):
            return current == parent ? .reportAlreadyChild : .removeFromCurrentParentFirst(current)
        }
    }

    /// `removeFromParent()` (R2), or the removal that re-parenting performs (R4, no report). An
    /// addition still open is dropped without a report (R7).
    package mutating func removeFromParent(reparenting: Bool = false) -> RemoveAction {
        switch state {
        case .detached:
            return .none
        case .attached(let parent):
            state = .detached
            return .sendDidMoveToNil(from: parent, reportMissingWillMove: !reparenting)
        case .attaching(let parent), .detaching(let parent):
            // An addition still open is dropped: its didMove(toParent: nil) ends it (R7), and no
            // willMove(toParent: nil) could have come first (no second willMove while a move is open).
            state = .detached
            return .sendDidMoveToNil(from: parent, reportMissingWillMove: false)
        }
    }

    /// `willMove(toParent:)` called by a container (R3: `willMove(toParent: nil)` before removal).
    package mutating func willMove(to destination: ControllerID?) -> MoveAction {
        switch (state, destination) {
        case (.detached, nil):
            return .accept
        case (.attached(let parent), nil):
            state = .detaching(parent)
            return .accept
        case (.detaching, _):
            return .reportUnexpectedWillMove(.moveOpen(to: nil))
        case (.attaching(let parent), _):
            // R7: no second willMove while a move is open; an addition is dropped by
            // removeFromParent() alone.
            return .reportUnexpectedWillMove(.moveOpen(to: parent))
        case (.detached, .some), (.attached, .some):
            return .reportUnexpectedWillMove(.parentOutsideAddChild)
        }
    }

    /// `didMove(toParent:)` called by a container (R3), or sent by the engine at the end of a move.
    package mutating func didMove(to destination: ControllerID?) -> MoveAction {
        switch state {
        case .attaching(let parent):
            guard destination == parent else { return .reportUnexpectedParent(expected: parent) }
            state = .attached(parent)
            return .accept
        case .detaching(let parent):
            // The move heads to nil, which only removeFromParent() completes; naming the parent
            // again cancels the removal (R7), as a built-in container does for a cancelled swipe.
            guard destination == parent else { return .reportUnexpectedParent(expected: nil) }
            state = .attached(parent)
            return .accept
        case .attached, .detached:
            return .reportUnmatchedDidMove
        }
    }
}
