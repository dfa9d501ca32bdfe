extension NavigationController {
    /// Pushes `controller` onto the stack, as UIKit's `pushViewController(_:animated:)`.
    ///
    /// The push is applied inside the call (spec §6): the stack changes, and
    /// `controller.willMove(toParent: self)` is sent there; on screen, the visible transition from the
    /// controller shown to `controller` runs at the end of the turn. It waits instead, changing
    /// nothing until then, while an animated transition of the navigation controller is pending, or
    /// when it is animated and a non-animated one is pending, or while one is in flight (a push from
    /// its callbacks, or during a swipe back): it is applied once that transition has completed. Two
    /// animated pushes in one turn therefore show two transitions; two non-animated ones show one, to
    /// the second, and the first, no longer the new top, gets `didMove(toParent: self)` inside the
    /// second push. Off screen, or in a hidden window, the push completes inside the call without
    /// appearance callbacks, except `controller.didMove(toParent: self)`, which comes right after its
    /// first `viewDidAppear` (spec §6, off screen). A waiting push is a pending member of the stack
    /// (R9) until it is applied: adding `controller` to another parent, pushing it again (here or on
    /// another navigation controller), making it a tab, a page or a window's root, or presenting it
    /// are refused; if it is refused by the time it is applied, a warning gives it up. From a callback
    /// of a change of the stack under way (the `willMove(toParent:)` of another request, a
    /// `didMove(toParent:)` it sends), the push is checked inside the call, then runs once that change
    /// has finished, inside the same call (see <doc:Reentrancy>), where it is applied or waits as
    /// above.
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
    /// 2. the former new top's `didMove(toParent: nav)`, when a non-animated push replaces one still
    ///    pending
    ///
    /// At the end of the turn (the transition starts):
    ///
    /// 3. `b.loadView()`, `b.viewDidLoad()` — only when `b`'s view is not loaded
    /// 4. `a.viewWillDisappear(animated:)`
    /// 5. `b.viewWillAppear(animated:)`
    /// 6. `nav.delegate.willShow(b, animated:)`
    ///
    /// When the animation completes (at once when not animated; with the default driver, in the
    /// same ``Window/runUntilIdle()``):
    ///
    /// 7. `a.viewDidDisappear(animated:)`
    /// 8. `b.viewDidAppear(animated:)`
    /// 9. `b.didMove(toParent: nav)`
    /// 10. the ``Controller/transitionCoordinator``'s alongside completions
    /// 11. `nav.delegate.didShow(b, animated:)`
    /// 12. `nav.completion()` — `completion` runs
    /// 13. the requests that waited for this transition are applied
    ///
    /// Off screen, inside the call: `b.willMove(toParent: nav)`; the former top's
    /// `didMove(toParent: nav)` if its own move was still open (it had not appeared); `b.loadView()`,
    /// `b.viewDidLoad()` when the navigation controller's view is loaded and `b`'s is not;
    /// `nav.completion()`. Then, when `b` first appears: `b.viewDidAppear`, `b.didMove(toParent: nav)`.
    ///
    /// When the request waits, nothing fires inside the call: it is applied once the transition it waits for has
    /// completed (right after that transition's completions), and its own transition follows.
    ///
    /// - Parameters:
    ///   - controller: The controller to push; it becomes the top of the stack and a child.
    ///   - animated: Whether the transition animates; the appearance callbacks carry this flag.
    ///   - completion: Runs once the transition that shows the request has completed; never when
    ///     the push is refused.
    public func push(_ controller: Controller, animated: Bool, completion: (() -> Void)? = nil) {
        let call = Planning.enter(LifecycleCall(self, "push", (nil, .of(controller)), ("animated", .flag(animated))))
        defer { Planning.leave(call) }
        requestPush(controller, animated: animated, completion: completion)
    }

    /// ``push(_:animated:completion:)``; returns false when the push was refused.
    @discardableResult
    func requestPush(_ controller: Controller, animated: Bool, completion: (() -> Void)?) -> Bool {
        if let violation = pushViolation(controller, call: "push") {
            violation.report()
            return false
        }
        let kept = keepUntilChangeEnds {
            ContainerRequest(
                call: "push of \(controller.id) on \(id)",
                recheck: { [self] in pushViolation(controller, call: "push") }
            ) { [self] in push(controller, animated: animated, completion: completion) }
        }
        if kept { return true }
        applyOrWait(animated: animated) {
            apply(controllers + [controller], animated: animated, completion: completion)
        } otherwise: {
            ContainerRequest(
                call: "push of \(controller.id) on \(id)", animated: animated, joining: [controller],
                recheck: { [self] in pushViolation(controller, call: "push") },
                apply: { [self] in apply(controllers + [controller], animated: animated, completion: completion) })
        }
        checkInvariants()
        return true
    }

    /// Pops the top controller, as UIKit's `popViewController(animated:)`, and returns it; returns
    /// nil and changes nothing when the stack holds one controller or none (popping the root is
    /// not a violation).
    ///
    /// The pop is applied inside the call, or waits, as ``push(_:animated:completion:)`` says (spec
    /// §6): the stack changes, and `top.willMove(toParent: nil)` is sent there; on screen, the
    /// visible transition runs at the end of the turn, and the popped controller is deallocated after
    /// it completes, unless something else holds it. A pop that waits returns nil: which controller it
    /// pops is decided when it is applied. A controller pushed and popped again without animation
    /// before any transition showed it gets no appearance callback: its push ends with
    /// `didMove(toParent: nil)` inside the pop (R7). Off screen, everything completes inside the call.
    /// From a callback of a change of the stack under way, it waits for that change to finish (inside
    /// the same call, see <doc:Reentrancy>) and this returns nil too.
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
    /// 6. `b.didMove(toParent: nil)`
    /// 7. `a.viewDidAppear(animated:)`
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
        let call = Planning.enter(LifecycleCall(self, "pop", ("animated", .flag(animated))))
        defer { Planning.leave(call) }
        return requestPop(animated: animated, completion: completion, whenApplied: nil)
    }

    /// ``pop(animated:completion:)``; `whenApplied` is told what the request popped when it is applied
    /// (nil: nothing), inside the call or, when it waits, later.
    @discardableResult
    func requestPop(animated: Bool, completion: (() -> Void)?, whenApplied: ((Controller?) -> Void)?) -> Controller? {
        let kept = keepUntilChangeEnds {
            ContainerRequest(call: "pop on \(id)", recheck: { nil }) { [self] in
                _ = requestPop(animated: animated, completion: completion, whenApplied: whenApplied)
            }
        }
        if kept { return nil }
        var popped: Controller?
        applyOrWait(animated: animated) {
            popped = applyPop(animated: animated, completion: completion, whenApplied: whenApplied)
        } otherwise: {
            ContainerRequest(call: "pop on \(id)", animated: animated, recheck: { nil }) { [self] in
                _ = applyPop(animated: animated, completion: completion, whenApplied: whenApplied)
            }
        }
        checkInvariants()
        return popped
    }

    /// Pops every controller above the root, as UIKit's `popToRootViewController(animated:)`, and
    /// returns them, bottom first; returns an empty array and changes nothing when the root is the
    /// top.
    ///
    /// Applied inside the call, or waiting, as ``push(_:animated:completion:)`` says (spec §6); a
    /// request that waits returns an empty array, and so does one made from a callback of a change of
    /// the stack under way, whose end it waits for (inside the same call, see <doc:Reentrancy>). Only
    /// the visible top and the root get appearance callbacks; the controllers buried between complete
    /// their moves inside the call, bottom first, and the visible top's `didMove(toParent: nil)` comes
    /// right after its `viewDidAppear`. Off screen, everything completes inside the call.
    ///
    /// ## Callback order
    ///
    /// Popping `[root, b, c]` to `root`, on screen; inside the call:
    /// 1. `b.willMove(toParent: nil)`, `b.didMove(toParent: nil)` — each buried one, bottom first
    /// 2. `c.willMove(toParent: nil)`
    /// 3. `b.deinit` — when nothing else holds it
    ///
    /// At the end of the turn:
    ///
    /// 4. `c.viewWillDisappear(animated:)`
    /// 5. `root.viewWillAppear(animated:)`
    /// 6. `nav.delegate.willShow(root, animated:)`
    ///
    /// When the animation completes:
    ///
    /// 7. `c.viewDidDisappear(animated:)`
    /// 8. `c.didMove(toParent: nil)`
    /// 9. `root.viewDidAppear(animated:)`
    /// 10. `nav.delegate.didShow(root, animated:)`
    /// 11. `nav.completion()`
    /// 12. `c.deinit` — when nothing else holds it
    ///
    /// - Parameters:
    ///   - animated: Whether the transition animates; the appearance callbacks carry this flag.
    ///   - completion: Runs once the transition has completed; never when the root was the top.
    /// - Returns: The controllers popped, bottom first.
    @discardableResult
    public func popToRoot(animated: Bool, completion: (() -> Void)? = nil) -> [Controller] {
        let call = Planning.enter(LifecycleCall(self, "popToRoot", ("animated", .flag(animated))))
        defer { Planning.leave(call) }
        return requestPopToRoot(animated: animated, completion: completion, whenApplied: nil)
    }

    /// ``popToRoot(animated:completion:)``; `whenApplied` is told what the request popped when it is
    /// applied, inside the call or, when it waits, later.
    @discardableResult
    func requestPopToRoot(animated: Bool, completion: (() -> Void)?, whenApplied: (([Controller]) -> Void)?)
        -> [Controller]
    {
        let kept = keepUntilChangeEnds {
            ContainerRequest(call: "popToRoot on \(id)", recheck: { nil }) { [self] in
                _ = requestPopToRoot(animated: animated, completion: completion, whenApplied: whenApplied)
            }
        }
        if kept { return [] }
        var popped: [Controller] = []
        applyOrWait(animated: animated) {
            popped = applyPopToRoot(animated: animated, completion: completion, whenApplied: whenApplied)
        } otherwise: {
            ContainerRequest(call: "popToRoot on \(id)", animated: animated, recheck: { nil }) { [self] in
                _ = applyPopToRoot(animated: animated, completion: completion, whenApplied: whenApplied)
            }
        }
        checkInvariants()
        return popped
    }

    /// Pops the controllers above `controller`, as UIKit's `popToViewController(_:animated:)`, and
    /// returns them, bottom first; returns an empty array and changes nothing when `controller` is
    /// the top.
    ///
    /// The same as ``popToRoot(animated:completion:)`` with `controller` in place of the root: only
    /// the visible top and `controller` get appearance callbacks, and the controllers buried between
    /// complete their moves inside the call. A request that waits (spec §6) returns an empty array;
    /// so does one made from a callback of a change of the stack under way, whose end it waits for
    /// (see <doc:Reentrancy>). A request that waits and finds `controller` gone from the stack when it
    /// is applied is given up with a warning.
    ///
    /// Refused (a fault, nothing fires): `controller` is not in the stack (UIKit raises).
    ///
    /// ## Callback order
    ///
    /// Popping `[a, d, x, y]` to `d`, on screen; inside the call:
    /// 1. `x.willMove(toParent: nil)`, `x.didMove(toParent: nil)`
    /// 2. `y.willMove(toParent: nil)`
    ///
    /// At the end of the turn:
    ///
    /// 3. `y.viewWillDisappear(animated:)`
    /// 4. `d.viewWillAppear(animated:)`
    /// 5. `nav.delegate.willShow(d, animated:)`
    ///
    /// When the animation completes:
    ///
    /// 6. `y.viewDidDisappear(animated:)`
    /// 7. `y.didMove(toParent: nil)`
    /// 8. `d.viewDidAppear(animated:)`
    /// 9. `nav.delegate.didShow(d, animated:)`
    /// 10. `nav.completion()`
    /// 11. `y.deinit`, `x.deinit` — those nothing else holds (`x` once the returned array goes)
    ///
    /// - Parameters:
    ///   - controller: The controller to pop to; it becomes the top of the stack.
    ///   - animated: Whether the transition animates; the appearance callbacks carry this flag.
    ///   - completion: Runs once the transition has completed; never when `controller` was the top
    ///     or the call was refused.
    /// - Returns: The controllers popped, bottom first.
    @discardableResult
    public func pop(to controller: Controller, animated: Bool, completion: (() -> Void)? = nil) -> [Controller] {
        let call = Planning.enter(LifecycleCall(self, "pop", ("to", .of(controller)), ("animated", .flag(animated))))
        defer { Planning.leave(call) }
        return requestPop(to: controller, animated: animated, completion: completion, whenApplied: nil)
    }

    /// ``pop(to:animated:completion:)``; `whenApplied` is told what the request popped when it is
    /// applied, inside the call or, when it waits, later.
    @discardableResult
    func requestPop(
        to controller: Controller, animated: Bool, completion: (() -> Void)?,
        whenApplied: (([Controller]) -> Void)?
    ) -> [Controller] {
        guard controllers.containsIdentical(controller) else {
            popToViolation(controller).report()
            return []
        }
        let kept = keepUntilChangeEnds {
            ContainerRequest(call: "pop(to: \(controller.id)) on \(id)", recheck: popToRecheck(controller)) {
                [self] in
                _ = requestPop(to: controller, animated: animated, completion: completion, whenApplied: whenApplied)
            }
        }
        if kept { return [] }
        var popped: [Controller] = []
        applyOrWait(animated: animated) {
            popped = applyPop(to: controller, animated: animated, completion: completion, whenApplied: whenApplied)
        } otherwise: {
            ContainerRequest(
                call: "pop(to: \(controller.id)) on \(id)", animated: animated, recheck: popToRecheck(controller)
            ) { [self] in
                _ = applyPop(to: controller, animated: animated, completion: completion, whenApplied: whenApplied)
            }
        }
        checkInvariants()
        return popped
    }

    /// Replaces the stack, as UIKit's `setViewControllers(_:animated:)`.
    ///
    /// Applied inside the call, or waiting, as ``push(_:animated:completion:)`` says (spec §6).
    /// Applying it changes the stack; controllers that leave, other than the one shown, get
    /// `willMove(toParent: nil)` and `didMove(toParent: nil)` there, bottom first; controllers that
    /// join, other than the new top, get `willMove(toParent: self)` and `didMove(toParent: self)`
    /// there, in stack order (UIKit skips these; the contract is kept here). The shown controller, if
    /// it leaves, gets `willMove(toParent: nil)` there and `didMove(toParent: nil)` right after its
    /// `viewDidDisappear`; the new top gets `willMove(toParent: self)` there and
    /// `didMove(toParent: self)` right after its `viewDidAppear`. Controllers that stay get no move.
    /// Only the old and the new top get appearance callbacks, and none when the top does not change
    /// (then `completion` still waits for the end of the turn, with no delegate call). An empty stack
    /// shows nothing: the old top disappears and no delegate call is made. Off screen, everything
    /// completes inside the call, except the new top's `didMove(toParent: self)`, which waits for its
    /// first appearance. A request that waits is checked inside its call; the controllers it brings
    /// in are pending members of the stack until it is applied, as with
    /// ``push(_:animated:completion:)``, and so they are, while it is applied, until their
    /// `willMove(toParent: nav)`. From a callback of a change of the stack under way, the call is
    /// checked inside it, then runs once that change has finished, inside the same call (see
    /// <doc:Reentrancy>).
    ///
    /// Refused (a fault, nothing fires): a controller named twice, a navigation controller, a
    /// controller with another parent or waiting to join another navigation controller's stack, the
    /// navigation controller itself or one of its ancestors, a controller whose root view holds the
    /// navigation controller's view (a cycle).
    ///
    /// ## Callback order
    ///
    /// Replacing `[a, b]` with `[c, d]`, on screen; inside the call:
    /// 1. `a.willMove(toParent: nil)`, `a.didMove(toParent: nil)` — leaving, bottom first, except `b`
    /// 2. `b.willMove(toParent: nil)` — `b` is shown
    /// 3. `c.willMove(toParent: nav)`, `c.didMove(toParent: nav)` — joining, in stack order, except `d`
    /// 4. `d.willMove(toParent: nav)` — the new top
    /// 5. `a.deinit` — when nothing else holds it
    ///
    /// At the end of the turn:
    ///
    /// 6. `d.loadView()`, `d.viewDidLoad()` — only when its view is not loaded
    /// 7. `b.viewWillDisappear(animated:)`
    /// 8. `d.viewWillAppear(animated:)`
    /// 9. `nav.delegate.willShow(d, animated:)`
    ///
    /// When the animation completes:
    ///
    /// 10. `b.viewDidDisappear(animated:)`
    /// 11. `b.didMove(toParent: nil)`
    /// 12. `d.viewDidAppear(animated:)`
    /// 13. `d.didMove(toParent: nav)`
    /// 14. `nav.delegate.didShow(d, animated:)`
    /// 15. `nav.completion()`
    /// 16. `b.deinit` — when nothing else holds it
    ///
    /// - Parameters:
    ///   - newControllers: The new stack, bottom first; the last one is shown.
    ///   - animated: Whether the transition animates; the appearance callbacks carry this flag.
    ///   - completion: Runs once the transition that shows the request has completed.
    public func setControllers(_ newControllers: [Controller], animated: Bool, completion: (() -> Void)? = nil) {
        let call = Planning.enter(
            LifecycleCall(
                self, "setControllers", (nil, .controllers(newControllers.map(\.id))), ("animated", .flag(animated))))
        defer { Planning.leave(call) }
        requestControllers(newControllers, animated: animated, completion: completion)
    }
}
