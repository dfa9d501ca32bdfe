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

extension Controller {
    /// Calls `start` with a completion, then ends this controller's window's turns until it has run.
    func awaitCompletion(in window: Window? = nil, _ start: (@escaping () -> Void) -> Void) async {
        let box = CompletionFlag()
        let window = window ?? storedView?.storedWindow
        start { box.isSet = true }
        guard !box.isSet, let window else { return }
        await window.driveTurns { box.isSet }
    }
}

/// Set by a transition's completion closure.
@MainActor
final class CompletionFlag {
    var isSet = false
}
