/// One appearance step applied to a controller and forwarded down the tree.
enum AppearanceStep {
    /// Whether the step begins a transition.
    var isBegin: Bool {
        if case .begin = self { return true }
        return false
    }

    /// Begin appearing (`true`) or disappearing (`false`).
    case begin(appearing: Bool, animated: Bool, timing: AppearanceStateMachine.ViewIsAppearingTiming)
    /// End the open transition: toward appeared (`true`), disappeared (`false`), or, for a manual
    /// `endAppearanceTransition()`, whatever is open (`nil`).
    case end(appearing: Bool?)
}

/// Walks the controller tree applying an appearance step: the controller first, then, after its
/// callback returns, every child it forwards to (F1), pre-order, without recursion (a chain
/// 100,000 deep must not overflow the stack).
@MainActor
enum AppearanceWalk {
    /// Applies `step` to `root` and forwards it.
    ///
    /// With `rootIsManual`, the root takes the step as `beginAppearanceTransition` /
    /// `endAppearanceTransition` called by hand: a cell of §3 marked unbalanced fires nothing,
    /// forwards nothing, and is reported. Every other controller is driven automatically and
    /// skipped when already in, or moving to, the target state (F3); the walk still visits its
    /// children, each of which is skipped or driven on its own state.
    ///
    /// A controller whose callback left it in a state the step does not lead to (its override
    /// re-entered the engine and moved it on) forwards nothing: its children follow the later
    /// call instead, so no stale step reaches them. The same holds when a later callback moved it
    /// on, a child's or a grandchild's (one that hides the window, say): each child is reached
    /// only while its parent's state still fits the step.
    ///
    /// A walk the window drives (F2: a view entering it, its take-over of a controller, the
    /// did-appear it defers to the end of the turn) passes that window as `sparingMovesOf`: it
    /// forwards nothing to a controller that a transition of its parent in flight there brings in
    /// or takes out, nor below it, as that transition alone sends its callbacks (F7).
    static func run(
        from root: Controller, step: AppearanceStep, source: EventSource, rootIsManual: Bool,
        sparingMovesOf window: Window? = nil
    ) {
        guard let childStep = apply(step, to: root, source: source, manual: rootIsManual), fits(root, childStep)
        else { return }
        let transitions = window.flatMap { $0.animationsInFlight.isEmpty ? nil : $0 }
        var stack: [PlannedStep] = []
        pushForwardingTargets(of: root, onto: &stack)
        while let (controller, parent, source, revision, parentState) = stack.popLast() {
            if let transitions, transitions.isMoving(controller) { continue }
            guard fits(parent, childStep) else { continue }
            // A callback of this walk gave it another parent, moved its view out of the parent's,
            // took the parent out of the walk's tree, or ended the parent's transition (one that
            // took the parent's view out of a hidden window completes inside its call): what
            // reaches it now takes the step instead. An end step ends what was begun, wherever
            // the controller went.
            if childStep.isBegin, revision != TreeRevision.current,
                parent.appearanceState != parentState || !parent.stillForwards(to: controller, below: root)
            {
                handOver(controller, step: childStep, source: source, window: window)
                continue
            }
            let revisionBefore = TreeRevision.current
            _ = apply(childStep, to: controller, source: source, manual: false)
            guard fits(controller, childStep) else { continue }
            // Its own callback took it out of its parent's reach: it forwards nothing more of the
            // step, and an appearance now out of any visible window ends at once.
            if childStep.isBegin, revisionBefore != TreeRevision.current,
                !parent.stillForwards(to: controller, below: root)
            {
                disappearIfStranded(controller, below: root, source: source)
                continue
            }
            pushForwardingTargets(of: controller, onto: &stack)
        }
    }

    /// `controller` began appearing in a walk from `root`, and its own callback took it out of its
    /// parent's reach before the walk went on. A view still inside `root`'s goes where `root`'s
    /// goes, and the window takes the controller over if that is a visible window (F2). One out of
    /// it and out of every visible window (it took itself out of its parent, view and all, while
    /// the parent's view was not in the window yet) has nothing left to end its appearance, and
    /// nothing shows it: it disappears at once, as for a view leaving a window (F2), or for the
    /// incoming controller of a transition whose container left the window meanwhile.
    private static func disappearIfStranded(_ controller: Controller, below root: Controller, source: EventSource) {
        guard let view = controller.storedView, !(root.storedView.map(view.isDescendant) ?? false) else { return }
        endStrandedAppearance(of: controller, source: source)
    }

