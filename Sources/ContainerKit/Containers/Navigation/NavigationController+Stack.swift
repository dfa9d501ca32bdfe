extension NavigationController {
    /// Pushes `controller` onto the stack, as UIKit's `pushViewController(_:animated:)`.
    ///
    /// Sends `controller.willMove(toParent: self)` inside the call; the visible transition from the
    /// controller shown to the new top runs at the end of the turn (see the type's callback order),
    /// and `completion` runs once that transition has completed. Off screen, everything completes
    /// inside the call without appearance callbacks.
    ///
    /// Refused (a fault): a controller already in the stack, a navigation controller, a controller
    /// that has another parent, the navigation controller itself or one of its ancestors.
    public func push(_ controller: Controller, animated: Bool, completion: (() -> Void)? = nil) {
        requestPush(controller, animated: animated, completion: completion)
    }

    /// ``push(_:animated:completion:)``; returns false when the push was refused.
    @discardableResult
    func requestPush(_ controller: Controller, animated: Bool, completion: (() -> Void)?) -> Bool {
        if let violation = pushViolation(controller, call: "push") {
            violation.report()
            return false
        }
        if deferDuringGesture({ $0.push(controller, animated: animated, completion: completion) }) { return true }
        controllers.append(controller)
        beginAddition(of: controller)
        request(animated: animated, completion: completion)
        checkInvariants()
        return true
    }

    /// Pops the top controller, as UIKit's `popViewController(animated:)`, and returns it; returns
    /// nil and changes nothing when the stack holds one controller or none.
    ///
    /// Sends `top.willMove(toParent: nil)` inside the call; the visible transition runs at the end
    /// of the turn; `top.didMove(toParent: nil)` follows its appearance callbacks. During an
    /// interactive pop, the request waits for the gesture to end and this returns nil.
    ///
    /// **Callback order** of popping `b` back to `a`, on screen:
    /// ```
    /// b.willMove(toParent: nil)                      (inside pop)
    /// -- end of turn
    /// b.viewWillDisappear(animated: true)
    /// a.viewWillAppear(animated: true)
    /// nav.delegate.willShow(a, animated: true)
    /// -- the animation completes
    /// b.viewDidDisappear(animated: true)
    /// a.viewDidAppear(animated: true)
    /// b.didMove(toParent: nil)
    /// nav.delegate.didShow(a, animated: true)
    /// b.deinit                                       (when nothing else holds it)
    /// ```
    @discardableResult
    public func pop(animated: Bool, completion: (() -> Void)? = nil) -> Controller? {
        if deferDuringGesture({ $0.pop(animated: animated, completion: completion) }) { return nil }
        guard controllers.count > 1, let top = controllers.last else { return nil }
        removeFromStack(from: controllers.count - 1)
        request(animated: animated, completion: completion)
        checkInvariants()
        return top
    }

    /// Pops every controller above the root and returns them, bottom first; returns an empty array
    /// and changes nothing when the root is the top.
    ///
    /// Only the visible top and the root get appearance callbacks; the controllers buried between
    /// get `willMove(toParent: nil)` inside the call and `didMove(toParent: nil)` with the top's,
    /// from the top down.
    @discardableResult
    public func popToRoot(animated: Bool, completion: (() -> Void)? = nil) -> [Controller] {
        if deferDuringGesture({ $0.popToRoot(animated: animated, completion: completion) }) { return [] }
        guard controllers.count > 1 else { return [] }
        let popped = Array(controllers[1...])
        removeFromStack(from: 1)
        request(animated: animated, completion: completion)
        checkInvariants()
        return popped
    }

    /// Pops the controllers above `controller` and returns them, bottom first.
    ///
    /// Refused (a fault): `controller` is not in the stack (UIKit raises).
    @discardableResult
    public func pop(to controller: Controller, animated: Bool, completion: (() -> Void)? = nil) -> [Controller] {
        guard let index = controllers.firstIndex(where: { $0 === controller }) else {
            ContractViolation(
                kind: .poppingToControllerNotInStack, severity: .fault, controllers: [id, controller.id],
                message: "pop(to: \(controller.id)) was refused: \(controller.id) is not in \(id)'s stack."
            ).report()
            return []
        }
        if deferDuringGesture({ $0.pop(to: controller, animated: animated, completion: completion) }) { return [] }
        guard index < controllers.count - 1 else { return [] }
        let popped = Array(controllers[(index + 1)...])
        removeFromStack(from: index + 1)
        request(animated: animated, completion: completion)
        checkInvariants()
        return popped
    }

    /// Replaces the stack, as UIKit's `setViewControllers(_:animated:)`.
    ///
    /// Controllers that leave get `willMove(toParent: nil)` inside the call and
    /// `didMove(toParent: nil)` when the transition completes; controllers that join get
    /// `willMove(toParent: self)` and `didMove(toParent: self)` likewise (UIKit skips these; the
    /// contract is kept here). Only the old and the new top get appearance callbacks.
    ///
    /// Refused (a fault): a controller named twice, a navigation controller, a controller with
    /// another parent.
    public func setControllers(_ newControllers: [Controller], animated: Bool, completion: (() -> Void)? = nil) {
        requestControllers(newControllers, animated: animated, completion: completion)
    }

    /// ``setControllers(_:animated:completion:)``; returns false when the call was refused.
    @discardableResult
    func requestControllers(_ newControllers: [Controller], animated: Bool, completion: (() -> Void)?) -> Bool {
        var seen = Set<ObjectIdentifier>()
        for controller in newControllers {
            guard seen.insert(ObjectIdentifier(controller)).inserted else {
                ContractViolation(
                    kind: .pushingControllerInStack, severity: .fault, controllers: [id, controller.id],
                    message: "setControllers(_:animated:) was refused: \(controller.id) is named twice; a controller "
                        + "can be in a stack once."
                ).report()
                return false
            }
            if let violation = pushViolation(controller, call: "setControllers", allowingStackMembers: true) {
                violation.report()
                return false
            }
        }
        if deferDuringGesture({ $0.setControllers(newControllers, animated: animated, completion: completion) }) {
            return true
        }
        let kept = Set(newControllers.map(ObjectIdentifier.init))
        for index in controllers.indices.reversed() where !kept.contains(ObjectIdentifier(controllers[index])) {
            let leaving = controllers.remove(at: index)
            beginRemoval(of: leaving, formerIndex: index)
        }
        let staying = Set(controllers.map(ObjectIdentifier.init))
        controllers = newControllers
        for controller in newControllers where !staying.contains(ObjectIdentifier(controller)) {
            beginAddition(of: controller)
        }
        request(animated: animated, completion: completion)
        checkInvariants()
        return true
    }

    /// The controller the navigation controller shows, as UIKit's `visibleViewController`: the
    /// controller it presents, if any, otherwise the top of the stack.
    public var visibleController: Controller? { presentedController ?? controllers.last }

    /// The top of the stack.
    public var topController: Controller? { controllers.last }

    // MARK: - Moves

    func setRoot(_ root: Controller) {
        if let violation = pushViolation(root, call: "init(rootController:)") {
            violation.report()
            return
        }
        controllers = [root]
        adoptChild(root)
        endMove(of: root, stays: true)
        shown = root
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
        if !allowingStackMembers, controllers.contains(where: { $0 === controller }) {
            return refuse(.pushingControllerInStack, "it is already in the stack (UIKit raises)")
        }
        controller.reconcileDeallocatedParent()
        if let parent = controller.storedParent, parent !== self {
            return refuse(
                .pushingControllerWithParent, "it is a child of \(parent.id); remove it from its parent first (R9)")
        }
        return nil
    }

    /// A controller joins the stack: `willMove(toParent: self)` now, unless it is still a child
    /// whose removal is open, whose removal the next transition cancels instead (R7).
    func beginAddition(of controller: Controller) {
        if controller.storedParent === self {
            removalsAfterSettling.removeAll { $0 === controller }
            return
        }
        adoptChild(controller)
        openMoves.append(OpenMove(controller: controller, formerIndex: nil))
    }

    /// The controllers from `index` up leave the stack, top first.
    func removeFromStack(from index: Int) {
        for position in (index..<controllers.count).reversed() {
            let leaving = controllers.remove(at: position)
            beginRemoval(of: leaving, formerIndex: position)
        }
    }

    /// A controller leaves the stack: `willMove(toParent: nil)` now, unless its addition is still
    /// open (a dropped addition ends with `didMove(toParent: nil)`, R7) or in flight (its
    /// `willMove(toParent: nil)` follows the `didMove(toParent: self)` of the transition in flight).
    func beginRemoval(of controller: Controller, formerIndex: Int) {
        if let open = openMoves.firstIndex(where: { $0.controller === controller }) {
            if openMoves[open].formerIndex == nil {
                openMoves[open] = OpenMove(controller: controller, formerIndex: formerIndex)
            }
            return
        }
        if settlingMoves.contains(where: { $0.controller === controller && $0.formerIndex == nil }) {
            removalsAfterSettling.append(controller)
            return
        }
        beginRemovingChild(controller)
        openMoves.append(OpenMove(controller: controller, formerIndex: formerIndex))
    }

    /// Records a request: the visible transition at the end of the turn, or everything now off screen.
    func request(animated: Bool, completion: (() -> Void)?) {
        pendingAnimated = animated
        if let completion { pendingCompletions.append(completion) }
        requestVisibleChange(self, settleOffScreen: settleOffScreen)
    }
}
