/// Brings a controller's appearance back in line after a change let go of it: after a structural
/// change (it left its parent, its root view moved, a built-in container stopped showing it), or
/// after a walk rejected the step it had planned for it, or a transition's did-half found the
/// controller it brought in off screen. The one place that decides, from what drives the
/// controller now, whether it appears, disappears, joins its parent's appearance or is left alone.
///
/// What drives it now is what ``AppearanceDefinition`` names, read at the moment of the change:
///
/// - **In a visible window**, the controller should appear. If no forwarding reaches it, the window
///   drives it (F2): it begins appearing inside the call, and its did-appear comes at the end of
///   the turn (``AppearanceWalk/enter(_:window:source:)``). If its parent reaches it and is
///   appearing, it joins that appearance, with the parent's flag (F1, F6).
/// - **Out of every visible window**, nothing shows it: an appearance or disappearance left open
///   with nothing to end it ends at once, as for a view leaving a hidden window (F2): every
///   will-disappear, then every did-disappear, forwarded (F1; F3 skips what was sent already). A
///   disappearance whose end a view's exit from a visible window queued for the end of the turn
///   is not left open: that queued work ends it (§1, §2.2), and the reconciler leaves it alone.
/// - **Left alone**: what a transition in flight brings in or takes out in the direction of its open
///   transition (F7: that transition ends it), and what a container forwarding by hand owns (F4).
///
/// Which of those applies depends on what let go of it, since only some changes can leave an open
/// transition with nothing to end it: ``Change`` lists them, and ``action(for:after:)`` is the table.
/// A view move can let go of several controllers at once; the `reconcileRoots` functions find them
/// (the driving roots of the moved view, F2) and reconcile each, in pre-order. Those a view leaving
/// a visible window lets go of disappear together, as the window's own exit does: every
/// will-disappear, then every did-disappear, at the end of the turn unless the window was hidden
/// (``reconcileRoots(leftWith:window:)``).
@MainActor
enum AppearanceReconciler {
    /// What let go of a controller: the change after which the reconciler looks at it.
    enum Change {
        /// What was to end its open appearance transition no longer reaches it: it left `former`,
        /// its parent (R2 and R4 move no view); or `former`, a built-in container, stopped showing
        /// it (F6); or `former`'s `transition(from:to:…)` found it moved by hand elsewhere in the
        /// visible window. `formerWindow` is the window of `former`'s view.
        case letGo(by: Controller?, formerWindow: Window?)
        /// It left its parent by `removeFromParent()` (R2, which moves no view), disappeared: a
        /// root view left in a visible window makes it a driving root of that window (F2).
        case removed
        /// Its root view moved with a view, by hand or by a transition, without leaving the visible
        /// window, and out of its parent's view: the window drives it from now on (F2).
        case rootViewMovedInVisibleWindow
        /// Its root view moved, by hand or by a transition, and is in no visible window, which it
        /// did not leave either: out of its parent's view (the parent's forwarding reaches it no
        /// more), or into the view of a parent that appears off screen (which it joins, F1).
        case rootViewMovedOffScreen
        /// A transition brought into the visible `window` a view that holds it, and no transition
        /// drives it: a driving root of that view other than the view's own controller (R2, R4,
        /// R6 put it there).
        case broughtInByTransition(window: Window)
        /// Its parent appears and its root view is inside the parent's, but no walk of the parent's
        /// reached it: it joined the parent (or was put there) after the parent's walk planned its
        /// children.
        case joinedLate
        /// A walk's begin `step` planned for it no longer fits: a callback of the walk moved it
        /// out of reach of the parent the walk planned it under (it left its parent, its view was
        /// moved, or its parent's transition ended). `window`: the window whose entry the walk is.
        case stepRejected(AppearanceStep, window: Window?)
        /// It began appearing in a walk from `root`, and its own callback took it out of its
        /// parent's reach before the walk went on.
        case strandedBelow(root: Controller)
        /// A built-in container adopted it while its root view was in a visible window (put there by
        /// hand while the request waited); the adoption took the view out, and nothing shows it
        /// until a transition does.
        case adoptedOffScreen
        /// `parent`, a built-in container, is about to forward its did-callback toward `appearing`
        /// to it, a child it shows (F6), and it is in or moving to the opposite state: something
        /// moved it the other way after `parent`'s will-callback. Appearing: its view was taken
        /// out of the window by hand (the window drove its disappearance, F2) and `parent` has just
        /// put it back. Disappearing: a turn of `parent` that completed after its will-disappear
        /// brought it in (a swipe begun while `parent` disappeared, which its view leaving the
        /// window completed first).
        case passedOverByParentsBegin(ContainerController, appearing: Bool)
        /// The did-half of a transition of `host` has just ended what it began for it, toward
        /// `appearing`, and something brought it back the other way meanwhile, with no callbacks
        /// of its own: an outgoing page of a swipe that fell back, whose view was taken out by hand
        /// and put back by its page controller, which appears (F6, F7); a presenter that a
        /// presentation hides, whose appearance a container forwarding by hand began during the
        /// animation (§9, F4). `animated` and `rule` are the transition's.
        case broughtBackDuringTransition(of: Controller, appearing: Bool, animated: Bool, rule: Rule)
        /// A visible transition brought it in, and when its did-half came, its view was in no
        /// visible window: it never went in (it left the container inside its own will-callback, or
        /// its view was refused), or it was taken out by hand, or what held it left the window, or
        /// the window was hidden. The appearance the transition began ends as a disappearance, with
        /// the transition's flag and `rule`.
        case broughtInOffScreen(animated: Bool, rule: Rule)
    }