    /// `controller` is appearing out of any visible window, and what began its appearance will not
    /// end it: it disappears at once (will-disappear, then did-disappear, each forwarded), as for a
    /// view leaving a window (F2). Nothing happens to a controller in any other state.
    static func endStrandedAppearance(of controller: Controller, source: EventSource) {
        guard controller.appearanceState == .appearing, !controller.isInVisibleWindow else { return }
        exit([controller], source: source)
    }

    /// Forwards a begin `step` to `controller`, which a callback of the walk moved out of reach of
    /// the parent the walk planned it under, before the walk got to it: it left its parent (R2 and
    /// R4 move no view), its view was moved by hand or by a transition, or its parent's transition
    /// ended. What reaches it now takes the step:
    ///
    /// - appearing, in a visible window (`window`, the one whose entry this walk is, or the one its
    ///   view is in): the window, if the controller's root view in it is now one no forwarding
    ///   reaches (F2); its new parent, if that one reaches it and is appearing
    ///   (``joinParentsAppearance(_:)``);
    /// - disappearing: a controller whose view a transition took out of every window meanwhile (one
    ///   that completed inside its call, its window hidden) disappears at once, as F2 says for a
    ///   view leaving a window, since nothing else will reach it. In a window, what drives it there
    ///   does (the window's exit of the rest of its views, when it is the one hiding).
    ///
    /// Anywhere else, it follows what drives it there.
    private static func handOver(_ controller: Controller, step: AppearanceStep, source: EventSource, window: Window?) {
        guard case .begin(let appearing, _, _) = step, let view = controller.storedView else { return }
        let state = controller.appearanceState
        if appearing {
            guard let window = window ?? view.storedWindow, view.storedWindow === window, !window.isHidden,
                state == .disappeared || state == .disappearing
            else { return }
            if isDrivenByWindow(controller, ownerAbove: nearestOwner(above: view)) {
                enter(controller, window: window, source: .window(window.windowID))
            } else {
                joinParentsAppearance(controller)
            }
        } else if state == .appeared || state == .appearing, view.storedWindow == nil {
            run(from: controller, step: step, source: source, rootIsManual: false)
            run(from: controller, step: .end(appearing: false), source: source, rootIsManual: false)
        }
    }

    /// Whether `controller` is still a driving root of `entering`, a view that entered the visible
    /// `window` (F2): its root view is still inside `entering`, in the window, and no forwarding
    /// inside `entering` reaches it.
    private static func isDriven(_ controller: Controller, by window: Window, within entering: View) -> Bool {
        guard !window.isHidden, entering.storedWindow === window, let view = controller.storedView,
            view.isDescendant(of: entering)
        else { return false }
        return isDrivenByWindow(controller, ownerAbove: nearestOwner(above: view, upTo: entering))
    }

    /// The controller whose root view is the nearest above `view`, up to `limit` included (up to the
    /// top of the tree without one), if any.
    private static func nearestOwner(above view: View, upTo limit: View? = nil) -> Controller? {
        guard view !== limit else { return nil }
        var current = view.superview
        while let candidate = current {
            if let owner = candidate.owningController { return owner }
            if candidate === limit { return nil }
            current = candidate.superview
        }
        return nil
    }

    /// `controller`, disappeared, was taken out of its parent (R2 moves no view) with its root view
    /// in the visible window: with no parent, it is a driving root of the window (F2), which brings
    /// it on screen as for a view entering it (will-appear now, did-appear at the end of the turn).
    /// Its parent had not brought it in yet (a walk that was to reach it, or a transition that had
    /// put the parent's view back in the window and was about to drive it); otherwise it would be
    /// left disappeared in the visible window.
    static func windowTakesOver(removed controller: Controller) {
        guard controller.storedParent == nil, controller.appearanceState == .disappeared,
            let window = controller.storedView?.storedWindow, !window.isHidden
        else { return }
        enter(controller, window: window, source: .window(window.windowID))
    }

