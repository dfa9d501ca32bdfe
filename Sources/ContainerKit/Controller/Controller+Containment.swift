extension Controller {
    /// The container this controller is a child of, if any. The parent holds the child, not the other
    /// way round: a parent that goes away leaves its children with no parent.
    public var parent: ContainerController? { storedParent }

    /// Removes the controller from its parent, as UIKit's `removeFromParent()`.
    ///
    /// This is the last of the three calls of a removal (see the containment contract in
    /// ``ContainerController``). It takes the controller out of the parent's
    /// ``ContainerController/children`` and then sends `didMove(toParent: nil)` (R2), ending the
    /// move; it never sends `willMove(toParent:)`: a custom container calls
    /// `willMove(toParent: nil)` first (R3). Without that call the controller is removed as asked
    /// and a warning is reported. The root view stays where it is: remove it with
    /// ``View/removeFromSuperview()`` between the two calls, which is where the disappearance
    /// begins; its `viewDidDisappear(_:)` comes at the end of the turn, and the engine holds the
    /// controller until then. Once nothing else holds it, it is deallocated.
    ///
    /// Does nothing when there is no parent. Refused (a fault, nothing fires) on a controller a
    /// built-in container manages, which leaves only through that container's API (R9).
    ///
    /// ## Callback order
    ///
    /// With `c` this controller and `p` its parent, inside the call:
    /// 1. `c.didMove(toParent: nil)` — `c` has left `p.children` already (R2)
    ///
    /// When `c` is still disappearing (its `viewDidDisappear` not sent yet), UIKit calls
    /// `c.didMove(toParent: nil)` again right after that `viewDidDisappear` (R7).
    public func removeFromParent() {
        let call = Planning.enter(LifecycleCall(self, "removeFromParent"))
        defer { Planning.leave(call) }
        #if CONTAINERKIT_INTERNAL_CHECKS
            // Held for the checks alone: a strong reference costs a retain and a release.
            let formerParent = storedParent
        #endif
        defer {
            checkInvariants()
            #if CONTAINERKIT_INTERNAL_CHECKS
                formerParent?.checkInvariants()
            #endif
        }
        reconcileDeallocatedParent()
        if refusesRemovalByHand() { return }
        performRemoval(reparenting: false)
    }

    /// R9: `removeFromParent()` on a controller a built-in container manages, or is adopting, is
    /// refused (a fault). The parent is tested without a reference, as in ``refusesMoveByHand``:
    /// only a refusal needs one.
    private func refusesRemovalByHand() -> Bool {
        let container: ContainerController? =
            switch parentStorage {
            case let parent?: parent.withGuaranteed { $0.isBuiltInContainer } ? storedParent : nil
            case nil: openJoiningContainer
            }
        guard let container else { return false }
        return container.refusesManualMove(of: self, call: "removeFromParent()")
    }

    /// The removal of R2, or of R4 when `reparenting` (no report then). A built-in container
    /// passes the `rule` its removal follows; a custom container's removal passes none, and is
    /// followed by UIKit's repeated `didMove(toParent: nil)` when it comes while this controller
    /// disappears (R7).
    func performRemoval(reparenting: Bool, rule: Rule? = nil) {
        // An addition still open ends at nil: the move ends elsewhere than it was heading (R7).
        let additionWasOpen = LifecycleObservation.isObserving && containment.isMovingToParent
        let repeatable = rule == nil
        let rule =
            additionWasOpen ? .moveEndsElsewhere : rule ?? (reparenting ? .reparentingRemoval : .removeFromParent)
        DeliveryLoop.endRemoval(of: self, reparenting: reparenting, repeatable: repeatable, rule: rule)
    }

    /// The parent this controller is joining: inside the `willMove(toParent:)` that an addition
    /// sends, before the controller joins the parent's children (R1), ``parent`` is still nil but
    /// the move is open. A built-in container, and a presentation, refuse such a controller as they
    /// refuse one with a parent: adopting it would open a second move (R7). When the parent is a
    /// built-in container, `addChild(_:)` and `removeFromParent()` on it are refused too (R9).
    var joiningParent: ControllerID? { openJoiningContainer?.id }

    /// The container of ``joiningParent``, while that move is still open: not when the callback
    /// has already taken the controller elsewhere (another parent, R4) or out again (R2).
    var openJoiningContainer: ContainerController? {
        guard storedParent == nil, let container = joiningContainer, containment.parent == container.id else {
            return nil
        }
        return container
    }

    /// The parent, or the container this controller is joining (``openJoiningContainer``): the
    /// container it belongs to for R6 and R9.
    var parentOrJoiningContainer: ContainerController? { storedParent ?? openJoiningContainer }

    /// A parent that was deallocated leaves its children with a stale containment state: the
    /// children are detached without callbacks, as UIKit clears the link when the parent goes away.
    @inline(__always)
    func reconcileDeallocatedParent() {
        if parentStorage == nil, !containment.isDetached, !isJoiningParent {
            containment = ContainmentStateMachine()
        }
    }

    /// The base `willMove(toParent:)`: the end of an engine delivery, or a container's own call (R3).
    func willMoveReachedBase(_ parent: ContainerController?) {
        if awaitingSuper == .willMove(parent) {
            awaitingSuper = nil
            return
        }
        let call = Planning.enter(LifecycleCall(self, "willMove", ("toParent", .of(parent))))
        defer { Planning.leave(call) }
        reconcileDeallocatedParent()
        if refusesMoveByHand(naming: parent, call: "willMove") { return }
        switch containment.willMove(toParentNumbered: parent?.id.serial) {
        case .accept:
            LifecycleObservation.emit(
                .willMove(id, toParent: parent?.id), source: containmentSource(parent),
                rule: parent == nil ? .containerWillMoveToNil : .containerCall)
        case .reportUnexpectedWillMove(let problem):
            let detail: String
            switch problem {
            case .moveOpen(to: .some(let destination)):
                detail =
                    "a move to \(destination) is already open; no second willMove is sent while a move is open (R7)"
            case .moveOpen(to: nil):
                detail = "willMove(toParent: nil) was already called; the removal is open (R7)"
            case .parentOutsideAddChild:
                detail =
                    "willMove(toParent:) with a parent is sent by addChild(_:) (R1); a container calls it itself "
                    + "only with nil, before removeFromParent() (R3)"
            }
            ContractViolation(
                kind: .unexpectedWillMove, severity: .warning, controllers: [id] + (parent.map { [$0.id] } ?? []),
                message: "\(id).willMove(toParent: \(parent.map { "\($0.id)" } ?? "nil")) was ignored: \(detail)."
            ).report()
        case .reportUnexpectedParent, .reportUnmatchedDidMove:
            preconditionFailure("willMove(to:) returned a didMove action")
        }
    }

    /// The base `didMove(toParent:)`: the end of an engine delivery, or a container's own call (R3).
    func didMoveReachedBase(_ parent: ContainerController?) {
        if awaitingSuper == .didMove(parent) {
            awaitingSuper = nil
            return
        }
        let call = Planning.enter(LifecycleCall(self, "didMove", ("toParent", .of(parent))))
        defer { Planning.leave(call) }
        reconcileDeallocatedParent()
        if refusesMoveByHand(naming: parent, call: "didMove") { return }
        // Only a violation's message names the parent: built then, so an accepted didMove
        // allocates nothing.
        var named: String { parent.map { "\($0.id)" } ?? "nil" }
        // What the move was heading to, for the rule an observer is told (R7): read only then.
        let endsElsewhere = LifecycleObservation.isObserving && moveEndsElsewhere(than: parent)
        // While the appearance the move caused is open, UIKit's repeat becomes due (R7).
        let appearing = parent != nil && appearanceState == .appearing
        switch containment.didMove(toParentNumbered: parent?.id.serial, appearing: appearing) {
        case .accept:
            LifecycleObservation.emit(
                .didMove(id, toParent: parent?.id), source: containmentSource(parent),
                rule: endsElsewhere ? .moveEndsElsewhere : containerDidMoveRule(parent))
        case .reportUnexpectedParent(let expected):
            let reason =
                expected == nil
                ? "the open move is a removal, which removeFromParent() completes with didMove(toParent: nil) (R2)"
                : "the open move heads to \(expected.map { "\($0)" } ?? "nil")"
            ContractViolation(
                kind: .didMoveToUnexpectedParent, severity: .warning,
                controllers: [id] + (parent.map { [$0.id] } ?? []),
                message: "\(id).didMove(toParent: \(named)) names a parent that is not the one the move is heading to: "
                    + "\(reason). The state ignores it."
            ).report()
        case .reportUnmatchedDidMove:
            ContractViolation(
                kind: .unmatchedDidMove, severity: .warning, controllers: [id] + (parent.map { [$0.id] } ?? []),
                message: "\(id).didMove(toParent: \(named)) matches no open move: every move begun by "
                    + "willMove(toParent:) ends with exactly one didMove(toParent:) (R7). The state ignores it."
            ).report()
        case .reportUnexpectedWillMove:
            preconditionFailure("didMove(to:) returned a willMove action")
        }
    }

    /// R9: a built-in container sends its children's `willMove(toParent:)` and `didMove(toParent:)`
    /// itself. One called by hand on a controller it manages, or naming it, is refused (a fault,
    /// the state does not change); returns whether it was.
    private func refusesMoveByHand(naming parent: ContainerController?, call: String) -> Bool {
        // Tested without a reference to either: only a refusal needs one. Unretained is sound: a
        // parent clears its children's pointer before it goes away, so a pointer set names a live one.
        let container: ContainerController? =
            if parentStorage?.withGuaranteed({ $0.isBuiltInContainer }) == true {
                storedParent
            } else if parent?.isBuiltInContainer == true {
                parent
            } else {
                nil
            }
        guard let container else { return false }
        return container.refusesManualMove(
            of: self, call: "\(id).\(call)(toParent: \(parent.map { "\($0.id)" } ?? "nil"))")
    }

    /// Whether `didMove(toParent: parent)` would end the open move elsewhere than it was heading
    /// (R7): an addition that ends at another parent, or a removal that ends at a parent.
    private func moveEndsElsewhere(than parent: ContainerController?) -> Bool {
        switch containment.state {
        case .attaching(let destination): destination.serial != parent?.id.serial
        case .detaching: parent != nil
        case .attached, .detached: false
        }
    }

    /// The rule of a `didMove(toParent: parent)` a container called itself (R3): from the
    /// completion of its `transition(from:to:…)`, or once the child is in place.
    private func containerDidMoveRule(_ parent: ContainerController?) -> Rule {
        guard let parent else { return .containerCall }
        if let delivery = DeliveryLoop.innermost, case .controller(let caller) = delivery.receiver,
            caller.takeUnretainedValue() === parent, delivery.isCompletion
        {
            return .containerDidMoveInTransition
        }
        return .containerDidMove
    }

    /// A container's own containment call is driven by the container involved.
    private func containmentSource(_ parent: ContainerController?) -> EventSource {
        if let parent { return .controller(parent.id) }
        if let current = storedParent { return .controller(current.id) }
        return .external
    }
}
