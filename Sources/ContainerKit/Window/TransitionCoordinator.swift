/// Describes a transition in progress to the controllers it affects, as UIKit's
/// `UIViewControllerTransitionCoordinator`.
///
/// ``Controller/viewWillTransition(to:with:)`` receives one. Blocks passed to
/// ``animate(alongsideTransition:completion:)`` run with the transition: the animation blocks
/// when it animates, the completions after it ends, cancelled or not.
@MainActor
public protocol TransitionCoordinator: AnyObject {
    /// Whether the transition is animated.
    var isAnimated: Bool { get }
    /// Whether a gesture drives the transition now.
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled.
    var isCancelled: Bool { get }
    /// The transition's duration, in seconds.
    var transitionDuration: Double { get }

    /// Runs `animation` alongside the transition and `completion` after it ends. Returns whether
    /// the blocks were accepted (false once the transition has ended).
    @discardableResult
    func animate(
        alongsideTransition animation: ((any TransitionCoordinator) -> Void)?,
        completion: ((any TransitionCoordinator) -> Void)?
    ) -> Bool

    /// Calls `handler` when the transition stops being interactive (finished or cancelled by the gesture).
    func notifyWhenInteractionChanges(_ handler: @escaping (any TransitionCoordinator) -> Void)
}

/// The engine's coordinator.
@MainActor
final class Coordinator: TransitionCoordinator {
    // `@exclusivity(unchecked)` for the reason `Controller`'s engine state is: each method takes
    // what it runs out of the stored state before it calls out.
    let isAnimated: Bool
    @exclusivity(unchecked) private(set) var isInteractive: Bool
    @exclusivity(unchecked) private(set) var isCancelled = false
    let transitionDuration: Double
    @exclusivity(unchecked) private var alongside: [(any TransitionCoordinator) -> Void] = []
    @exclusivity(unchecked) private var completions: [(any TransitionCoordinator) -> Void] = []
    @exclusivity(unchecked) private var interactionHandlers: [(any TransitionCoordinator) -> Void] = []
    @exclusivity(unchecked) private var hasEnded = false

    init(isAnimated: Bool, duration: Double, isInteractive: Bool = false) {
        self.isAnimated = isAnimated
        self.transitionDuration = duration
        self.isInteractive = isInteractive
    }

    @discardableResult
    func animate(
        alongsideTransition animation: ((any TransitionCoordinator) -> Void)?,
        completion: ((any TransitionCoordinator) -> Void)?
    ) -> Bool {
        guard !hasEnded else { return false }
        if let animation { alongside.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }

    func notifyWhenInteractionChanges(_ handler: @escaping (any TransitionCoordinator) -> Void) {
        // Only an interactive transition changes interaction; the handler of any other never runs.
        guard isInteractive, !hasEnded else { return }
        interactionHandlers.append(handler)
    }

    /// Runs the alongside animation blocks registered so far.
    func runAlongsideAnimations() {
        let blocks = alongside
        alongside.removeAll()
        for block in blocks {
            DeliveryLoop.deliverUnreported(
                BlockStep.coordinatorBlock("animate(alongsideTransition:completion:)", self, block))
        }
    }

    /// The gesture let go: `cancelled` tells which way; the interaction handlers run.
    func endInteraction(cancelled: Bool) {
        guard isInteractive else { return }
        isInteractive = false
        isCancelled = cancelled
        let handlers = interactionHandlers
        interactionHandlers.removeAll()
        for handler in handlers {
            DeliveryLoop.deliverUnreported(
                BlockStep.coordinatorBlock("notifyWhenInteractionChanges(_:)", self, handler))
        }
    }

    /// The transition ended: runs the completions, in the order they were registered.
    func complete(cancelled: Bool) {
        guard !hasEnded else { return }
        isCancelled = isCancelled || cancelled
        hasEnded = true
        let blocks = completions
        completions.removeAll()
        alongside.removeAll()
        for block in blocks {
            DeliveryLoop.deliverUnreported(
                BlockStep.coordinatorBlock("animate(alongsideTransition:completion:)", self, block))
        }
    }
}

extension Controller {
    /// Completes the coordinator of the transition this controller runs, if it has one, `cancelled`
    /// or not (its completion blocks run), then stops naming it.
    final func completeOwnTransitionCoordinator(cancelled: Bool) {
        ownTransitionCoordinator?.complete(cancelled: cancelled)
        ownTransitionCoordinator = nil
    }
}