    /// Whether `controller`'s state is where `step` leads, so forwarding it onward is still right.
    static func fits(_ controller: Controller, _ step: AppearanceStep) -> Bool {
        switch (step, controller.appearanceState) {
        case (.begin(true, _, _), .appearing), (.begin(true, _, _), .appeared),
            (.begin(false, _, _), .disappearing), (.begin(false, _, _), .disappeared),
            (.end(true), .appeared), (.end(false), .disappeared), (.end(nil), _):
            return true
        case (.begin, _), (.end, _):
            return false
        }
    }

    /// Pushes the children that `controller` forwards to automatically (F1) onto the walk's stack,
    /// last child first, so they pop in `children` order: those whose view is loaded and inside the
    /// container's view. Pushed straight onto the stack, so a walk allocates nothing per node.
    private static func pushForwardingTargets(
        of controller: Controller, onto stack: inout [PlannedStep]
    ) {
        guard let container = controller.asContainer, !container.childList.isEmpty,
            container.appearanceForwarding == .automatic, let containerView = container.storedView
        else { return }
        let source = EventSource.controller(container.id)
        let revision = TreeRevision.current
        let state = container.appearanceState
        container.childList.forEachReversed { child in
            if let childView = child.storedView, childView.isDescendant(of: containerView) {
                stack.append((child, container, source, revision, state))
            }
        }
    }

    /// Applies `step` to one controller. Returns the step its children take, or nil when a manual
    /// call was unbalanced (nothing is forwarded then).
    private static func apply(
        _ step: AppearanceStep, to controller: Controller, source: EventSource, manual: Bool
    ) -> AppearanceStep? {
        // A built-in container forwards from inside its own callbacks (F6): it takes the step
        // its children get from here.
        let drivesOwnChildren = controller.asContainer?.appearanceForwarding == .containerDriven
        defer { if drivesOwnChildren { controller.drivenStep = nil } }
        switch step {
        case .begin(let appearing, let animated, let timing):
            if appearing, controller.storedView == nil, controller.appearanceState == .disappeared {
                controller.loadViewIfNeeded()
            }
            let action =
                manual
                ? controller.appearance.begin(appearing: appearing, animated: animated, viewIsAppearing: timing)
                : controller.appearance.drive(appearing: appearing, animated: animated, viewIsAppearing: timing)
            switch action {
            case .callViewWillAppear(let animated, let thenViewIsAppearing):
                if drivesOwnChildren { controller.drivenStep = step }
                let epoch = controller.appearance.epoch
                controller.deliverAppearance(.willAppear, animated: animated, source: source)
                // Its viewWillAppear moved it on (it left a parent that was appearing, say): this
                // appearance is over, and it gets no viewIsAppearing.
                if thenViewIsAppearing, controller.appearanceState == .appearing,
                    controller.appearance.epoch == epoch
                {
                    controller.deliverAppearance(.isAppearing, animated: animated, source: source)
                }
            case .callViewWillDisappear(let animated):
                if drivesOwnChildren { controller.drivenStep = step }
                controller.deliverAppearance(.willDisappear, animated: animated, source: source)
            case .skip:
                break
            case .reportUnbalanced(let state):
                reportUnbalanced(
                    controller, call: "beginAppearanceTransition(\(appearing), animated: \(animated))", state)
                return nil
            }
            return step
        case .end(let appearing):
            let action =
                manual || appearing == nil
                ? controller.appearance.end()
                : controller.appearance.driveEnd(appearing: appearing ?? true)
            switch action {
            case .callViewDidAppear(let animated, let viewIsAppearingFirst):
                if viewIsAppearingFirst {
                    let epoch = controller.appearance.epoch
                    controller.deliverAppearance(.isAppearing, animated: animated, source: source)
                    // Its viewIsAppearing moved it on (its view left the window, say): this
                    // appearance is over, and neither it nor its children get its did-callback.
                    guard controller.appearanceState == .appeared, controller.appearance.epoch == epoch else {
                        return nil
                    }
                }
                if drivesOwnChildren { controller.drivenStep = .end(appearing: true) }
                controller.deliverAppearance(.didAppear, animated: animated, source: source)
                return .end(appearing: true)
            case .callViewDidDisappear(let animated):
                if drivesOwnChildren { controller.drivenStep = .end(appearing: false) }
                controller.deliverAppearance(.didDisappear, animated: animated, source: source)
                return .end(appearing: false)
            case .skip:
                return step
            case .reportUnbalanced(let state):
                reportUnbalanced(controller, call: "endAppearanceTransition()", state)
                return nil
            }
        }
    }

