import ContainerKit

/// An invariant that does not hold, named, with a message a reader can act on.
struct InvariantFailure: Error, Hashable {
    /// The invariant's name: "tree consistency", "callback order (§3, viewDidLoad)", …
    let invariant: String
    let message: String
}

/// Checks the invariants of a ``RandomWorld`` after every step, through the public API and the
/// events the engine delivered.
@MainActor
final class InvariantChecker {
    static let tree = "tree consistency"
    static let placement = "root-view placement (R6)"
    static let callbacks = "callback order (§3, viewDidLoad)"
    static let moves = "moves end once (R7)"
    static let quiescentAppearance = "appeared exactly when in a visible window (once the turn is over)"
    static let builtIns = "built-in container state"
    static let refusal = "a refused call changes nothing (§11)"
    static let teardown = "everything is deallocated after teardown"

    let world: RandomWorld
    private var models: [CallbackModel]
    private let indexByID: [ControllerID: Int]
    private var placements: [PlacementMemo]

    /// The moves that ended with a controller joining a parent (`didMove(toParent: parent)`) in the
    /// step whose events were last absorbed: child and parent, as indices into the world's controllers.
    private var joinedThisStep: [(child: Int, parent: Int)] = []

    /// What the last check saw of a controller's parent and root view's superview, to tell a view
    /// that has not moved since its controller changed parents (R4 moves no view) from one put in
    /// the wrong place.
    private struct PlacementMemo {
        var parent: ObjectIdentifier?
        var superview: ObjectIdentifier?
        var staleSinceReparenting = false
    }

    init(world: RandomWorld) {
        self.world = world
        models = Array(repeating: CallbackModel(), count: world.controllers.count)
        indexByID = Dictionary(uniqueKeysWithValues: world.controllers.enumerated().map { ($1.id, $0) })
        placements = Array(repeating: PlacementMemo(), count: world.controllers.count)
    }

    // MARK: - Callbacks, as they were delivered

    /// Runs the events of one step through each receiver's model of §2 and §3.
    func absorb(_ entries: [RandomEventLog.Entry]) -> InvariantFailure? {
        var failure: InvariantFailure?
        for entry in entries {
            if case .didMove(let child, toParent: let parent?) = entry.event, let child = indexByID[child],
                let parent = indexByID[parent]
            {
                joinedThisStep.append((child, parent))
            }
            guard let index = indexByID[entry.event.receiver] else { continue }
            let problem = models[index].apply(entry) { id in
                id.map { self.indexByID[$0].map { RandomWorld.builtIns.contains($0) } ?? false } ?? false
            }
            if let problem, failure == nil {
                let invariant: String
                switch entry.event {
                case .willMove, .didMove: invariant = Self.moves
                default: invariant = Self.callbacks
                }
                failure = InvariantFailure(
                    invariant: invariant, message: "\(entry.event.receiver): \(problem) — at \(entry.event)")
            }
        }
        return failure
    }

    // MARK: - After every step

    /// Every invariant that holds at any time, then those that hold once the turn is over.
    func check() -> InvariantFailure? {
        for controller in world.controllers
        where world.isUnderManualContainer(controller) {
            world.leftToTheirContainer.insert(ObjectIdentifier(controller))
        }
        for controller in world.controllers where isUnderControllerLeftToItsContainer(controller) {
            world.leftToTheirContainer.insert(ObjectIdentifier(controller))
        }
        // A controller that joined, during the step, a parent under the container that forwards by
        // hand was out of the window's hands meanwhile (F4), even if the same step took it out again
        // (a pop kept for the end of the push that adopted it, say): it is left to its container
        // too, until its state agrees with its visibility.
        for (child, parent) in joinedThisStep {
            let container = world.controllers[parent]
            guard container === world.manualContainer || world.isUnderManualContainer(container) else { continue }
            world.leftToTheirContainer.insert(ObjectIdentifier(world.controllers[child]))
        }
        joinedThisStep = []
        if let message = containmentProblem() ?? viewTreeProblem() ?? presentationProblem() {
            return InvariantFailure(invariant: Self.tree, message: message)
        }
        if let message = placementProblem() {
            return InvariantFailure(invariant: Self.placement, message: message)
        }
        if let message = modelDisagreement() {
            return InvariantFailure(invariant: Self.callbacks, message: message)
        }
        if let message = settledMoveProblem() {
            return InvariantFailure(invariant: Self.moves, message: message)
        }
        if let message = builtInProblem(quiescent: false) {
            return InvariantFailure(invariant: Self.builtIns, message: message)
        }
        guard world.isQuiescent else { return nil }
        if let message = quiescentAppearanceProblem() {
            return InvariantFailure(invariant: Self.quiescentAppearance, message: message)
        }
        if let message = openMoveProblem() {
            return InvariantFailure(invariant: Self.moves, message: message)
        }
        if let message = builtInProblem(quiescent: true) {
            return InvariantFailure(invariant: Self.builtIns, message: message)
        }
        return nil
    }

