/// A request that may wait in a ``NavigationStackMachine``: all the machine reads of it is whether
/// it asked for animation (spec §6).
package protocol NavigationStackRequest {
    /// Whether the request asked for an animated transition.
    var animated: Bool { get }
}

/// The stack of one navigation controller and the transitions that show it, as a value (spec §6).
///
/// The stack changes inside the call that requests the change; the visible transition from the
/// controller shown to the new top is then pending, until the window starts it. A transition is in
/// flight from its will-callbacks to the last step of its ending; a swipe back is a transition in
/// flight whose gesture has not ended yet:
///
/// ```
///           ┌──── transitionStarted ────▶ inFlight ──── transitionEnded ───┐
///           │                               ▲                              ▼
///         idle ── interactivePopBegan ─▶ interactivePop                  idle
///                                 (interactivePopGestureEnded ─▶ inFlight)
/// ```
///
/// Besides the phase, the machine keeps what the transitions need: the controller shown, the new
/// top whose move stays open until its first appearance (`pendingTop`), the shown controller a
/// change took out (`leavingShown`), the completions the next transition runs, the requests that
/// wait for it, and the top whose `willShow` the navigation controller's own appearance announced.
/// It calls no user code (it holds the completions and the waiting requests, and hands them back);
/// each event commits the state before returning, so the callbacks it leads to see the new state.
/// An event that is not legal from the current state throws a ``Refusal`` and changes nothing.
package struct NavigationStackMachine<Request: NavigationStackRequest> {
    /// Where the machine stands with respect to transitions.
    package enum Phase: Hashable, Sendable {
        /// No transition of the navigation controller is in flight; one may be pending.
        case idle
        /// A transition is in flight: from its will-callbacks to the last step of its ending.
        case inFlight
        /// A swipe back is in progress: its transition is in flight and its gesture has not ended.
        case interactivePop
    }

    /// Why an event is not legal from the current state. Nothing changes when one is thrown.
    package enum Refusal: Error, Hashable, Sendable {
        /// The event needs an idle machine; it is in `phase`.
        case notIdle(Phase)
        /// The event needs a transition in flight whose gesture, if any, has ended; the phase is `phase`.
        case noTransitionInFlight(Phase)
        /// The event needs a swipe back in progress; the phase is `phase`.
        case noInteractivePop(Phase)
        /// The root is set on a stack that holds controllers already.
        case stackNotEmpty
        /// Requests wait for a transition; a swipe back cannot begin before they are applied.
        case requestsWaiting
        /// The stack holds fewer than two controllers; a swipe back has nothing to go back to.
        case nothingBelowTop
        /// The controller shown is not the top: a change waits for its transition, or is leaving.
        case topNotShown
        /// The move of the top (`pendingTop`) is still open.
        case topMoveOpen
    }

    /// The top the navigation controller's own appearance announced with `willShow`, and that
    /// appearance's flag. Named by its serial number, which is never reused: it is only compared,
    /// a strong reference would keep the top alive, and a `weak` one would give it a side table
    /// (CONTRIBUTING.md, "Performance").
    package struct Announcement: Hashable, Sendable {
        package let serial: UInt64
        package let animated: Bool
    }

    /// What a change of the stack takes out and brings in (``stackChanging(to:)``).
    package struct Change {
        /// Controllers of the former stack that the new one does not hold, bottom first. Mutable, so
        /// the caller can let go of each as it is done with it (its deallocation comes then).
        package var removed: [Controller]
        /// Controllers of the new stack that the former one did not hold, in stack order.
        package let added: [Controller]
        /// The former pending top, when the change makes another controller the top: its move ends
        /// with the change.
        package let superseded: Controller?
    }

    /// What a starting transition shows (``transitionStarted()``).
    package struct Transition {
        /// The controller shown as it starts.
        package let from: Controller?
        /// The top of the stack: the controller it shows.
        package let to: Controller?
        /// Whether the latest change applied asked for animation.
        package let animated: Bool
        /// The completions of the changes it settles, in request order.
        package let completions: [() -> Void]
    }

    /// How the move of a pending top that a change superseded ends (``supersededTopSettles(_:onScreen:)``).
    package enum SupersededAction: Hashable, Sendable {
        /// It is shown on screen and has left the stack: the pending transition takes it off screen,
        /// and its move ends then, as for a shown controller a change removes.
        case leavesWithTransition
        /// End its move now: `didMove(toParent: nav)` if it `stays`, its removal otherwise.
        case endMove(stays: Bool)
    }

    package private(set) var phase: Phase = .idle
    /// The stack, bottom first.
    package private(set) var controllers: [Controller] = []
    /// The controller whose view the navigation controller shows.
    package private(set) var shown: Controller?
    /// The top whose addition is open: its `didMove(toParent: nav)` comes right after its first
    /// `viewDidAppear` (or a `viewDidDisappear` that comes first), or when a later change makes
    /// another controller the top.
    package private(set) var pendingTop: Controller?
    /// The shown controller, once a change took it out: its `willMove(toParent: nil)` was sent, and
    /// its move ends with the transition that takes it off screen, right after its
    /// `viewDidDisappear` (`didMove(toParent: nav)` if a later change put it back, R7).
    package private(set) var leavingShown: Controller?
    /// Whether the latest change applied asked for animation.
    package private(set) var pendingAnimated = false
    /// Completions of the changes the next transition settles, in request order.
    package private(set) var pendingCompletions: [() -> Void] = []
    /// Requests waiting for the transition pending or in flight, in request order, and whether they
    /// are being applied.
    package private(set) var waiting = RequestQueue<Request>()
    /// The top the navigation controller's own appearance announced, if any.
    package private(set) var announcement: Announcement?

    /// A new machine: an empty stack, ``Phase/idle``.
    package init() {}

    /// Whether a transition is in flight (a swipe back included).
    package var isTransitionInFlight: Bool { phase != .idle }

    /// Whether a swipe back is in progress.
    package var isInteractivePopInProgress: Bool { phase == .interactivePop }

    /// Whether a visible transition is pending: the stack changed and no transition in flight shows
    /// its new top yet.
    ///
    /// This and the two tests below are inlined, so that a navigation controller asking them of its
    /// stored machine reads the fields they need: called, each would take a copy of the whole machine.
    @inline(__always)
    package var hasPendingTransition: Bool { phase == .idle && controllers.last !== shown }

    /// Whether a request asking for `animated` has to wait: a transition is in flight, requests wait
    /// already (they keep their order), an animated transition is pending, or the request is
    /// animated and one is pending.
    @inline(__always)
    package func mustWait(animated: Bool) -> Bool {
        if phase != .idle { return true }
        if !waiting.isEmpty, !waiting.isRunning { return true }
        return hasPendingTransition && (animated || pendingAnimated)
    }

    /// Whether a change applied earlier is still to be settled with no transition in flight: a
    /// pending transition, a shown controller leaving, or waiting requests. Off screen, the
    /// navigation controller settles it before the next request.
    @inline(__always)
    package var hasUnsettledChange: Bool {
        phase == .idle && !waiting.isRunning
            && (hasPendingTransition || leavingShown != nil || !waiting.isEmpty)
    }

    /// Why a swipe back cannot begin now, if it cannot.
    package var interactivePopRefusal: Refusal? {
        if phase != .idle { return .notIdle(phase) }
        if !waiting.isEmpty { return .requestsWaiting }
        if controllers.count < 2 { return .nothingBelowTop }
        if shown !== controllers.last || leavingShown != nil { return .topNotShown }
        if pendingTop != nil { return .topMoveOpen }
        return nil
    }

    // MARK: - The root

    /// `init(rootController:)` checked `root`: it is the stack, before its adoption calls out.
    package mutating func rootOffered(_ root: Controller) throws(Refusal) {
        guard phase == .idle else { throw .notIdle(phase) }
        guard controllers.isEmpty, shown == nil else { throw .stackNotEmpty }
        controllers = [root]
    }

    /// The root was adopted: it is shown, and its move stays open until its first appearance.
    /// Accepted in every state, as the root's `willMove(toParent:)` may have changed the stack.
    package mutating func rootAdopted(_ root: Controller) {
        pendingTop = root
        shown = root
    }

    /// The root was dropped as it was adopted: the stack is empty again. Accepted in every state.
    package mutating func rootDropped() {
        controllers = []
    }
}