    /// What the reconciler does to the controller.
    enum Action {
        /// The window drives it: will-appear inside the call, did-appear at the end of the turn (F2).
        case enter(Window)
        /// It joins the appearance (`appearing`) or disappearance of `parent`, animated as that
        /// transition is (F1, F6).
        case join(parent: ContainerController, appearing: Bool, animated: Bool)
        /// It disappears at once: will-disappear (F3 skips it when sent), then did-disappear (F2),
        /// for `rule`: a view leaving a window's, unless a transition's did-half ends it.
        case exit(animated: Bool, rule: Rule = .windowExit)
        /// It goes through a whole transition toward `appearing` again, begin then end, with the
        /// flag and rule of the transition it was brought back during.
        case redo(appearing: Bool, animated: Bool, rule: Rule)
    }

    /// Brings `controller`'s appearance in line after `change`; `source` is what the callbacks of
    /// a disappearance name (an appearance names the window or the parent that drives it).
    @inline(__always)
    static func reconcile(_ controller: Controller, after change: Change, source: EventSource) {
        // Inlined, so that the table folds to the one row of `change` at each call site, and a
        // change that leaves nothing to do costs a few loads.
        guard let action = action(for: controller, after: change) else { return }
        // A disappearance whose end a view's exit queued for the end of the turn is left to it
        // (§1, §2.2 **[rev 2]**): out of any visible window, it ends then, not at once.
        if case .exit = action, controller.appearance.endIsQueued { return }
        checkAgainstDefinition(action, on: controller)
        perform(action, on: controller, source: source)
    }

    private static func perform(_ action: Action, on controller: Controller, source: EventSource) {
        switch action {
        case .enter(let window):
            AppearanceWalk.enter(controller, window: window, source: .window(window.windowID))
        case .join(let parent, let appearing, let animated):
            let rule: Rule = parent.appearanceForwarding == .containerDriven ? .builtInForwarding : .forwarded
            AppearanceWalk.run(
                from: controller, step: .begin(appearing: appearing, animated: animated),
                source: .controller(parent.id), rule: rule, rootIsManual: false)
        case .exit(let animated, let rule):
            AppearanceWalk.exit([controller], animated: animated, source: source, rule: rule)
        case .redo(let appearing, let animated, let rule):
            AppearanceWalk.run(
                from: controller, step: .begin(appearing: appearing, animated: animated),
                source: source, rule: rule, rootIsManual: false)
            AppearanceWalk.run(
                from: controller, step: .end(appearing: appearing), source: source, rule: rule, rootIsManual: false)
        }
    }