    /// The tree invariants alone (parents and children, views, presentations): those that hold
    /// inside a callback too (see World+Reentrancy.swift).
    func treeProblem() -> InvariantFailure? {
        (containmentProblem() ?? viewTreeProblem() ?? presentationProblem()).map {
            InvariantFailure(invariant: Self.tree, message: $0)
        }
    }

    /// Each child names its container as parent, and each parent lists the child once.
    private func containmentProblem() -> String? {
        for controller in world.controllers {
            if let parent = controller.parent {
                let entries = parent.children.filter { $0 === controller }.count
                if entries != 1 {
                    return "\(controller.id).parent is \(parent.id), which lists it \(entries) times among its children"
                }
            }
            guard let container = controller as? ContainerController else { continue }
            var seen = Set<ObjectIdentifier>()
            for child in container.children {
                if child.parent !== container {
                    return "\(container.id).children holds \(child.id), whose parent is "
                        + "\(child.parent.map { "\($0.id)" } ?? "nil")"
                }
                if !seen.insert(ObjectIdentifier(child)).inserted {
                    return "\(container.id).children holds \(child.id) twice"
                }
            }
        }
        return nil
    }

    /// Each view has at most one superview, sits once among its subviews, and knows its window (none
    /// while the window it is in is being released).
    private func viewTreeProblem() -> String? {
        var pending = world.allViews
        var visited = Set<ObjectIdentifier>()
        while let view = pending.popLast() {
            guard visited.insert(ObjectIdentifier(view)).inserted else { continue }
            let name = describe(view)
            if let superview = view.superview {
                let entries = superview.subviews.filter { $0 === view }.count
                if entries != 1 {
                    return "\(name).superview is \(describe(superview)), whose subviews hold it \(entries) times"
                }
            }
            for subview in view.subviews where subview.superview !== view {
                return "\(name).subviews holds \(describe(subview)), whose superview is "
                    + "\(subview.superview.map(describe) ?? "nil")"
            }
            var top = view
            var depth = 0
            while let next = top.superview {
                top = next
                depth += 1
                if depth > 1_000 { return "\(name) is inside a cycle of superviews" }
            }
            // The views of a window being released name no window any more (§1 [rev 2]).
            let expected = ObjectIdentifier(top) == world.windowBeingReleased ? nil : top as? Window
            if view.window !== expected {
                return
                    "\(name).window is \(view.window.map(describe) ?? "nil") but its top ancestor is \(describe(top))"
            }
            pending.append(contentsOf: view.subviews)
        }
        return nil
    }

    /// `presentedController` and `presentingController` name each other; a presented controller
    /// has no parent.
    private func presentationProblem() -> String? {
        for controller in world.controllers {
            if let presented = controller.presentedController, presented.presentingController !== controller {
                return "\(controller.id).presentedController is \(presented.id), whose presentingController is "
                    + "\(presented.presentingController.map { "\($0.id)" } ?? "nil")"
            }
            if let presenting = controller.presentingController {
                if presenting.presentedController !== controller {
                    return "\(controller.id).presentingController is \(presenting.id), whose presentedController is "
                        + "\(presenting.presentedController.map { "\($0.id)" } ?? "nil")"
                }
                if let parent = controller.parent {
                    return "\(controller.id) is presented by \(presenting.id) and has a parent, \(parent.id)"
                }
            }
        }
        return nil
    }

    /// Notes where each root view and parent are, without checking them, so that a view move and
    /// a change of parent made in one step, on either side of an armed operation inside a callback,
    /// are told apart: which came first decides whether the view was put in the wrong place or has
    /// not moved since its controller changed parents (see World+Reentrancy.swift).
    func notePlacements() {
        _ = placementProblem(reporting: false)
    }

