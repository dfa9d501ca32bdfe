/// The containment steps the engine sends: the loop commits each through the child's containment
/// state machine (R1–R7), then sends the callback the machine names.
///
/// A `willMove(toParent:)` or `didMove(toParent:)` that a custom container calls itself (R3) is
/// its own call, committed when it reaches the base implementation
/// (``Controller/willMoveReachedBase(_:)``); the ones below are the engine's, and nothing else
/// sends them: the delivery is private to this file.
extension DeliveryLoop {
    /// An addition's first step (R1): commits `addChild` through the child's machine, and, when the
    /// machine answers ``ContainmentStateMachine/AddAction/sendWillMove``, sends
    /// `willMove(toParent: container)` under a joining claim (``Claim/joining(_:adopting:)``).
    /// Returns the machine's answer; the others send nothing and are the caller's to act on.
    ///
    /// Whether the child still heads to `container` once its `willMove` returned is a premise
    /// (``Premises/joining(_:_:)``): its override may have moved it elsewhere.
    static func beginAddition(
        of child: Controller, to container: ContainerController, rule: Rule
    ) -> ContainmentStateMachine.AddAction {
        let action = child.containment.addChild(to: container.id)
        if case .sendWillMove = action {
            let saved = child.claim
            let adopting = child.pendingAdoption === container
            child.claim = .joining(ClaimingContainer(container: container), adopting: adopting)
            child.deliverWillMove(toParent: container, source: .controller(container.id), rule: rule)
            // Put back the claim it had, unless the callback put one of its own (a request naming
            // it that waits for a navigation controller's transition).
            if child.joiningContainer === container { child.claim = saved }
        }
        return action
    }

    /// A built-in container begins `child`'s removal, or `addChild(_:)` of another container begins
    /// re-parenting it (R4, when no move of it is open: R7): commits `willMove(toParent: nil)`, then
    /// sends it (R3).
    static func beginRemoval(of child: Controller, by container: ContainerController, rule: Rule) {
        switch child.containment.willMove(toParentNumbered: nil) {
        case .accept:
            child.deliverWillMove(toParent: nil, source: .controller(container.id), rule: rule)
        case .reportUnexpectedWillMove, .reportUnexpectedParent, .reportUnmatchedDidMove:
            preconditionFailure("\(container.id) began removing \(child.id) while a move of it was open")
        }
    }

    /// A built-in container ends `child`'s move where it stays: commits `didMove(toParent:
    /// container)`, then sends it (R2); a removal it cancels ends elsewhere than it was heading (R7).
    static func endMove(of child: Controller, staying container: ContainerController, rule: Rule) {
        let removalWasOpen = LifecycleObservation.isObserving && child.containment.isMovingFromParent
        switch child.containment.didMove(toParentNumbered: container.id.serial) {
        case .accept:
            child.deliverDidMove(
                toParent: container, source: .controller(container.id),
                rule: removalWasOpen ? .moveEndsElsewhere : rule)
        case .reportUnexpectedParent, .reportUnmatchedDidMove, .reportUnexpectedWillMove:
            preconditionFailure("\(container.id) ended a move of \(child.id) that was not open")
        }
    }

    /// A removal's end (R2, R4): commits `removeFromParent` through the child's machine, reports a
    /// missing `willMove(toParent: nil)` (R3), takes the child out of its parent's children, then
    /// sends `didMove(toParent: nil)`, following `rule`. Nothing is sent when the child had no
    /// parent.
    ///
    /// The child's appearance then goes to the ``AppearanceReconciler``: let go by its parent, and,
    /// unless `reparenting` gives it to another parent at once (R4), removed.
    ///
    /// When `repeatable` (a custom container's removal, R2 or R4) and the child is disappearing,
    /// UIKit's repeated `didMove(toParent: nil)` becomes due (R7); a built-in container's moves
    /// follow the orders of §6–§8.
    static func endRemoval(of child: Controller, reparenting: Bool, repeatable: Bool, rule: Rule) {
        let disappearing = repeatable && child.appearanceState == .disappearing
        switch child.containment.removeFromParent(reparenting: reparenting, disappearing: disappearing) {
        case .none:
            return
        case .sendDidMoveToNil(let parentID, let reportMissingWillMove):
            let parent = child.storedParent
            let formerWindow = parent?.storedView?.storedWindow
            if reportMissingWillMove {
                ContractViolation(
                    kind: .removeWithoutWillMove, severity: .warning, controllers: [child.id, parentID],
                    message: "willMove(toParent: nil) must be called before removeFromParent(); see the containment "
                        + "contract (R3). \(child.id) was removed from \(parentID) as asked."
                ).report()
            }
            parent?.removeChildEntry(child)
            child.storedParent = nil
            // One source for the three calls below, which borrow it: each `.controller(parentID)`
            // would copy the identity.
            let source = EventSource.controller(parentID)
            child.deliverDidMove(toParent: nil, source: source, rule: rule)
            // A disappearance whose end is queued (its view left a visible window, §2.2) needs
            // nothing: it ends at the end of the turn, and the child is out of every visible window
            // until then (entering one would begin its appearance).
            guard !child.appearance.endIsQueued else { return }
            AppearanceReconciler.reconcile(child, after: .letGo(by: parent, formerWindow: formerWindow), source: source)
            if !reparenting { AppearanceReconciler.reconcile(child, after: .removed, source: source) }
        }
    }

    /// UIKit's repeated `didMove(toParent:)` (R7 **[rev 2]**), sent right after `child`'s
    /// `viewDidAppear(_:)` or `viewDidDisappear(_:)` when it is due
    /// (``ContainmentStateMachine/awaitsRepeatedDidMove``): commits that it was sent, then sends it,
    /// naming the parent the controller has now. It ends no move: one begun since stays open.
    static func repeatDidMove(of child: Controller) {
        child.containment.repeatedDidMoveSent()
        let parent = child.storedParent
        // A `switch`, not `Optional.map`: a main-actor closure handed to the standard library
        // checks the executor at run time on every call (about 220 instructions).
        let source: EventSource =
            switch parent {
            case let parent?: .controller(parent.id)
            case nil: .external
            }
        child.deliverDidMove(toParent: parent, source: source, rule: .repeatedDidMove)
    }
}

extension Controller {
    /// Delivers `willMove(toParent:)` from the engine (R1, R4). Private to this file: the loop
    /// commits the move first.
    fileprivate func deliverWillMove(toParent parent: ContainerController?, source: EventSource, rule: Rule) {
        runOverride(expecting: .willMove(parent), .willMove(self, toParent: parent), source: source, rule: rule)
    }

    /// Delivers `didMove(toParent:)` from the engine (R2, R4). Private to this file, as
    /// ``deliverWillMove(toParent:source:rule:)``.
    fileprivate func deliverDidMove(toParent parent: ContainerController?, source: EventSource, rule: Rule) {
        runOverride(expecting: .didMove(parent), .didMove(self, toParent: parent), source: source, rule: rule)
    }

    /// Runs `step`, an override that must reach the base implementation `call`, and reports it if
    /// it does not.
    @inline(__always)
    private func runOverride(expecting call: SuperCall, _ step: ControllerStep, source: EventSource, rule: Rule) {
        let saved = awaitingSuper
        awaitingSuper = call
        DeliveryLoop.deliver(step, source: source, rule: rule)
        checkSuperReached(call)
        awaitingSuper = saved
    }
}
