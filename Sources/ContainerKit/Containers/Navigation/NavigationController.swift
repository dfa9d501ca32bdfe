/// A stack of controllers, one shown at a time: UIKit's `UINavigationController` (spec §6).
///
/// A request (push, pop, `pop(to:)`, `popToRoot`, `setControllers`) is applied inside its call: the
/// stack (``controllers``, ``topController``) changes there, with the moves that need no transition.
/// The visible transition from the controller shown to the new top is then pending; the window
/// starts it at the end of the turn, after any transition already pending or in flight there. A
/// request made while an animated transition of the navigation controller is pending, or while one
/// of its transitions is in flight (a request from its callbacks, or during a swipe back), waits
/// until that transition completes and is applied then: two animated pushes in one turn show two
/// transitions. A non-animated request made while only a non-animated transition is pending is
/// applied at once, and that transition goes to the new top. Until a waiting request is applied,
/// nothing changes (`pop` returns nil). Off screen, every request completes inside its call, with no
/// appearance callbacks, except the top's `didMove(toParent: nav)`, which comes right after its first
/// `viewDidAppear`.
///
/// The controllers of the stack are children that only the navigation controller moves: adding
/// one by hand (`addChild(_:)`) or removing it (`removeFromParent()`) is refused (R9). The
/// navigation controller drives only the controller it shows, from inside its own appearance
/// callbacks (F6); when it appears itself, it tells its delegate `willShow(top)` after the top's
/// `viewWillAppear` and `didShow(top)` after its `viewDidAppear`, unless a transition of its own
/// pending or starting in that turn tells the delegate instead (a `willShow` sent stays; only the
/// `didShow` is replaced).
///
/// ## Callback order
///
/// Applying a request sends, inside the call: for each controller it removes, bottom first,
/// `willMove(toParent: nil)` then `didMove(toParent: nil)`, except the controller shown, which gets
/// only `willMove(toParent: nil)`; then for each controller it adds, in stack order,
/// `willMove(toParent: nav)` then `didMove(toParent: nav)`, except the new top, which gets only
/// `willMove(toParent: nav)`; then a new top still pending that this change replaces ends its move
/// (`didMove(toParent: nav)`, or `didMove(toParent: nil)` if the change removed it). At the end of
/// the turn, the transition starts: the new top's view loads if needed, the old top's
/// `viewWillDisappear`, the new top's `viewWillAppear`, `nav.delegate.willShow`. When its animation
/// completes: the old top's `viewDidDisappear`, then its `didMove(toParent: nil)` if it was removed;
/// the new top's `viewDidAppear`, then its `didMove(toParent: nav)`; the
/// ``Controller/transitionCoordinator``'s alongside completions; `nav.delegate.didShow`; the requests'
/// completions in request order; the deallocations; then the requests that waited for it. For
/// `push(b, animated: true)` over `a`, on screen:
///
/// ```
/// b.willMove(toParent: nav)                      (inside push)
/// -- end of turn
/// b.loadView()
/// b.viewDidLoad()
/// a.viewWillDisappear(animated: true)
/// b.viewWillAppear(animated: true)
/// nav.delegate.willShow(b, animated: true)
/// -- the animation completes
/// a.viewDidDisappear(animated: true)
/// b.viewDidAppear(animated: true)
/// b.didMove(toParent: nav)
/// nav.delegate.didShow(b, animated: true)
/// nav.completion()                               (the request's completion, if any)
/// ```
@MainActor
open class NavigationController: ContainerController {
    /// Told before and after each visible transition. Weak.
    public weak var delegate: (any NavigationControllerDelegate)?

    /// The stack, bottom first, as the requests made so far left it.
    public var controllers: [Controller] { stack.controllers }

    /// The stack and its transitions: what is shown, pending, leaving and waiting (spec §6). The
    /// machine calls no user code, so no access to it overlaps another: unchecked, as the engine's
    /// other stored state is.
    @exclusivity(unchecked) final var stack = NavigationStackMachine<ContainerRequest>()

    /// Creates an empty navigation controller.
    public override init() {
        super.init()
    }

    /// Creates an empty navigation controller named `name` in events.
    public override init(name: String) {
        super.init(name: name)
    }