    private static func reportUnbalanced(_ controller: Controller, call: String, _ state: AppearanceState) {
        ContractViolation(
            kind: .unbalancedAppearanceTransition, severity: .warning, controllers: [controller.id],
            message: "Unbalanced calls to begin/end appearance transitions for \(controller.id): \(call) while "
                + "\(state); see the appearance state machine (§3). Nothing was fired and the state is unchanged."
        ).report()
    }

    // MARK: - Windows (F2)

    /// The controllers whose root views are in `view`'s subtree and that the window drives itself:
    /// those no forwarding reaches, in pre-order over the controller tree (F2): a root that is a
    /// descendant of another comes after it, ordered by the tree's children; unrelated roots keep
    /// the subtree's view order.
    static func drivingRoots(in view: View) -> [Controller] {
        let roots = drivingRootsInViewOrder(in: view)
        guard roots.count > 1 else { return roots }
        return preOrder(roots)
    }

    private static func drivingRootsInViewOrder(in view: View) -> [Controller] {
        var roots: [Controller] = []
        var stack: [(view: View, owner: Controller?)] = [(view, nil)]
        while let (view, ownerAbove) = stack.popLast() {
            var owner = ownerAbove
            if let controller = view.owningController {
                if isDrivenByWindow(controller, ownerAbove: ownerAbove) {
                    roots.append(controller)
                }
                owner = controller
            }
            for subview in view.subviews.reversed() {
                stack.append((subview, owner))
            }
        }
        return roots
    }

    /// `roots` reordered in pre-order over the controller tree: each root after its nearest root
    /// ancestor, siblings by the path of children indices that leads to them.
    private static func preOrder(_ roots: [Controller]) -> [Controller] {
        let members = Set(roots.map(ObjectIdentifier.init))
        var topLevel: [Controller] = []
        var below: [ObjectIdentifier: [(path: [Int], root: Controller)]] = [:]
        for root in roots {
            var path: [Int] = []
            var current = root
            var anchor: Controller?
            while let parent = current.storedParent {
                path.append(parent.children.firstIndex { $0 === current } ?? 0)
                if members.contains(ObjectIdentifier(parent)) {
                    anchor = parent
                    break
                }
                current = parent
            }
            if let anchor {
                below[ObjectIdentifier(anchor), default: []].append((path.reversed(), root))
            } else {
                topLevel.append(root)
            }
        }
        var ordered: [Controller] = []
        var stack = topLevel.reversed() as [Controller]
        while let root = stack.popLast() {
            ordered.append(root)
            let children = (below[ObjectIdentifier(root)] ?? []).sorted { $0.path.lexicographicallyPrecedes($1.path) }
            stack.append(contentsOf: children.reversed().map(\.root))
        }
        return ordered
    }

    /// F2: a controller is driven by the window unless its parent reaches it: by forwarding, or from
    /// a built-in container's own callbacks (F1, F6: its parent's view, moving too, holds its view),
    /// or by hand (a container that forwards manually, F4, whatever the views).
    private static func isDrivenByWindow(_ controller: Controller, ownerAbove: Controller?) -> Bool {
        guard let parent = controller.storedParent else { return true }
        switch parent.appearanceForwarding {
        case .manual:
            return false
        case .automatic:
            return ownerAbove !== parent
        case .containerDriven:
            return ownerAbove !== parent || !parent.shows(controller)
        }
    }

    /// `view` entered the visible `window`: every driving root begins appearing inside the call, and
    /// its did-appear is deferred to the end of the turn, tied to this appearance.
    static func windowEntry(of view: View, window: Window) {
        let source = EventSource.window(window.windowID)
        if let root = leafRoot(view) {
            enter(root, window: window, source: source)
            return
        }
        // The roots are found before the first one's callbacks run, which may move the others:
        // each is entered only if the window still drives it.
        for root in drivingRoots(in: view) {
            if isDriven(root, by: window, within: view) {
                enter(root, window: window, source: source)
            } else if root.storedView?.storedWindow === window, !window.isHidden, root.appearanceState != .appeared {
                joinParentsAppearance(root)
            }
        }
    }

