extension ContainerController {
    /// Adds `child` to ``children``, as UIKit's `addChild(_:)`.
    ///
    /// Sends `child.willMove(toParent: self)` before the child joins ``children`` (R1); it never
    /// sends `didMove`: call `child.didMove(toParent: self)` yourself once the child's view is in
    /// place (R3). If `child` has another parent, it is first removed as ``Controller/removeFromParent()``
    /// would, with `didMove(toParent: nil)` and no violation (R4).
    ///
    /// Refused (a fault): adding a controller to itself or to one of its descendants. Ignored (a
    /// warning): adding a child already in ``children``.
    ///
    /// **Callback order**: (`child.didMove(toParent: nil)` when re-parenting,)
    /// `child.willMove(toParent: self)`.
    public func addChild(_ child: Controller) {
        let formerParent = child.storedParent
        defer {
            checkInvariants()
            child.checkInvariants()
            formerParent?.checkInvariants()
        }
        var ancestor: Controller? = self
        while let current = ancestor {
            if current === child {
                ContractViolation(
                    kind: .addingToSelfOrDescendant, severity: .fault, controllers: [id, child.id],
                    message: child === self
                        ? "\(id) cannot be added as a child of itself."
                        : "\(child.id) cannot be added as a child of \(id), its own descendant: the tree would have a cycle."
                ).report()
                return
            }
            ancestor = current.storedParent
        }
        child.reconcileDeallocatedParent()
        if refusesManualMove(of: child, call: "addChild(_:)") { return }
        if let current = child.storedParent, current !== self,
            current.refusesManualMove(of: child, call: "addChild(_:)")
        {
            return
        }
        switch child.containment.addChild(to: id) {
        case .reportAlreadyChild:
            ContractViolation(
                kind: .addingExistingChild, severity: .warning, controllers: [id, child.id],
                message: "\(child.id) is already a child of \(id); addChild(_:) was ignored."
            ).report()
        case .removeFromCurrentParentFirst:
            child.performRemoval(reparenting: true)
            addChild(child)
        case .sendWillMove:
            child.deliverWillMove(toParent: self, source: .controller(id))
            // The override may have moved the child elsewhere; join only if the move is still ours.
            guard child.containment.state == .attaching(id) else { return }
            children.append(child)
            child.storedParent = self
        }
    }

    /// Takes `child` out of ``children`` (the structural half of a removal).
    func removeChildEntry(_ child: Controller) {
        if let index = children.lastIndex(where: { $0 === child }) {
            children.remove(at: index)
        }
    }
}
