import ContainerKit

/// One random sequence of the behaviour corpus, as canonical text: what the engine did, said and
/// left, named by the world's controller and view names only (no addresses, no serial numbers, no
/// dictionary order, no timing), so that the text, and its hash, are the same in every run.
///
/// The text, one item a line:
/// - a header: the seed, the world's configuration, the number of steps;
/// - `setup`, then each step as `step N: <label>` (or `step N: skipped …`), then `teardown`, each
///   followed by the events delivered, indented, as a recorder renders them (`viewIsAppearing`
///   included), and the contract violations reported, in delivery order, as
///   `! <severity> <kind> [<controllers>]`; an operation a re-entrant step runs inside a callback
///   is marked where it starts (`↪ inside a.viewWillAppear`) and ends (`↩ end of …: <label>`);
/// - before `teardown`, `end state` and the world after the last step (``RandomWorld/endStateLines()``);
/// - the outcome: steps run and skipped, and the invariant broken, if one was.
///
/// The corpus stores ``hash`` (FNV-1a 64 over the text's UTF-8 bytes); ``text`` is what a mismatch
/// prints, to compare with the same seed on another commit.
@MainActor
struct CorpusSequence {
    /// The number of steps of every corpus sequence (the randomized suite's default).
    nonisolated static let steps = 100

    let seed: UInt64
    let text: String
    /// The invariant the sequence broke, if it broke one (the text says so too).
    let failure: SequenceFailure?

    var hash: UInt64 { FNV1a64.hash(text) }

    /// Runs the sequence `seed` names, as the randomized suite runs it (invariants checked after
    /// every step), keeping its history.
    init(seed: UInt64, steps: Int = CorpusSequence.steps) {
        self.seed = seed
        let operations = SequenceRunner.operations(seed: seed, count: steps)
        let recording = SequenceRecording { $0.endStateLines() }
        CrashReporter.start(seed: seed)
        let outcome = SequenceRunner.run(seed: seed, operations: operations, recording: recording)
        CrashReporter.stop()
        var lines = ["seed \(seed) (\(RandomWorld.Configuration(seed: seed))), \(steps) steps"]
        lines.reserveCapacity(recording.history.count + 2)
        for item in recording.history {
            switch item {
            case .mark(let line):
                lines.append(line)
            case .event(let event):
                lines.append("  " + event.description(naming: Self.name))
            case .violation(let violation):
                lines.append("  " + Self.line(violation))
            }
        }
        failure = outcome.failure
        var summary = "outcome: \(outcome.stepsRun) steps run, \(outcome.stepsSkipped) skipped"
        if let failure = outcome.failure {
            summary += "; \(failure.failure.invariant) broken at step \(failure.step)"
        }
        lines.append(summary)
        text = lines.joined(separator: "\n") + "\n"
    }

    /// A controller's name; every controller of the world has one, so the serial number, which
    /// depends on what ran before in the process, never shows.
    nonisolated static func name(_ id: ControllerID) -> String {
        id.name ?? "an unnamed \(id.typeName)"
    }

    /// `! warning unexpectedWillMove [a, box]`: the kind, the severity and the controllers, not the
    /// message (its wording may change; what it reports may not).
    nonisolated static func line(_ violation: ContractViolation) -> String {
        "! \(violation.severity.rawValue) \(violation.kind.rawValue) "
            + "[\(violation.controllers.map(name).joined(separator: ", "))]"
    }
}

extension RandomWorld {
    /// The world as the corpus records it after the last step: the window (root, visibility, size,
    /// pending work, animations, open gestures), the built-in containers' stacks, tabs and pages,
    /// each controller (appearance state, parent, children, view, presentation links, moves), then
    /// every view tree, window first, in pre-order with frames.
    func endStateLines() -> [String] {
        let names = { (controllers: [Controller]) in
            "[" + controllers.map { CorpusSequence.name($0.id) }.joined(separator: ", ") + "]"
        }
        let name = { (controller: Controller?) in controller.map { CorpusSequence.name($0.id) } ?? "nil" }
        var lines = [
            "window: root \(name(window.rootController)), \(window.isHidden ? "hidden" : "shown"), "
                + "\(window.frame.size), \(window.hasPendingWork ? "work pending" : "no work pending"), "
                + "\(gestures.filter { $0.handle.state == .interacting }.count) gestures open"
        ]
        for animation in window.animationsInFlight {
            lines.append(
                "animation: \(animation.kind) in \(CorpusSequence.name(animation.container)), "
                    + "from [\(animation.fromControllers.map(CorpusSequence.name).joined(separator: ", "))] "
                    + "to [\(animation.toControllers.map(CorpusSequence.name).joined(separator: ", "))]"
                    + (animation.isInteractive ? ", interactive" : ""))
        }
        lines.append(
            "nav: stack \(names(navigation.controllers)), top \(name(navigation.topController)), "
                + "visible \(name(navigation.visibleController))")
        lines.append(
            "tabs: \(names(tabBar.controllers)), selected index \(tabBar.selectedIndex), "
                + "selected \(name(tabBar.selectedController))")
        lines.append("page: shown \(names(pages.shownControllers))")
        for controller in controllers {
            var line = "\(CorpusSequence.name(controller.id)): \(controller.appearanceState), "
            line += "parent \(name(controller.parent))"
            if let container = controller as? ContainerController { line += ", children \(names(container.children))" }
            line += controller.isViewLoaded ? ", view loaded" : ", view not loaded"
            if let presented = controller.presentedController { line += ", presents \(name(presented))" }
            if let presenting = controller.presentingController { line += ", presented by \(name(presenting))" }
            if controller.isBeingPresented { line += ", being presented" }
            if controller.isBeingDismissed { line += ", being dismissed" }
            if controller.isMovingToParent { line += ", moving to its parent" }
            if controller.isMovingFromParent { line += ", moving from its parent" }
            lines.append(line)
        }
        // Each tree once, from its root: the window's first, then those of the plain views and of
        // the loaded root views not in it, in the world's order.
        var roots: [View] = []
        for view in allViews {
            var root = view
            while let superview = root.superview { root = superview }
            if !roots.contains(where: { $0 === root }) { roots.append(root) }
        }
        for root in roots {
            var pending: [(view: View, depth: Int)] = [(root, 0)]
            while let (view, depth) = pending.popLast() {
                lines.append(String(repeating: "  ", count: depth) + "\(viewName(view)) \(view.frame)")
                pending.append(contentsOf: view.subviews.reversed().map { ($0, depth + 1) })
            }
        }
        return lines
    }

    private func viewName(_ view: View) -> String {
        if view === window { return "window" }
        if let controller = view.controller { return "\(CorpusSequence.name(controller.id)).view" }
        return view.name ?? "an unnamed view"
    }
}