    /// A root view sits under its parent's views (R6), unless it has not moved since its
    /// controller was given a parent (`addChild` and the built-ins' APIs move no view).
    private func placementProblem(reporting: Bool = true) -> String? {
        for (index, controller) in world.controllers.enumerated() {
            let parent = controller.parent
            let superview = controller.viewIfLoaded?.superview
            let owner = superview.flatMap(RandomWorld.owner)
            let placedWell = parent == nil || owner == nil || owner === parent
            var memo = placements[index]
            let parentID = parent.map(ObjectIdentifier.init)
            let superviewID = superview.map(ObjectIdentifier.init)
            if superviewID != memo.superview {
                memo.staleSinceReparenting = false
            } else if parentID != memo.parent {
                memo.staleSinceReparenting = !placedWell
            }
            memo.parent = parentID
            memo.superview = superviewID
            placements[index] = memo
            if reporting, !placedWell, !memo.staleSinceReparenting, let parent, let owner, let superview {
                return "\(controller.id)'s root view was moved under \(describe(superview)), owned by \(owner.id), "
                    + "but its parent is \(parent.id)"
            }
        }
        return nil
    }

    /// The model built from the events agrees with what the controllers say.
    private func modelDisagreement() -> String? {
        for (index, controller) in world.controllers.enumerated() {
            let model = models[index]
            if model.state != controller.appearanceState {
                return "\(controller.id).appearanceState is \(controller.appearanceState), but its callbacks "
                    + "left it \(model.state)"
            }
            if controller.isViewLoaded != (model.viewDidLoads == 1) {
                return "\(controller.id).isViewLoaded is \(controller.isViewLoaded) after \(model.viewDidLoads) "
                    + "viewDidLoad callbacks"
            }
        }
        return nil
    }

    /// A controller with no move open sits where its last didMove said.
    private func settledMoveProblem() -> String? {
        for (index, controller) in world.controllers.enumerated() {
            let model = models[index]
            guard model.openMove == nil, controller.parent?.id != model.settledParent else { continue }
            return "\(controller.id) has no move open and its last didMove named "
                + "\(CallbackModel.name(model.settledParent)), but its parent is "
                + "\(controller.parent.map { "\($0.id)" } ?? "nil")"
        }
        return nil
    }

    /// Once the turn is over, no move the engine began is left open, except the move of a navigation
    /// controller's top that has not appeared on screen yet: its `didMove(toParent: nav)` comes right
    /// after its first `viewDidAppear`, or a `viewDidDisappear` that comes first (spec §6, off screen;
    /// rev 2). A top appeared out of any visible window (its state was left to a container that
    /// forwards by hand, F4) waits for that viewDidDisappear.
    private func openMoveProblem() -> String? {
        for (index, controller) in world.controllers.enumerated() {
            guard let open = models[index].openMove, open.engineOwned, !models[index].reportedOpenMove else {
                continue
            }
            if let navigation = controller.parent as? NavigationController, open.destination == navigation.id,
                navigation.topController === controller,
                controller.appearanceState != .appeared || !world.isInVisibleWindow(controller)
            {
                continue
            }
            models[index].reportedOpenMove = true
            return "the turn is over, and the move of \(controller.id) to \(CallbackModel.name(open.destination)) "
                + "that a built-in container began has no didMove"
        }
        return nil
    }

    /// Once the turn is over, a controller has appeared exactly when its view is in a visible
    /// window (and has disappeared otherwise), except under the container that forwards by hand:
    /// the engine's ``AppearanceDefinition``, with the history it leaves to its callers kept in
    /// `leftToTheirContainer`. The world's own reading of the trees must agree with it.
    private func quiescentAppearanceProblem() -> String? {
        for controller in world.controllers {
            let definition = AppearanceDefinition(of: controller)
            let visible = world.isInVisibleWindow(controller)
            let expected = definition.expected
            if let message = definitionDisagreement(controller, definition, visible: visible) { return message }
            let key = ObjectIdentifier(controller)
            if definition.driver == .manual {
                world.leftToTheirContainer.insert(key)
                continue
            }
            if world.leftToTheirContainer.contains(key) {
                // Back in the window's hands once its state agrees with its visibility and its view
                // sits where its parent puts it.
                if controller.appearanceState == expected, isPlacedByItsParent(controller) {
                    world.leftToTheirContainer.remove(key)
                }
                continue
            }
            guard controller.appearanceState != expected else { continue }
            let place =
                visible
                ? "its view is in the visible window"
                : controller.viewIfLoaded?.window == nil ? "its view is in no window" : "its window is hidden"
            return "\(controller.id) is \(controller.appearanceState), but \(place)"
        }
        return nil
    }

