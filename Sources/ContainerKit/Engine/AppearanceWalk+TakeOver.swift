/// The window takes over a controller whose driver went away while one of its appearance
/// transitions was open (F2): it left its parent, its root view left the parent's view, or a
/// transition that was to end it will not. The window ends that transition as it ends one of a
/// view entering or leaving it, or the controller joins its parent's appearance (F1).
extension AppearanceWalk {
    /// `controller` has just become a driving root of its visible window (F2) while an appearance
    /// transition of it is open, one that what drove it until now would have ended: it left its
    /// parent (R2 and R4 move no view), or its root view left its parent's view by hand without
    /// leaving the window. The window ends that transition as it does for a view entering it: the
    /// controller appears (a disappearing one begins again, F3 skips an appearing one) and gets its
    /// did-appear at the end of the turn; its children follow by forwarding (F1), except those a
    /// transition of theirs in flight brings in or takes out, which it drives (F7). A controller that
    /// a transition in flight moves in the direction of its open transition is left to that
    /// transition (F7), which ends it itself; one it moves the other way (brought in by one
    /// transition, then forwarded a disappearance by another that took its parent's view out) is
    /// not, as that transition's did-callback would skip it (F3).
    static func windowTakesOver(_ controller: Controller) {
        let state = controller.appearanceState
        guard state == .appearing || state == .disappearing else { return }
        enterUnlessMoved(controller, toward: state == .appearing)
    }

    /// The window enters `controller`, one of its driving roots now (F2), as it enters a view coming
    /// into it, if that window is visible and no transition in flight moves `controller` toward
    /// `appearing`: such a transition ends it itself (F7).
    private static func enterUnlessMoved(_ controller: Controller, toward appearing: Bool) {
        guard let window = controller.storedView?.storedWindow, !window.isHidden,
            !window.isAnimating(controller, toward: appearing)
        else { return }
        enter(controller, window: window, source: .window(window.windowID))
    }

    /// `controller`'s appearance transition is open and what was to end it no longer reaches it: it
    /// left its parent (R2 and R4 move no view), or its built-in container stopped showing it off
    /// screen (``ContainerController/settlingOffScreen(_:)``). In a visible window, the window takes
    /// it over (``windowTakesOver(_:)``). Out of one, a disappearing controller ends its
    /// disappearance as F2 ends it for a view leaving a window, inside the call: its did-disappear
    /// (F3 skips its will-disappear), forwarded (F1); unless a transition in flight in
    /// `formerWindow` (the window its former parent is in) takes it out, and ends it itself (F7).
    /// An appearing one out of a window is left to what began it (a `transition(from:to:…)` whose
    /// incoming controller left inside its callbacks ends it when it completes), unless it leaves
    /// `formerParent` while that parent is appearing itself: the appearance was the parent's,
    /// forwarded (F1), and the parent's did-appear no longer reaches it (a child taken out of the
    /// controller a transition brings in, inside that transition's will-callbacks). It disappears
    /// then, as a view leaving a window does (F2), inside the call.
    static func endOrphanedTransition(
        of controller: Controller, source: EventSource, formerWindow: Window?, formerParent: Controller? = nil
    ) {
        let state = controller.appearanceState
        guard state == .appearing || state == .disappearing else { return }
        if controller.isInVisibleWindow {
            windowTakesOver(controller)
        } else if state == .disappearing, formerWindow?.isAnimating(controller, toward: false) != true {
            exit([controller], source: source)
        } else if state == .appearing, formerParent?.appearanceState == .appearing {
            exit([controller], source: source)
        }
    }

    /// `view` moved without leaving the visible `window`, by hand or by a transition (a presentation
    /// taking a presented view from where it was put by hand): the controllers whose root views
    /// moved with it out of their parent's view, which forwarded to them (F1), are the window's from
    /// now on (F2), and one caught in an appearance transition ends it as ``windowTakesOver(_:)``
    /// says. A transition's own controllers are not among them: they sit where their parent puts
    /// them, or have no parent.
    ///
    /// One still disappeared (a will-callback of the window's own walk moved it before the walk
    /// reached it: the walk passes it over now, and the window's entry found its roots before it
    /// began) appears as a view entering the window does, unless a transition in flight brings it
    /// in (F7): nothing else would reach it.
    static func windowTakesOver(rootsMovedWith view: View) {
        for root in drivingRoots(in: view) where forwardingParentLeft(by: root) != nil {
            if root.appearanceState == .disappeared {
                enterUnlessMoved(root, toward: true)
            } else {
                windowTakesOver(root)
            }
        }
    }