    /// Creates a navigation controller whose stack holds `rootController`, as UIKit's
    /// `init(rootViewController:)`.
    ///
    /// The navigation controller is off screen then: this is a non-animated push off screen. The
    /// root's `willMove(toParent: nav)` comes inside the call; its `didMove(toParent: nav)` waits for
    /// its first appearance and comes right after its first `viewDidAppear` (or a `viewDidDisappear`
    /// that comes first), so `isMovingToParent` is true in its first appearance callbacks (spec §6).
    /// If another controller becomes the top before that, the root's move ends when that change is
    /// applied. The root's view loads, and it appears, when the navigation controller is shown.
    /// Refused (a fault; the stack stays empty): a navigation controller, or a controller that has a
    /// parent.
    ///
    /// ## Callback order
    ///
    /// Inside the call:
    /// 1. `root.willMove(toParent: nav)`
    ///
    /// When the navigation controller is first shown (its window made visible, say):
    ///
    /// 2. `nav.viewWillAppear(animated: false)`, `root.viewWillAppear(animated: false)`
    /// 3. `nav.delegate.willShow(root, animated: false)`
    ///
    /// At the end of that turn:
    ///
    /// 4. `nav.viewDidAppear(animated: false)`, `root.viewDidAppear(animated: false)`
    /// 5. `root.didMove(toParent: nav)`
    /// 6. `nav.delegate.didShow(root, animated: false)`
    ///
    /// - Parameter rootController: The bottom of the stack, shown first.
    public init(rootController: Controller) {
        super.init()
        setRoot(rootController)
    }

    /// Creates a navigation controller named `name` whose stack holds `rootController`.
    ///
    /// The same as ``init(rootController:)``, with a name for events and violations.
    ///
    /// ## Callback order
    ///
    /// As ``init(rootController:)``: `root.willMove(toParent: nav)` inside the call, and
    /// `root.didMove(toParent: nav)` right after the root's first `viewDidAppear`.
    ///
    /// - Parameters:
    ///   - name: The name events and violations give the navigation controller.
    ///   - rootController: The bottom of the stack, shown first.
    public init(name: String, rootController: Controller) {
        super.init(name: name)
        setRoot(rootController)
    }

    /// A navigation controller does not hand the status bar to its top controller: override
    /// ``ContainerController/childForStatusBarStyle`` to do so (spec §10).
    open override var childForStatusBarStyle: Controller? { nil }

    override var appearanceForwarding: AppearanceForwarding { .containerDriven }

    override var isBuiltInContainer: Bool { true }

    override func hasPendingTop(_ child: Controller) -> Bool { stack.pendingTop === child }

    override var visibleChildren: [Controller] { stack.shown.asArray }

    override func shows(_ child: Controller) -> Bool { stack.shown === child }

    override func refusesManualMove(of child: Controller, call: String) -> Bool {
        refuseManualMove(of: child, call: call, container: "navigation controller", api: "push/pop/setControllers")
    }
}

/// Told before and after each visible transition of a ``NavigationController``, when the navigation
/// controller itself appears, and when a swipe back is cancelled (spec §6). Every requirement has a
/// default that does nothing.
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
    /// `controller` is about to be shown: its `viewWillAppear` has run. Sent as a transition starts
    /// (after the outgoing controller's `viewWillDisappear` and `controller`'s `viewWillAppear`), as
    /// the navigation controller begins appearing (after the top's `viewWillAppear`), and after a
    /// cancelled swipe back (after `controller`'s `didMove(toParent: nav)`).
    func navigationController(_ nav: NavigationController, willShow controller: Controller, animated: Bool)
    /// `controller` is shown: its `viewDidAppear` and, if it was joining the stack, its
    /// `didMove(toParent: nav)` have run, and so have the outgoing controller's `viewDidDisappear` and
    /// `didMove(toParent: nil)`. The requests' completions follow.
    func navigationController(_ nav: NavigationController, didShow controller: Controller, animated: Bool)
}

extension NavigationControllerDelegate {
    public func navigationController(_ nav: NavigationController, willShow controller: Controller, animated: Bool) {}
    public func navigationController(_ nav: NavigationController, didShow controller: Controller, animated: Bool) {}
}

extension NavigationController {
    /// The controller the navigation controller shows, as UIKit's `visibleViewController`: the
    /// controller it presents, if any, otherwise the top of the stack.
    public var visibleController: Controller? { presentedController ?? stack.controllers.last }

    /// The top of the stack.
    public var topController: Controller? { stack.controllers.last }
}

extension Controller {
    /// The nearest ancestor that is a navigation controller, if any.
    public var navigationController: NavigationController? { nearestAncestor(of: NavigationController.self) }
}

extension NavigationController {
    /// `init(rootController:)`: a non-animated push off screen. The root's move stays open until its
    /// first appearance (spec §6, "Off screen").
    func setRoot(_ root: Controller) {
        let call = Planning.enter(
            LifecycleCall(
                target: .controller(id), name: "NavigationController", form: .initializer,
                arguments: [("rootController", .of(root))]))
        defer { Planning.leave(call) }
        if let violation = pushViolation(root, call: "init(rootController:)") {
            violation.report()
            return
        }
        try! stack.rootOffered(root)
        if adoptChild(root, rule: .navigationApply) {
            stack.rootAdopted(root)
        } else {
            stack.rootDropped()
        }
    }
}
