/// One appearance step applied to a controller and forwarded down the tree.
enum AppearanceStep {
    /// Whether the step begins a transition.
    var isBegin: Bool {
        if case .begin = self { return true }
        return false
    }

    /// Begin appearing (`true`) or disappearing (`false`).
    /// Its `viewIsAppearing(_:)` comes later: from a layout pass (``LayoutPass``), or right before
    /// its `viewDidAppear(_:)` (spec §1, §3).
    case begin(appearing: Bool, animated: Bool)
    /// End the open transition: toward appeared (`true`), disappeared (`false`), or, for a manual
    /// `endAppearanceTransition()`, whatever is open (`nil`).
    case end(appearing: Bool?)
}

/// Walks the controller tree applying an appearance step: the controller first, then, after its
/// callback returns, every child it forwards to (F1), pre-order, without recursion (a chain
/// 100,000 deep must not overflow the stack). The walk plans who takes the step and when; the
/// loop takes it on each (``DeliveryLoop/take(_:on:source:rule:manual:)``), committing it to the
/// controller's appearance machine before sending its callbacks.
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
    ///
    /// Each child's step is planned with its premises (``PlannedStep``) on the loop's agenda
    /// (``DeliveryLoop/agenda``), above the steps of the walk or transition side that began this
    /// walk, and the walk asks
    /// ``DeliveryLoop/verdict(_:)`` whether they still hold when it comes to the step: a step that no
    /// longer applies is dropped, and a begin step whose premises a callback broke is handed to the
    /// ``AppearanceReconciler``, never patched in place.
    ///
    /// `rule` is the one the root's callbacks follow; the children it forwards to follow F1.
    ///
    /// `deferringEndTo`: the walk begins a disappearance because a view left that window, which
    /// stays visible: each controller it begins disappearing has its did-disappear queued there for
    /// the end of the turn (§1, §2.2 **[rev 2]**), not sent by a walk's end step.
    static func run(
        from root: Controller, step: AppearanceStep, source: EventSource, rule: Rule, rootIsManual: Bool,
        sparingMovesOf window: Window? = nil, deferringEndTo endWindow: Window? = nil
    ) {
        // A navigation controller's top whose move waits for its first appearance ends it once this
        // walk, its appearance's end, is over (spec §6).
        let stateBefore = root.appearanceState
        defer { if !step.isBegin { root.appearanceEnded(from: stateBefore) } }
        guard
            let childStep = DeliveryLoop.take(
                step, on: root, source: .given(source), rule: rule, manual: rootIsManual, deferringEndTo: endWindow),
            DeliveryLoop.verdict(.forwardingOn(from: root, childStep, under: nil, root: root, revision: 0)) == .hold
        else { return }
        let transitions: Window? = if let window, !window.animationsInFlight.isEmpty { window } else { nil }
        // The walk's steps go on the loop's agenda, above those of the walk or transition side it
        // is nested in.
        let base = DeliveryLoop.agendaTop
        pushForwardingTargets(of: root, onto: &DeliveryLoop.agenda)
        while let planned = DeliveryLoop.nextForwardedStep(above: base) {
            let controller = planned.controller
            switch DeliveryLoop.verdict(.forwarded(planned, childStep, root: root, sparing: transitions)) {
            case .hold: break
            case .moot: continue
            case .rejected:
                AppearanceReconciler.reconcile(
                    controller, after: .stepRejected(childStep, window: window), source: planned.source)
                continue
            }
            let revisionBefore = TreeRevision.current
            _ = DeliveryLoop.take(
                childStep, on: controller, source: .parent(planned.parent), rule: .forwarded, manual: false,
                deferringEndTo: endWindow)
            switch DeliveryLoop.verdict(
                .forwardingOn(from: controller, childStep, under: planned.parent, root: root, revision: revisionBefore))
            {
            case .hold: break
            case .moot: continue
            case .rejected:
                // An appearance now out of any visible window ends at once.
                AppearanceReconciler.reconcile(controller, after: .strandedBelow(root: root), source: planned.source)
                continue
            }
            pushForwardingTargets(of: controller, onto: &DeliveryLoop.agenda)
        }
    }

    /// The controller whose root view is the nearest above `view`, up to `limit` included (up to the
    /// top of the tree without one), if any.
    static func nearestOwner(above view: View, upTo limit: View? = nil) -> Controller? {
        guard view !== limit else { return nil }
        var current = view.superview
        while let candidate = current {
            if let owner = candidate.owningController { return owner }
            if candidate === limit { return nil }
            current = candidate.superview
        }
        return nil
    }

    /// Whether `controller`'s state is where `step` leads, so forwarding it onward is still right.
    static func fits(_ controller: Controller, _ step: AppearanceStep) -> Bool {
        switch (step, controller.appearanceState) {
        case (.begin(true, _), .appearing), (.begin(true, _), .appeared),
            (.begin(false, _), .disappearing), (.begin(false, _), .disappeared),
            (.end(true), .appeared), (.end(false), .disappeared), (.end(nil), _):
            return true
        case (.begin, _), (.end, _):
            return false
        }
    }

    /// Pushes the children that `controller` forwards to automatically (F1) onto the walk's stack,
    /// last child first, so they pop in `children` order (``forEachAutomaticTarget(of:inside:_:)``).
    /// Pushed straight onto the stack, so a walk allocates nothing per node.
    ///
    /// Inlined into the walk, which calls it once a node: out of line, the call cost about six
    /// instructions a node, and a walk from a controller with no children (each walk of a push or
    /// pop) made it only to find nothing to push.
    @inline(__always)
    private static func pushForwardingTargets(
        of controller: Controller, onto stack: inout Agenda
    ) {
        guard let container = controller.asContainer, !container.childList.isEmpty,
            container.appearanceForwarding == .automatic, let containerView = container.storedView
        else { return }
        let revision = TreeRevision.current
        let state = container.appearanceState
        forEachAutomaticTarget(of: container, inside: containerView) { child in
            stack.append(
                .forwarded(PlannedStep(controller: child, parent: container, revision: revision, parentState: state)))
        }
    }

    /// Calls `body` with each child that `container`, which forwards automatically, forwards to
    /// (F1), last child first: those whose root view is loaded and inside `containerView`, the
    /// container's view. The appearance walk and the layout pass read them here.
    ///
    /// A reading that finds every child's root view loaded and inside notes the tree's revision in
    /// the container (``ContainerController/childViewsInsideRevision``); while the trees stay as
    /// they were and no root view was assigned since, the next reading takes every child without
    /// reading their views, a cache line each in a tree too large for the caches. Showing a window
    /// and hiding it walk the same tree five times.
    @inline(__always)
    static func forEachAutomaticTarget(
        of container: ContainerController, inside containerView: View, _ body: (Controller) -> Void
    ) {
        let revision = TreeRevision.current
        let noted = container.childViewsInsideRevision == revision
        var allInside = true
        container.childList.forEachReversed { child in
            #if CONTAINERKIT_INTERNAL_CHECKS
                precondition(!noted || hasRootView(child, inside: containerView), "a stale note on \(container.id)")
            #endif
            if noted || hasRootView(child, inside: containerView) {
                body(child)
            } else {
                allInside = false
            }
        }
        if allInside, !noted { container.childViewsInsideRevision = revision }
    }

    /// Whether `child`'s root view is loaded and inside `containerView`. The usual answer, a root
    /// view that is a subview of the container's own, comes from the view's superview pointer
    /// alone, compared by address: the view is not retained, as a retain touches its reference
    /// count, a cache line before the pointer for a view that starts late in one, and every walk
    /// reads this for every child.
    @inline(__always)
    private static func hasRootView(_ child: Controller, inside containerView: View) -> Bool {
        guard let childView = child.storedView else { return false }
        if childView.superviewStorage?.toOpaque() == Unmanaged.passUnretained(containerView).toOpaque() {
            return true
        }
        return childView.isDescendant(of: containerView)
    }
}

