/// A container whose visible transitions its window runs one at a time: navigation, tab, page
/// and presentation (spec §1).
@MainActor
protocol VisibleTransitionHost: AnyObject {
    /// Starts the transition the host needs now, from what it shows to what it should show, or
    /// settles its requests without one; calls `done` once the transition has completed (inside
    /// this call when it is not animated).
    func startVisibleTransition(in window: Window, done: @escaping () -> Void)
}

struct WeakHost {
    weak var host: (any VisibleTransitionHost)?
}

extension Window {
    /// Asks for `host`'s visible transition at the end of the turn, after the transitions asked
    /// for before it. A host waiting already keeps its place.
    func requestVisibleTransition(for host: any VisibleTransitionHost) {
        for request in transitionRequests where request.host === host { return }
        transitionRequests.append(WeakHost(host: host))
        enqueue(.startVisibleTransitions)
    }

    /// Whether a visible transition is pending or in flight: an interactive one cannot begin then.
    var hasVisibleTransition: Bool {
        if isRunningVisibleTransition { return true }
        for request in transitionRequests where request.host != nil { return true }
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

    /// Starts the waiting transitions, one at a time, until one stays in flight.
    func startVisibleTransitions() {
        while !isRunningVisibleTransition, !transitionRequests.isEmpty {
            let request = transitionRequests.removeFirst()
            guard let host = request.host else { continue }
            isRunningVisibleTransition = true
            host.startVisibleTransition(in: self) { [weak self] in
                self?.releaseVisibleTransitionSlot()
            }
        }
    }
}
