extension Window {
    /// Ends `window`'s turns until `isDone()` holds: runs the deferred work, and while an animation
    /// is held by a manual driver or an interactive handle, suspends until it completes. Returns
    /// early if nothing is left that could make `isDone()` true, or once the window is gone.
    ///
    /// The window is held only weakly across each suspension: the engine never keeps a window
    /// alive (spec §1). A visible window released meanwhile completes its transitions as it goes
    /// (``Window`` explains its release), which resumes the wait.
    static func driveTurns(of reference: WeakWindowReference, until isDone: () -> Bool) async {
        while !isDone() {
            let animation: TransitionAnimation
            switch nextStep(of: reference.window) {
            case .ranTurn: continue
            case .wait(let held): animation = held
            case .stop: return
            }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                animation.onCompletion { _ in continuation.resume() }
            }
        }
    }

    /// What ``driveTurns(of:until:)`` does next: a turn, run here; a wait for an animation in
    /// flight; or nothing (no window, or no work and no animation left).
    private enum TurnStep {
        case ranTurn
        case wait(TransitionAnimation)
        case stop
    }

    /// Runs `window`'s turn if it has work, or names the animation to wait for; holds the window
    /// only for the duration of the call.
    private static func nextStep(of window: Window?) -> TurnStep {
        guard let window else { return .stop }
        if window.hasPendingWork {
            window.runUntilIdle()
            return .ranTurn
        }
        if let animation = window.animationsInFlight.first { return .wait(animation) }
        return .stop
    }
}

extension Controller {
    /// Calls `start` with a completion, then ends this controller's window's turns until it has run.
    /// The window is not kept alive meanwhile (spec §1).
    func awaitCompletion(in window: Window? = nil, _ start: (@escaping () -> Void) -> Void) async {
        let box = CompletionFlag()
        let reference = WeakWindowReference(window: window ?? storedView?.storedWindow)
        start { box.isSet = true }
        guard !box.isSet, reference.window != nil else { return }
        await Window.driveTurns(of: reference, until: { box.isSet })
    }
}

/// A window held weakly, so that an `await` on one of its transitions does not keep it alive.
@MainActor
struct WeakWindowReference {
    weak var window: Window?
}

/// Set by a transition's completion closure.
@MainActor
final class CompletionFlag {
    var isSet = false
}