// MARK: - Requests and changes

extension NavigationStackMachine {
    /// A request was made (and checked): returns true when it must wait, and then keeps it, after
    /// the requests waiting already; false when the caller applies it now.
    package mutating func requestMade(_ request: Request) -> Bool {
        guard mustWait(animated: request.animated) else { return false }
        waiting.keep(request)
        return true
    }

    /// The waiting requests are about to be applied; false (and nothing changes) when they are being
    /// applied already, further up the stack.
    package mutating func waitingRequestsApplying() -> Bool {
        waiting.startRunning()
    }

    /// The next waiting request to apply, taken out of the queue; nil when none is left or the
    /// first has to wait again. Refused unless the waiting requests are being applied.
    package mutating func nextWaitingRequest() -> Request? {
        guard let first = waiting.requests.first, !mustWait(animated: first.animated) else { return nil }
        return waiting.next()
    }

    /// The waiting requests that could be applied have been.
    package mutating func waitingRequestsApplied() {
        waiting.finishRunning()
    }

    /// A change begins: `newStack` is the stack from now on. A pending top that is not the new top
    /// is superseded: its move ends with the change. Accepted in every state (a change is applied
    /// only when no request must wait, which the caller has asked).
    package mutating func stackChanging(to newStack: [Controller]) -> Change {
        let superseded: Controller? = if let pendingTop, pendingTop !== newStack.last { pendingTop } else { nil }
        let change = Change(
            removed: controllers.subtracting(identicalTo: newStack),
            added: newStack.subtracting(identicalTo: controllers), superseded: superseded)
        if change.superseded != nil { pendingTop = nil }
        controllers = newStack
        return change
    }