    /// The driving root of a leaf view (the common case of a child's root view), found without
    /// setting up a walk; nil when the view has subviews or drives no controller.
    private static func leafRoot(_ view: View) -> Controller? {
        guard view.subviewList.isEmpty, let controller = view.owningController,
            isDrivenByWindow(controller, ownerAbove: nil)
        else { return nil }
        return controller
    }

    /// One driving root begins appearing inside the call; its did-appear is deferred to the end
    /// of the turn. Queued before the walk, so that the did-appear of a parent precedes that of a
    /// child whose view entered during the parent's viewWillAppear; tied after the walk to the
    /// appearance the root is in then (the one this walk began, or, for a root that was appearing
    /// or appeared already, the one its descendants joined).
    private static func enter(_ root: Controller, window: Window, source: EventSource) {
        let queued = AppearanceCompletion(root, serial: window.nextCompletionSerial())
        window.enqueue(.completeAppearance(queued))
        run(
            from: root, step: .begin(appearing: true, animated: false, timing: .beforeDidAppear),
            source: source, rootIsManual: false, sparingMovesOf: window)
        let epoch = root.appearance.epoch
        window.updateAppearanceCompletion(serial: queued.serial) { completion in
            completion.rootBegan = epoch != completion.epoch
            completion.epoch = epoch
        }
    }

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
        guard state == .appearing || state == .disappearing, let window = controller.storedView?.storedWindow,
            !window.isHidden, !window.isAnimating(controller, toward: state == .appearing)
        else { return }
        enter(controller, window: window, source: .window(window.windowID))
    }

    /// Ends the appearance a visible transition began for `incoming`, the controller it brings in,
    /// when it completes: `incoming` appears if its view is in a visible window then, and otherwise
    /// disappears again (will-disappear, then did-disappear, each forwarded; nothing if it is
    /// disappeared already, as when the transition did not begin its appearance). The transition's
    /// callbacks may have taken its container out of the window, or hidden the window.
    static func endIncomingAppearance(of incoming: Controller, animated: Bool, source: EventSource) {
        if incoming.isInVisibleWindow {
            run(from: incoming, step: .end(appearing: true), source: source, rootIsManual: false)
        } else {
            run(
                from: incoming, step: .begin(appearing: false, animated: animated, timing: .afterWillAppear),
                source: source, rootIsManual: false)
            run(from: incoming, step: .end(appearing: false), source: source, rootIsManual: false)
        }
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
    static func windowTakesOver(rootsMovedWith view: View) {
        for root in drivingRoots(in: view) where forwardingParentLeft(by: root) != nil {
            windowTakesOver(root)
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
    private static func joinParentsAppearance(_ root: Controller) {
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
            source: .controller(parent.id), rootIsManual: false)
    }

    /// `view` left the visible `window`, and what drives the controllers it holds has run (the
    /// window's own exit, or the transition that moved it: a transition began the disappearance of
    /// those it moves before taking their views out, F7). A controller whose root view left with
    /// `view` and that is still appeared or appearing is one nothing drove: the view's own
    /// controller, when a container off screen takes in a view from a visible window (it sends no
    /// callbacks, §1); a controller whose root view sits in a view of a controller that is not its
    /// parent (R2, R4, R6); one a transition nested inside the leaving view showed meanwhile, or a
    /// built-in container's child its container no longer forwards to. Those disappear as F2 says,
    /// inside the call: every will-disappear, then every did-disappear, in view order (each
    /// forwarding to its children). Those under a container that forwards by hand are its own (F4).
    /// Nothing happens if a callback has put the view back in the visible window meanwhile.
    ///
    /// So does a controller left disappearing with nothing to end it: a driving root of `view`
    /// (F2: no forwarding inside `view` reaches it) other than the view's own controller, which a
    /// transition in flight does not take out, and whose disappearance a walk from outside began
    /// (its parent's, reaching its root view through a view put there by hand): with its root
    /// view out of that parent's view, the parent's did-callback no longer reaches it. It gets
    /// only its did-disappear (F3), with the others.
    static func exitTheRest(of view: View, window: Window) {
        guard window.isHidden || view.storedWindow !== window else { return }
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
                guard controller !== owner, !window.isAnimating(controller, toward: false) else { return }
                if stranded == nil { stranded = Set(drivingRoots(in: view).map(ObjectIdentifier.init)) }
                guard stranded?.contains(ObjectIdentifier(controller)) == true else { return }
            case .disappeared:
                return
            }
            if !isUnderManualForwarding(controller) { roots.append(controller) }
        }
        exit(roots, source: .window(window.windowID), sparingThoseBackIn: window)
    }

    /// Whether a container that forwards appearance by hand is above `controller` (F4).
    private static func isUnderManualForwarding(_ controller: Controller) -> Bool {
        var parent = controller.storedParent
        while let current = parent {
            if current.appearanceForwarding == .manual { return true }
            parent = current.storedParent
        }
        return false
    }

    /// A transition (F7) brought `view` into the visible `window`. It drives the view's own
    /// controller and those it forwards to; a driving root inside the view (a controller whose root
    /// view sits in a view of a controller that is not its parent: R2, R4, R6) is one no transition
    /// drives, and appears as F2 says: will-appear inside the call, did-appear at the end of the turn.
    /// One that is appearing already began with the view's owner, and left its parent during the
    /// transition's will-callbacks (R2 and R4 move no view): the transition's did-callbacks no
    /// longer reach it, so the window takes it over (``windowTakesOver(_:)``).
    /// A controller that joined an appearing parent after that parent's walk (``latecomers(in:)``)
    /// begins appearing with it (``joinParentsAppearance(_:)``).
    static func windowEntry(ofViewMovedByTransition view: View, window: Window) {
        let owner = view.owningController
        let source = EventSource.window(window.windowID)
        for root in drivingRoots(in: view) where root !== owner {
            switch root.appearanceState {
            case .disappeared, .disappearing:
                enter(root, window: window, source: source)
            case .appearing:
                // Begun by a walk that it left before the view came in (a will-callback of the
                // transition took it from its parent, R2): what began it will not end it.
                windowTakesOver(root)
            case .appeared:
                break
            }
        }
        for latecomer in latecomers(in: view) {
            joinParentsAppearance(latecomer)
        }
    }

    /// The controllers under `view` that joined a parent appearing by forwarding (F1) after that
    /// parent's walk had planned its children, so that no walk reached them: a will-callback of
    /// the transition added them, their views in the parent's, before the transition put the
    /// parent's view in the window. The topmost ones, in view order: their own forwarding reaches
    /// the rest.
    private static func latecomers(in view: View) -> [Controller] {
        var found: [Controller] = []
        var stack: [(view: View, owner: Controller?)] = [(view, nil)]
        while let (view, ownerAbove) = stack.popLast() {
            var owner = ownerAbove
            if let controller = view.owningController {
                if let parent = controller.storedParent, parent === ownerAbove,
                    parent.appearanceForwarding == .automatic, parent.appearanceState == .appearing,
                    controller.appearanceState == .disappeared || controller.appearanceState == .disappearing
                {
                    found.append(controller)
                    continue
                }
                owner = controller
            }
            for subview in view.subviews.reversed() {
                stack.append((subview, owner))
            }
        }
        return found
    }

    /// `view` left the visible `window` (or the window was hidden): every will-disappear, pre-order,
    /// then every did-disappear, pre-order, inside the call.
    static func windowExit(of view: View, window: Window) {
        ViewMove.exiting(view, from: window) { exitUnderWay(of: view, window: window) }
    }

    /// ``windowExit(of:window:)`` once its exit is recorded as under way: a callback that moves a
    /// view out of `view` meanwhile takes it out of the walk's reach, and the move makes its
    /// controllers disappear.
    private static func exitUnderWay(of view: View, window: Window) {
        let source = EventSource.window(window.windowID)
        if let root = leafRoot(view) {
            run(
                from: root, step: .begin(appearing: false, animated: false, timing: .beforeDidAppear),
                source: source, rootIsManual: false)
            run(from: root, step: .end(appearing: false), source: source, rootIsManual: false)
        } else {
            exit(drivingRoots(in: view), source: source, sparingThoseBackIn: window)
        }
        exitTheRest(of: view, window: window)
    }

    /// `roots` disappear: every will-disappear, pre-order, then every did-disappear, pre-order.
    ///
    /// A root whose view a callback of an earlier one has put back in `window`, visible again (the
    /// window shown again, say), is the window's to drive from then on, and is passed over.
    private static func exit(_ roots: [Controller], source: EventSource, sparingThoseBackIn window: Window? = nil) {
        func isBack(_ root: Controller) -> Bool {
            guard let window, !window.isHidden else { return false }
            return root.storedView?.storedWindow === window
        }
        for root in roots where !isBack(root) {
            run(
                from: root, step: .begin(appearing: false, animated: false, timing: .beforeDidAppear),
                source: source, rootIsManual: false)
        }
        for root in roots where !isBack(root) {
            run(from: root, step: .end(appearing: false), source: source, rootIsManual: false)
        }
    }
}

