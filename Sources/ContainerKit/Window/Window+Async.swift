extension Window {
    /// Ends turns until `isDone()` holds: runs the deferred work, and while an animation is held
    /// by a manual driver or an interactive handle, suspends until it completes. Returns early if
    /// nothing is left that could make `isDone()` true.
    func driveTurns(until isDone: () -> Bool) async {
        while !isDone() {
            if hasPendingWork {
                runUntilIdle()
            } else if let animation = animationsInFlight.first {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    animation.onCompletion { _ in continuation.resume() }
                }
            } else {
                return
            }
        }
    }
}

extension ContainerController {
    /// Calls `start` with a completion, then ends this container's window's turns until it has run.
    func awaitCompletion(_ start: (@escaping () -> Void) -> Void) async {
        let box = CompletionFlag()
        start { box.isSet = true }
        guard !box.isSet, let window = storedView?.storedWindow else { return }
        await window.driveTurns { box.isSet }
    }
}

/// Set by a transition's completion closure.
@MainActor
final class CompletionFlag {
    var isSet = false
}
