extension Controller {
    /// Where the controller stands in its appearance cycle (spec §3).
    public var appearanceState: AppearanceState { appearance.appearanceState }

    /// True only inside ``viewWillAppear(_:)`` and ``viewDidAppear(_:)`` that run between
    /// `willMove(toParent: parent)` and the matching `didMove(toParent:)` (R8).
    public var isMovingToParent: Bool {
        switch deliveringAppearance {
        case .willAppear, .didAppear: containment.isMovingToParent
        case .isAppearing, .willDisappear, .didDisappear, nil: false
        }
    }

    /// True only inside ``viewWillDisappear(_:)`` and ``viewDidDisappear(_:)`` that run between
    /// `willMove(toParent: nil)` and the matching `didMove(toParent: nil)` (R8).
    public var isMovingFromParent: Bool {
        switch deliveringAppearance {
        case .willDisappear, .didDisappear: containment.isMovingFromParent
        case .willAppear, .isAppearing, .didAppear, nil: false
        }
    }

    /// Tells the controller its view is about to appear (`true`) or disappear (`false`), as UIKit's
    /// `beginAppearanceTransition(_:animated:)`.
    ///
    /// A container that forwards appearance by hand
    /// (``ContainerController/shouldAutomaticallyForwardAppearanceMethods`` is `false`) drives its
    /// children with this and ``endAppearanceTransition()``, typically from its own appearance
    /// callbacks (F4). Acts inside the call, whatever the visibility. A call the §3 table forbids
    /// fires nothing, changes nothing and is reported as a warning.
    ///
    /// **Callback order**: `loadView()` and `viewDidLoad()` if the view is not loaded (appearing
    /// only), then `viewWillAppear(animated)` or `viewWillDisappear(animated)`, then the same for
    /// each descendant the controller forwards to, in pre-order.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        defer { checkInvariants() }
        AppearanceWalk.run(
            from: self, step: .begin(appearing: isAppearing, animated: animated, timing: .beforeDidAppear),
            source: manualSource, rootIsManual: true)
    }

    /// Completes the appearance transition begun with ``beginAppearanceTransition(_:animated:)``.
    /// One call closes whatever is open: `viewDidAppear` after an appearing begin, `viewDidDisappear`
    /// after a disappearing one.
    ///
    /// **Callback order**: `viewIsAppearing(animated)` (if it has not run) and `viewDidAppear(animated)`,
    /// or `viewDidDisappear(animated)`; then the same for each descendant forwarded to, in pre-order.
    public func endAppearanceTransition() {
        defer { checkInvariants() }
        AppearanceWalk.run(from: self, step: .end(appearing: nil), source: manualSource, rootIsManual: true)
    }

    /// A manual begin or end is driven by the parent when there is one, otherwise by code outside the tree.
    private var manualSource: EventSource {
        if let parent { return .controller(parent.id) }
        return .external
    }

    /// Whether the root view is loaded and inside a window that is not hidden.
    package var isInVisibleWindow: Bool {
        guard let window = storedView?.window else { return false }
        return !window.isHidden
    }
}
