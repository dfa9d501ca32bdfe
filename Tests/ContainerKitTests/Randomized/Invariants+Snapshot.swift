import ContainerKit

/// What a refused call must leave as it was: parents and children, superviews and subviews,
/// appearance states, loaded views, presentations, the navigation stack, the tabs and the pages,
/// the window and its turn. Identities only, so taking one is cheap; ``lines(naming:)`` renders
/// it for a message.
struct WorldSnapshot: Equatable {
    struct ControllerFacts: Equatable {
        var state: AppearanceState
        var parent: ObjectIdentifier?
        var children: [ObjectIdentifier]
        var isViewLoaded: Bool
        var presented: ObjectIdentifier?
    }

    struct ViewFacts: Equatable {
        var view: ObjectIdentifier
        var superview: ObjectIdentifier?
        var index: Int
    }

    var root: ObjectIdentifier?
    var isHidden: Bool
    var size: Size
    var hasPendingWork: Bool
    var animationsInFlight: Int
    var openGestures: Int
    var stack: [ObjectIdentifier]
    var tabs: [ObjectIdentifier]
    var selectedIndex: Int
    var pages: [ObjectIdentifier]
    var controllers: [ControllerFacts]
    var views: [ViewFacts]
}

extension InvariantChecker {
    func snapshot() -> WorldSnapshot {
        let window = world.window
        let ids = { (controllers: [Controller]) in controllers.map(ObjectIdentifier.init) }
        var views: [WorldSnapshot.ViewFacts] = []
        var pending = world.allViews
        var visited = Set<ObjectIdentifier>()
        while let view = pending.popLast() {
            guard visited.insert(ObjectIdentifier(view)).inserted else { continue }
            let superview = view.superview
            let index = superview?.subviews.firstIndex { $0 === view } ?? -1
            views.append(
                .init(view: ObjectIdentifier(view), superview: superview.map(ObjectIdentifier.init), index: index))
            pending.append(contentsOf: view.subviews)
        }
        return WorldSnapshot(
            root: window.rootController.map(ObjectIdentifier.init), isHidden: window.isHidden, size: window.frame.size,
            hasPendingWork: window.hasPendingWork, animationsInFlight: window.animationsInFlight.count,
            openGestures: world.gestures.filter { $0.handle.state == .interacting }.count,
            stack: ids(world.navigation.controllers), tabs: ids(world.tabBar.controllers),
            selectedIndex: world.tabBar.selectedIndex, pages: ids(world.pages.shownControllers),
            controllers: world.controllers.map { controller in
                .init(
                    state: controller.appearanceState, parent: controller.parent.map(ObjectIdentifier.init),
                    children: ids((controller as? ContainerController)?.children ?? []),
                    isViewLoaded: controller.isViewLoaded,
                    presented: controller.presentedController.map(ObjectIdentifier.init))
            },
            views: views.sorted { UInt(bitPattern: $0.view) < UInt(bitPattern: $1.view) })
    }

    /// The snapshot one fact a line, for a message.
    func lines(of snapshot: WorldSnapshot) -> [String] {
        var names: [ObjectIdentifier: String] = [:]
        for controller in world.controllers { names[ObjectIdentifier(controller)] = "\(controller.id)" }
        for view in world.allViews { names[ObjectIdentifier(view)] = describe(view) }
        let name = { (id: ObjectIdentifier?) in id.map { names[$0] ?? "an unnamed object" } ?? "nil" }
        let list = { (ids: [ObjectIdentifier]) in "[" + ids.map { name($0) }.joined(separator: ", ") + "]" }
        var lines = [
            "window: root \(name(snapshot.root)), hidden \(snapshot.isHidden), \(snapshot.size), pending work "
                + "\(snapshot.hasPendingWork), \(snapshot.animationsInFlight) animations in flight, "
                + "\(snapshot.openGestures) gestures open",
            "nav.controllers = \(list(snapshot.stack))",
            "tabs.controllers = \(list(snapshot.tabs)), selectedIndex \(snapshot.selectedIndex)",
            "page.shownControllers = \(list(snapshot.pages))",
        ]
        for (controller, facts) in zip(world.controllers, snapshot.controllers) {
            var line = "\(controller.id): \(facts.state), parent \(name(facts.parent))"
            if controller is ContainerController { line += ", children \(list(facts.children))" }
            line += facts.isViewLoaded ? ", view loaded" : ", view not loaded"
            if let presented = facts.presented { line += ", presents \(name(presented))" }
            lines.append(line)
        }
        for facts in snapshot.views {
            lines.append(
                facts.superview == nil
                    ? "\(name(facts.view)) in no superview"
                    : "\(name(facts.view)) in \(name(facts.superview)) at \(facts.index)")
        }
        return lines
    }

    /// The facts `before` had and `after` lost (−) and those `after` gained (+); nil when they agree.
    func difference(_ before: WorldSnapshot, _ after: WorldSnapshot) -> String? {
        guard before != after else { return nil }
        let old = lines(of: before)
        let new = lines(of: after)
        let lost = old.filter { !new.contains($0) }.map { "  − \($0)" }
        let gained = new.filter { !old.contains($0) }.map { "  + \($0)" }
        return (lost + gained).joined(separator: "\n")
    }
}
