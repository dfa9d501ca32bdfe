/// A container whose visible transitions its window runs one at a time: navigation, tab, page
/// and presentation (spec §1).
@MainActor
protocol VisibleTransitionHost: AnyObject {
    /// Starts the transition the host needs now, from what it shows to what it should show, or
    /// settles its requests without one; calls `done` once the transition has completed (inside
    /// this call when it is not animated).
    func startVisibleTransition(in window: Window, done: VisibleTransitionDone)

    /// Cleared when the host goes away: the window's queue reaches the host through it.
    var liveness: Liveness { get }
}

/// What a visible transition calls once it has completed (``VisibleTransitionHost``): it gives its
/// window's transition slot back, unless the window has gone away meanwhile (a window being released
/// frees its slot itself), or does nothing (``nothing``).
///
/// A value, not a closure: a closure that captures the window is allocated for every transition.
@MainActor
struct VisibleTransitionDone {
    /// The window whose slot it gives back; nil for ``nothing``.
    private let window: LivenessLink<Window>?

    /// Gives `window`'s transition slot back when called.
    init(releasingSlotOf window: Window) {
        self.window = LivenessLink(window)
    }

    /// Gives `window`'s transition slot back when called, if there is a window; does nothing
    /// otherwise (a gesture's animation, which holds its window weakly, ending after it went away).
    init(releasingSlotOf window: Window?) {
        self.window = window.map(LivenessLink.init)
    }

    private init() {
        window = nil
    }

    /// Does nothing when called: for a transition that holds no slot.
    static let nothing = VisibleTransitionDone()

    /// The transition has completed.
    func callAsFunction() {
        window?.object?.releaseVisibleTransitionSlot()
    }
}

/// A host's place in its window's queue of visible transitions. It reaches the host without
/// holding it, and without a `weak` reference, which would give the host a side table and put
/// every retain and release of it on the slow path for the rest of its life (CONTRIBUTING.md,
/// "Performance"): the host's ``Liveness``, cleared as the host goes away, says whether the
/// unretained pointer may be followed.
@MainActor
struct VisibleTransitionRequest {
    let liveness: Liveness
    unowned(unsafe) let host: any VisibleTransitionHost
    /// The call that asked for the transition last: what the transition sends names it as the
    /// call that planned it.
    var plannedBy = Planning.current

    init(host: any VisibleTransitionHost) {
        liveness = host.liveness
        self.host = host
    }

    /// The host, unless it has been deallocated since it asked.
    var liveHost: (any VisibleTransitionHost)? {
        liveness.isAlive ? host : nil
    }

    /// Whether the request is `host`'s, told without following the pointer of a host that may be gone.
    func isMade(by host: any VisibleTransitionHost) -> Bool {
        liveness === host.liveness
    }
}

extension Window {
    /// Asks for `host`'s visible transition at the end of the turn, after the transitions asked
    /// for before it. A host waiting already keeps its place.
    func requestVisibleTransition(for host: any VisibleTransitionHost) {
        for index in transitionRequests.indices where transitionRequests[index].isMade(by: host) {
            if let call = Planning.current { transitionRequests[index].plannedBy = call }
            return
        }
        transitionRequests.append(VisibleTransitionRequest(host: host))
        enqueue(.startVisibleTransitions)
    }

    /// Whether a visible transition is pending or in flight: an interactive one cannot begin then.
    var hasVisibleTransition: Bool {
        if isRunningVisibleTransition { return true }
        for request in transitionRequests where request.liveness.isAlive { return true }
        return false
    }

    /// Claims the window's transition slot for an interactive transition that begins inside its call.
    /// Returns false when a visible transition is pending or in flight.
    func claimVisibleTransitionSlot() -> Bool {
        guard !hasVisibleTransition else { return false }
        isRunningVisibleTransition = true
        return true
    }

    /// Gives the slot back once a transition has completed; the next one waiting starts at the
    /// end of the turn.
    func releaseVisibleTransitionSlot() {
        isRunningVisibleTransition = false
        if !transitionRequests.isEmpty {
            enqueue(.startVisibleTransitions)
        }
    }

    /// The `done` of a visible transition that claimed the slot: it gives the slot back, unless
    /// the window has gone away meanwhile (a window being released frees its slot itself).
    var releaseSlotWhenDone: VisibleTransitionDone { VisibleTransitionDone(releasingSlotOf: self) }

    /// Starts the waiting transitions, one at a time, until one stays in flight.
    func startVisibleTransitions() {
        while !isRunningVisibleTransition, !transitionRequests.isEmpty {
            let request = transitionRequests.removeFirst()
            guard let host = request.liveHost else { continue }
            isRunningVisibleTransition = true
            Planning.resume(request.plannedBy) { host.startVisibleTransition(in: self, done: releaseSlotWhenDone) }
        }
    }
}
