/// A controller that contains other controllers: UIKit's containment API.
///
/// ## The containment contract
///
/// A custom container adds a child in three steps and removes it in three (spec §2):
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
/// ## Appearance forwarding
///
/// With ``shouldAutomaticallyForwardAppearanceMethods`` `true` (the default), each appearance
/// callback the container receives is forwarded, after the container's own override returns, to
/// every child whose view is loaded and inside the container's view: pre-order over the tree
/// (F1). For the tree
///
/// ```
/// root
/// ├── a
/// │   └── a1
/// └── b
/// ```
///
/// showing the window delivers `root.viewWillAppear`, `a.viewWillAppear`, `a1.viewWillAppear`,
/// `b.viewWillAppear` inside the call, and the four `viewDidAppear` in the same order at the end of
/// the turn. A controller already in, or moving to, the target state is skipped (F3), so each gets
/// each callback once. Override ``shouldAutomaticallyForwardAppearanceMethods`` to return `false` to
/// drive the children yourself with ``Controller/beginAppearanceTransition(_:animated:)`` and
/// ``Controller/endAppearanceTransition()`` (F4).
@MainActor
open class ContainerController: Controller {
    /// The children, in the order they were added (R5).
    public internal(set) var children: [Controller] {
        get { childStorage }
        _modify { yield &childStorage }
    }

    /// The storage of ``children``.
    ///
    /// `nonisolated(unsafe)` so that ``Controller``'s nonisolated `deinit` can take the children out of
    /// a child it holds the only reference to (an iterative teardown; see `deinit` there); a main-actor
    /// stored property cannot be touched there on any instance but `self`. Everything else reads and
    /// writes it through ``children``, on the main actor, so the public property keeps its isolation.
    nonisolated(unsafe) var childStorage: [Controller] = []

    /// Creates a container whose events name it by its type and serial number.
    public override init() {
        super.init()
    }

    /// Creates a container whose events and violations name it `name`.
    public override init(name: String) {
        super.init(name: name)
    }

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

    /// The children a built-in container shows, which its appearance callbacks drive (F6).
    var visibleChildren: [Controller] { [] }

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
