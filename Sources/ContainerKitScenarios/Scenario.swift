import ContainerKit
import ContainerKitTranscripts

/// A scenario of the lifecycle reference, played on the real engine.
@MainActor
public struct Scenario {
    /// The name on the command line.
    public let name: String
    /// The spec section or rule it shows.
    public let reference: String
    /// One line for the catalog.
    public let summary: String
    /// Sets the stage, then plays the scenario. Events the closure skips (`recorder.skipEvents()`)
    /// are the setup and are not printed.
    let play: @MainActor (Recorder) -> Stage

    /// What a scenario leaves behind, for `--tree`.
    struct Stage {
        let window: Window
        /// Objects the scenario's controllers hold weakly (delegates) or that are in no window, kept
        /// alive until the output is written.
        var retaining: [AnyObject] = []
    }

    /// How ``output(_:)`` renders a scenario.
    public struct Options: Hashable, Sendable {
        /// A Mermaid sequence diagram instead of the transcript.
        public var mermaid = false
        /// The controller and view trees afterwards.
        public var tree = false
        /// `viewIsAppearing(_:)` lines too.
        public var allCallbacks = false
        /// Each line followed by its cause, as the engine recorded it: the rule of the lifecycle
        /// reference it follows, that rule's evidence (DOC, LOG or MODEL), and the call that planned
        /// it. Ignored with ``mermaid``.
        public var explain = false

        /// Creates options.
        public init(mermaid: Bool = false, tree: Bool = false, allCallbacks: Bool = false, explain: Bool = false) {
            self.mermaid = mermaid
            self.tree = tree
            self.allCallbacks = allCallbacks
            self.explain = explain
        }
    }

    /// Plays the scenario on the real engine and returns what `containerkit` prints for it.
    public func output(_ options: Options = Options()) -> String {
        // The explorer asserts nothing and collects the violations it prints: no failure to report.
        let recorder = Recorder(failureReporter: nil, creationSite: CallSite())
        let stage = recorder.record(violations: .collect) { play(recorder) }
        // In a Mermaid diagram the header is a comment, so the output pastes as it is.
        var lines = ["\(options.mermaid ? "%%" : "#") \(name) (\(reference)): \(summary)"]
        let filter: EventFilter = options.allCallbacks ? .everything : .transcript
        let entries = recorder.pendingEntries.filter(filter.includes)
        recorder.skipEvents()
        if options.mermaid {
            lines.append(MermaidDiagram.render(entries, naming: recorder.name(for:)))
        } else if options.explain {
            lines += Self.legend
            lines += recorder.explain(entries)
        } else {
            lines += entries.map { recorder.render($0.event) }
        }
        lines += recorder.violations.map { "! \($0)" }
        if options.tree {
            lines.append("\n# controllers")
            lines.append(stage.window.rootController?.hierarchyDescription ?? "(no root controller)")
            lines.append("\n# views")
            lines.append(stage.window.recursiveDescription)
        }
        return lines.joined(separator: "\n")
    }
}

extension Scenario {
    /// What `--explain` prints under the header.
    static let legend = [
        "# callback, the rule of spec/lifecycle.md it follows, that rule's evidence, the call that planned it:",
        "# DOC Apple's documentation, LOG a log of real UIKit, MODEL ContainerKit's decision",
    ]
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
