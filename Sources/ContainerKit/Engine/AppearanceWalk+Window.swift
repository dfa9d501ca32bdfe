/// The appearance walks a window drives (F2): the controllers it drives itself, a view entering or
/// leaving it, and the ends of transitions nothing else will reach.
extension AppearanceWalk {
    /// The controllers whose root views are in `view`'s subtree and that the window drives itself:
    /// those no forwarding reaches, in pre-order over the controller tree (F2): a root that is a
    /// descendant of another comes after it, ordered by the tree's children; unrelated roots keep
    /// the subtree's view order.
    static func drivingRoots(in view: View) -> [Controller] {
        let roots = drivingRootsInViewOrder(in: view)
        guard roots.count > 1 else { return roots }
        return preOrder(roots)
    }

    /// The walk of ``forEachRootView(in:_:)``, reading each controller it passes unretained: a
    /// retain would touch its reference count, most often a cache line away from the parent the
    /// test reads, and the walk runs over every view of a window shown or hidden. Only the roots
    /// found are retained; the views stay retained, as ``forEachRootView(in:_:)`` holds them. The
    /// one code it runs is a parent's `shouldAutomaticallyForwardAppearanceMethods`, once per
    /// controller with a parent, as ``isDrivenByWindow(_:ownerAbove:)`` alone would.
    private static func drivingRootsInViewOrder(in view: View) -> [Controller] {
        var roots: [Controller] = []
        var stack: [(view: View, owner: Unmanaged<Controller>?)] = [(view, nil)]
        while let (view, ownerAbove) = stack.popLast() {
            var owner = ownerAbove
            if let controller = view.ownerStorage {
                // The usual case, a child whose root view is in its parent's, settled from the
                // parent's pointer alone: a parent forwarding by hand or automatically reaches it.
                let settled =
                    if let parent = parent(of: controller), parent.toOpaque() == ownerAbove?.toOpaque() {
                        parent.takeUnretainedValue().appearanceForwarding != .containerDriven
                    } else {
                        false
                    }
                if !settled {
                    let candidate = controller.takeUnretainedValue()
                    let above = ownerAbove?.takeUnretainedValue()
                    if isDrivenByWindow(candidate, ownerAbove: above) { roots.append(candidate) }
                }
                owner = controller
            }
            for subview in view.subviews.reversed() {
                stack.append((subview, owner))
            }
        }
        return roots
    }

    /// Visits, in view order (pre-order over `view`'s subtree, `view` included), each controller
    /// whose root view is there, with the controller whose root view is the nearest above it inside
    /// the subtree (nil for none). `body` returns whether to go on below that root view.
    static func forEachRootView(in view: View, _ body: (Controller, _ ownerAbove: Controller?) -> Bool) {
        var stack: [(view: View, owner: Controller?)] = [(view, nil)]
        while let (view, ownerAbove) = stack.popLast() {
            var owner = ownerAbove
            if let controller = view.owningController {
                guard body(controller, ownerAbove) else { continue }
                owner = controller
            }
            for subview in view.subviews.reversed() {
                stack.append((subview, owner))
            }
        }
    }

