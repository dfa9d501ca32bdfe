/// A controller that contains other controllers: UIKit's containment API.
///
/// Subclass it to write a custom container. The built-in containers (``NavigationController``,
/// ``TabBarController``, ``PageController``) are subclasses that move their children themselves,
/// through their own API. This is the one place that explains containment and appearance
/// forwarding; each entry point lists its own **Callback order**.
///
/// ## The containment contract
///
/// A child enters or leaves a container in a *move*: it begins with `willMove(toParent:)` and ends
/// with exactly one `didMove(toParent:)` (R7). A custom container adds a child in three calls and
/// removes it in three (spec §2):
///
/// ```swift
/// // Add: R1, then R3.
/// addChild(child)                    // sends child.willMove(toParent: self)
/// view.addSubview(child.view)        // loads the view; appearance follows if this view is on screen
/// child.didMove(toParent: self)      // the container's own call
///
/// // Remove: R3, then R2.
/// child.willMove(toParent: nil)      // the container's own call
/// child.view.removeFromSuperview()   // disappearance follows if the view was on screen
/// child.removeFromParent()           // sends child.didMove(toParent: nil)
/// ```
///
/// With the container `p` on screen, adding `c` fires, in this order (spec §2.1):
///
/// 1. `c.willMove(toParent: p)` — inside `p.addChild(c)` (R1)
/// 2. `c.loadView()`, `c.viewDidLoad()` — inside the first read of `c.view`
/// 3. `c.viewWillAppear(animated: false)` — inside `p.view.addSubview(c.view)`: the view entered a
///    visible window (F2)
/// 4. `c.didMove(toParent: p)` — the container's own call (R3)
/// 5. `c.viewDidAppear(animated: false)` — at the end of the turn (``Window/runUntilIdle()``)
///
/// and removing it (spec §2.2):
///
/// 1. `c.willMove(toParent: nil)` — the container's own call (R3)
/// 2. `c.viewWillDisappear(animated: false)` — inside `c.view.removeFromSuperview()`
/// 3. `c.didMove(toParent: nil)` — inside `c.removeFromParent()` (R2)
/// 4. `c.viewDidDisappear(animated: false)`, then UIKit's repeated `c.didMove(toParent: nil)`
///    (R7) — at the end of the turn, in ``Window/runUntilIdle()``
///
/// Off screen, the same calls send the same containment callbacks and no appearance callback; the
/// child appears later, together with its parent (spec §2.3). `addChild(_:)` on a controller that
/// has another parent removes it from there first, with `c.willMove(toParent: nil)` and
/// `c.didMove(toParent: nil)` (R4). A
/// controller's root view may go under a view owned by another controller only when that
/// controller is its parent (R6).
///
/// ## Appearance forwarding
///
/// With ``shouldAutomaticallyForwardAppearanceMethods`` `true` (the default), each appearance
/// callback the container receives is forwarded, after the container's own override returns, to
/// every child whose view is loaded and inside the container's view, in ``children`` order: a
/// pre-order walk over the controller tree (F1). For the tree
///
/// ```
/// root
/// ├── a
/// │   └── a1
/// └── b
/// ```
///
/// `window.rootController = root; window.makeKeyAndVisible(); window.runUntilIdle()` fires:
///
/// Inside `makeKeyAndVisible()`:
/// 1. `root.viewWillAppear(animated: false)`
/// 2. `a.viewWillAppear(animated: false)`
/// 3. `a1.viewWillAppear(animated: false)`
/// 4. `b.viewWillAppear(animated: false)`
///
/// At the end of the turn, in `runUntilIdle()`:
///
/// 5. `root.viewDidAppear(animated: false)`
/// 6. `a.viewDidAppear(animated: false)`
/// 7. `a1.viewDidAppear(animated: false)`
/// 8. `b.viewDidAppear(animated: false)`
///
/// Each `viewIsAppearing(_:)` comes just before the same controller's `viewDidAppear(_:)` here;
/// transcripts leave it out. Hiding the window sends the four `viewWillDisappear(_:)` in the same
/// order, then the four `viewDidDisappear(_:)`, all inside the setter (spec §4); taking `root`'s
/// view out of the visible window instead sends the four `viewDidDisappear(_:)` at the end of the
/// turn (spec §1).
///
/// - A controller already in, or moving to, the target state is skipped, so each controller gets
///   each callback once, whichever path reaches it first (F3).
/// - Override ``shouldAutomaticallyForwardAppearanceMethods`` to return `false` to drive the
///   children yourself with ``Controller/beginAppearanceTransition(_:animated:)`` and
///   ``Controller/endAppearanceTransition()``, typically from the container's own appearance
///   callbacks; nothing reaches those children otherwise, not even their views entering a window
///   (F4).
/// - A built-in container drives only the child (or children) it shows, from inside its own
///   callbacks, so a subclass's code after `super.viewWillAppear(animated)` runs after the child's
///   callback (F6).
@MainActor
open class ContainerController: Controller {
    /// The children, in the order they were added (R5).
    public var children: [Controller] { childList.nodes }

