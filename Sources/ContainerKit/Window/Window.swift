/// A window: the root of a view tree, the owner of a turn queue, and what makes views visible.
///
/// A window is hidden until ``makeKeyAndVisible()`` (or `isHidden = false`). While it is visible,
/// a controller's root view entering it makes the controller appear, and leaving it makes the
/// controller disappear (F2).
///
/// ## Turns
///
/// UIKit does some work inside the call that asks for it and defers the rest to the end of the
/// run-loop turn. ContainerKit has no run loop: each window owns a queue of deferred work, and
/// ``runUntilIdle()`` ends the turn: it runs the deferred work, and completes the animations the
/// window's ``animationDriver`` lets complete, until nothing is left. Nothing happens behind the
/// caller's back: no timers, no threads.
///
/// Showing a window with root `p` and child `c` (``makeKeyAndVisible()``) sends
/// `p.viewWillAppear(animated: false)` and `c.viewWillAppear(animated: false)` inside the call,
/// then `p.viewDidAppear(animated: false)` and `c.viewDidAppear(animated: false)` in
/// ``runUntilIdle()``. A view that leaves it while it is visible gets its `viewWillDisappear`
/// inside the call and its `viewDidDisappear` in ``runUntilIdle()``, as UIKit queues both
/// did-halves after the commit. Hiding it (``isHidden``) sends every `viewWillDisappear`,
/// pre-order, then every `viewDidDisappear`, inside the setter. Each entry point lists its
/// **Callback order**; ``ContainerController`` explains the forwarding.
///
/// ## Release
///
/// The engine never keeps a window alive: controllers, views, transitions, interactive handles and
/// `await`s on transitions hold it weakly or not at all. When the last reference to a visible
/// window goes away, it is hidden first, inside its release, as `isHidden = true` would: every
/// `viewWillDisappear`, pre-order, then every `viewDidDisappear`, with `view.window` already nil in
/// them (a callback must not keep the window it might reach through a superview). Then its remaining
/// work runs at once, off screen: the did-disappears queued by views that left it earlier in the
/// turn run, the transitions in flight complete (`finished: true`, a gesture in
/// progress finished first) as off-screen ones do, with their moves, delegate calls and completions
/// and no appearance callback the hide sent already; the transitions waiting for their turn settle
/// as off-screen ones do; an `await` on any of them returns (spec §1). A hidden window released
/// with transitions waiting, or did-disappears queued, settles and runs them the same way.
@MainActor
open class Window: View {
    /// The window's identity in events.
    public let windowID: WindowID

    /// Completes transition animations. The default, a ``DefaultAnimationDriver``, completes each
    /// one in the ``runUntilIdle()`` in which it starts.
    public var animationDriver: any AnimationDriver = DefaultAnimationDriver()

    /// The transition animations started in this window and not complete yet, and a tab switch
    /// whose did-half waits for the end of the turn (kind `tabSwitch`; no driver sees it).
    /// Only the engine changes it, and it holds no access across a call out (see `Controller`).
    @exclusivity(unchecked) public internal(set) var animationsInFlight: [TransitionAnimation] = []

    /// The status-bar style the window resolved from its controllers (see
    /// ``ContainerController/childForStatusBarStyle``).
    public internal(set) var statusBarStyle: StatusBarStyle = .default

    /// Whether the status bar is hidden, as the window resolved it from its controllers (see
    /// ``ContainerController/childForStatusBarHidden``).
    public internal(set) var isStatusBarHidden = false

    // The engine's stored state is `@exclusivity(unchecked)`, for the reason `Controller`'s is.
    @exclusivity(unchecked) final var storedRootController: Controller?
    /// `nonisolated(unsafe)` so that `deinit` can read whether the window is visible before it
    /// takes the main actor to hide it (see ``release()``).
    @exclusivity(unchecked) nonisolated(unsafe) final var storedIsHidden = true
    /// The turn's work, in the order it runs. `nonisolated(unsafe)` so that `deinit` can read
    /// whether did-disappears are queued, which the release runs (see ``release()``).
    @exclusivity(unchecked) nonisolated(unsafe) final var deferred: [DeferredWork] = []
    /// The serial of the last appearance completion queued (`nextCompletionSerial()`).
    @exclusivity(unchecked) final var lastCompletionSerial: UInt64 = 0
    /// How many did-appears are queued for the next round (``enqueueAppearanceCompletion(_:)``): a
    /// round with none has no layout pass to run.
    @exclusivity(unchecked) final var queuedAppearanceCompletions = 0
    /// The calls that queued the appearance completions waiting, by serial, while observed: each
    /// did-appear names its call as the one that planned it. Kept beside the queue, so that a
    /// completion copied through it carries nothing more when nothing observes.
    @exclusivity(unchecked) final var completionCalls: [UInt64: PlannedCall] = [:]
    @exclusivity(unchecked) final var running: [DeferredWork] = []
    /// Made on first use by a link that must reach this window without keeping it alive; cleared
    /// as `deinit` begins (see ``Liveness``). `nonisolated(unsafe)` for that `deinit`.
    @exclusivity(unchecked) nonisolated(unsafe) final var livenessStorage: Liveness?