/// The deferred did-appear half of a window entry: it keeps no removed controller alive, and is
/// tied to one appearance of the root by its epoch.
///
/// A value stored in the window's queue, so that queueing one allocates nothing once the queue has
/// grown to its working size; the walk that queued it finds it again by its serial.
@MainActor
struct AppearanceCompletion {
    /// The controller, through its ``ControllerReference``: nil once it went away.
    private let reference: ControllerReference
    var epoch: UInt64
    /// Whether the walk began the root's appearance. If something else (an ancestor's completion,
    /// a manual end) completed it since, its subtree was completed with it, and this has nothing
    /// left to do: so a chain whose levels entered one by one completes in linear time.
    var rootBegan = false
    /// Tells it apart from the other completions queued in its window.
    let serial: UInt64

    init(_ controller: Controller, serial: UInt64) {
        self.reference = ControllerReference.of(controller)
        self.epoch = controller.appearance.epoch
        self.serial = serial
    }

    /// The controller to complete, or nil if it was deallocated since.
    var controller: Controller? { reference.controller }
}

/// A controller as deferred work names it: a reference the controller makes once and clears when it
/// goes away, so the work queued in a window can outlive the controller and finds nil.
///
/// It stands in for a `weak` reference, which would give every controller that enters a window a side
/// table, and so the slow path on each of its retains and releases. The queue holds this object
/// strongly; the object points to the controller without holding it (`unowned(unsafe)`), and
/// `Controller`'s `deinit` clears the pointer before anything else can run. `Sendable` so that that
/// nonisolated `deinit` can reach it; its one mutable property is only written there and on the
/// main actor.
final class ControllerReference: Sendable {
    /// The controller; nil once it went away. `nonisolated(unsafe)` for `Controller`'s nonisolated
    /// `deinit`, which clears it; everything else reads it on the main actor.
    nonisolated(unsafe) unowned(unsafe) var controller: Controller?

