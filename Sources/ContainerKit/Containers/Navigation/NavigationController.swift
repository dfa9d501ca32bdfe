/// A stack of controllers, one shown at a time: UIKit's `UINavigationController` (spec §6).
///
/// The stack (``controllers``, ``topController``) changes inside each call. The visible transition
/// runs at the end of the turn, from the controller shown to the top of the stack as it is then,
/// so two pushes in one turn show one transition; while a transition is in flight, new requests
/// change the stack at once and the next transition starts after the current one completes.
/// Off screen, every request completes inside its call, with no appearance callbacks.
///
/// The controllers of the stack are children that only the navigation controller moves: adding
/// one by hand (`addChild(_:)`) or removing it (`removeFromParent()`) is refused (R9). The
/// navigation controller drives only the controller it shows, from inside its own appearance
/// callbacks (F6).
///
/// ## Callback order
///
/// Every request has the same shape; each one lists its own order. Inside the call: the stack
/// changes, `willMove(toParent: nil)` for the controllers that leave (from the top down) and
/// `willMove(toParent: nav)` for those that join. At the end of the turn, the transition starts:
/// the new top's view loads if needed, the old top's `viewWillDisappear`, the new top's
/// `viewWillAppear`, `nav.delegate.willShow`. When its animation completes: the did-callbacks, the
/// ``Controller/transitionCoordinator``'s alongside completions, `didMove(toParent: nil)` for the
/// controllers it removed (from the old top down), then `didMove(toParent: nav)` for those it
/// added (from the bottom up), `nav.delegate.didShow`, the requests' completions in request
/// order, then the deallocations. For `push(b, animated: true)` over `a`, on screen:
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
    public internal(set) var controllers: [Controller] = []

    /// The controller whose view the navigation controller shows now.
    var shown: Controller?

    /// Moves begun (willMove sent) that the next visible transition settles.
    var openMoves: [OpenMove] = []

    /// Moves the transition in flight settles when it completes.
    var settlingMoves: [OpenMove] = []

    /// Controllers popped while the transition in flight still settles a move that keeps them in
    /// the stack (their addition, or a removal turned around), with the place each had in the
    /// stack: their `willMove(toParent: nil)` waits for that move's `didMove(toParent: nav)` (R7).
    var removalsAfterSettling: [OpenMove] = []

    /// Completion closures of requests the next visible transition settles, in request order.
    var pendingCompletions: [() -> Void] = []

    /// Whether the latest request asked for animation.
    var pendingAnimated = false

    /// The gesture of an interactive pop in progress, and the requests made during it.
    var interactivePop: InteractivePop?

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
    /// The navigation controller is off screen then, so the root's move completes inside the call
    /// (MODEL: a log shows UIKit's root with `isMovingToParent == true` on first display;
    /// ContainerKit does not model that). The root's view loads, and it appears, when the
    /// navigation controller is shown. Refused (a fault; the stack stays empty): a navigation
    /// controller, or a controller that has a parent.
    ///
    /// ## Callback order
    ///
    /// Inside the call:
    /// 1. `root.willMove(toParent: nav)`
    /// 2. `root.didMove(toParent: nav)`
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
    /// As ``init(rootController:)``, inside the call: `root.willMove(toParent: nav)`,
    /// `root.didMove(toParent: nav)`.
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

    override var visibleChildren: [Controller] {
        guard let shown else { return [] }
        installView(of: shown)
        return [shown]
    }

    override func shows(_ child: Controller) -> Bool { shown === child }

    override func refusesManualMove(of child: Controller, call: String) -> Bool {
        refuseManualMove(of: child, call: call, container: "navigation controller", api: "push/pop/setControllers")
    }
}

/// A move begun by the navigation controller and not settled yet.
struct OpenMove {
    let controller: Controller
    /// The controller's place in the stack when its removal began; nil for a move that ends with
    /// the controller in the stack: an addition, or a removal turned around (a swipe back
    /// cancelled, or the controller pushed again while its removal was open).
    let formerIndex: Int?
}

/// Told before and after each visible transition of a ``NavigationController``. Every
/// requirement has a default that does nothing.
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
    /// `controller` is about to be shown: its `viewWillAppear` has run.
    func navigationController(_ nav: NavigationController, willShow controller: Controller, animated: Bool)
    /// `controller` is shown: its `viewDidAppear` and `didMove(toParent:)` have run.
    func navigationController(_ nav: NavigationController, didShow controller: Controller, animated: Bool)
}

extension NavigationControllerDelegate {
    public func navigationController(_ nav: NavigationController, willShow controller: Controller, animated: Bool) {}
    public func navigationController(_ nav: NavigationController, didShow controller: Controller, animated: Bool) {}
}

extension Controller {
    /// The nearest ancestor that is a navigation controller, if any.
    public var navigationController: NavigationController? { nearestAncestor(of: NavigationController.self) }
}
