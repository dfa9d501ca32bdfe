/// Pages turned by a swipe or by code: UIKit's `UIPageViewController` (spec §8).
///
/// A pull model: the ``dataSource`` is asked for the page before or after the current one only
/// when a swipe begins in that direction (one call per page needed). Only the pages shown (one,
/// or two with a middle spine) and a page being turned in are children, and only they are kept.
/// The ``delegate`` is told about swipes only (``beginInteractivePaging(_:)``); programmatic
/// changes (``setControllers(_:direction:animated:completion:)``) send no delegate calls, and run
/// inside the call when not animated in an idle window, at the end of the turn otherwise.
///
/// The pages are children that only the page controller moves: `addChild(_:)` and
/// `removeFromParent()` on them are refused (R9). The page controller drives only the pages it
/// shows, from inside its own appearance callbacks (F6).
///
/// ## Callback order
///
/// Each entry point lists its own. A swipe forward from `current` to `new`, `.scroll` style
/// (``beginInteractivePaging(_:)``, then ``InteractiveTransition/finish()``):
///
/// ```
/// page.dataSource.controllerAfter(current)       (inside beginInteractivePaging)
/// new.willMove(toParent: page)
/// page.delegate.willTransition(to: [new])
/// new.viewWillAppear(animated: true)
/// current.viewWillDisappear(animated: true)
/// -- finished, when the animation completes
/// new.viewDidAppear(animated: true)
/// current.viewDidDisappear(animated: true)
/// new.didMove(toParent: page)
/// current.willMove(toParent: nil)
/// current.didMove(toParent: nil)
/// page.delegate.didFinishAnimating(previous: [current], completed: true)
/// ```
///
/// `.pageCurl` sends `current.viewDidDisappear` before `new.viewDidAppear`. See
/// ``beginInteractivePaging(_:)`` for cancelled swipes and the order of a middle spine's pairs.
@MainActor
open class PageController: ContainerController {
    /// How pages move.
    public let transitionStyle: PageTransitionStyle
    /// Where the spine is; `.mid` shows two pages side by side (page curl only).
    public let spineLocation: SpineLocation

    /// Asked for the pages around the current one when a swipe begins. Weak.
    public weak var dataSource: (any PageControllerDataSource)?
    /// Told when a swipe begins and when it ends. Weak.
    public weak var delegate: (any PageControllerDelegate)?

    /// The pages shown now (two with a middle spine), as the requests made so far left them.
    public var shownControllers: [Controller] { paging.shownControllers }

    /// The pages asked for and displayed, the requests that wait for a turn and the turn in flight
    /// (spec §8). The machine calls no user code, so no access to it overlaps another: unchecked, as
    /// the engine's other stored state is.
    @exclusivity(unchecked) final var paging: PageStateMachine

    /// Creates a page controller.
    public init(transitionStyle: PageTransitionStyle, spineLocation: SpineLocation = .min) {
        self.transitionStyle = transitionStyle
        let spine = PageController.spine(spineLocation, in: transitionStyle)
        self.spineLocation = spine
        paging = PageStateMachine(pagesShownAtOnce: PageController.pageCount(with: spine))
        super.init()
    }

    /// Creates a page controller named `name` in events.
    public init(name: String, transitionStyle: PageTransitionStyle, spineLocation: SpineLocation = .min) {
        self.transitionStyle = transitionStyle
        let spine = PageController.spine(spineLocation, in: transitionStyle)
        self.spineLocation = spine
        paging = PageStateMachine(pagesShownAtOnce: PageController.pageCount(with: spine))
        super.init(name: name)
    }

    /// The spine a page controller of `style` has when `asked` is asked for: none but with a page curl.
    private static func spine(_ asked: SpineLocation, in style: PageTransitionStyle) -> SpineLocation {
        style == .pageCurl ? asked : .none
    }

    /// How many pages a page controller with `spine` shows at once: two with a middle spine, one
    /// otherwise.
    private static func pageCount(with spine: SpineLocation) -> Int {
        spine == .mid ? 2 : 1
    }

    /// How many pages are shown at once: two with a middle spine, one otherwise.
    public var pagesShownAtOnce: Int { paging.pagesShownAtOnce }

    override var appearanceForwarding: AppearanceForwarding { .containerDriven }

    override var isBuiltInContainer: Bool { true }

    override var visibleChildren: [Controller] { paging.displayed }

    override func shows(_ child: Controller) -> Bool { paging.displayed.contains { $0 === child } }

    override func refusesManualMove(of child: Controller, call: String) -> Bool {
        refuseManualMove(of: child, call: call, container: "page controller", api: "setControllers or a swipe")
    }
}

/// How a page controller's pages move.
public enum PageTransitionStyle: Hashable, Sendable {
    /// Pages slide side by side.
    case scroll
    /// Pages curl like paper.
    case pageCurl
}

/// Where a page controller's spine is.
public enum SpineLocation: Hashable, Sendable {
    /// No spine (the scroll style).
    case none
    /// At the leading edge: one page.
    case min
    /// In the middle: two pages.
    case mid
    /// At the trailing edge: one page.
    case max
}

/// Which way pages turn.
public enum PageDirection: Hashable, Sendable {
    /// To the pages after.
    case forward
    /// To the pages before.
    case reverse
}

/// Gives a ``PageController`` the pages around a page, when a swipe needs them. Every requirement
/// has a default that answers nil.
@MainActor
public protocol PageControllerDataSource: AnyObject {
    /// The page before `controller`, or nil at the start.
    func pageController(_ page: PageController, controllerBefore controller: Controller) -> Controller?
    /// The page after `controller`, or nil at the end.
    func pageController(_ page: PageController, controllerAfter controller: Controller) -> Controller?
}

extension PageControllerDataSource {
    public func pageController(_ page: PageController, controllerBefore controller: Controller) -> Controller? {
        nil
    }
    public func pageController(_ page: PageController, controllerAfter controller: Controller) -> Controller? {
        nil
    }
}

/// Told when a swipe of a ``PageController`` begins and ends. Every requirement has a default that
/// does nothing.
@MainActor
public protocol PageControllerDelegate: AnyObject {
    /// A swipe is bringing in `pending`.
    func pageController(_ page: PageController, willTransitionTo pending: [Controller])
    /// A swipe ended: `completed` is false when it fell back to `previousControllers`.
    func pageController(
        _ page: PageController, didFinishAnimating finished: Bool, previousControllers: [Controller],
        transitionCompleted completed: Bool)
}

extension PageControllerDelegate {
    public func pageController(_ page: PageController, willTransitionTo pending: [Controller]) {}
    public func pageController(
        _ page: PageController, didFinishAnimating finished: Bool, previousControllers: [Controller],
        transitionCompleted completed: Bool
    ) {}
}
