extension NavigationController {
    /// Pushes `controller` onto the stack, as UIKit's `pushViewController(_:animated:)`.
    ///
    /// The stack changes inside the call, and `controller.willMove(toParent: self)` is sent there.
    /// On screen, the visible transition from the controller shown to the top of the stack runs at
    /// the end of the turn, after any transition already pending or in flight in the window: two
    /// pushes in one turn show one transition, and the controller buried by the second gets only
    /// its moves (spec §6). Off screen, or in a hidden window, everything completes inside the call,
    /// without appearance callbacks. During an interactive pop, the push is checked inside the call
    /// as any push, then waits for the gesture to end; until then `controller` is a pending member
    /// of the stack (R9): adding it to another parent, pushing it again (here or on another
    /// navigation controller), making it a tab, a page or a window's root, or presenting it are
    /// refused. From a callback of a change of the stack under way (the `willMove(toParent:)` of
    /// another request, a `didMove(toParent:)` sent as the stack settles), the push is checked
    /// inside the call, then runs once that change has finished, inside the same call (see
    /// <doc:Reentrancy>); if it is refused by then, a warning gives it up.
    ///
    /// Refused (a fault, nothing fires): a controller already in the stack (or waiting to join a
    /// stack), a navigation controller, a controller that has another parent, the navigation
    /// controller itself or one of its ancestors, a controller whose root view holds the navigation
    /// controller's view (a cycle).
    ///
    /// ## Callback order
    ///
    /// Pushing `b` over `a`, on screen; inside the call:
    /// 1. `b.willMove(toParent: nav)` (R1)
    ///
    /// At the end of the turn (the transition starts):
    ///
    /// 2. `b.loadView()`, `b.viewDidLoad()` — only when `b`'s view is not loaded
    /// 3. `a.viewWillDisappear(animated:)`
    /// 4. `b.viewWillAppear(animated:)`
    /// 5. `nav.delegate.willShow(b, animated:)`
    ///
    /// When the animation completes (at once when not animated; with the default driver, in the
    /// same ``Window/runUntilIdle()``):
    ///
    /// 6. `a.viewDidDisappear(animated:)`
    /// 7. `b.viewDidAppear(animated:)`
    /// 8. the ``Controller/transitionCoordinator``'s alongside completions
    /// 9. `b.didMove(toParent: nav)`
    /// 10. `nav.delegate.didShow(b, animated:)`
    /// 11. `nav.completion()` — `completion` runs
    ///
    /// Off screen, inside the call: `b.willMove(toParent: nav)`; `b.loadView()`, `b.viewDidLoad()`
    /// when the navigation controller's view is loaded and `b`'s is not; `b.didMove(toParent: nav)`;
    /// `nav.completion()`.
    ///
    /// During an interactive pop nothing fires inside the call: step 1 comes inside the gesture's
    /// `finish()` or `cancel()`, and the rest once the swipe's transition has completed (see
    /// ``beginInteractivePop()``).
    ///
    /// - Parameters:
    ///   - controller: The controller to push; it becomes the top of the stack and a child.
    ///   - animated: Whether the transition animates; the appearance callbacks carry this flag.
    ///   - completion: Runs once the transition that shows the request has completed; never when
    ///     the push is refused.
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
        let kept = keepUntilChangeEnds(
            "push of \(controller.id) on \(id)", recheck: { [self] in pushViolation(controller, call: "push") }
        ) { [self] in push(controller, animated: animated, completion: completion) }
        if kept { return true }
        let later: (NavigationController) -> Void = { $0.push(controller, animated: animated, completion: completion) }
        if deferDuringGesture(joining: [controller], later) { return true }
        request(animated: animated, completion: completion) {
            controllers.append(controller)
            beginAddition(of: controller)
        }
        checkInvariants()
        return true
    }

    /// Pops the top controller, as UIKit's `popViewController(animated:)`, and returns it; returns
    /// nil and changes nothing when the stack holds one controller or none (popping the root is
    /// not a violation).
    ///
    /// The stack changes inside the call, and `top.willMove(toParent: nil)` is sent there. On
    /// screen, the visible transition runs at the end of the turn, and the popped controller is
    /// deallocated after it completes, unless something else holds it. A controller pushed and
    /// popped in the same turn gets no appearance callback: its push ends with
    /// `didMove(toParent: nil)` at the end of the turn (R7). Off screen, everything completes inside
    /// the call. During an interactive pop, the request waits for the gesture to end and this
    /// returns nil; from a callback of a change of the stack under way, it waits for that change
    /// to finish (inside the same call, see <doc:Reentrancy>) and this returns nil too.
    ///
    /// ## Callback order
    ///
    /// Popping `b` back to `a`, on screen; inside the call:
    /// 1. `b.willMove(toParent: nil)`
    ///
    /// At the end of the turn (the transition starts):
    ///
    /// 2. `b.viewWillDisappear(animated:)`
    /// 3. `a.viewWillAppear(animated:)`
    /// 4. `nav.delegate.willShow(a, animated:)`
    ///
    /// When the animation completes (at once when not animated):
    ///
    /// 5. `b.viewDidDisappear(animated:)`
    /// 6. `a.viewDidAppear(animated:)`
    /// 7. `b.didMove(toParent: nil)`
    /// 8. `nav.delegate.didShow(a, animated:)`
    /// 9. `nav.completion()` — `completion` runs
    /// 10. `b.deinit` — when nothing else holds it
    ///
    /// Off screen, inside the call: `b.willMove(toParent: nil)`; `a.loadView()`, `a.viewDidLoad()`
    /// when the navigation controller's view is loaded and `a`'s is not; `b.didMove(toParent: nil)`;
    /// `nav.completion()`.
    ///
    /// - Parameters:
    ///   - animated: Whether the transition animates; the appearance callbacks carry this flag.
    ///   - completion: Runs once the transition that shows the request has completed; never when
    ///     the stack held one controller.
    /// - Returns: The controller popped, or nil.
    @discardableResult
    public func pop(animated: Bool, completion: (() -> Void)? = nil) -> Controller? {
        if keepUntilChangeEnds("pop on \(id)", { [self] in pop(animated: animated, completion: completion) }) {
            return nil
        }
        if deferDuringGesture({ $0.pop(animated: animated, completion: completion) }) { return nil }
        guard controllers.count > 1, let top = controllers.last else { return nil }
        request(animated: animated, completion: completion) { removeFromStack(from: controllers.count - 1) }
        checkInvariants()
        return top
    }

    /// Pops every controller above the root, as UIKit's `popToRootViewController(animated:)`, and
    /// returns them, bottom first; returns an empty array and changes nothing when the root is the
    /// top.
    ///
    /// Only the visible top and the root get appearance callbacks; the controllers buried between
    /// get `willMove(toParent: nil)` inside the call and `didMove(toParent: nil)` with the top's,
    /// from the top down (spec §6). Off screen, everything completes inside the call. During an
    /// interactive pop, the request waits for the gesture to end and this returns an empty array;
    /// so it does from a callback of a change of the stack under way, whose end it waits for
    /// (inside the same call, see <doc:Reentrancy>).
    ///
    /// ## Callback order
    ///
    /// Popping `[root, b, c]` to `root`, on screen; inside the call:
    /// 1. `c.willMove(toParent: nil)`, `b.willMove(toParent: nil)` — from the top down
    ///
    /// At the end of the turn:
    ///
    /// 2. `c.viewWillDisappear(animated:)`
    /// 3. `root.viewWillAppear(animated:)`
    /// 4. `nav.delegate.willShow(root, animated:)`
    ///
    /// When the animation completes:
    ///
    /// 5. `c.viewDidDisappear(animated:)`
    /// 6. `root.viewDidAppear(animated:)`
    /// 7. `c.didMove(toParent: nil)`, `b.didMove(toParent: nil)` — from the top down
    /// 8. `nav.delegate.didShow(root, animated:)`
    /// 9. `nav.completion()`
    /// 10. `c.deinit`, `b.deinit` — those nothing else holds, from the top down
    ///
    /// - Parameters:
    ///   - animated: Whether the transition animates; the appearance callbacks carry this flag.
    ///   - completion: Runs once the transition has completed; never when the root was the top.
    /// - Returns: The controllers popped, bottom first.
    @discardableResult
    public func popToRoot(animated: Bool, completion: (() -> Void)? = nil) -> [Controller] {
        let later = { [self] in _ = popToRoot(animated: animated, completion: completion) }
        if keepUntilChangeEnds("popToRoot on \(id)", later) { return [] }
        if deferDuringGesture({ $0.popToRoot(animated: animated, completion: completion) }) { return [] }
        guard controllers.count > 1 else { return [] }
        let popped = Array(controllers[1...])
        request(animated: animated, completion: completion) { removeFromStack(from: 1) }
        checkInvariants()
        return popped
    }

    /// Pops the controllers above `controller`, as UIKit's `popToViewController(_:animated:)`, and
    /// returns them, bottom first; returns an empty array and changes nothing when `controller` is
    /// the top.
    ///
    /// The same as ``popToRoot(animated:completion:)`` with `controller` in place of the root: only
    /// the visible top and `controller` get appearance callbacks. During an interactive pop, the
    /// request waits for the gesture to end and this returns an empty array; so it does from a
    /// callback of a change of the stack under way, whose end it waits for (see <doc:Reentrancy>).
    ///
    /// Refused (a fault, nothing fires): `controller` is not in the stack (UIKit raises).
    ///
    /// ## Callback order
    ///
    /// Popping `[a, d, x, y]` to `d`, on screen; inside the call:
    /// 1. `y.willMove(toParent: nil)`, `x.willMove(toParent: nil)` — from the top down
    ///
    /// At the end of the turn:
    ///
    /// 2. `y.viewWillDisappear(animated:)`
    /// 3. `d.viewWillAppear(animated:)`
    /// 4. `nav.delegate.willShow(d, animated:)`
    ///
    /// When the animation completes:
    ///
    /// 5. `y.viewDidDisappear(animated:)`
    /// 6. `d.viewDidAppear(animated:)`
    /// 7. `y.didMove(toParent: nil)`, `x.didMove(toParent: nil)` — from the top down
    /// 8. `nav.delegate.didShow(d, animated:)`
    /// 9. `nav.completion()`
    /// 10. `y.deinit`, `x.deinit` — those nothing else holds, from the top down
    ///
    /// - Parameters:
    ///   - controller: The controller to pop to; it becomes the top of the stack.
    ///   - animated: Whether the transition animates; the appearance callbacks carry this flag.
    ///   - completion: Runs once the transition has completed; never when `controller` was the top
    ///     or the call was refused.
    /// - Returns: The controllers popped, bottom first.
    @discardableResult
    public func pop(to controller: Controller, animated: Bool, completion: (() -> Void)? = nil) -> [Controller] {
        guard let index = controllers.firstIndex(where: { $0 === controller }) else {
            popToViolation(controller).report()
            return []
        }
        let kept = keepUntilChangeEnds(
            "pop(to: \(controller.id)) on \(id)",
            recheck: { [self] in controllers.contains { $0 === controller } ? nil : popToViolation(controller) }
        ) { [self] in pop(to: controller, animated: animated, completion: completion) }
        if kept { return [] }
        if deferDuringGesture({ $0.pop(to: controller, animated: animated, completion: completion) }) { return [] }
        guard index < controllers.count - 1 else { return [] }
        let popped = Array(controllers[(index + 1)...])
        request(animated: animated, completion: completion) { removeFromStack(from: index + 1) }
        checkInvariants()
        return popped
    }

    /// Why ``pop(to:animated:completion:)`` is refused for `controller`, not in the stack.
    private func popToViolation(_ controller: Controller) -> ContractViolation {
        ContractViolation(
            kind: .poppingToControllerNotInStack, severity: .fault, controllers: [id, controller.id],
            message: "pop(to: \(controller.id)) was refused: \(controller.id) is not in \(id)'s stack.")
    }

    /// Replaces the stack, as UIKit's `setViewControllers(_:animated:)`.
    ///
    /// The stack changes inside the call. Controllers that leave get `willMove(toParent: nil)`
    /// there and `didMove(toParent: nil)` when the transition completes; controllers that join get
    /// `willMove(toParent: self)` and `didMove(toParent: self)` likewise (UIKit skips these; the
    /// contract is kept here, spec §6). Controllers that stay get no move. Only the old and the new
    /// top get appearance callbacks, and none when the top does not change (then the moves and
    /// `completion` still wait for the end of the turn, with no delegate call). An empty stack shows
    /// nothing: the old top disappears and no delegate call is made. Off screen, everything
    /// completes inside the call. During an interactive pop, the call is checked inside it, then
    /// waits for the gesture to end, and nothing fires until then (the willMove calls come inside
    /// `finish()` or `cancel()`); the controllers it brings in are pending members of the stack
    /// meanwhile, as with ``push(_:animated:completion:)``. The controllers it brings in are pending
    /// members too from the check until their `willMove(toParent: nav)`, while the removals'
    /// callbacks run. From a callback of a change of the stack under way, the call is checked inside
    /// it, then runs once that change has finished, inside the same call (see <doc:Reentrancy>).
    ///
    /// Refused (a fault, nothing fires): a controller named twice, a navigation controller, a
    /// controller with another parent or waiting to join another navigation controller's stack, the
    /// navigation controller itself or one of its ancestors, a controller whose root view holds the
    /// navigation controller's view (a cycle).
    ///
    /// ## Callback order
    ///
    /// Replacing `[a, b]` with `[c, d]`, on screen; inside the call:
    /// 1. `b.willMove(toParent: nil)`, `a.willMove(toParent: nil)` — leaving, from the top down
    /// 2. `c.willMove(toParent: nav)`, `d.willMove(toParent: nav)` — joining, from the bottom up
    ///
    /// At the end of the turn:
    ///
    /// 3. `d.loadView()`, `d.viewDidLoad()` — only when its view is not loaded
    /// 4. `b.viewWillDisappear(animated:)`
    /// 5. `d.viewWillAppear(animated:)`
    /// 6. `nav.delegate.willShow(d, animated:)`
    ///
    /// When the animation completes:
    ///
    /// 7. `b.viewDidDisappear(animated:)`
    /// 8. `d.viewDidAppear(animated:)`
    /// 9. `b.didMove(toParent: nil)`, `a.didMove(toParent: nil)` — from the old top down
    /// 10. `c.didMove(toParent: nav)`, `d.didMove(toParent: nav)` — from the bottom up
    /// 11. `nav.delegate.didShow(d, animated:)`
    /// 12. `nav.completion()`
    /// 13. `b.deinit`, `a.deinit` — those nothing else holds, from the old top down
    ///
    /// - Parameters:
    ///   - newControllers: The new stack, bottom first; the last one is shown.
    ///   - animated: Whether the transition animates; the appearance callbacks carry this flag.
    ///   - completion: Runs once the transition that shows the request has completed.
    public func setControllers(_ newControllers: [Controller], animated: Bool, completion: (() -> Void)? = nil) {
        requestControllers(newControllers, animated: animated, completion: completion)
    }

    /// ``setControllers(_:animated:completion:)``; returns false when the call was refused.
    @discardableResult
    func requestControllers(_ newControllers: [Controller], animated: Bool, completion: (() -> Void)?) -> Bool {
        if let violation = stackViolation(newControllers) {
            violation.report()
            return false
        }
        let kept = keepUntilChangeEnds(
            "setControllers on \(id)", recheck: { [self] in stackViolation(newControllers) }
        ) { [self] in setControllers(newControllers, animated: animated, completion: completion) }
        if kept { return true }
        let later: (NavigationController) -> Void = {
            $0.setControllers(newControllers, animated: animated, completion: completion)
        }
        if deferDuringGesture(joining: newControllers, later) {
            return true
        }
        request(animated: animated, completion: completion) {
            // Checked now, adopted after the removals' callbacks: pending members meanwhile (R9).
            markPendingAdoption(newControllers)
            defer { clearPendingAdoption(newControllers) }
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
        }
        checkInvariants()
        return true
    }

    /// Why `newControllers` cannot be the stack, if they cannot.
    private func stackViolation(_ newControllers: [Controller]) -> ContractViolation? {
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
        if let cycle = presentationCycle(adopting: controller) {
            return refuse(.addingToSelfOrDescendant, cycle)
        }
        if !allowingStackMembers, controllers.contains(where: { $0 === controller }) {
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

    /// A controller joins the stack: `willMove(toParent: self)` now, unless it is still a child
    /// whose removal is open, whose removal the next transition cancels instead (R7).
    func beginAddition(of controller: Controller) {
        if controller.storedParent === self {
            removalsAfterSettling.removeAll { $0.controller === controller }
            turnRemovalAround(of: controller)
            return
        }
        // Recorded before the willMove callout, so a pop asked for inside it finds the open move (R7).
        openMoves.append(OpenMove(controller: controller, formerIndex: nil))
        if !adoptChild(controller) {
            openMoves.removeAll { $0.controller === controller }
            controllers.removeAll { $0 === controller }
        }
    }

    /// `controller`, whose removal is open, is back in the stack (pushed again, or a swipe back
    /// cancelled): its move now ends with `didMove(toParent: self)` (R7), as an addition does. A pop
    /// before that didMove waits for it (``beginRemoval(of:formerIndex:)``): no second willMove is
    /// sent while the move is open.
    func turnRemovalAround(of controller: Controller) {
        for index in openMoves.indices where openMoves[index].controller === controller {
            openMoves[index] = OpenMove(controller: controller, formerIndex: nil)
        }
        for index in settlingMoves.indices where settlingMoves[index].controller === controller {
            settlingMoves[index] = OpenMove(controller: controller, formerIndex: nil)
        }
    }

    /// The controllers from `index` up leave the stack, top first. Which ones is decided before
    /// calling out: a `willMove(toParent: nil)` sent here may change the stack itself (a pop from
    /// it takes out one still to go, which is passed over then).
    func removeFromStack(from index: Int) {
        for leaving in controllers[index...].reversed() {
            guard let position = controllers.firstIndex(where: { $0 === leaving }) else { continue }
            controllers.remove(at: position)
            beginRemoval(of: leaving, formerIndex: position)
        }
    }

    /// A controller leaves the stack: `willMove(toParent: nil)` now, unless a move of it is open
    /// (R7: no second willMove). An addition not shown yet is dropped (it ends with
    /// `didMove(toParent: nil)`), and a removal turned around is a removal again. A move the
    /// transition in flight settles with the controller in the stack (its addition, or its removal
    /// turned around by a cancelled swipe or a push) ends first: the `willMove(toParent: nil)`
    /// follows its `didMove(toParent: self)`.
    func beginRemoval(of controller: Controller, formerIndex: Int) {
        if let open = openMoves.firstIndex(where: { $0.controller === controller }) {
            if openMoves[open].formerIndex == nil {
                openMoves[open] = OpenMove(controller: controller, formerIndex: formerIndex)
            }
            return
        }
        if settlingMoves.contains(where: { $0.controller === controller && $0.formerIndex == nil }) {
            removalsAfterSettling.append(OpenMove(controller: controller, formerIndex: formerIndex))
            return
        }
        beginRemovingChild(controller)
        openMoves.append(OpenMove(controller: controller, formerIndex: formerIndex))
    }

    /// One request: `change` changes the stack and sends its willMove calls; then the visible
    /// transition runs at the end of the turn, or, off screen, everything settles now. On screen the
    /// transition is queued before `change`, so that a transition asked for inside those willMove
    /// calls (a presentation, a dismissal) runs after this one, in request order (§1).
    func request(animated: Bool, completion: (() -> Void)?, _ change: () -> Void) {
        if let window = storedView?.storedWindow, !window.isHidden {
            window.requestVisibleTransition(for: self)
        }
        changingContents {
            change()
            pendingAnimated = animated
            if let completion { pendingCompletions.append(completion) }
            requestVisibleChange(self, settleOffScreen: settleOffScreen)
        }
    }
}