    /// The change began removing `controller` (its `willMove(toParent: nil)` has been sent): returns
    /// true when it is the controller shown, whose move ends with the transition that takes it off
    /// screen; false when its move ends now.
    package mutating func removalBegan(of controller: Controller) -> Bool {
        guard controller === shown else { return false }
        leavingShown = controller
        return true
    }

    /// The change could not adopt `controller` (a callback gave it elsewhere): it leaves the stack.
    package mutating func adoptionFailed(of controller: Controller) {
        controllers.removeAll(identicalTo: controller)
    }

    /// The change adopted `controller`, its new top: its move stays open until its first appearance.
    /// Refused while another top's move is open.
    package mutating func newTopAdopted(_ controller: Controller) throws(Refusal) {
        guard pendingTop == nil else { throw .topMoveOpen }
        pendingTop = controller
    }

    /// How the move of `superseded`, the pending top the change replaced, ends; `onScreen` says
    /// whether the navigation controller's changes are shown in a window now.
    package mutating func supersededTopSettles(_ superseded: Controller, onScreen: Bool) -> SupersededAction {
        let stays = controllers.containsIdentical(superseded)
        guard !stays, superseded === shown, onScreen else { return .endMove(stays: stays) }
        leavingShown = superseded
        return .leavesWithTransition
    }

    /// The change's moves are sent: its transition is pending, with its flag and its completion.
    package mutating func changeApplied(animated: Bool, completion: (() -> Void)?) {
        pendingAnimated = animated
        if let completion { pendingCompletions.append(completion) }
    }

    /// The first appearance of `controller` ended: returns true when it is the pending top, whose
    /// move ends now; false (nothing changes) otherwise.
    package mutating func pendingTopAppeared(_ controller: Controller) -> Bool {
        guard pendingTop === controller else { return false }
        pendingTop = nil
        return true
    }

    /// The transition that takes the leaving shown controller off screen ends its move: returns it,
    /// and whether it is in the stack again; nil when no shown controller is leaving.
    package mutating func leavingShownMoveEnds() -> (controller: Controller, stays: Bool)? {
        guard let leaving = leavingShown else { return nil }
        leavingShown = nil
        return (leaving, controllers.containsIdentical(leaving))
    }
}

