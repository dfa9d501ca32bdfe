/// The controllers a view move lets go of: found from the moved view, and reconciled each, in
/// pre-order (``AppearanceReconciler``).
extension AppearanceReconciler {
    /// `view` moved without leaving the visible window it is in, by hand or by a transition (a
    /// presentation taking a presented view from where it was put by hand): each driving root in it
    /// whose root view moved out of its parent's view, which forwarded to it (F1), is the window's
    /// from now on (F2). A transition's own controllers are not among them: they sit where their
    /// parent puts them, or have no parent. One still disappeared (a will-callback of the window's
    /// own walk moved it before the walk reached it) appears, unless a transition in flight brings
    /// it in (F7).
    static func reconcileRoots(movedWith view: View, inVisible window: Window) {
        DeliveryLoop.runListed(.reconcile, for: AppearanceWalk.drivingRoots(in: view)) { root in
            guard forwardingParentLeft(by: root) != nil else { return }
            reconcile(root, after: .rootViewMovedInVisibleWindow, source: .window(window.windowID))
        }
    }

    /// `view` moved, by hand or by a transition, and is in no visible window, which it did not
    /// leave either: the topmost controllers whose root views moved with it are reconciled
    /// (``Change/rootViewMovedOffScreen``). Only those can have left their parent's view: a root
    /// view deeper down sits in its parent's (R6), which moved with it. So a move of a root view,
    /// the usual case, checks one controller and sets up no walk.
    static func reconcileRoots(movedOffScreenWith view: View) {
        if let owner = view.owningController {
            reconcileRoot(movedOffScreen: owner)
            return
        }
        AppearanceWalk.forEachRootView(in: view) { owner, _ in
            reconcileRoot(movedOffScreen: owner)
            return false
        }
    }

    /// One controller whose root view moved off screen: a disappearance it gets names its parent,
    /// whose forwarding reaches it no more (only a controller with a parent can get one). An
    /// appeared one needs nothing, and is passed over before that source is built.
    private static func reconcileRoot(movedOffScreen root: Controller) {
        guard root.appearanceState != .appeared else { return }
        let source: EventSource = root.storedParent.map { .controller($0.id) } ?? .external
        reconcile(root, after: .rootViewMovedOffScreen, source: source)
    }

    /// `view` left the visible `window`, and what drives the controllers it holds has run (the
    /// window's own exit, or the transition that moved it: a transition began the disappearance of
    /// those it moves before taking their views out, F7). A controller whose root view left with
    /// `view` and that is still appeared or appearing is one nothing drove: the view's own
    /// controller, when a container off screen takes in a view from a visible window (it sends no
    /// callbacks, §1); a controller whose root view sits in a view of a controller that is not its
    /// parent (R2, R4, R6); one a transition nested inside the leaving view showed meanwhile, or a
    /// built-in container's child its container no longer forwards to. Those disappear as F2 says:
    /// every will-disappear, in view order, inside the call (each forwarding to its children), and
    /// every did-disappear at the end of the turn (§1), or inside the call when the window was
    /// hidden. Those under a container that forwards by hand are its own (F4).
    /// Nothing happens if a callback has put the view back in the visible window meanwhile.
    ///
    /// So does a controller left disappearing with nothing to end it: a driving root of `view`
    /// (F2: no forwarding inside `view` reaches it) other than the view's own controller, which a
    /// transition in flight does not take out, and whose disappearance a walk from outside began
    /// (its parent's, reaching its root view through a view put there by hand): with its root
    /// view out of that parent's view, the parent's did-callback no longer reaches it. It gets
    /// only its did-disappear (F3), with the others.
    ///
    /// With no controller anywhere out of disappeared (``Controller/shownOrMovingCount``), the walk
    /// would find none and is left out (the internal checks walk, and check that it finds none).
    static func reconcileRoots(leftWith view: View, window: Window) {
        guard window.isHidden || view.storedWindow !== window else { return }
        #if !CONTAINERKIT_INTERNAL_CHECKS
            guard Controller.shownOrMovingCount > 0 else { return }
        #endif
        // A root view with no subviews, the usual case, whose controller the exit has reached: the
        // view's own controller is passed over when disappearing.
        if view.subviewList.isEmpty, view.owningController?.appearance.isDisappearedOrDisappearing != false { return }
        let owner = view.owningController
        var stranded: Set<ObjectIdentifier>?
        var roots: [Controller] = []
        // The cheap checks first: the walk up of `isUnderManualForwarding` runs only for the few
        // controllers that pass them (a deep chain leaving the window is disappeared already).
        ViewMove.forEachView(in: view) { subview in
            guard let controller = subview.owningController else { return }
            switch controller.appearanceState {
            case .appeared, .appearing:
                break
            case .disappearing:
                guard controller !== owner, !controller.appearance.endIsQueued,
                    !window.isAnimating(controller, toward: false)
                else { return }
                if stranded == nil { stranded = Set(AppearanceWalk.drivingRoots(in: view).map(ObjectIdentifier.init)) }
                guard stranded?.contains(ObjectIdentifier(controller)) == true else { return }
            case .disappeared:
                return
            }
            if !AppearanceWalk.isUnderManualForwarding(controller) { roots.append(controller) }
        }
        #if CONTAINERKIT_INTERNAL_CHECKS
            precondition(
                Controller.shownOrMovingCount > 0 || (Controller.shownOrMovingCount == 0 && roots.isEmpty),
                "ContainerKit internal check: fewer controllers counted out of disappeared than there are. Engine bug.")
        #endif
        AppearanceWalk.exit(
            roots, source: .window(window.windowID), sparingThoseBackIn: window,
            deferringEndTo: window.isHidden ? nil : window)
    }

