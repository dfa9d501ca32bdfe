/// Decides when the animated transitions of a window complete (spec §1).
///
/// Only transitions with `animated == true` reach the driver; a non-animated one completes as
/// soon as it starts. The window hands each animation to its driver when it starts; the driver
/// completes it with ``TransitionAnimation/complete(finished:)`` whenever it chooses. The testing
/// module's `ManualAnimationDriver` holds them until a test finishes them.
///
/// An interactive transition (a swipe back, a page swipe, a sheet pulled down) reaches the driver
/// when it begins, with ``TransitionAnimation/isInteractive`` true, and waits for its
/// ``InteractiveTransition`` handle: a driver never completes it while the gesture lasts. When the
/// handle's `finish()` or `cancel()` ends the gesture, the window calls ``interactionDidEnd(_:in:)``
/// and the rest of the animation is the driver's, like any other.
@MainActor
public protocol AnimationDriver: AnyObject {
    /// `animation` started in `window`. Complete it now or later with
    /// ``TransitionAnimation/complete(finished:)`` (an interactive one only after its gesture ends).
    func animationDidStart(_ animation: TransitionAnimation, in window: Window)

    /// The gesture driving `animation` ended (finished or cancelled); complete the rest of the
    /// animation now or later. The default hands it to ``animationDidStart(_:in:)`` again.
    func interactionDidEnd(_ animation: TransitionAnimation, in window: Window)
}

extension AnimationDriver {
    public func interactionDidEnd(_ animation: TransitionAnimation, in window: Window) {
        animationDidStart(animation, in: window)
    }
}

/// The driver every window starts with: it completes each animation (`finished: true`) in the
/// ``Window/runUntilIdle()`` in which it starts, or the next one if it started outside a turn.
@MainActor
public final class DefaultAnimationDriver: AnimationDriver {
    /// Creates the driver.
    public init() {}

    public func animationDidStart(_ animation: TransitionAnimation, in window: Window) {
        guard !animation.isInteractive else { return }
        window.enqueue(.completeAnimation(animation))
    }
}

/// An animated transition in flight in a window.
@MainActor
public final class TransitionAnimation {
    /// What kind of transition is animating.
    public enum Kind: String, Hashable, Sendable, CustomStringConvertible {
        /// `transition(from:to:duration:options:animations:completion:)` of a custom container.
        case containerTransition
        /// A navigation controller's push, pop or stack change.
        case navigation
        /// A tab bar controller's selection change.
        case tabSwitch
        /// A page controller's page turn.
        case paging
        /// A presentation.
        case presentation
        /// A dismissal.
        case dismissal

        public var description: String { rawValue }
    }

    /// What kind of transition is animating.
    nonisolated public let kind: Kind
    /// The controller running the transition: the container, or the presenting controller.
    nonisolated public let container: ControllerID
    /// The controllers whose views the transition takes out.
    nonisolated public let fromControllers: [ControllerID]
    /// The controllers whose views the transition brings in.
    nonisolated public let toControllers: [ControllerID]
    /// The duration asked for, in seconds.
    nonisolated public let duration: Double
    /// The options asked for.
    nonisolated public let options: TransitionOptions
    /// The handle of the gesture driving this transition, if it is interactive.
    public let interaction: InteractiveTransition?
    /// Whether a gesture drives the transition now: from an interactive begin until the handle's
    /// `finish()` or `cancel()`.
    public var isInteractive: Bool { interaction?.state == .interacting }
    /// Whether the animation has completed.
    public private(set) var isComplete = false
    /// Whether it ran to its end (`true`) or was cut short (`false`); nil while in flight.
    public private(set) var finished: Bool?

    /// The container running the transition, nil once it has gone away.
    var containerController: Controller? { containerLink.object }
    /// The window the transition runs in, nil once it has gone away.
    var window: Window? { windowLink.object }
    private let containerLink: LivenessLink<Controller>
    private let windowLink: LivenessLink<Window>
    private var completion: ((Bool) -> Void)?
    /// The call that started the transition: its did-callbacks name it as the call that planned them.
    private let plannedBy = Planning.current
    private var completionObservers: [(Bool) -> Void] = []

    init(
        kind: Kind, container: Controller, from: [Controller], to: [Controller], duration: Double,
        options: TransitionOptions = [], interaction: InteractiveTransition? = nil, window: Window,
        completion: @escaping (Bool) -> Void
    ) {
        self.interaction = interaction
        self.kind = kind
        self.container = container.id
        self.containerLink = LivenessLink(container)
        self.fromControllers = from.map(\.id)
        self.toControllers = to.map(\.id)
        self.duration = duration
        self.options = options
        self.windowLink = LivenessLink(window)
        self.completion = completion
        interaction?.container = container.id
    }