// MARK: - Transitions

extension NavigationStackMachine {
    /// The window starts the pending transition: in flight from now on; it takes the pending
    /// completions. One that shows another controller takes the place of the announcement.
    package mutating func transitionStarted() throws(Refusal) -> Transition {
        guard phase == .idle else { throw .notIdle(phase) }
        let transition = Transition(
            from: shown, to: controllers.last, animated: pendingAnimated, completions: pendingCompletions)
        pendingCompletions = []
        phase = .inFlight
        if transition.to !== transition.from { announcement = nil }
        return transition
    }

    /// A transition in flight reached its end: it shows `incoming` now.
    package mutating func transitionReachedEnd(showing incoming: Controller?) throws(Refusal) {
        guard phase == .inFlight else { throw .noTransitionInFlight(phase) }
        shown = incoming
    }

    /// The last step of a transition's ending: the machine is idle again.
    package mutating func transitionEnded() throws(Refusal) {
        guard phase == .inFlight else { throw .noTransitionInFlight(phase) }
        phase = .idle
    }

    /// Off screen, changes complete at once: takes the pending completions and the top to show. In
    /// every state (a transition in flight in a window the navigation controller has left included).
    package mutating func offScreenSettling() -> (completions: [() -> Void], top: Controller?) {
        defer { pendingCompletions = [] }
        return (pendingCompletions, controllers.last)
    }

    /// Off screen, the navigation controller shows `top`, with no transition. In every state.
    package mutating func shownOffScreen(_ top: Controller?) {
        shown = top
    }

    /// A swipe back begins: the top leaves the stack and starts leaving the screen. Returns it and
    /// the controller below it, which the swipe shows.
    package mutating func interactivePopBegan() throws(Refusal) -> (top: Controller, below: Controller) {
        if let refusal = interactivePopRefusal { throw refusal }
        phase = .interactivePop
        announcement = nil
        let top = controllers.removeLast()
        leavingShown = top
        return (top, controllers[controllers.count - 1])
    }

    /// The swipe's gesture was cancelled: `top` is back on the stack. In every state (its handle may
    /// be cancelled after its animation has completed).
    package mutating func interactivePopCancelled(restoring top: Controller) {
        controllers.append(top)
    }

    /// The swipe's animation completed: its transition is in flight until it has ended.
    package mutating func interactivePopGestureEnded() throws(Refusal) {
        guard phase == .interactivePop else { throw .noInteractivePop(phase) }
        phase = .inFlight
    }
}

// MARK: - The navigation controller's own appearance

extension NavigationStackMachine {
    /// The navigation controller began appearing and forwarded it to `top`, the controller it
    /// shows: returns true when the delegate is to be told `willShow(top)`, which is then the
    /// announcement: `top` is the top of the stack, in its appearance (`isAppearing`), and no
    /// transition is pending or in flight, which would tell the delegate instead.
    package mutating func navigationBeganAppearing(_ top: Controller, isAppearing: Bool, animated: Bool) -> Bool {
        announcement = nil
        guard top === controllers.last, !hasPendingTransition, phase == .idle, isAppearing else { return false }
        announcement = Announcement(serial: top.id.serial, animated: animated)
        return true
    }

    /// The navigation controller's appearance ended and reached `top`: returns the announcement
    /// when the delegate is to be told `didShow(top)` with its flag: `top` is the one announced,
    /// still the top, `hasAppeared`, and no transition is pending or in flight. The announcement
    /// about `top` ends either way.
    package mutating func navigationAppeared(_ top: Controller, hasAppeared: Bool) -> Announcement? {
        guard let announced = announcement, announced.serial == top.id.serial else { return nil }
        announcement = nil
        guard top === controllers.last, !hasPendingTransition, phase == .idle, hasAppeared else { return nil }
        return announced
    }

    /// Any other step of the navigation controller's appearance: the announcement ends.
    package mutating func announcementEnded() {
        announcement = nil
    }
}
