/// Tabs, one shown at a time: UIKit's `UITabBarController` (spec §7).
///
/// Every tab is a child. Only the selected tab's view is loaded and in the hierarchy. Selection
/// changes inside the call, and so does the first half of the visible switch, not animated: the
/// incoming tab's will-appear, the outgoing tab's will-disappear, the swap of views. Its did-half
/// runs at the end of the turn, the switch counting as the window's transition in flight until
/// then; on a window with a visible transition pending or in flight, the whole switch waits for its
/// turn (spec §1). ``userDidSelect(_:)`` is a tap: it asks the delegate first and tells it after;
/// setting ``selectedIndex`` or ``selectedController`` does neither.
///
/// The tabs are children that only the tab bar controller moves: `addChild(_:)` and
/// `removeFromParent()` on them are refused (R9). The tab bar controller drives only the tab it
/// shows, from inside its own appearance callbacks (F6).
///
/// ## Callback order
///
/// Each entry point lists its own. A tap on `b` while `a` is shown (``userDidSelect(_:)``):
///
/// ```
/// tab.delegate.shouldSelect(b)                   (inside userDidSelect; false vetoes)
/// b.loadView()                                   (the first time)
/// b.viewDidLoad()
/// b.viewWillAppear(animated: false)
/// a.viewWillDisappear(animated: false)
///    a's view leaves, b's view comes in
/// tab.delegate.didSelect(b)
/// -- end of turn
/// a.viewDidDisappear(animated: false)
/// b.viewDidAppear(animated: false)
/// ```
@MainActor
open class TabBarController: ContainerController {
    /// Asked before and told after a tap selects a tab. Weak.
    public weak var delegate: (any TabBarControllerDelegate)?

    /// The tabs, the selection, the tab shown and the switch under way (spec §7). The machine calls
    /// no user code, so no access to it overlaps another: unchecked, as the engine's other stored
    /// state is.
    @exclusivity(unchecked) final var selection = TabSelectionMachine()

    /// Creates a tab bar controller with no tabs.
    public override init() {
        super.init()
    }

    /// Creates a tab bar controller with no tabs, named `name` in events.
    public override init(name: String) {
        super.init(name: name)
    }

    override var appearanceForwarding: AppearanceForwarding { .containerDriven }

    override var isBuiltInContainer: Bool { true }

    override var visibleChildren: [Controller] { selection.shown.asArray }

    override func shows(_ child: Controller) -> Bool { selection.shown === child }

    override func refusesManualMove(of child: Controller, call: String) -> Bool {
        refuseManualMove(of: child, call: call, container: "tab bar controller", api: "controllers")
    }

    /// The selected tab hands the window the status bar.
    open override var childForStatusBarStyle: Controller? { selectedController }

    /// The selected tab hands the window the status bar.
    open override var childForStatusBarHidden: Controller? { selectedController }
}

/// Asked before and told after a tap selects a tab of a ``TabBarController``. Every requirement
/// has a default: `shouldSelect` answers true, `didSelect` does nothing.
@MainActor
public protocol TabBarControllerDelegate: AnyObject {
    /// A tap asks to select `controller`; returning false vetoes it.
    func tabBarController(_ tab: TabBarController, shouldSelect controller: Controller) -> Bool
    /// A tap selected `controller`: inside the tap, after the first half of the switch (or right
    /// after the selection when the switch waits for a busy window, or at once when it was
    /// selected already).
    func tabBarController(_ tab: TabBarController, didSelect controller: Controller)
}

extension TabBarControllerDelegate {
    public func tabBarController(_ tab: TabBarController, shouldSelect controller: Controller) -> Bool { true }
    public func tabBarController(_ tab: TabBarController, didSelect controller: Controller) {}
}

extension Controller {
    /// The nearest ancestor that is a tab bar controller, if any.
    public var tabBarController: TabBarController? { nearestAncestor(of: TabBarController.self) }
}
