/// A view controller: UIKit's `UIViewController`, without rendering.
///
/// A controller owns a root view, loaded lazily the first time ``view`` is read (``loadView()``
/// then ``viewDidLoad()``, exactly once), and receives the appearance callbacks
/// (``viewWillAppear(_:)``, ``viewIsAppearing(_:)``, ``viewDidAppear(_:)``,
/// ``viewWillDisappear(_:)``, ``viewDidDisappear(_:)``) and the containment callbacks
/// (``willMove(toParent:)``, ``didMove(toParent:)``) in the order UIKit sends them.
///
/// Override the callbacks as in UIKit, and call `super`: an override of an appearance or
/// containment callback that skips `super` is reported as a ``ContractViolation``.
///
/// Three state machines, each a plain value, hold the whole lifecycle: view loading, appearance
/// (``appearanceState``) and containment. The controller interprets their actions; it keeps no
/// other lifecycle flags.
@MainActor
open class Controller {
    // The fields an appearance walk reads for every controller come first, and the small ones
    // next to each other: classes are laid out in declaration order, so the appearance machine, the
    // super-call bookkeeping, the root view and the parent end within the object's first 64 bytes,
    // beside the reference count every walk touches first, and a walk over a tree too large for the
    // caches misses less (one line per controller, or two, at malloc's 16-byte alignment). What
    // few controllers use (titles and bar items, a preferred content size) lives in
    // ``ControllerExtras``, and presentation in ``PresentationState``, so a container's children
    // follow close behind. The engine's own stored state is `@exclusivity(unchecked)`: the engine
    // commits state before it calls out (DESIGN principle 3) and never holds an access across a
    // call out, so the runtime's dynamic exclusivity checks, a quarter of a containment round
    // trip's instructions, could only ever pass.

    /// The appearance machine, changed only through ``appearance``.
    @exclusivity(unchecked) final var appearanceStorage = AppearanceStateMachine()

    /// The appearance callback being delivered to this controller, if any (for R8's flags).
    @exclusivity(unchecked) final var deliveringAppearance: AppearanceCallback?

    /// The appearance step being delivered to this built-in container, which its base appearance
    /// callbacks forward to its visible children (F6).
    @exclusivity(unchecked) final var drivenStep: AppearanceStep?

    /// Set by the base `viewWillTransition(to:with:)`: the engine then forwards to the children.
    @exclusivity(unchecked) final var forwardsSizeTransition = false

    /// The rule its deallocation cites: set by a built-in container or a dismissal as it lets go of
    /// the controller (a deallocation's cause, read in `deinit`).
    @exclusivity(unchecked) nonisolated(unsafe) final var releaseRule = Rule.release

    /// The callback whose base implementation the running override is expected to reach. Beside
    /// ``deliveringAppearance``: a delivery saves and restores both.
    @exclusivity(unchecked) final var awaitingSuper: SuperCall?

    /// The root view; nil until loaded.
    @exclusivity(unchecked) final var storedView: View?

    /// The parent (see ``parentStorage``).
    nonisolated final var storedParent: ContainerController? {
        get { parentStorage?.takeUnretainedValue() }
        set { parentStorage = newValue.map(Unmanaged.passUnretained) }
    }

    /// The storage of ``storedParent``. Ownership runs down the tree, so this holds no reference: it
    /// is unretained, not `weak`, because any object a `weak` reference points to pays a slow path on
    /// every retain and release. It stays sound because it never outlives its target:
    /// ``removeFromParent()`` clears it, and a parent that goes away clears it in each child first
    /// (`deinit`). An `Unmanaged`, not an `unowned(unsafe)` reference, for the reason `View`'s back
    /// pointers are: a test for nil reads the pointer alone.
    ///
    /// `nonisolated(unsafe)` so that the parent's nonisolated `deinit` can clear it: that `deinit`
    /// runs where the parent's last reference is dropped, in practice on the main actor, and while it
    /// runs nothing else can reach the parent to change its children.
    @exclusivity(unchecked) nonisolated(unsafe) final var parentStorage: Unmanaged<ContainerController>?

