extension Window {
    /// The root controller, whose view fills the window, as UIKit's `rootViewController`.
    ///
    /// Setting it loads the new root's view, sizes it to the window's bounds and adds it, after the
    /// old root's view has left. On a visible window, the old root's subtree gets will-disappear
    /// first (a transition in flight in it completes first), then the new root's subtree gets
    /// will-appear, inside the setter; at the end of the turn the old subtree's did-disappears, then
    /// the new subtree's did-appears (spec §4). On a hidden window nothing appears or disappears: the subtree appears when
    /// the window is shown. Setting the current root does nothing. Refused (a fault, nothing
    /// changes): a controller that has a parent, that is another window's root, or that waits to join
    /// a navigation stack (pushed during that navigation controller's interactive pop, R9).
    ///
    /// Set from inside the `viewWillAppear(_:)` or `viewWillDisappear(_:)` of a move of either
    /// root's view, the set takes that move over: the later set wins. A move headed where the set
    /// wants the view goes on; the window's own root move headed the other way is withdrawn (a root
    /// replaced while its view was being added stays out and disappears again; the root being
    /// removed, set back, keeps its view in the window and appears again). Any other move (by hand
    /// into another view, another window's root move, or one whose view hooks have run) cannot be
    /// taken over, and the set is refused (a fault).
    ///
    /// ## Callback order
    ///
    /// With `old` the root replaced and `new` the root set, on a visible window; inside the setter:
    /// 1. `old.viewWillDisappear(animated: false)`, then each descendant's, pre-order, the old
    ///    root's view still in the window (spec §3)
    /// 2. `new.loadView()`, `new.viewDidLoad()` — only when its view is not loaded
    /// 3. `new.viewWillAppear(animated: false)`, then each descendant's, pre-order, the new root's
    ///    view not in the window yet (spec §3)
    ///
    /// At the end of the turn (``runUntilIdle()``):
    ///
    /// 4. `old.viewDidDisappear(animated: false)`, then each descendant's, pre-order
    /// 5. `new.viewIsAppearing(animated: false)`, `new.viewDidAppear(animated: false)`, then each
    ///    descendant's, pre-order
    ///
    /// On a hidden window, only step 2 fires.
    public var rootController: Controller? {
        get { storedRootController }
        set {
            let call = Planning.enter(.setting("rootController", of: .window(windowID), to: .of(newValue)))
            defer { Planning.leave(call) }
            let formerRoot = storedRootController
            replaceRootController(with: newValue)
            checkInvariants()
            formerRoot?.checkInvariants()
            storedRootController?.checkInvariants()
        }
    }

    /// Shows the window, as UIKit's `makeKeyAndVisible()`: the same as `isHidden = false`.
    ///
    /// Every controller in the window appears: the will-callbacks inside the call, the
    /// did-callbacks at the end of the turn. The window also resolves its status-bar appearance.
    /// A window that is visible already is left as it is.
    ///
    /// ## Callback order
    ///
    /// With `root` the root controller; inside the call:
    /// 1. `root.viewWillAppear(animated: false)`, then each descendant's, pre-order (F1, F2)
    ///
    /// At the end of the turn (``runUntilIdle()``):
    ///
    /// 2. `root.viewDidAppear(animated: false)`, then each descendant's, pre-order
    public func makeKeyAndVisible() {
        let call = Planning.enter(LifecycleCall(self, "makeKeyAndVisible"))
        defer { Planning.leave(call) }
        isHidden = false
    }

    /// Whether the window is hidden; a new window is.
    ///
    /// Showing it makes every controller in it appear (will inside the setter, did at the end of the
    /// turn). Hiding it first completes the transitions in flight in it (`finished: true`), then
    /// makes every controller disappear (every will, then every did, inside the setter). Setting
    /// the current value does nothing. While the window is hidden, the built-in containers in it
    /// complete their changes inside their calls, with no appearance callbacks (spec §1).
    ///
    /// ## Callback order
    ///
    /// With `root` the root controller. Showing, inside the setter:
    /// 1. `root.viewWillAppear(animated: false)`, then each descendant's, pre-order
    ///
    /// then, at the end of the turn (``runUntilIdle()``):
    ///
    /// 2. `root.viewDidAppear(animated: false)`, then each descendant's, pre-order
    ///
    /// Hiding, inside the setter:
    /// 1. the did-callbacks and completions of every transition in flight (`finished: true`)
    /// 2. `root.viewWillDisappear(animated: false)`, then each descendant's, pre-order
    /// 3. `root.viewDidDisappear(animated: false)`, then each descendant's, pre-order
    public var isHidden: Bool {
        get { storedIsHidden }
        set {
            let call = Planning.enter(.setting("isHidden", of: .window(windowID), to: .flag(newValue)))
            defer { Planning.leave(call) }
            guard newValue != storedIsHidden else { return }
            defer { checkInvariants() }
            if newValue {
                completeAnimations(inside: self)
                storedIsHidden = true
                AppearanceWalk.windowExit(of: self, window: self)
            } else {
                storedIsHidden = false
                LifecycleObservation.noteActivity(of: self)
                resolveStatusBarAppearance()
                AppearanceWalk.windowEntry(of: self, window: self)
            }
        }
    }