    /// Checks, in the `CONTAINERKIT_INTERNAL_CHECKS` build, that `action` agrees with `controller`'s
    /// ``AppearanceDefinition``:
    ///
    /// - the window enters, or a disappearance ends, a controller only toward the state the
    ///   definition expects;
    /// - neither acts on a controller that a transition in flight moves the way its open transition
    ///   goes (or, with none open, the way the action goes): that transition ends it (F7). The
    ///   definition names a transition as the driver whichever way it moves the controller, but a
    ///   transition ends only what moves its way (F3 skips the rest): one it moves the other way
    ///   (brought in by one transition, then forwarded a disappearance by another) is the
    ///   reconciler's;
    /// - a controller joins its parent's appearance or disappearance only when its parent drives
    ///   it, or the transition that drives its parent does, or it sits below a container that
    ///   forwards by hand (its built-in parent forwarding a did-callback it missed the begin of).
    ///
    /// Below a container that forwards by hand the definition requires nothing, so it checks
    /// nothing there: the engine acts on such a controller when its root view sits outside its
    /// parent's (the window drives it then, F2), and when a built-in container below that container
    /// lets go of a child whose transition it forwarded (F6).
    /// Compiled to nothing otherwise.
    @inline(__always)
    private static func checkAgainstDefinition(_ action: Action, on controller: Controller) {
        #if CONTAINERKIT_INTERNAL_CHECKS
            let definition = AppearanceDefinition(of: controller)
            // Only a transition's claim is checked: below a container that forwards by hand the
            // definition requires nothing (F4); the window, a parent or nothing leaves it to us.
            func drivesAlone(toward target: Bool) -> Bool {
                guard definition.driver == .transition else { return true }
                let state = controller.appearanceState
                let appearing = state == .appearing || (state != .disappearing && target)
                return controller.storedView?.storedWindow?.isAnimating(controller, toward: appearing) != true
            }
            let agrees =
                switch action {
                case .enter: definition.expected == .appeared && drivesAlone(toward: true)
                case .exit: definition.expected == .disappeared && drivesAlone(toward: false)
                // Below a container that forwards by hand, a built-in container's forwarding of its
                // own did-callback can bring a child it shows back into step (F6).
                case .join: definition.driver == .parent || !definition.isRequired
                case .redo(let appearing, _, _):
                    definition.expected == (appearing ? .appeared : .disappeared) || !definition.isRequired
                }
            precondition(
                agrees,
                "ContainerKit internal check: the appearance reconciler was about to \(action) \(controller.id), but "
                    + "it \(definition) (AppearanceReconciler.swift). This is an engine bug.")
        #endif
    }

    /// The table: what `change` leaves `controller` needing, from its state and what drives it now;
    /// nil when nothing is to be done.
    @inline(__always)
    static func action(for controller: Controller, after change: Change) -> Action? {
        let state = controller.appearanceState
        switch change {
        case .letGo(let former, let formerWindow):
            guard state == .appearing || state == .disappearing else { return nil }
            return openTransitionAction(for: controller, letGoBy: former, formerWindow: formerWindow)
        case .removed:
            guard controller.storedParent == nil, state == .disappeared,
                let window = controller.storedView?.storedWindow, !window.isHidden
            else { return nil }
            return .enter(window)
        case .rootViewMovedInVisibleWindow:
            guard state != .appeared else { return nil }
            return windowAction(for: controller, toward: state != .disappearing)
        case .rootViewMovedOffScreen:
            if state == .disappeared { return joinAction(for: controller) }
            guard state != .appeared, let parent = forwardingParentLeft(by: controller),
                !AppearanceWalk.isUnderManualForwarding(controller)
            else { return nil }
            return openTransitionAction(for: controller, letGoBy: parent, formerWindow: parent.storedView?.storedWindow)
        case .broughtInByTransition(let window):
            switch state {
            case .disappeared, .disappearing: return .enter(window)
            // Begun by a walk that it left before the view came in (a will-callback of the
            // transition took it from its parent, R2): what began it will not end it.
            case .appearing: return windowAction(for: controller, toward: true)
            case .appeared: return nil
            }
        case .joinedLate:
            return joinAction(for: controller)
        case .stepRejected(let step, let window):
            return rejectedStepAction(for: controller, step: step, window: window)
        case .strandedBelow(let root):
            // Out of `root`'s view and of every visible window: nothing will end its appearance.
            guard state == .appearing, !controller.isInVisibleWindow, let view = controller.storedView,
                !(root.storedView.map(view.isDescendant) ?? false)
            else { return nil }
            return .exit(animated: false)
        case .adoptedOffScreen:
            guard state == .appeared || state == .appearing, !controller.isInVisibleWindow else { return nil }
            return .exit(animated: false)
        case .passedOverByParentsBegin(let parent, let appearing):
            // It begins again toward `parent`'s state, not animated, as the window begins a change
            // it catches up with (F2, F5); `parent`'s did-callback then ends it (F3 would skip it).
            let movingAway =
                switch state {
                case .disappeared, .disappearing: appearing
                case .appeared, .appearing: !appearing
                }
            return movingAway ? .join(parent: parent, appearing: appearing, animated: false) : nil
        case .broughtBackDuringTransition(let host, let appearing, let animated, let rule):
            // Appearing again needs a place on screen and a host that has appeared.
            let broughtBack =
                appearing
                ? state == .disappeared && controller.isInVisibleWindow && host.appearanceState == .appeared
                : state != .disappeared
            return broughtBack ? .redo(appearing: appearing, animated: animated, rule: rule) : nil
        case .broughtInOffScreen(let animated, let rule):
            // Disappeared already (the transition did not begin its appearance), it gets nothing:
            // F3 skips its will-disappear, and nothing below it appears.
            return .exit(animated: animated, rule: rule)
        }
    }