    /// Where the engine's definition and the world's reading of the trees part: the expected state
    /// is not the one the window's visibility gives, the driver is not `.manual` exactly under the
    /// container that forwards by hand, or, once the turn is over, a transition is said to drive it.
    private func definitionDisagreement(
        _ controller: Controller, _ definition: AppearanceDefinition, visible: Bool
    ) -> String? {
        let underManual = world.isUnderManualContainer(controller)
        guard
            definition.expected != (visible ? .appeared : .disappeared) || (definition.driver == .manual) != underManual
                || definition.driver == .transition
        else { return nil }
        return "the engine's AppearanceDefinition of \(controller.id) (\(definition)) disagrees with the world: "
            + "\(visible ? "in" : "not in") a visible window, \(underManual ? "" : "not ")under the manual container"
    }

    /// The controller's root view is where its parent puts it: inside the parent's view, and for a
    /// built-in container's child, there while the container shows it and out of any window
    /// otherwise.
    private func isPlacedByItsParent(_ controller: Controller) -> Bool {
        guard let view = controller.viewIfLoaded else { return true }
        guard let parent = controller.parent else { return view.superview.flatMap(RandomWorld.owner) == nil }
        let inside = parent.viewIfLoaded.map { view.isDescendant(of: $0) } ?? false
        guard world.isBuiltIn(parent) else { return inside }
        let shown =
            world.navigation.topController === controller || world.tabBar.selectedController === controller
            || world.pages.shownControllers.contains { $0 === controller }
        return shown ? inside : !inside && view.window == nil
    }

    private func isUnderControllerLeftToItsContainer(_ controller: Controller) -> Bool {
        var current = controller.parent
        while let node = current {
            if world.leftToTheirContainer.contains(ObjectIdentifier(node)) { return true }
            current = node.parent
        }
        return false
    }

    /// The navigation stack, the tabs and the pages are children; once the turn is over, they are
    /// all the children.
    private func builtInProblem(quiescent: Bool) -> String? {
        let contents: [(ContainerController, String, [Controller])] = [
            (world.navigation, "controllers", world.navigation.controllers),
            (world.tabBar, "controllers", world.tabBar.controllers),
            (world.pages, "shownControllers", world.pages.shownControllers),
        ]
        for (container, property, list) in contents {
            if Set(list.map(ObjectIdentifier.init)).count != list.count {
                return "\(container.id).\(property) names a controller twice: \(RandomWorld.list(list))"
            }
            if let stranger = list.first(where: { $0.parent !== container }) {
                return "\(container.id).\(property) holds \(stranger.id), whose parent is "
                    + "\(stranger.parent.map { "\($0.id)" } ?? "nil")"
            }
            if quiescent, Set(list.map(ObjectIdentifier.init)) != Set(container.children.map(ObjectIdentifier.init)) {
                return "the turn is over, and \(container.id).children is \(RandomWorld.list(container.children)) "
                    + "while its \(property) is \(RandomWorld.list(list))"
            }
        }
        let tabs = world.tabBar
        if tabs.controllers.isEmpty != (tabs.selectedIndex == TabBarController.noSelection) {
            return "tabs.selectedIndex is \(tabs.selectedIndex) with \(tabs.controllers.count) tabs"
        }
        if !tabs.controllers.isEmpty, !tabs.controllers.indices.contains(tabs.selectedIndex) {
            return "tabs.selectedIndex is \(tabs.selectedIndex) with \(tabs.controllers.count) tabs"
        }
        let page = world.pages
        if !page.shownControllers.isEmpty, page.shownControllers.count != page.pagesShownAtOnce {
            return "page shows \(page.shownControllers.count) pages; it shows \(page.pagesShownAtOnce) at once"
        }
        return nil
    }

    // MARK: - Naming views

    func describe(_ view: View) -> String {
        if view === world.window { return "window" }
        if let controller = view.controller { return "\(controller.id).view" }
        return view.name ?? "an unnamed view"
    }
}
