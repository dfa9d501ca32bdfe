extension ContainerController {
    /// Adds `child` to ``children``, as UIKit's `addChild(_:)`.
    ///
    /// This is the first of the three calls of an add (see the containment contract in
    /// ``ContainerController``). It sends `child.willMove(toParent: self)` before the child joins
    /// ``children`` (R1), and never sends `didMove`: call `child.didMove(toParent: self)` yourself
    /// once the child's view is in place (R3). It does not touch views: the child appears when its
    /// view enters a visible window, typically in the `addSubview(_:)` that follows. If `child` has
    /// another parent, it is first removed from there, with `willMove(toParent: nil)` and
    /// `didMove(toParent: nil)`, as a container removes a child, and no violation (R4).
    ///
    /// Refused (a fault, nothing fires): adding a controller to itself or to one of its
    /// descendants, or to a controller presented (itself or through an ancestor) from it or one of
    /// its descendants, which would make the two hold each other; adding a child to a built-in
    /// container, or taking one out of it, by hand (R9); adding a controller that waits to join a
    /// navigation stack, pushed during that navigation controller's interactive pop (R9).
    /// Ignored (a warning, nothing fires): adding a child already in ``children``. Given up (a
    /// warning): an addition that R4's removal made impossible, its `didMove(toParent: nil)` having
    /// presented the child, say; the removal stands.
    ///
    /// ## Callback order
    ///
    /// With `p` this container and `c` the child, inside the call:
    /// 1. `c.willMove(toParent: nil)` — only when `c` had another parent and no move open (R4)
    /// 2. `c.didMove(toParent: nil)` — only when `c` had another parent: `c` has left it (R4)
    /// 3. `c.willMove(toParent: p)` — `c` joins `p.children` when it returns (R1)
    ///
    /// - Parameter child: The controller to add. It stays in ``children``, in the order of the
    ///   calls (R5), until ``Controller/removeFromParent()`` takes it out.
    public func addChild(_ child: Controller) {
        let call = Planning.enter(LifecycleCall(self, "addChild", (nil, .of(child))))
        defer { Planning.leave(call) }
        let formerParent = child.storedParent
        defer {
            checkInvariants()
            child.checkInvariants()
            formerParent?.checkInvariants()
        }
        // Once more after R4's removal from a former parent, whose callbacks may have changed the tree.
        var reparenting = false
        while admits(child) {
            let currentParent = child.storedParent
            switch DeliveryLoop.beginAddition(
                of: child, to: self, rule: reparenting ? .reparentingAddition : .addChild)
            {
            case .reportAlreadyChild:
                ContractViolation(
                    kind: .addingExistingChild, severity: .warning, controllers: [id, child.id],
                    message: "\(child.id) is already a child of \(id); addChild(_:) was ignored."
                ).report()
                return
            case .removeFromCurrentParentFirst:
                // R4: `willMove(toParent: nil)` first, unless a move of the child is open (R7).
                if let former = currentParent, child.containment.isAttached {
                    DeliveryLoop.beginRemoval(of: child, by: former, rule: .reparentingWillMove)
                    reparenting = true
                    // Its override took it out of `former` itself, or elsewhere: the addition goes
                    // on from where the child is now, if it still may.
                    if child.storedParent !== former {
                        if !admitsAfterRemoval(child, from: former) { return }
                        continue
                    }
                }
                child.performRemoval(reparenting: true)
                if let former = currentParent, !admitsAfterRemoval(child, from: former) { return }
                reparenting = true
            case .sendWillMove:
                joinChildren(child)
                return
            }
        }
    }

    /// Whether `child` may be added: reports the fault that refuses it otherwise. Runs no callback.
    private func admits(_ child: Controller) -> Bool {
        // Only a container with children can be an ancestor of `self` (a parent link always has its
        // entry in the parent's children), and only one with children or a controller that presents
        // can be above `self` through a presentation, so the walks up from `self` run only for those:
        // adding a new child to a deep chain costs nothing per level, and building the chain top-down
        // stays linear.
        // A built-in container changing its contents may have pending members (not children yet)
        // that count as children here too.
        let mayBeAncestor =
            if child === self {
                true
            } else if let container = child.asContainer {
                !container.childList.isEmpty || container.isChangingContents
            } else {
                false
            }
        if mayBeAncestor, isSelfOrDescendant(of: child) {
            ContractViolation(
                kind: .addingToSelfOrDescendant, severity: .fault, controllers: [id, child.id],
                message: child === self
                    ? "\(id) cannot be added as a child of itself."
                    : "\(child.id) cannot be added as a child of \(id), its own descendant: the tree would have a cycle."
            ).report()
            return false
        }
        if mayBeAncestor || child.presentedController != nil, let cycle = presentationCycle(adopting: child) {
            ContractViolation(
                kind: .addingToSelfOrDescendant, severity: .fault, controllers: [id, child.id],
                message: "\(child.id) cannot be added as a child of \(id): \(cycle)."
            ).report()
            return false
        }
        if let conflict = child.placementConflict() {
            ContractViolation(
                kind: .invalidChild, severity: .fault, controllers: [id, child.id],
                message: "\(child.id) cannot be added as a child of \(id): \(conflict). Nothing changed."
            ).report()
            return false
        }
        if let waiting = child.pendingMembershipConflict() {
            ContractViolation(
                kind: .builtInContainerChildMovedByHand, severity: .fault,
                controllers: [id, child.id] + (child.pendingContainer.map { [$0.id] } ?? []),
                message: "addChild(_:) was refused: \(waiting). Nothing changed."
            ).report()
            return false
        }
        child.reconcileDeallocatedParent()
        if refusesManualMove(of: child, call: "addChild(_:)") { return false }
        if let current = child.parentOrJoiningContainer, current !== self,
            current.refusesManualMove(of: child, call: "addChild(_:)")
        {
            return false
        }
        return true
    }

    /// R4's second half: `child` has left `former`, and the callbacks of that removal
    /// (`willMove(toParent: nil)`, `didMove(toParent: nil)`) may have changed the tree so that the
    /// addition is now refused (they presented `child`, say). The removal cannot be undone, so the
    /// refusal is not a fault that changed nothing: it is reported as a warning that says the
    /// addition was given up, and `child` stays where the callbacks left it.
    private func admitsAfterRemoval(_ child: Controller, from former: ContainerController) -> Bool {
        let refusals = Refusals()
        let admitted = ContractViolation.withHandler({ refusals.list.append($0) }) { admits(child) }
        for refusal in refusals.list {
            refusal.givenUp(
                "addChild(_:) was given up after \(child.id) left \(former.id) (R4): a callback of that removal changed "
                    + "the tree, and the addition is refused now."
            ).report()
        }
        return admitted
    }

    /// R1's structural half, once the loop has sent `willMove(toParent: self)`
    /// (``DeliveryLoop/beginAddition(of:to:rule:)``): adds the child, unless its override moved it
    /// elsewhere. Returns whether it joined.
    ///
    /// - Parameter position: Where the child goes in ``children``, counted before the callout;
    ///   nil appends it after any child its `willMove` added meanwhile (R5: a custom container
    ///   keeps the order in which additions completed). A built-in container passes the position
    ///   its stack or tabs give the child, so children added inside the callout come after it.
    @discardableResult
    func joinChildren(_ child: Controller, at position: Int? = nil) -> Bool {
        guard DeliveryLoop.verdict(.joining(child, self)) == .hold else { return false }
        if let position { childList.insert(child, at: position) } else { childList.append(child) }
        child.storedParent = self
        child.releaseRule = .release
        child.noteJoined(self)
        TreeRevision.advance()
        return true
    }

    /// A built-in container takes `child` in: `willMove(toParent: self)`, inside the call (R1).
    /// The caller has checked that the child has no parent. The container places its children's
    /// views itself: a root view put somewhere by hand before leaves it (out of a visible window,
    /// the child disappears: see ``ViewMove/perform(_:to:at:drivesAppearance:)``), and comes back
    /// when the container shows the child.
    ///
    /// The caller checked `child` before calling out (the removals its change begins, or the
    /// adoption of the pages before it), and marked it a pending member meanwhile
    /// (``Controller/claim``), so that nothing else can take it. Should it have a parent
    /// all the same, it is not adopted: a warning says so, and the caller drops it from its
    /// contents. Returns whether the child was adopted.
    @discardableResult
    func adoptChild(_ child: Controller, rule: Rule) -> Bool {
        defer { child.releaseAdoptionClaim(of: self) }
        child.reconcileDeallocatedParent()
        let position = children.count
        switch DeliveryLoop.beginAddition(of: child, to: self, rule: rule) {
        case .sendWillMove:
            guard joinChildren(child, at: position), let childView = child.storedView,
                childView.superview != nil
            else { return true }
            ViewMove.perform(childView, to: nil, at: nil, drivesAppearance: false)
            return true
        case .reportAlreadyChild, .removeFromCurrentParentFirst:
            let holder = child.parentOrJoiningContainer
            ContractViolation(
                kind: .invalidContainerContents, severity: .warning,
                controllers: [id, child.id] + (holder.map { [$0.id] } ?? []),
                message: "\(id) dropped \(child.id) from its contents: \(child.id) was checked, then a callback sent "
                    + "before \(id) adopted it gave it to \(holder.map { "\($0.id)" } ?? "a parent") (R9)."
            ).report()
            return false
        }
    }

    /// Marks `controllers`, the ones not children yet, as pending members of this container until
    /// ``adoptChild(_:)`` takes each in (``Controller/claim``).
    func markPendingAdoption(_ controllers: [Controller]) {
        for controller in controllers where controller.storedParent !== self {
            controller.claimForAdoption(by: self)
        }
    }

    /// Clears the marks ``markPendingAdoption(_:)`` left on `controllers` that were not adopted.
    func clearPendingAdoption(_ controllers: [Controller]) {
        for controller in controllers {
            controller.releaseAdoptionClaim(of: self)
        }
    }

    /// A built-in container begins a child's removal: `willMove(toParent: nil)`, inside the call (R3).
    func beginRemovingChild(_ child: Controller, rule: Rule) {
        DeliveryLoop.beginRemoval(of: child, by: self, rule: rule)
    }

    /// A built-in container ends a child's move: `didMove(toParent: self)` when it stays, or its
    /// removal (`didMove(toParent: nil)`, after it left ``children``) when it goes (R2, R7).
    func endMove(of child: Controller, stays: Bool, rule: Rule) {
        if stays {
            DeliveryLoop.endMove(of: child, staying: self, rule: rule)
        } else {
            child.performRemoval(reparenting: true, rule: rule)
        }
    }

    /// Takes `child` out of ``children`` (the structural half of a removal).
    func removeChildEntry(_ child: Controller) {
        childList.remove(child, leaving: Controller.listHole)
        TreeRevision.advance()
    }
}

/// The refusals ``ContainerController/addChild(_:)`` collects when it checks an addition again after
/// R4's removal. The handler that fills it runs synchronously, on the main actor, inside the check.
private final class Refusals: @unchecked Sendable {
    var list: [ContractViolation] = []
}