    /// `nonisolated(unsafe)` so that `deinit` can read whether work is waiting (see `deinit`).
    @exclusivity(unchecked) nonisolated(unsafe) final var transitionRequests: [VisibleTransitionRequest] = []
    @exclusivity(unchecked) final var isRunningVisibleTransition = false
    #if CONTAINERKIT_INTERNAL_CHECKS
        /// The internal checks' history: a turn of this window was stopped as a runaway, and the
        /// work it dropped left appearances that no turn will end (see `AppearanceDefinition`).
        @exclusivity(unchecked) final var hadRunawayTurn = false
        /// The internal checks' view of the animations whose completion is running: out of
        /// ``animationsInFlight`` already, but their transitions' did-halves still end what they
        /// move (F7), so the definition counts them in flight (see `AppearanceDefinition`).
        @exclusivity(unchecked) final var animationsCompleting: [TransitionAnimation] = []
    #endif

    override var isWindow: Bool { true }

    /// Creates a hidden window with `frame`, named `window#N` in events.
    public override init(frame: Rect = .zero) {
        windowID = WindowID.next(name: nil)
        super.init(frame: frame)
        storedWindow = self
    }

    /// Creates a hidden window with `frame`, named `name` in events.
    public init(name: String, frame: Rect = .zero) {
        windowID = WindowID.next(name: name)
        super.init(frame: frame)
        storedWindow = self
    }

    /// A visible window is hidden first, inside its release, and its remaining work runs at once,
    /// off screen (``release()``, spec §1); so does the work a hidden window has left (visible
    /// transitions waiting for their turn, did-disappears queued). Then the window pointer of every view in the
    /// window's tree is cleared (they point back without holding a reference), so none is left
    /// pointing at freed memory; then `View`'s `deinit` releases the tree. Iterative, for trees
    /// 100,000 deep (DESIGN principle 8).
    ///
    /// Touching the views' storage here is sound: the window holds its tree, and a `deinit` runs where
    /// the last reference is dropped, in practice on the main actor, so no main-actor code runs
    /// meanwhile. The release of a visible window, or of one with work waiting, runs main-actor code:
    /// it must happen on the main actor (it traps otherwise), as every use of a window does.
    deinit {
        livenessStorage?.isAlive = false
        if !storedIsHidden || !transitionRequests.isEmpty || deferred.contains(where: \.isDisappearanceCompletion) {
            MainActor.assumeIsolated { release() }
        }
        forgetViewsWindow()
    }
}

/// Work a window's turn runs.
enum DeferredWork {
    /// The did-appear half of an appearance that began when a view entered the window.
    case completeAppearance(AppearanceCompletion)
    /// The did-disappear half of a disappearance that began when a view left the window.
    case completeDisappearance(DisappearanceCompletion)
    /// The end of an animation the default driver completes.
    case completeAnimation(TransitionAnimation)
    /// The visible transitions of navigation, tab, page and presentation waiting to start.
    case startVisibleTransitions

    /// Whether it is the deferred did-half of an appearance transition a view's move began: the
    /// layout pass of its round comes before the first one.
    var completesAppearanceTransition: Bool {
        switch self {
        case .completeAppearance, .completeDisappearance: true
        case .completeAnimation, .startVisibleTransitions: false
        }
    }

    /// The serial of the did-appear of `controller` it is, if it is one.
    @MainActor func appearanceCompletionSerial(of controller: Controller) -> UInt64? {
        guard case .completeAppearance(let completion) = self, completion.controller === controller else { return nil }
        return completion.serial
    }

    /// The serial of the did-disappear of `controller` it is, if it is one.
    @MainActor func disappearanceCompletionSerial(of controller: Controller?) -> UInt64? {
        guard case .completeDisappearance(let completion) = self, completion.controller === controller else {
            return nil
        }
        return completion.serial
    }

    /// Whether it is a deferred did-disappear.
    var isDisappearanceCompletion: Bool {
        if case .completeDisappearance = self { return true }
        return false
    }

    /// How the runaway-turn violation lists it.
    @MainActor var description: String {
        switch self {
        case .completeAppearance(let completion):
            return
                "complete the appearance of \(completion.controller.map { "\($0.id)" } ?? "a deallocated controller")"
        case .completeDisappearance(let completion):
            return "complete the disappearance of \(completion.controller.id)"
        case .completeAnimation(let animation):
            return "complete the \(animation.kind) animation of \(animation.container)"
        case .startVisibleTransitions:
            return "start the visible transitions waiting"
        }
    }
}
