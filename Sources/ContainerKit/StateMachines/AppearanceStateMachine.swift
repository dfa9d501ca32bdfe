/// The appearance state of a controller (spec §3; UIKit's private `_appearState` 0–3).
public enum AppearanceState: Int, Hashable, Sendable, CustomStringConvertible {
    /// Not on screen, and not moving there.
    case disappeared
    /// `viewWillAppear` has run; `viewDidAppear` has not.
    case appearing
    /// On screen.
    case appeared
    /// `viewWillDisappear` has run; `viewDidDisappear` has not.
    case disappearing

    public var description: String {
        switch self {
        case .disappeared: "disappeared"
        case .appearing: "appearing"
        case .appeared: "appeared"
        case .disappearing: "disappearing"
        }
    }
}

/// The appearance state machine of one controller, as a value (spec §3).
///
/// Each event returns the action its interpreter (the controller) must carry out. The machine
/// calls no user code; the state is committed before the action is returned, so the callbacks the
/// action leads to see the new state.
///
/// | state | begin(true) | begin(false) | end() |
/// | --- | --- | --- | --- |
/// | disappeared | viewWillAppear → appearing | unbalanced | unbalanced |
/// | appearing | unbalanced | viewWillDisappear → disappearing | viewDidAppear → appeared |
/// | appeared | unbalanced | viewWillDisappear → disappearing | unbalanced |
/// | disappearing | viewWillAppear → appearing | unbalanced | viewDidDisappear → disappeared |
///
/// Automatic driving (``drive(appearing:animated:)``, ``driveEnd(appearing:)``)
/// never produces an unbalanced call: a controller already in, or moving to, the target state is
/// skipped (spec F3).
package struct AppearanceStateMachine: Sendable {
    private enum State: Hashable, Sendable {
        case disappeared
        case appearing(animated: Bool, viewIsAppearingSent: Bool)
        case appeared
        /// `endQueued`: its end is the did-disappear a view's exit from a visible window queued
        /// for the end of the turn (``noteEndQueued()``).
        case disappearing(animated: Bool, endQueued: Bool)
    }

    /// What a begin event asks of the controller.
    package enum BeginAction: Hashable, Sendable {
        /// Call `viewWillAppear(animated)`. Its `viewIsAppearing(animated)` comes later: from a
        /// layout pass (``noteViewIsAppearingSent()``), or right before `viewDidAppear`.
        case callViewWillAppear(animated: Bool)
        /// Call `viewWillDisappear(animated)`.
        case callViewWillDisappear(animated: Bool)
        /// Automatic driving: the controller is already in or moving to the target state; do nothing.
        case skip
        /// A manual call the table forbids: fire nothing, change nothing, report a warning.
        case reportUnbalanced(AppearanceState)
    }

    /// What an end event asks of the controller.
    package enum EndAction: Hashable, Sendable {
        /// Call `viewIsAppearing(animated)` when it has not run yet for this appearance, then `viewDidAppear(animated)`.
        case callViewDidAppear(animated: Bool, viewIsAppearingFirst: Bool)
        /// Call `viewDidDisappear(animated)`.
        case callViewDidDisappear(animated: Bool)
        /// Automatic driving: nothing is open in the target's direction; do nothing.
        case skip
        /// A manual call the table forbids: fire nothing, change nothing, report a warning.
        case reportUnbalanced(AppearanceState)
    }

    /// Counts the appearances begun: each move into ``AppearanceState/appearing`` adds one. A
    /// deferred completion names the epoch it completes, so it cannot complete a later appearance.
    ///
    /// Before ``state``, so that the machine takes 10 bytes, not 16, and the small fields declared
    /// after it in `Controller` pack behind it.
    package private(set) var epoch: UInt64 = 0

    private var state: State = .disappeared

    /// A new machine, in ``AppearanceState/disappeared``.
    package init() {}

    /// The public state.
    package var appearanceState: AppearanceState {
        switch state {
        case .disappeared: .disappeared
        case .appearing: .appearing
        case .appeared: .appeared
        case .disappearing: .disappearing
        }
    }

    /// Whether the machine is in ``AppearanceState/disappeared``: one test of the state's tag.
    package var isDisappeared: Bool {
        if case .disappeared = state { return true }
        return false
    }

    /// Whether the machine is in ``AppearanceState/disappeared`` or
    /// ``AppearanceState/disappearing``: nothing is open toward appeared.
    package var isDisappearedOrDisappearing: Bool {
        switch state {
        case .disappeared, .disappearing: true
        case .appearing, .appeared: false
        }
    }

    /// Whether the open appearance transition is animated; nil when none is open.
    package var openTransitionIsAnimated: Bool? {
        switch state {
        case .appearing(let animated, _), .disappearing(let animated, _): animated
        case .disappeared, .appeared: nil
        }
    }

    /// `beginAppearanceTransition(_:animated:)` called by hand: the table of spec §3.
    package mutating func begin(appearing: Bool, animated: Bool) -> BeginAction {
        switch (state, appearing) {
        case (.disappeared, true), (.disappearing, true):
            return startAppearing(animated: animated)
        case (.appearing, false), (.appeared, false):
            state = .disappearing(animated: animated, endQueued: false)
            return .callViewWillDisappear(animated: animated)
        case (.appearing, true), (.appeared, true), (.disappeared, false), (.disappearing, false):
            return .reportUnbalanced(appearanceState)
        }
    }

    /// `endAppearanceTransition()` called by hand: one end closes whatever is open.
    package mutating func end() -> EndAction {
        switch state {
        case .appearing(let animated, let sent):
            state = .appeared
            return .callViewDidAppear(animated: animated, viewIsAppearingFirst: !sent)
        case .disappearing(let animated, _):
            state = .disappeared
            return .callViewDidDisappear(animated: animated)
        case .disappeared, .appeared:
            return .reportUnbalanced(appearanceState)
        }
    }

    /// An automatic begin (forwarding, a window, a transition): skips what is already in or moving
    /// to the target state instead of reporting it (F3).
    package mutating func drive(appearing: Bool, animated: Bool) -> BeginAction {
        switch (state, appearing) {
        case (.appearing, true), (.appeared, true), (.disappeared, false), (.disappearing, false):
            return .skip
        case (.disappeared, true), (.disappearing, true), (.appearing, false), (.appeared, false):
            return begin(appearing: appearing, animated: animated)
        }
    }

    /// An automatic end toward `appearing` (true: appeared, false: disappeared): skips a controller
    /// with nothing open in that direction (F3).
    package mutating func driveEnd(appearing: Bool) -> EndAction {
        switch (state, appearing) {
        case (.appearing, true), (.disappearing, false):
            return end()
        case (.appearing, false), (.disappearing, true), (.appeared, _), (.disappeared, _):
            return .skip
        }
    }

    /// Whether an appearance is open whose `viewIsAppearing` has not been sent yet.
    package var awaitsViewIsAppearing: Bool {
        if case .appearing(_, false) = state { return true }
        return false
    }

    /// Records that `viewIsAppearing` was sent for the open appearance: a layout pass calls it as
    /// it sends `viewIsAppearing` (§1, §3 **[rev 2]**). An end that comes before (from inside
    /// `viewWillAppear`, which may complete a transition) asks for `viewIsAppearing` first
    /// (``EndAction/callViewDidAppear(animated:viewIsAppearingFirst:)``), so it is never skipped.
    package mutating func noteViewIsAppearingSent() {
        guard case .appearing(let animated, false) = state else { return }
        state = .appearing(animated: animated, viewIsAppearingSent: true)
    }

    /// Whether a disappearance is open whose did-disappear a view's exit from a visible window
    /// queued for the end of the turn (spec §1, §2.2 **[rev 2]**): that queued work ends it, so
    /// nothing else ends it at once.
    package var endIsQueued: Bool {
        if case .disappearing(_, true) = state { return true }
        return false
    }

    /// Records that the open disappearance's end is queued for the end of the turn: the window's
    /// exit calls it as it begins the disappearance, before `viewWillDisappear` runs.
    package mutating func noteEndQueued() {
        guard case .disappearing(let animated, false) = state else { return }
        state = .disappearing(animated: animated, endQueued: true)
    }

    /// Records that the open disappearance's queued end was dropped (a runaway turn): nothing
    /// queued ends it any more.
    package mutating func noteEndDropped() {
        guard case .disappearing(let animated, true) = state else { return }
        state = .disappearing(animated: animated, endQueued: false)
    }

    private mutating func startAppearing(animated: Bool) -> BeginAction {
        state = .appearing(animated: animated, viewIsAppearingSent: false)
        epoch &+= 1
        return .callViewWillAppear(animated: animated)
    }
}