    private init(_ controller: Controller) {
        self.controller = controller
    }

    /// `controller`'s reference, made the first time it is asked for.
    @MainActor
    static func of(_ controller: Controller) -> ControllerReference {
        if let reference = controller.deferredReference { return reference }
        let reference = ControllerReference(controller)
        controller.deferredReference = reference
        return reference
    }
}

/// A child a walk will reach: the child, the parent that forwards the step to it, the source its
/// callbacks name, and the ``TreeRevision`` and the parent's appearance state the walk planned it
/// under.
typealias PlannedStep = (
    controller: Controller, parent: Controller, source: EventSource, revision: UInt64, parentState: AppearanceState
)

extension Controller {
    /// Whether this controller, which forwards appearance automatically, still reaches `child`
    /// (F1), and is still in the tree of `root`, the walk's: `child` is still its child, with its
    /// root view still inside its view, and this controller still `root` or below it. A walk checks
    /// it for a child it planned when the trees changed since: the callbacks of the controllers
    /// walked before may have moved either.
    fileprivate func stillForwards(to child: Controller, below root: Controller) -> Bool {
        guard child.storedParent === self, let containerView = storedView, let childView = child.storedView,
            childView.isDescendant(of: containerView)
        else { return false }
        var ancestor: Controller? = self
        while let current = ancestor {
            if current === root { return true }
            ancestor = current.storedParent
        }
        return false
    }
}
