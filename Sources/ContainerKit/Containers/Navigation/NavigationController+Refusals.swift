/// Why a change to the stack is refused (spec §6, R9): the faults that leave everything as it was.
extension NavigationController {
    /// Why ``pop(to:animated:completion:)`` is refused for `controller`, not in the stack.
    func popToViolation(_ controller: Controller) -> ContractViolation {
        ContractViolation(
            kind: .poppingToControllerNotInStack, severity: .fault, controllers: [id, controller.id],
            message: "pop(to: \(controller.id)) was refused: \(controller.id) is not in \(id)'s stack.")
    }

    /// Why `newControllers` cannot be the stack, if they cannot.
    func stackViolation(_ newControllers: [Controller]) -> ContractViolation? {
        var seen = Set<ObjectIdentifier>()
        for controller in newControllers {
            guard seen.insert(ObjectIdentifier(controller)).inserted else {
                return ContractViolation(
                    kind: .pushingControllerInStack, severity: .fault, controllers: [id, controller.id],
                    message: "setControllers(_:animated:) was refused: \(controller.id) is named twice; a controller "
                        + "can be in a stack once.")
            }
            if let violation = pushViolation(controller, call: "setControllers", allowingStackMembers: true) {
                return violation
            }
        }
        return nil
    }

    /// Why pushing `controller` is refused, if it is.
    func pushViolation(_ controller: Controller, call: String, allowingStackMembers: Bool = false)
        -> ContractViolation?
    {
        func refuse(_ kind: ContractViolation.Kind, _ reason: String) -> ContractViolation {
            ContractViolation(
                kind: kind, severity: .fault, controllers: [id, controller.id],
                message: "\(call) of \(controller.id) on \(id) was refused: \(reason).")
        }
        if controller is NavigationController {
            return refuse(.pushingNavigationController, "a navigation controller cannot be pushed (UIKit raises)")
        }
        if isSelfOrDescendant(of: controller) {
            return refuse(.addingToSelfOrDescendant, "the navigation controller or its ancestor cannot be in its stack")
        }
        if let cycle = presentationCycle(adopting: controller) {
            return refuse(.addingToSelfOrDescendant, cycle)
        }
        if !allowingStackMembers, controllers.containsIdentical(controller) {
            return refuse(.pushingControllerInStack, "it is already in the stack (UIKit raises)")
        }
        if let waiting = controller.pendingMembershipConflict(),
            !(allowingStackMembers && controller.pendingContainer === self)
        {
            return refuse(.pushingControllerInStack, waiting)
        }
        controller.reconcileDeallocatedParent()
        if let parent = controller.storedParent, parent !== self {
            return refuse(
                .pushingControllerWithParent, "it is a child of \(parent.id); remove it from its parent first (R9)")
        }
        if let joining = controller.joiningParent {
            return refuse(
                .pushingControllerWithParent,
                "it is joining \(joining): its willMove(toParent: \(joining)) is running (R7, R9)")
        }
        if let conflict = controller.placementConflict() {
            return refuse(.invalidChild, conflict)
        }
        if let cycle = viewCycle(showing: controller) {
            return refuse(.invalidViewHierarchy, cycle)
        }
        return nil
    }
}
