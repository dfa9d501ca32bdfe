/// A request to a built-in container that could not run when it was made, waiting in one of the
/// container's queues (``RequestQueue``): made from a callback of a change of its contents under
/// way (kept until that change ends), or made to a navigation controller while its transition is
/// pending or in flight (applied once it completes, spec §6).
@MainActor
struct ContainerRequest: NavigationStackRequest {
    /// What the request is, for the warning that gives it up: `tabs.controllers = […]`, say.
    let call: String
    /// Whether it asked for animation.
    var animated = false
    /// The controllers it brings in: a navigation controller's waiting request claims them
    /// meanwhile (``Claim/waitingForStack(_:)``, R9).
    var joining: [Controller] = []
    /// The claims a navigation controller's waiting request holds on ``joining``, which let go of
    /// them if the request goes away unapplied; nil for a request that does not wait for a
    /// transition.
    var claims: StackClaims?
    /// Checks the request again, as it is about to run: why it is refused now, if it is.
    let recheck: () -> ContractViolation?
    /// Runs it.
    let apply: () -> Void
    /// The call that made the request: what running it sends names it as the call that planned it.
    let plannedBy = Planning.current
}

/// What a request waited for in its container's queue, for the warning that gives it up.
enum RequestWait {
    /// A change of the container's contents under way when a callback of it made the request.
    case changeOfContents
    /// A navigation controller's transition pending or in flight (spec §6).
    case transition
}

extension ContainerController {
    /// Runs `change`, a change of this built-in container's contents, keeping for its end the
    /// requests to this container that its callbacks make (``keepUntilChangeEnds(_:)``).
    ///
    /// A change sends `willMove(toParent:)` and `didMove(toParent:)` calls, and loads views, while
    /// its own bookkeeping is half done: the new tabs recorded but not adopted yet, the stack's
    /// removals begun but its additions not, the pages of a turn settled one by one. A request made
    /// from one of those callbacks would begin a second move of a controller whose move is open
    /// (against R7), or be overwritten by what the change goes on to do. So the change finishes what
    /// it started first, as a transition does with a pop asked for during the push that shows the
    /// controller; then the requests kept run, in the order they were made, inside the same call.
    /// A request run there makes a change of its own, whose callbacks' requests join the end of the
    /// list.
    func changingContents(_ change: () -> Void) {
        let wasChanging = isChangingContents
        isChangingContents = true
        change()
        isChangingContents = wasChanging
        guard !wasChanging, !requestsAfterChange.isEmpty, requestsAfterChange.startRunning() else { return }
        while let next = requestsAfterChange.next() {
            run(next, afterWaitingFor: .changeOfContents)
        }
        requestsAfterChange.finishRunning()
    }

    /// When a change of this container's contents is under way (``changingContents(_:)``), keeps
    /// the request that `request()` makes for its end and returns true; otherwise returns false,
    /// and the caller goes on. The request is made only when it is kept, so that a call that runs
    /// at once builds nothing.
    ///
    /// The caller has checked the request already, inside its call, as always (a refusal is a fault
    /// there). Its `recheck` checks it again when it runs, since the change, and the other requests
    /// kept, may have changed the tree meanwhile.
    func keepUntilChangeEnds(_ request: () -> ContainerRequest) -> Bool {
        guard isChangingContents else { return false }
        requestsAfterChange.keep(request())
        return true
    }

    /// Runs `request`, which waited in a queue of this container until now, unless it is refused
    /// now: it was accepted when it was made, so it is given up with a warning (no fault: the caller
    /// has returned), naming what refuses it.
    func run(_ request: ContainerRequest, afterWaitingFor wait: RequestWait) {
        guard let refusal = request.recheck() else {
            Planning.resume(request.plannedBy, request.apply)
            return
        }
        let waited =
            switch wait {
            case .changeOfContents:
                "asked for from a callback of a change to the contents of \(id), it waited for that change to finish"
            case .transition: "it waited for a transition of \(id) to complete"
            }
        ContractViolation(
            kind: refusal.kind, severity: .warning, controllers: refusal.controllers,
            message: "\(request.call) was given up: \(waited), and is refused now. \(refusal.message)"
        ).report()
    }
}
