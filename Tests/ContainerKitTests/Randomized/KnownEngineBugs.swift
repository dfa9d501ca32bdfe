import ContainerKit

/// Guards that keep the default run green while engine bugs the randomized tests found are open.
///
/// Each guard skips the operations that reach one bug, and names it; EngineBugReproductions.swift
/// holds a small reproduction of each. Remove a guard (and its reproduction's `withKnownIssue`)
/// once the bug is fixed. The soak run prints how many steps each guard skipped.
extension RandomWorld {
    /// The bug `step` would reach, if any.
    func knownBug(reachedBy step: PreparedStep, _ operation: Operation) -> String? {
        let facts = step.facts
        if isInteractivePopOpen, facts.container === navigation, !facts.adopting.isEmpty {
            return "N: a push made during a swipe back is checked only when the gesture ends"
        }
        return nil
    }

    private var isInteractivePopOpen: Bool {
        gestures.contains { $0.kind == .navigationPop && $0.handle.state == .interacting }
    }
}
