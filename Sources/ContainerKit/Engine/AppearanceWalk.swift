/// One appearance step applied to a controller and forwarded down the tree.
enum AppearanceStep {
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
    /// call instead, so no stale step reaches them.
    static func run(from root: Controller, step: AppearanceStep, source: EventSource, rootIsManual: Bool) {
        guard let childStep = apply(step, to: root, source: source, manual: rootIsManual), fits(root, childStep)
        else { return }
        var stack: [(controller: Controller, source: EventSource)] = []
        pushForwardingTargets(of: root, onto: &stack)
        while let (controller, source) = stack.popLast() {
            _ = apply(childStep, to: controller, source: source, manual: false)
            if fits(controller, childStep) {
                pushForwardingTargets(of: controller, onto: &stack)
            }
        }
    }

    /// Whether `controller`'s state is where `step` leads, so forwarding it onward is still right.
    private static func fits(_ controller: Controller, _ step: AppearanceStep) -> Bool {
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
        of controller: Controller, onto stack: inout [(controller: Controller, source: EventSource)]
    ) {
        guard let container = controller as? ContainerController, !container.childStorage.isEmpty,
            container.appearanceForwarding == .automatic, let containerView = container.storedView
        else { return }
        let source = EventSource.controller(container.id)
        for child in container.childStorage.reversed() {
            if let childView = child.storedView, childView.isDescendant(of: containerView) {
                stack.append((child, source))
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
        let drivesOwnChildren = (controller as? ContainerController)?.appearanceForwarding == .containerDriven
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
                controller.deliverAppearance(.willAppear, animated: animated, source: source)
                if thenViewIsAppearing {
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

    /// F2: a controller is driven by the window unless its parent reaches it: by forwarding (its
    /// parent forwards automatically and its parent's view, moving too, holds its view) or by hand
    /// (manual or built-in forwarding, F4 and F6).
    private static func isDrivenByWindow(_ controller: Controller, ownerAbove: Controller?) -> Bool {
        guard let parent = controller.storedParent else { return true }
        switch parent.appearanceForwarding {
        case .manual, .containerDriven:
            return false
        case .automatic:
            return ownerAbove !== parent
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
        for root in drivingRoots(in: view) {
            enter(root, window: window, source: source)
        }
    }

    /// The driving root of a leaf view (the common case of a child's root view), found without
    /// setting up a walk; nil when the view has subviews or drives no controller.
    private static func leafRoot(_ view: View) -> Controller? {
        guard view.subviews.isEmpty, let controller = view.owningController,
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
            source: source, rootIsManual: false)
        let epoch = root.appearance.epoch
        window.updateAppearanceCompletion(serial: queued.serial) { completion in
            completion.rootBegan = epoch != completion.epoch
            completion.epoch = epoch
        }
    }

    /// `view` left the visible `window` (or the window was hidden): every will-disappear, pre-order,
    /// then every did-disappear, pre-order, inside the call.
    static func windowExit(of view: View, window: Window) {
        let source = EventSource.window(window.windowID)
        if let root = leafRoot(view) {
            run(
                from: root, step: .begin(appearing: false, animated: false, timing: .beforeDidAppear),
                source: source, rootIsManual: false)
            run(from: root, step: .end(appearing: false), source: source, rootIsManual: false)
            return
        }
        let roots = drivingRoots(in: view)
        for root in roots {
            run(
                from: root, step: .begin(appearing: false, animated: false, timing: .beforeDidAppear),
                source: source, rootIsManual: false)
        }
        for root in roots {
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
