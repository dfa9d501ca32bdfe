import ContainerKit
import ContainerKitTesting

/// A scenario of the lifecycle reference, played on the real engine.
@MainActor
struct Scenario {
    /// The name on the command line.
    let name: String
    /// The spec section or rule it shows.
    let reference: String
    /// One line for the catalog.
    let summary: String
    /// Sets the stage, then plays the scenario. Events recorded before `play` returns its
    /// `Stage` are the setup and are not printed.
    let play: @MainActor (Recorder) -> Stage

    /// What a scenario leaves behind, for `--tree`.
    struct Stage {
        let window: Window
    }
}

/// A container with no behaviour of its own: the engine does everything.
final class Container: ContainerController {}

/// A container that forwards appearance to one child by hand (F4).
final class ManualContainer: ContainerController {
    var driven: Controller?

    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        driven?.beginAppearanceTransition(true, animated: animated)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        driven?.endAppearanceTransition()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        driven?.beginAppearanceTransition(false, animated: animated)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        driven?.endAppearanceTransition()
    }
}

@MainActor
extension Scenario {
    /// A window of a phone's size.
    static func makeWindow() -> Window {
        Window(name: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844))
    }

    /// The three steps of adding a child (R1, R3).
    static func embed(_ child: Controller, in parent: ContainerController) {
        parent.addChild(child)
        child.view.frame = parent.view.bounds
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
    }

    /// A visible window whose root is `root`, its turn ended.
    static func show(_ root: Controller) -> Window {
        let window = makeWindow()
        window.rootController = root
        window.makeKeyAndVisible()
        window.runUntilIdle()
        return window
    }
}