    /// A transition (F7) brought `view` into the visible `window`. It drives the view's own
    /// controller and those it forwards to. Each driving root inside the view other than its owner
    /// (a controller whose root view sits in a view of a controller that is not its parent: R2, R4,
    /// R6) is one no transition drives (``Change/broughtInByTransition(window:)``); then each
    /// controller that joined an appearing parent too late for that parent's walk
    /// (``lateJoiners(in:)``) joins its appearance (``Change/joinedLate``).
    static func reconcileRoots(broughtInByTransitionWith view: View, window: Window) {
        let owner = view.owningController
        let source = EventSource.window(window.windowID)
        let roots = AppearanceWalk.drivingRoots(in: view)
        // Most often the owner alone, which a transition drives: nothing to plan.
        if roots.count > 1 || (roots.count == 1 && roots[0] !== owner) {
            DeliveryLoop.runListed(.reconcile, for: roots) { root in
                if root !== owner { reconcile(root, after: .broughtInByTransition(window: window), source: source) }
            }
        }
        let joiners = lateJoiners(in: view)
        if !joiners.isEmpty {
            DeliveryLoop.runListed(.reconcile, for: joiners) { joiner in
                reconcile(joiner, after: .joinedLate, source: source)
            }
        }
    }

    /// `view` entered the visible `window`, whose driving roots began appearing before it went in
    /// (``AppearanceWalk/windowEntryAhead(of:window:)``, §3 **[rev 2]**): a driving root that is
    /// not appearing or appeared (put inside the view by a callback meanwhile, or taken out of its
    /// appearance again) enters (``Change/broughtInByTransition(window:)``); then each controller
    /// that joined an appearing parent too late for that parent's walk joins its appearance
    /// (``Change/joinedLate``). A root view with no subviews, the usual case, whose controller is
    /// appearing, sets up no walk.
    @inline(__always)
    static func reconcileRoots(enteredAheadWith view: View, window: Window) {
        if view.subviewList.isEmpty, let owner = view.owningController {
            switch owner.appearanceState {
            case .appearing, .appeared: return
            case .disappeared, .disappearing: break
            }
        }
        reconcileAllRoots(enteredAheadWith: view, window: window, appearingElsewhere: false)
    }

    /// `view` ended in the visible `window`, though the move that began its appearance ahead was
    /// taking it elsewhere (a callback moved its new superview into `window`, or the move was given
    /// up): every driving root in it appears there, one appearing already included, as what began
    /// its appearance queued its did-appear in another window (or in none).
    static func reconcileRoots(landedWith view: View, in window: Window) {
        reconcileAllRoots(enteredAheadWith: view, window: window, appearingElsewhere: true)
    }

    /// ``reconcileRoots(enteredAheadWith:window:)`` past its leaf's check: out of line. With
    /// `appearingElsewhere`, a root that is appearing enters `window` too.
    @inline(never)
    private static func reconcileAllRoots(enteredAheadWith view: View, window: Window, appearingElsewhere: Bool) {
        let source = EventSource.window(window.windowID)
        let roots = AppearanceWalk.drivingRoots(in: view)
        if !roots.isEmpty {
            DeliveryLoop.runListed(.reconcile, for: roots) { root in
                let enters =
                    switch root.appearanceState {
                    case .disappeared, .disappearing: true
                    case .appearing: appearingElsewhere
                    case .appeared: false
                    }
                if enters { reconcile(root, after: .broughtInByTransition(window: window), source: source) }
            }
        }
        let joiners = lateJoiners(in: view)
        if !joiners.isEmpty {
            DeliveryLoop.runListed(.reconcile, for: joiners) { joiner in
                reconcile(joiner, after: .joinedLate, source: source)
            }
        }
    }

    /// The controllers under `view` that joined a parent appearing by forwarding (F1) after that
    /// parent's walk had planned its children, so that no walk reached them: a will-callback of
    /// the transition added them, their views in the parent's, before the transition put the
    /// parent's view in the window. The topmost ones, in view order: their own forwarding reaches
    /// the rest.
    private static func lateJoiners(in view: View) -> [Controller] {
        var found: [Controller] = []
        AppearanceWalk.forEachRootView(in: view) { controller, ownerAbove in
            guard let parent = controller.storedParent, parent === ownerAbove,
                parent.appearanceForwarding == .automatic, parent.appearanceState == .appearing,
                controller.appearanceState == .disappeared || controller.appearanceState == .disappearing
            else { return true }
            found.append(controller)
            return false
        }
        return found
    }
}
