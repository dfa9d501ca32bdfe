import ContainerKit
import ContainerKitTesting
import Testing

/// A container that records nothing itself; the recorder sees every callback.
final class Parent: ContainerController {}

/// A leaf controller.
final class Leaf: Controller {}

/// Records the moving flags inside appearance callbacks (R8); a subclass may note more in `flags`.
class Flagged: Controller {
    var flags: [String] = []

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        flags.append("willAppear toParent=\(isMovingToParent)")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        flags.append("didAppear toParent=\(isMovingToParent)")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        flags.append("willDisappear fromParent=\(isMovingFromParent)")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        flags.append("didDisappear fromParent=\(isMovingFromParent)")
    }
}

/// A window of the usual test size.
@MainActor
func makeWindow(_ name: String = "window") -> Window {
    Window(name: name, frame: Rect(x: 0, y: 0, width: 320, height: 480))
}

/// The custom-container add of spec §2: `addChild` (R1), the view, then `didMove` (R3).
@MainActor
func embed(_ child: Controller, in parent: ContainerController, frame: Rect? = nil) {
    parent.addChild(child)
    if let frame { child.view.frame = frame }
    parent.view.addSubview(child.view)
    child.didMove(toParent: parent)
}

/// The custom-container removal of spec §2.2: `willMove(toParent: nil)` (R3), the view, then
/// `removeFromParent()`.
@MainActor
func unembed(_ child: Controller) {
    child.willMove(toParent: nil)
    child.view.removeFromSuperview()
    child.removeFromParent()
}

/// Apple's sample of `transition(from:to:…)` (§5) in `container`, animated unless `duration` is 0:
/// `to` is added and `from`'s removal begun before it, and the completion ends both moves.
@MainActor
func swap(
    _ from: Controller, for to: Controller, in container: ContainerController, duration: Double = 0.3,
    animations: (() -> Void)? = nil
) {
    container.addChild(to)
    from.willMove(toParent: nil)
    container.transition(from: from, to: to, duration: duration, animations: animations) { _ in
        to.didMove(toParent: container)
        from.removeFromParent()
    }
}

/// Makes `root` the root of `window`, shows it and ends the turn.
@MainActor
@discardableResult
func show(_ root: Controller, in window: Window = makeWindow()) -> Window {
    window.rootController = root
    window.makeKeyAndVisible()
    window.runUntilIdle()
    return window
}

/// A visible window whose root `root` holds the container `p`, which holds `f`, both embedded, the
/// turn ended: the stage of a `transition(from: f, …)` in `p` whose callbacks can take `p`'s view
/// out of the window.
@MainActor
func showContainerInRoot(holding f: Controller) -> (window: Window, root: Parent, p: Parent) {
    let root = Parent(name: "root")
    let p = Parent(name: "p")
    embed(p, in: root)
    embed(f, in: p)
    return (show(root), root, p)
}

/// What probes note inside their callbacks, in order, across controllers.
@MainActor
final class Notes {
    var lines: [String] = []

    /// The lines noted so far; forgets them.
    func take() -> [String] {
        defer { lines.removeAll() }
        return lines
    }
}

/// A page data source whose only page after any other is `next`: one swipe forward, to `next`.
@MainActor
final class PagesLeadingTo: PageControllerDataSource {
    let next: Controller

    init(_ next: Controller) { self.next = next }

    func pageController(_ page: PageController, controllerAfter controller: Controller) -> Controller? {
        controller === next ? nil : next
    }
}

/// A view that runs `onWillMoveToSuperview`, `onWillMoveToWindow` or `onDidMoveToSuperview` once,
/// from inside the callback of that name.
final class OnceHookedView: View {
    var onWillMoveToSuperview: (() -> Void)?
    var onWillMoveToWindow: (() -> Void)?
    var onDidMoveToSuperview: (() -> Void)?

    override func willMove(toSuperview newSuperview: View?) {
        let hook = onWillMoveToSuperview
        onWillMoveToSuperview = nil
        hook?()
    }

    override func willMove(toWindow newWindow: Window?) {
        let hook = onWillMoveToWindow
        onWillMoveToWindow = nil
        hook?()
    }

    override func didMoveToSuperview() {
        let hook = onDidMoveToSuperview
        onDidMoveToSuperview = nil
        hook?()
    }
}