/// What the callbacks a walk delivers name as their source: the one its root's step was given, or,
/// for a child, the parent that forwards the step, whose identity is read only when an observer is
/// in scope (``DeliveryLoop/deliver(_:source:rule:)`` evaluates the source for one alone): a walk
/// with none copies no ``ControllerID`` per node.
enum CallbackSource {
    case given(EventSource)
    case parent(Controller)

    var eventSource: EventSource {
        switch self {
        case .given(let source): source
        case .parent(let parent): .controller(parent.id)
        }
    }
}

/// A step a walk has planned for a child, and the premises it was planned under: the parent that
/// forwards it (F1), that parent's appearance state, and the ``TreeRevision`` then. The walk asks
/// ``DeliveryLoop/verdict(_:)`` whether they still hold when it comes to the step.
struct PlannedStep {
    /// The child the step is for.
    let controller: Controller
    /// The parent that forwards the step to it.
    let parent: Controller
    /// The tree's revision when the walk planned the step.
    let revision: UInt64
    /// The parent's appearance state when the walk planned the step.
    let parentState: AppearanceState

    /// What its callbacks name: the parent. Made when asked for, as only an observer reads it.
    var source: EventSource { .controller(parent.id) }
}

extension Controller {
    /// Whether this controller, which forwards appearance automatically, still reaches `child`
    /// (F1), and is still in the tree of `root`, the walk's: `child` is still its child, with its
    /// root view still inside its view, and this controller still `root` or below it. A walk checks
    /// it for a child it planned when the trees changed since: the callbacks of the controllers
    /// walked before may have moved either.
    func stillForwards(to child: Controller, below root: Controller) -> Bool {
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