    /// Where the controller stands among its parent's children (see ``NodeList``).
    @exclusivity(unchecked) nonisolated(unsafe) final var listSlot = -1

    @exclusivity(unchecked) final var loading = ViewLoadingStateMachine()

    /// The controller's identity in events and violations. Stored whole (40 bytes), not made when
    /// read from a serial number and a name kept in `ControllerExtras`: the engine reads it on
    /// every containment call, and made from its parts it cost a push and pop about 440
    /// instructions more.
    public let id: ControllerID

    @exclusivity(unchecked) final var containment = ContainmentStateMachine()

    /// The container this controller is on its way to, if any (see ``Claim``): named by a request
    /// waiting for a navigation controller's transition, checked by a change of a container's
    /// contents, or joining it inside its addition's `willMove(toParent:)`.
    /// `nonisolated(unsafe)` so that a waiting request's ``StackClaims`` can let go of it as they go
    /// away (`deinit`).
    @exclusivity(unchecked) nonisolated(unsafe) final var claim: Claim?

    #if CONTAINERKIT_INTERNAL_CHECKS
        /// The internal checks' history: this controller's appearance was left to code that drives
        /// it by hand, and has not been given back yet (see `AppearanceDefinition`).
        @exclusivity(unchecked) final var appearanceLeftToHand = false
    #endif

    /// The coordinator of the navigation, tab, page or presentation transition this controller runs.
    /// Stored here, not in ``ControllerExtras``: a push and a pop set and clear it, and reading it
    /// through the side storage cost a push and pop about 60 instructions.
    @exclusivity(unchecked) final var ownTransitionCoordinator: Coordinator?

    /// The title, bar items and preferred content size, the presentation state, and the links to
    /// this controller that must not keep it alive (Controller/ControllerExtras.swift): nil until
    /// one of them is written, as most controllers never have any. `nonisolated(unsafe)` so that
    /// `deinit` can clear the links.
    @exclusivity(unchecked) nonisolated(unsafe) final var extrasStorage: ControllerExtras?

    /// Creates a controller whose events and violations name it by its type and serial number.
    public init() {
        id = ControllerID.next(name: nil, type: Self.self)
    }

    /// Creates a controller whose events and violations name it `name`.
    public init(name: String) {
        id = ControllerID.next(name: name, type: Self.self)
    }

    /// This controller as a container, if it is one: a virtual call, much cheaper than the dynamic
    /// cast `as? ContainerController` on the paths every callback takes.
    var asContainer: ContainerController? { nil }

    /// Creates a controller with `id`, taking no serial number: for the engine's placeholders.
    init(id: ControllerID) {
        self.id = id
    }

    /// Clears the back pointers to this controller, reports the deallocation, then, for a container,
    /// releases its children without recursion (DESIGN principle 8).
    ///
    /// The back pointers (the children's parent, the root view's owner, the reference a queued
    /// did-appear holds) are `unowned(unsafe)`, so they are cleared first: nothing reads a controller
    /// that is going away, as a `weak` reference would read nil, observers of the event included.
    ///
    /// Releasing the children array the ordinary way would run each child's `deinit` inside its
    /// parent's, one stack frame per level, and a 100,000-deep chain overflows the stack. Instead the
    /// children move to a local worklist, and each child that nothing else holds
    /// (`isKnownUniquelyReferenced`) hands its own children to the worklist before it is released, so
    /// its `deinit` finds none: their parent pointers are cleared here instead, as they are taken.
    /// Children are released in pre-order, as the recursive release did, so `.deallocated` events keep
    /// their order: a parent, then its first child's subtree, then the next. A child something else
    /// holds keeps its children and is only let go.
    ///
    /// This runs here and not in a `ContainerController` deinit, which would run first and so release
    /// the children before their parent reports its own deallocation.
    ///
    /// Touching another object's storage here is sound: the back pointers cleared belong to objects
    /// this controller holds strongly, the worklist holds the only strong reference to a uniquely
    /// referenced child, and a `deinit` runs where the last reference is dropped, in practice on the
    /// main actor, so no main-actor code runs meanwhile.
    deinit {
        if !appearanceStorage.isDisappeared { Controller.shownOrMovingCount -= 1 }
        extrasStorage?.liveness?.isAlive = false
        extrasStorage?.deferredReference?.controller = nil
        if let view = storedView, view.owningController === self { view.owningController = nil }
        let container = self as? ContainerController
        if let container {
            container.childList.forEachReversed { child in
                if child.storedParent === container { child.storedParent = nil }
            }
        }
        LifecycleObservation.emitDeallocation(of: id, rule: releaseRule)
        guard let container, !container.childList.isEmpty else { return }
        var worklist = Array(container.childList.removeAll().reversed())
        while var child = worklist.popLast() {
            guard isKnownUniquelyReferenced(&child), let childContainer = child as? ContainerController,
                !childContainer.childList.isEmpty
            else { continue }
            childContainer.childList.forEachReversed { grandchild in
                if grandchild.storedParent === childContainer { grandchild.storedParent = nil }
            }
            worklist.append(contentsOf: childContainer.childList.removeAll().reversed())
        }  // each `child` is released here, with no children left to release
    }