    /// The storage of ``children``: appending and removing a child take constant time, so a
    /// container of 10,000 children costs no more per change than one of 10.
    ///
    /// `nonisolated(unsafe)` so that ``Controller``'s nonisolated `deinit` can take the children out of
    /// a child it holds the only reference to (an iterative teardown; see `deinit` there); a main-actor
    /// stored property cannot be touched there on any instance but `self`. Everything else reaches it
    /// on the main actor.
    @exclusivity(unchecked) nonisolated(unsafe) final var childList = NodeList<Controller>()

    /// The ``TreeRevision`` at which an appearance walk last found every child's root view loaded
    /// and inside this container's view; ``Controller/noRevision`` for none. It holds while the
    /// revision is the same, as any move of a view or change of the children advances it, and
    /// until a root view is assigned (``Controller/adoptRootView(_:)``, here or to a child, clears
    /// it). Beside ``childList``, which the walk reads in the same cache line.
    @exclusivity(unchecked) final var childViewsInsideRevision = Controller.noRevision

    /// Requests to this container made from the callbacks of its change under way, in request
    /// order: each runs once the change has finished, inside the same call. A request run from
    /// there that is kept again joins the end of the same queue.
    @exclusivity(unchecked) final var requestsAfterChange = RequestQueue<ContainerRequest>()

    /// Whether a built-in container's change of its contents is under way: from a request (or the
    /// settling of its moves) until the moves it began inside the call have been begun, or ended
    /// (see ``changingContents(_:)``). After ``requestsAfterChange``, whose flag it packs beside:
    /// a container then ends at 226 bytes and takes a 240-byte malloc chunk, not 256.
    @exclusivity(unchecked) final var isChangingContents = false

    /// Creates a container whose events name it by its type and serial number.
    public override init() {
        super.init()
    }

    /// Creates a container whose events and violations name it `name`.
    public override init(name: String) {
        super.init(name: name)
    }

    override var asContainer: ContainerController? { self }

    /// Whether `child` is this navigation controller's pending top (false for every other
    /// container): asked by each child whose appearance ends, so a virtual call, not a cast.
    func hasPendingTop(_ child: Controller) -> Bool { false }

    /// Whether appearance callbacks reach the children on their own (F1, F2). Override to return
    /// `false` to forward them by hand with ``Controller/beginAppearanceTransition(_:animated:)``
    /// and ``Controller/endAppearanceTransition()`` (F4).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// The child whose ``Controller/preferredStatusBarStyle`` the window uses instead of this
    /// controller's; nil (the default) means this controller's own.
    open var childForStatusBarStyle: Controller? { nil }

    /// The child whose ``Controller/prefersStatusBarHidden`` the window uses instead of this
    /// controller's; nil (the default) means this controller's own.
    open var childForStatusBarHidden: Controller? { nil }

    /// A child's ``Controller/preferredContentSize`` changed. Called inside the setter.
    open func preferredContentSizeDidChange(forChildContentContainer child: Controller) {}

    /// The size to give `child` when this container's size becomes `size`. The default returns
    /// `size`. ``Controller/viewWillTransition(to:with:)``'s forwarding uses it.
    open func size(forChildContentContainer child: Controller, withParentContainerSize size: Size) -> Size {
        size
    }

    /// How the engine reaches the children with appearance callbacks. Built-in containers drive
    /// their visible children from their own callbacks (F6) and answer `.containerDriven`.
    var appearanceForwarding: AppearanceForwarding {
        shouldAutomaticallyForwardAppearanceMethods ? .automatic : .manual
    }

    /// Built-in containers refuse `transition(from:to:…)` and moves of their children by hand (R9).
    var isBuiltInContainer: Bool { false }

    /// The children a built-in container shows, which its appearance callbacks drive (F6). Reading
    /// it moves no view: the forwarding puts back the views of those it drives.
    var visibleChildren: [Controller] { [] }

    /// Whether a built-in container shows `child` (its own callbacks drive it, F6).
    func shows(_ child: Controller) -> Bool { false }

    /// R9: a built-in container refuses `addChild(_:)` and `removeFromParent()` done by hand on a
    /// controller it manages, reports the fault and returns true.
    func refusesManualMove(of child: Controller, call: String) -> Bool { false }
}

/// How appearance callbacks reach a container's children.
enum AppearanceForwarding {
    /// F1: every callback is forwarded to the children whose views are inside the container's view.
    case automatic
    /// F4: the container calls `beginAppearanceTransition`/`endAppearanceTransition` itself.
    case manual
    /// F6: a built-in container drives its visible children from its own callbacks.
    case containerDriven
}