    /// ``Change/letGo(by:formerWindow:)`` for `controller`, whose appearance transition is open. In a
    /// visible window, the window takes it over. Out of one, a disappearing one ends its
    /// disappearance, unless a transition in flight in `formerWindow` takes it out and ends it
    /// itself (F7); an appearing one is left to what began it (a `transition(from:to:…)` whose
    /// incoming controller left inside its callbacks ends it when it completes), unless that was
    /// `former`'s own appearance, forwarded (F1): `former`'s did-appear reaches it no more.
    private static func openTransitionAction(
        for controller: Controller, letGoBy former: Controller?, formerWindow: Window?
    ) -> Action? {
        let state = controller.appearanceState
        if controller.isInVisibleWindow { return windowAction(for: controller, toward: state == .appearing) }
        if state == .disappearing {
            return formerWindow?.isAnimating(controller, toward: false) == true ? nil : .exit(animated: false)
        }
        return former?.appearanceState == .appearing ? .exit(animated: false) : nil
    }

    /// The window's entry of `controller`, a driving root of its visible window (F2), unless a
    /// transition in flight moves it toward `appearing` and so ends it itself (F7).
    private static func windowAction(for controller: Controller, toward appearing: Bool) -> Action? {
        guard let window = controller.storedView?.storedWindow, !window.isHidden,
            !window.isAnimating(controller, toward: appearing)
        else { return nil }
        return .enter(window)
    }

    /// `controller`, disappeared or disappearing, joins the appearance of its parent: when its root
    /// view is inside the parent's, the parent is appearing and its forwarding reaches it (F1; a
    /// built-in container reaches only the children it shows, F6; one that forwards by hand, or sits
    /// below one, reaches nothing here, F4).
    private static func joinAction(for controller: Controller) -> Action? {
        guard controller.appearanceState == .disappeared || controller.appearanceState == .disappearing,
            let parent = controller.storedParent, parent.appearanceState == .appearing,
            let animated = parent.appearance.openTransitionIsAnimated, let view = controller.storedView,
            let parentView = parent.storedView, view.isDescendant(of: parentView)
        else { return nil }
        switch parent.appearanceForwarding {
        case .automatic: break
        case .containerDriven: guard parent.shows(controller) else { return nil }
        case .manual: return nil
        }
        guard !AppearanceWalk.isUnderManualForwarding(parent) else { return nil }
        return .join(parent: parent, appearing: true, animated: animated)
    }

    /// A rejected begin `step`: appearing in a visible window (`window`, the one whose entry the
    /// walk is, or the one the view is in), the window drives the controller if no forwarding
    /// reaches its root view there (F2), and otherwise its new parent does, if appearing (F1).
    /// Disappearing, one whose view a transition took out of every window meanwhile (completing
    /// inside its call, its window hidden) disappears at once; in a window, what drives it there
    /// does. Anywhere else it follows what drives it there.
    private static func rejectedStepAction(
        for controller: Controller, step: AppearanceStep, window: Window?
    ) -> Action? {
        guard case .begin(let appearing, let animated) = step, let view = controller.storedView else { return nil }
        let state = controller.appearanceState
        guard appearing else {
            return (state == .appeared || state == .appearing) && view.storedWindow == nil
                ? .exit(animated: animated) : nil
        }
        guard let window = window ?? view.storedWindow, view.storedWindow === window, !window.isHidden,
            state == .disappeared || state == .disappearing
        else { return nil }
        let ownerAbove = AppearanceWalk.nearestOwner(above: view)
        return AppearanceWalk.isDrivenByWindow(controller, ownerAbove: ownerAbove)
            ? .enter(window) : joinAction(for: controller)
    }

    /// The parent of `root` if it forwards automatically (F1) and `root`'s view is no longer inside
    /// its view, so its forwarding reaches `root` no more; nil otherwise.
    static func forwardingParentLeft(by root: Controller) -> ContainerController? {
        guard let parent = root.storedParent, parent.appearanceForwarding == .automatic,
            let rootView = root.storedView, !(parent.storedView.map(rootView.isDescendant) ?? false)
        else { return nil }
        return parent
    }
}