    // MARK: - View loading (Controller+ViewLoading.swift)

    /// Creates the root view. The default assigns a new ``View``; overrides assign their own view
    /// to ``view`` and, as in UIKit, do not call `super`.
    ///
    /// Runs once, the first time ``view`` is read. Never call it directly.
    open func loadView() {
        view = View()
    }

    /// Called once, after the root view is loaded and before any appearance callback.
    open func viewDidLoad() {}

    // MARK: - Appearance callbacks (Controller+Appearance.swift)

    /// The view is about to appear. Call `super`.
    ///
    /// Runs when the view enters a visible window (inside the call), when the parent forwards its
    /// own appearance, when a container transition brings the view in, or from
    /// ``beginAppearanceTransition(_:animated:)``. Never call it directly.
    open func viewWillAppear(_ animated: Bool) {
        if superCalled(.viewWillAppear) { forwardToVisibleChildren() }
    }

    /// The view is in the hierarchy and about to appear; runs once per appearance, after
    /// ``viewWillAppear(_:)`` and before ``viewDidAppear(_:)``, while ``appearanceState`` still
    /// reads `appearing`. Call `super`.
    ///
    /// For a tree entering a visible window it runs in the layout pass at the end of the turn: every
    /// controller of the turn's appearances hears it, pre-order, before any hears
    /// ``viewDidAppear(_:)``. An animated transition sends it right after its will-callbacks (and
    /// the navigation delegate's `willShow`); one that is not animated, and a manual
    /// ``endAppearanceTransition()``, right before ``viewDidAppear(_:)``.
    open func viewIsAppearing(_ animated: Bool) {
        superCalled(.viewIsAppearing)
    }

    /// The view appeared. Call `super`.
    ///
    /// For a view entering a window, runs at the end of the turn (``Window/runUntilIdle()``); for a
    /// transition, when its animation completes.
    open func viewDidAppear(_ animated: Bool) {
        if superCalled(.viewDidAppear) { forwardToVisibleChildren() }
    }

    /// The view is about to disappear. Call `super`.
    open func viewWillDisappear(_ animated: Bool) {
        if superCalled(.viewWillDisappear) { forwardToVisibleChildren() }
    }

    /// The view disappeared. Call `super`.
    open func viewDidDisappear(_ animated: Bool) {
        if superCalled(.viewDidDisappear) { forwardToVisibleChildren() }
    }

    // MARK: - Containment callbacks (Controller+Containment.swift)