    /// The parent pointer of `controller`, read without retaining it. `nonisolated`, so that the
    /// closure the standard library calls carries no dynamic check of the main actor.
    private nonisolated static func parent(of controller: Unmanaged<Controller>) -> Unmanaged<ContainerController>? {
        controller._withUnsafeGuaranteedRef { $0.parentStorage }
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
    static func isDrivenByWindow(_ controller: Controller, ownerAbove: Controller?) -> Bool {
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
        enterRoots(of: view, window: window, source: source, into: nil)
    }

    /// ``windowEntry(of:window:)`` for a view about to enter the visible `window` under
    /// `newSuperview`, not in it yet: a move calls it before its structural change, so that
    /// `viewWillAppear(_:)` finds the view where it was, as UIKit sends it from the window-entry
    /// hook (§3 **[rev 2]**). A root whose turn comes after a callback took `newSuperview` out of
    /// the window is passed over: the move will not bring it in.
    static func windowEntryAhead(of view: View, window: Window, into newSuperview: View) {
        let source = EventSource.window(window.windowID)
        if let root = leafRoot(view) {
            enter(root, window: window, source: source)
            return
        }
        enterRoots(of: view, window: window, source: source, into: newSuperview)
    }

    /// The entry of every driving root of `view`, found before the first one's callbacks run,
    /// which may move the others: planned on the loop's agenda in the order found, each is entered
    /// only if the window still drives it when its turn comes. Out of line, so that neither the
    /// premises' references nor the agenda are taken on the leaf's path.
    @inline(never)
    private static func enterRoots(of view: View, window: Window, source: EventSource, into newSuperview: View?) {
        if newSuperview != nil { ViewMove.recordAhead(enteringInto: window) }
        DeliveryLoop.runListed(.enterRoot, for: drivingRoots(in: view)) { root in
            switch DeliveryLoop.verdict(.entering(root, within: view, window: window, into: newSuperview)) {
            case .hold: enter(root, window: window, source: source)
            case .rejected: AppearanceReconciler.reconcile(root, after: .joinedLate, source: source)
            case .moot: break
            }
        }
    }

    /// Whether `controller` is still a driving root of `entering`, a view that entered the visible
    /// `window` (F2), or is about to under `newSuperview`, which is in the window: its root view is
    /// still inside `entering`, and no forwarding inside `entering` reaches it.
    static func isDriven(_ controller: Controller, by window: Window, within entering: View, into newSuperview: View?)
        -> Bool
    {
        guard !window.isHidden, (newSuperview ?? entering).storedWindow === window, let view = controller.storedView,
            view.isDescendant(of: entering)
        else { return false }
        return isDrivenByWindow(controller, ownerAbove: nearestOwner(above: view, upTo: entering))
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
    static func enter(_ root: Controller, window: Window, source: EventSource) {
        let queued = AppearanceCompletion(root, serial: window.nextCompletionSerial())
        window.enqueueAppearanceCompletion(queued)
        run(
            from: root, step: .begin(appearing: true, animated: false),
            source: source, rule: .windowEntry, rootIsManual: false, sparingMovesOf: window)
        let epoch = root.appearance.epoch
        window.updateAppearanceCompletion(serial: queued.serial) { completion in
            completion.rootBegan = epoch != completion.epoch
            completion.epoch = epoch
        }
    }

    /// Ends the appearance a visible transition began for `incoming`, the controller it brings in,
    /// when it completes: `incoming` appears if its view is in a visible window then. The
    /// transition's callbacks may have taken its container out of the window, or hidden the window:
    /// then the reconciler has it disappear again (``AppearanceReconciler/Change/broughtInOffScreen(animated:rule:)``).
    static func endIncomingAppearance(of incoming: Controller, animated: Bool, source: EventSource, rule: Rule) {
        if DeliveryLoop.verdict(.arrived(incoming)) == .hold {
            run(from: incoming, step: .end(appearing: true), source: source, rule: rule, rootIsManual: false)
        } else {
            AppearanceReconciler.reconcile(
                incoming, after: .broughtInOffScreen(animated: animated, rule: rule), source: source)
        }
    }

    /// Whether a container that forwards appearance by hand is above `controller` (F4).
    static func isUnderManualForwarding(_ controller: Controller) -> Bool {
        var parent = controller.storedParent
        while let current = parent {
            if current.appearanceForwarding == .manual { return true }
            parent = current.storedParent
        }
        return false
    }

    /// `view` left the visible `window`: every will-disappear, pre-order, inside the call, and every
    /// did-disappear, pre-order, at the end of the turn (§1, §2.2 **[rev 2]**). Or the window was
    /// hidden: every will-disappear, then every did-disappear, inside the call (MODEL).
    static func windowExit(of view: View, window: Window) {
        ViewMove.exiting(view, from: window) { exitUnderWay(of: view, window: window) }
    }

    /// `view` is about to leave the visible `window` for `newSuperview` (nil: for no superview),
    /// and is still in place: a move calls it before its structural change, so that
    /// `viewWillDisappear(_:)` finds the view where it is, as UIKit sends it from the window hook
    /// (§3 **[rev 2]**). Every will-disappear, pre-order, inside the call; every did-disappear
    /// queued in `window` for the end of the turn. A root whose view a callback of an earlier one
    /// moved out of `view` is passed over (that move settled it:
    /// ``ViewMove/settle(leaving:from:)``), and so is every root once a callback has put
    /// `newSuperview` in `window`: the move no longer takes them out. The move reconciles what its
    /// callbacks left, once the view is out (``AppearanceReconciler/reconcileRoots(leftWith:window:)``).
    static func windowExitAhead(of view: View, window: Window, to newSuperview: View?) {
        let source = EventSource.window(window.windowID)
        if let root = leafRoot(view) {
            run(
                from: root, step: .begin(appearing: false, animated: false),
                source: source, rule: .windowExit, rootIsManual: false, deferringEndTo: window)
            DeliveryLoop.queueEndIfOpen(of: root, in: window)
            return
        }
        ViewMove.recordAhead(exitingFrom: window)
        DeliveryLoop.runListed(.beginLeavingRoot, for: drivingRoots(in: view)) { root in
            let premise = DeliveryLoop.Premises.leavingAhead(root, within: view, window: window, to: newSuperview)
            guard DeliveryLoop.verdict(premise) == .hold else { return }
            run(
                from: root, step: .begin(appearing: false, animated: false),
                source: source, rule: .windowExit, rootIsManual: false, deferringEndTo: window)
            DeliveryLoop.queueEndIfOpen(of: root, in: window)
        }
    }

    /// ``windowExit(of:window:)`` once its exit is recorded as under way: a callback that moves a
    /// view out of `view` meanwhile takes it out of the walk's reach, and the move makes its
    /// controllers disappear.
    private static func exitUnderWay(of view: View, window: Window) {
        let source = EventSource.window(window.windowID)
        let endWindow = window.isHidden ? nil : window
        if let root = leafRoot(view) {
            run(
                from: root, step: .begin(appearing: false, animated: false),
                source: source, rule: .windowExit, rootIsManual: false, deferringEndTo: endWindow)
            if let endWindow {
                DeliveryLoop.queueEndIfOpen(of: root, in: endWindow)
            } else {
                run(from: root, step: .end(appearing: false), source: source, rule: .windowExit, rootIsManual: false)
            }
        } else {
            exit(drivingRoots(in: view), source: source, sparingThoseBackIn: window, deferringEndTo: endWindow)
        }
        AppearanceReconciler.reconcileRoots(leftWith: view, window: window)
    }

    /// `roots` disappear: every will-disappear, pre-order, then every did-disappear, pre-order,
    /// `animated` as the step that leads there (a window's exit is not animated). Each half plans
    /// its steps on the loop's agenda, one a root, and runs them in order. With `deferringEndTo`,
    /// the window their views left, which stays visible, the did-disappears are queued there for
    /// the end of the turn instead (§1, §2.2 **[rev 2]**).
    ///
    /// A root whose view a callback of an earlier one has put back in `window`, visible again (the
    /// window shown again, say), is the window's to drive from then on, and is passed over: the
    /// premise is checked when the root's turn comes, in each half.
    static func exit(
        _ roots: [Controller], animated: Bool = false, source: EventSource, rule: Rule = .windowExit,
        sparingThoseBackIn window: Window? = nil, deferringEndTo endWindow: Window? = nil
    ) {
        DeliveryLoop.runListed(.beginLeavingRoot, for: roots) { root in
            guard DeliveryLoop.verdict(.leaving(root, unlessBackIn: window)) == .hold else { return }
            run(
                from: root, step: .begin(appearing: false, animated: animated),
                source: source, rule: rule, rootIsManual: false, deferringEndTo: endWindow)
            if let endWindow { DeliveryLoop.queueEndIfOpen(of: root, in: endWindow) }
        }
        guard endWindow == nil else { return }
        DeliveryLoop.runListed(.endLeavingRoot, for: roots) { root in
            guard DeliveryLoop.verdict(.leaving(root, unlessBackIn: window)) == .hold else { return }
            run(from: root, step: .end(appearing: false), source: source, rule: rule, rootIsManual: false)
        }
    }
}
