extension Controller {
    /// Where the controller stands in its appearance cycle (spec §3).
    public var appearanceState: AppearanceState { appearance.appearanceState }

    /// How many controllers are out of ``AppearanceState/disappeared``: appearing, appeared or
    /// disappearing. Kept by ``appearance`` and by `deinit`, so that a walk that looks for such
    /// controllers can be left out when there is none (``AppearanceReconciler``, after a window's
    /// exit). `nonisolated(unsafe)` for `deinit`, which runs on the main actor in practice.
    @exclusivity(unchecked) nonisolated(unsafe) static var shownOrMovingCount = 0

    /// The appearance state machine (spec §3): a change into or out of
    /// ``AppearanceState/disappeared`` takes one from or adds one to ``shownOrMovingCount``.
    var appearance: AppearanceStateMachine {
        get { appearanceStorage }
        set {
            Controller.shownOrMovingCount &+=
                (appearanceStorage.isDisappeared ? 1 : 0) &- (newValue.isDisappeared ? 1 : 0)
            appearanceStorage = newValue
        }
    }

    /// True only inside ``viewWillAppear(_:)`` and ``viewDidAppear(_:)`` that run between
    /// `willMove(toParent: parent)` and the matching `didMove(toParent:)` (R8): UIKit's repeated
    /// one, when the container called `didMove(toParent:)` while this controller was still
    /// appearing (R7), so a `viewDidAppear(_:)` at the end of the turn sees true.
    public var isMovingToParent: Bool {
        switch deliveringAppearance {
        case .willAppear, .didAppear: containment.reportsMovingToParent
        case .isAppearing, .willDisappear, .didDisappear, nil: false
        }
    }

    /// True only inside ``viewWillDisappear(_:)`` and ``viewDidDisappear(_:)`` that run between
    /// `willMove(toParent: nil)` and the matching `didMove(toParent: nil)` (R8): UIKit's repeated
    /// one, when the controller was removed while still disappearing (R7).
    public var isMovingFromParent: Bool {
        switch deliveringAppearance {
        case .willDisappear, .didDisappear: containment.reportsMovingFromParent
        case .willAppear, .isAppearing, .didAppear, nil: false
        }
    }

    /// Tells the controller its view is about to appear (`true`) or disappear (`false`), as UIKit's
    /// `beginAppearanceTransition(_:animated:)`.
    ///
    /// A container that forwards appearance by hand
    /// (``ContainerController/shouldAutomaticallyForwardAppearanceMethods`` is `false`) drives its
    /// children with this and ``endAppearanceTransition()``, typically from its own appearance
    /// callbacks (F4). Acts inside the call, whatever the visibility of the view (spec §1). The
    /// callback goes to this controller, then on to the descendants it forwards to: children of a
    /// custom container that forwards automatically (F1), or the child a built-in container shows
    /// (F6). A call the appearance state machine forbids (spec §3: appearing twice, disappearing
    /// while disappeared) fires nothing, changes nothing and is reported as a warning; one that
    /// reverses an open transition (disappearing while appearing, say) is allowed.
    ///
    /// ## Callback order
    ///
    /// With `c` this controller, inside the call, when `isAppearing` is `true`:
    /// 1. `c.loadView()`, `c.viewDidLoad()` — only when the view is not loaded yet
    /// 2. `c.viewWillAppear(animated:)`
    /// 3. the same for each descendant `c` forwards to, pre-order
    ///
    /// and when `isAppearing` is `false`:
    /// 1. `c.viewWillDisappear(animated:)`
    /// 2. the same for each descendant `c` forwards to, pre-order
    ///
    /// `viewIsAppearing(_:)` comes later, with ``endAppearanceTransition()``.
    ///
    /// - Parameters:
    ///   - isAppearing: `true` when the view is about to appear, `false` when it is about to
    ///     disappear.
    ///   - animated: The flag every callback of this transition carries, the
    ///     ``endAppearanceTransition()`` ones included.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        let call = Planning.enter(
            LifecycleCall(self, "beginAppearanceTransition", (nil, .flag(isAppearing)), ("animated", .flag(animated))))
        defer { Planning.leave(call) }
        defer { checkInvariants() }
        beginDrivingByHand()
        defer { endDrivingByHand() }
        AppearanceWalk.run(
            from: self, step: .begin(appearing: isAppearing, animated: animated),
            source: manualSource, rule: manualRule, rootIsManual: true)
    }

    /// Completes the appearance transition begun with ``beginAppearanceTransition(_:animated:)``, as
    /// UIKit's `endAppearanceTransition()`.
    ///
    /// One call closes whatever is open: `viewDidAppear` after an appearing begin, `viewDidDisappear`
    /// after a disappearing one; after `begin(true)`, `begin(false)`, `begin(true)` a single end
    /// gives `viewDidAppear` only (spec §3). Acts inside the call, whatever the visibility of the
    /// view, and forwards as the begin did. Called with no transition open, it fires nothing,
    /// changes nothing and is reported as a warning.
    ///
    /// ## Callback order
    ///
    /// With `c` this controller, inside the call, after an appearing begin:
    /// 1. `c.viewIsAppearing(animated:)` — once per appearance, when it has not run yet
    /// 2. `c.viewDidAppear(animated:)`
    /// 3. the same for each descendant `c` forwards to, pre-order
    ///
    /// and after a disappearing begin:
    /// 1. `c.viewDidDisappear(animated:)`
    /// 2. the same for each descendant `c` forwards to, pre-order
    ///
    /// `animated` is the flag of the begin call.
    public func endAppearanceTransition() {
        let call = Planning.enter(LifecycleCall(self, "endAppearanceTransition"))
        defer { Planning.leave(call) }
        defer { checkInvariants() }
        beginDrivingByHand()
        defer { endDrivingByHand() }
        AppearanceWalk.run(
            from: self, step: .end(appearing: nil), source: manualSource, rule: manualRule, rootIsManual: true)
    }

    /// A manual begin or end follows F4 when a container drives its child by hand, §3 otherwise.
    private var manualRule: Rule { parent == nil ? .manualAppearance : .forwardedByHand }

    /// A manual begin or end is driven by the parent when there is one, otherwise by code outside the tree.
    private var manualSource: EventSource {
        if let parent { return .controller(parent.id) }
        return .external
    }

    /// Whether the root view is loaded and inside a window that is not hidden.
    package var isInVisibleWindow: Bool { storedView?.isInVisibleWindow ?? false }
}