    /// The controller is about to move to `parent` (nil: about to be removed). Call `super`.
    ///
    /// The engine sends it with a parent: ``ContainerController/addChild(_:)`` (R1) and the built-in
    /// containers do. A custom container calls `willMove(toParent: nil)` itself, before it takes the
    /// child's view out and calls ``removeFromParent()`` (R3): that call begins the removal, and
    /// `isMovingFromParent` is true in the disappearance callbacks that follow until
    /// ``removeFromParent()`` ends it (R8). Called by hand with a parent, or while a removal is
    /// open already, it is ignored and reported (a warning): no second willMove is sent while a
    /// move is open (R7). Called by hand on a child of a navigation, tab bar or page controller, or
    /// naming one, it is refused (a fault, the state does not change): those containers send their
    /// children's containment calls themselves (R9).
    ///
    /// ## Callback order
    ///
    /// Called by a custom container as `c.willMove(toParent: nil)`, inside the call:
    /// 1. `c.willMove(toParent: nil)` — the callback itself; nothing else fires until `c`'s view
    ///    leaves the window and ``removeFromParent()`` sends `c.didMove(toParent: nil)`
    ///
    /// - Parameter parent: The container the controller is moving to, or nil when it is being
    ///   removed.
    open func willMove(toParent parent: ContainerController?) {
        willMoveReachedBase(parent)
    }

    /// The controller moved to `parent` (nil: it was removed). Call `super`.
    ///
    /// A custom container calls `didMove(toParent: parent)` itself after adding the child and its
    /// view (R3): that call ends the move ``ContainerController/addChild(_:)`` began. The engine
    /// sends `didMove(toParent: nil)` from ``removeFromParent()`` (R2), and the built-in containers
    /// send both forms when their transitions complete. `didMove(toParent: p)` while a removal from
    /// `p` is open cancels the removal (R7). A didMove that names another parent than the one the
    /// open move heads to, a second one for one move, one with no move open, or
    /// `didMove(toParent: nil)` called by hand (``removeFromParent()`` sends it) is ignored and
    /// reported (a warning). Called by hand on a child of a navigation, tab bar or page controller,
    /// or naming one, it is refused (a fault, the state does not change): those containers send
    /// their children's containment calls themselves (R9).
    ///
    /// An override may run twice for one move, as on a device: when the container's call comes
    /// while the controller is still appearing (or its removal while it is still disappearing),
    /// UIKit calls `didMove(toParent:)` again right after the controller's next `viewDidAppear` (or
    /// `viewDidDisappear`), naming the parent it has then (R7). Keep the override idempotent.
    ///
    /// ## Callback order
    ///
    /// Called by a custom container as `c.didMove(toParent: p)`, inside the call:
    /// 1. `c.didMove(toParent: p)` — the callback itself; nothing else fires: `c`'s appearance
    ///    follows its view, so on screen this comes after `c.viewWillAppear` and before the
    ///    `c.viewDidAppear` of the end of the turn (spec §2.1), which UIKit's repeated
    ///    `c.didMove(toParent: p)` follows
    ///
    /// - Parameter parent: The container the controller moved to, or nil when it was removed.
    open func didMove(toParent parent: ContainerController?) {
        didMoveReachedBase(parent)
    }

    // MARK: - Sizes and preferences (Controller+Sizing.swift)

    /// The root view's size is about to change to `size`, as part of the transition `coordinator`
    /// describes.
    ///
    /// The base implementation forwards to each child (with the size
    /// ``ContainerController/size(forChildContentContainer:withParentContainerSize:)`` returns)
    /// after this method returns; an override that does not call `super` stops the forwarding.
    open func viewWillTransition(to size: Size, with coordinator: any TransitionCoordinator) {
        if awaitingSuper == .viewWillTransition {
            awaitingSuper = nil
            forwardsSizeTransition = true
        }
    }

    /// The status-bar style this controller prefers when the window asks it.
    open var preferredStatusBarStyle: StatusBarStyle { .default }

    /// Whether this controller prefers the status bar hidden when the window asks it.
    open var prefersStatusBarHidden: Bool { false }
}

/// A status-bar style, as UIKit's `UIStatusBarStyle`.
public enum StatusBarStyle: Hashable, Sendable {
    /// The system chooses by the interface style.
    case `default`
    /// Light content, for dark backgrounds.
    case lightContent
    /// Dark content, for light backgrounds.
    case darkContent
}