    /// Completes the animation: the transition's did-callbacks and completion run inside this call.
    ///
    /// An animation driver calls it, whenever it chooses; the default driver does in the
    /// ``Window/runUntilIdle()`` in which the animation starts. `finished: false` means the
    /// animation was cut short (`transition(from:to:…)` passes it to its completion). Completing an
    /// animation that is complete already does nothing; completing one whose gesture is still in
    /// progress is refused (a fault, nothing fires): end the gesture with its
    /// ``InteractiveTransition`` first.
    ///
    /// ## Callback order
    ///
    /// Inside the call:
    /// 1. the second half of the transition's order: its did-callbacks, moves, delegate calls,
    ///    completions and deallocations, as the call that started it lists them
    /// 2. the handlers given to ``onCompletion(_:)``, with `finished`
    ///
    /// - Parameter finished: `true` when the animation ran to its end, `false` when it was cut short.
    public func complete(finished: Bool = true) {
        guard !isComplete else { return }
        guard !isInteractive else {
            ContractViolation(
                kind: .completingInteractiveAnimation, severity: .fault, controllers: [container],
                message: "The \(kind) animation of \(container) is driven by a gesture; it completes only after its "
                    + "InteractiveTransition's finish() or cancel(). Nothing was completed."
            ).report()
            return
        }
        isComplete = true
        self.finished = finished
        window?.animationEnded(self)
        let completion = self.completion
        self.completion = nil
        #if CONTAINERKIT_INTERNAL_CHECKS
            let window = window
            window?.animationsCompleting.append(self)
            defer { window?.animationsCompleting.removeLast() }
        #endif
        // A gesture's end plans what follows it; otherwise the call that started the transition did.
        Planning.resume(interaction?.endedBy ?? plannedBy) { completion?(finished) }
        let observers = completionObservers
        completionObservers.removeAll()
        for observer in observers { observer(finished) }
    }

    /// Calls `handler` with `finished` once the animation has completed and its transition's
    /// callbacks and completion have run; at once if it has completed already.
    public func onCompletion(_ handler: @escaping (Bool) -> Void) {
        if let finished {
            handler(finished)
        } else {
            completionObservers.append(handler)
        }
    }
}

/// Options of `transition(from:to:duration:options:animations:completion:)`, as UIKit's
/// `UIView.AnimationOptions`. ContainerKit renders nothing; the options are kept on the
/// ``TransitionAnimation`` for tests to read.
public struct TransitionOptions: OptionSet, Hashable, Sendable {
    /// The option bits, laid out as in `UIView.AnimationOptions`.
    public let rawValue: UInt

    /// Creates options from their bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Touches reach the views while the transition runs.
    public static let allowUserInteraction = TransitionOptions(rawValue: 1 << 1)
    /// Slow at the start and the end (the default curve).
    public static let curveEaseInOut = TransitionOptions(rawValue: 0 << 16)
    /// Slow at the start.
    public static let curveEaseIn = TransitionOptions(rawValue: 1 << 16)
    /// Slow at the end.
    public static let curveEaseOut = TransitionOptions(rawValue: 2 << 16)
    /// Even throughout.
    public static let curveLinear = TransitionOptions(rawValue: 3 << 16)
    /// Flips the views about their vertical axis, left edge towards the viewer.
    public static let transitionFlipFromLeft = TransitionOptions(rawValue: 1 << 20)
    /// Flips the views about their vertical axis, right edge towards the viewer.
    public static let transitionFlipFromRight = TransitionOptions(rawValue: 2 << 20)
    /// Curls the outgoing view up from the bottom.
    public static let transitionCurlUp = TransitionOptions(rawValue: 3 << 20)
    /// Curls the incoming view down from the top.
    public static let transitionCurlDown = TransitionOptions(rawValue: 4 << 20)
    /// Fades the outgoing view into the incoming one.
    public static let transitionCrossDissolve = TransitionOptions(rawValue: 5 << 20)
    /// Flips the views about their horizontal axis, top edge towards the viewer.
    public static let transitionFlipFromTop = TransitionOptions(rawValue: 6 << 20)
    /// Flips the views about their horizontal axis, bottom edge towards the viewer.
    public static let transitionFlipFromBottom = TransitionOptions(rawValue: 7 << 20)
}