    private func replaceRootController(with newRoot: Controller?) {
        guard newRoot !== storedRootController else { return }
        if let violation = newRoot.flatMap(rootViolation) ?? movingRootViewViolation(newRoot) {
            violation.report()
            return
        }
        let oldRoot = storedRootController
        storedRootController = newRoot
        // Set from inside the callbacks of a move of either root's view (another set's, say), the
        // move is steered rather than a second one started (``ViewMove/steering(of:endingIn:inside:)``).
        if let oldView = oldRoot?.storedView {
            let steering = ViewMove.steering(of: oldView, endingIn: self, inside: false)
            if steering == .noMove, oldView.superview === self {
                ViewMove.perform(oldView, to: nil, at: nil, drivesAppearance: true)
            } else {
                ViewMove.steer(oldView, steering)
            }
        }
        // A former root hidden by a full-screen presentation has no place in the window any more: its
        // dismissal leaves its view out. Cleared after its view left, whose move completes a
        // presentation still animating over it, and so hides its view only then.
        if let oldRoot, storedRootController !== oldRoot, let state = oldRoot.presentationStorage {
            state.chain.hiddenViewPlaceGone(self)
        }
        if let newRoot, DeliveryLoop.verdict(.root(newRoot, of: self)) == .hold {
            let view = newRoot.view
            // Loading it ran the app's code, which may have set another root: the later set wins,
            // and this root's view stays out.
            if DeliveryLoop.verdict(.root(newRoot, of: self)) == .hold {
                view.frame = bounds
                let steering = ViewMove.steering(of: view, endingIn: self, inside: true)
                if steering == .noMove {
                    ViewMove.perform(view, to: self, at: nil, drivesAppearance: true)
                } else {
                    ViewMove.steer(view, steering)
                }
            }
        }
        resolveStatusBarAppearance()
    }

    /// The fault that refuses making `newRoot` the root (nil: leaving the window with none) from
    /// inside the callbacks of a move of its view, or of the current root's, that the set cannot
    /// take over (``ViewMove/Steering/refused``):
    /// a move by hand, another window's root move, or one whose view hooks have run.
    private func movingRootViewViolation(_ newRoot: Controller?) -> ContractViolation? {
        for (root, inside) in [(newRoot, true), (storedRootController, false)] {
            guard let root, let view = root.storedView else { continue }
            // The set's own move of the view would be ignored, too: a move under way whose view
            // hooks have run holds it or goes into it (a subview's move, say).
            let steering = ViewMove.steering(of: view, endingIn: self, inside: inside)
            let ownMoveIgnored =
                steering == .noMove && (inside || view.superview === self) && ViewMove.wouldIgnoreNestedMove(of: view)
            guard steering == .refused || ownMoveIgnored else { continue }
            let named = newRoot.map { "\($0.id)" } ?? "nil"
            return ContractViolation(
                kind: .invalidRootController, severity: .fault,
                controllers: [newRoot?.id, root === newRoot ? nil : root.id].compactMap { $0 },
                message: "\(windowID)'s root controller cannot be set to \(named) from inside the callbacks of a move "
                    + "involving \(root.id)'s view that the set cannot take over (a move by hand, another window's "
                    + "root move, or one whose view hooks have run); set it once that move is over.")
        }
        return nil
    }

    private func rootViolation(_ controller: Controller) -> ContractViolation? {
        if let parent = controller.storedParent {
            return ContractViolation(
                kind: .invalidRootController, severity: .fault, controllers: [controller.id, parent.id],
                message: "\(controller.id) is a child of \(parent.id) and cannot be a window's root controller; "
                    + "remove it from its parent first."
            )
        }
        if let waiting = controller.pendingMembershipConflict() {
            return ContractViolation(
                kind: .invalidRootController, severity: .fault,
                controllers: [controller.id] + (controller.pendingContainer.map { [$0.id] } ?? []),
                message: "\(controller.id) cannot be a window's root controller: \(waiting)."
            )
        }
        if let presenter = controller.presentingController {
            return ContractViolation(
                kind: .invalidRootController, severity: .fault, controllers: [controller.id, presenter.id],
                message: "\(controller.id) is presented by \(presenter.id) and cannot be a window's root controller; "
                    + "dismiss it first."
            )
        }
        if let otherWindow = controller.storedView?.superview as? Window, otherWindow !== self,
            otherWindow.storedRootController === controller
        {
            return ContractViolation(
                kind: .invalidRootController, severity: .fault, controllers: [controller.id],
                message: "\(controller.id) is the root controller of \(otherWindow.windowID); set that window's "
                    + "rootController to nil first."
            )
        }
        return nil
    }
}