    /// `view` moved, by hand or by a transition, and is not in a visible window, which it did not
    /// leave either: the controllers whose root views moved with it out of their parent's view, which
    /// forwarded to them (F1), are reached by that forwarding no more. One left disappearing by a walk
    /// from its parent (the parent's will-disappear, from a transition in flight that takes the parent
    /// out and was to end it with its did-disappear, F7) would wait for a did-disappear that never
    /// comes: it ends its disappearance as F2 ends it for a view leaving a window, inside the call
    /// (``endOrphanedTransition(of:source:formerWindow:)``): its did-disappear (F3 skips its
    /// will-disappear), forwarded (F1); unless a transition in flight takes it out itself (F7). So
    /// does one left appearing by its parent's forwarding while the parent appears itself (its
    /// did-appear would not reach it now): it gets will-disappear, then did-disappear. Those under a
    /// container that forwards by hand are its own (F4).
    ///
    /// The other way round, a disappeared controller whose root view the move put inside its
    /// parent's view while that parent appears (off screen: a controller a transition brings in,
    /// whose view is not in the window yet) joins that appearance (F1), as ``joinParentsAppearance(_:)``
    /// says.
    static func endOrphanedTransitions(rootsMovedWith view: View) {
        // Only the topmost root views under `view` can have left their parent's view: a root view
        // deeper down sits in its parent's (R6), which moved with it. So the walk stops at each root
        // view, and a move of a root view, the usual case, checks one controller and allocates nothing.
        if let owner = view.owningController {
            endOrphanedTransition(ofRootMoved: owner)
            return
        }
        var stack: [View] = []
        view.subviewList.forEachReversed { stack.append($0) }
        while let next = stack.popLast() {
            if let owner = next.owningController {
                endOrphanedTransition(ofRootMoved: owner)
            } else {
                next.subviewList.forEachReversed { stack.append($0) }
            }
        }
    }

    /// The parent of `root` if it forwards automatically (F1) and `root`'s view is no longer inside
    /// its view, so its forwarding reaches `root` no more; nil otherwise.
    private static func forwardingParentLeft(by root: Controller) -> ContainerController? {
        guard let parent = root.storedParent, parent.appearanceForwarding == .automatic,
            let rootView = root.storedView, !(parent.storedView.map(rootView.isDescendant) ?? false)
        else { return nil }
        return parent
    }

    /// ``endOrphanedTransitions(rootsMovedWith:)`` for one controller whose root view moved.
    private static func endOrphanedTransition(ofRootMoved root: Controller) {
        if root.appearanceState == .disappeared {
            joinParentsAppearance(root)
            return
        }
        guard root.appearanceState != .appeared, let parent = forwardingParentLeft(by: root),
            !isUnderManualForwarding(root)
        else { return }
        endOrphanedTransition(
            of: root, source: .controller(parent.id), formerWindow: parent.storedView?.storedWindow,
            formerParent: parent)
    }

    /// `root`, disappeared (or disappearing), has its root view inside its parent's view while the
    /// parent is appearing, and no walk of the parent's reached it: it was put there (a child
    /// embedded, or a built-in container's new child shown, off screen) after the parent's
    /// forwarding ran, or a will-callback of the parent's walk added it after the walk had planned
    /// the parent's children. It begins appearing now, so that the parent's did-appear reaches it
    /// (F1; a built-in container forwards only to the children it shows, F6). Otherwise it would be
    /// left disappeared with its view in the visible window.
    static func joinParentsAppearance(_ root: Controller) {
        guard root.appearanceState == .disappeared || root.appearanceState == .disappearing,
            let parent = root.storedParent, parent.appearanceState == .appearing,
            let animated = parent.appearance.openTransitionIsAnimated, let rootView = root.storedView,
            let parentView = parent.storedView, rootView.isDescendant(of: parentView)
        else { return }
        switch parent.appearanceForwarding {
        case .automatic: break
        case .containerDriven: guard parent.shows(root) else { return }
        case .manual: return
        }
        guard !isUnderManualForwarding(parent) else { return }
        run(
            from: root, step: .begin(appearing: true, animated: animated, timing: .afterWillAppear),
            source: .controller(parent.id),
            rule: parent.appearanceForwarding == .containerDriven ? .builtInForwarding : .forwarded,
            rootIsManual: false)
    }
}
