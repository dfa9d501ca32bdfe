/// A call the engine makes to code it does not own: an overridable method of a controller or a
/// view, a method of a delegate or a data source, or a block the app gave it.
///
/// Every such call is a step, and ``DeliveryLoop`` is the only code that makes it (``callOut()``).
/// All the kinds are in this file, so grep it for `viewWillAppear(` and you have every place the
/// engine sends it:
///
/// - ``ControllerStep``: a controller's containment, appearance and view-loading callbacks;
/// - ``SizeTransitionStep``: `viewWillTransition(to:with:)`;
/// - ``ViewHook``: a view's hooks as it moves;
/// - ``DelegateStep``: a container's delegate or data source, a presentation's delegate;
/// - ``BlockStep``: the blocks the app gave (animations, completions, a coordinator's blocks).
///
/// A step names its receiver, the callback as the API spells it, and the event that reports it; the
/// loop reports the event, makes the call inside a frame of its own, and hands back what the callee
/// answered. The engine plans a step where the spec puts the callback, after committing the change
/// it reports to the node's state machine (the appearance, containment and view-loading machines).
///
/// The kinds are separate types, so that the loop, generic over them, compiles to the call alone on
/// the hot paths. A view's hook is a plain value whose views the loop takes as borrowed arguments:
/// sent for every view a move takes in or out of a window, a step that held them would retain and
/// release each (five pairs, about 220 instructions, per containment round trip).
@MainActor
protocol Step {
    /// What the callee answers: nothing, or a delegate's or data source's answer.
    associatedtype Reply
    /// Whose callback it is, as the frame the loop pushes for it names it.
    var receiver: DeliveryLoop.Frame.Receiver { get }
    /// The callback as the API spells it: `viewWillAppear(_:)`,
    /// `delegate.navigationController(_:willShow:animated:)`.
    var callbackName: StaticString { get }
    /// The event that reports the step, if it has one.
    var event: LifecycleEvent? { get }
    /// Calls the code the step names. Only ``DeliveryLoop`` calls this, inside the step's frame.
    func callOut() -> Reply
}

/// A controller's own callback.
///
enum ControllerStep: Step {
    /// One of the four appearance callbacks, or `viewIsAppearing(_:)` (spec §3).
    case appearance(Controller, AppearanceCallback, animated: Bool)
    /// `willMove(toParent:)` (R1, R4).
    case willMove(Controller, toParent: ContainerController?)
    /// `didMove(toParent:)` (R2, R4).
    case didMove(Controller, toParent: ContainerController?)
    /// `loadView()` (§5).
    case loadView(Controller)
    /// `viewDidLoad()` (§5).
    case viewDidLoad(Controller)
    /// `preferredContentSizeDidChange(forChildContentContainer:)` of a child's parent.
    case preferredContentSizeDidChange(ContainerController, child: Controller)

    @inline(__always)
    var receiver: DeliveryLoop.Frame.Receiver {
        switch self {
        case .appearance(let controller, _, _), .willMove(let controller, _), .didMove(let controller, _),
            .loadView(let controller), .viewDidLoad(let controller):
            .controller(Unmanaged.passUnretained(controller))
        case .preferredContentSizeDidChange(let container, _):
            .controller(Unmanaged.passUnretained(container))
        }
    }

    @inline(__always)
    var callbackName: StaticString {
        switch self {
        case .appearance(_, let callback, _): callback.superCall.callbackName
        case .willMove: "willMove(toParent:)"
        case .didMove: "didMove(toParent:)"
        case .loadView: "loadView()"
        case .viewDidLoad: "viewDidLoad()"
        case .preferredContentSizeDidChange: "preferredContentSizeDidChange(forChildContentContainer:)"
        }
    }

    var event: LifecycleEvent? {
        switch self {
        case .appearance(let controller, let callback, let animated):
            let id = controller.id
            return switch callback {
            case .willAppear: .viewWillAppear(id, animated: animated)
            case .isAppearing: .viewIsAppearing(id, animated: animated)
            case .didAppear: .viewDidAppear(id, animated: animated)
            case .willDisappear: .viewWillDisappear(id, animated: animated)
            case .didDisappear: .viewDidDisappear(id, animated: animated)
            }
        case .willMove(let controller, let parent):
            return .willMove(controller.id, toParent: parent?.id)
        case .didMove(let controller, let parent):
            return .didMove(controller.id, toParent: parent?.id)
        case .loadView(let controller): return .loadView(controller.id)
        case .viewDidLoad(let controller): return .viewDidLoad(controller.id)
        case .preferredContentSizeDidChange(let parent, let child):
            return .preferredContentSizeDidChange(
                parent.id, child: child.id)
        }
    }

    @inline(__always)
    func callOut() {
        switch self {
        case .appearance(let controller, let callback, let animated):
            switch callback {
            case .willAppear: controller.viewWillAppear(animated)
            case .isAppearing: controller.viewIsAppearing(animated)
            case .didAppear: controller.viewDidAppear(animated)
            case .willDisappear: controller.viewWillDisappear(animated)
            case .didDisappear: controller.viewDidDisappear(animated)
            }
        case .willMove(let controller, let parent):
            controller.willMove(toParent: parent)
        case .didMove(let controller, let parent):
            controller.didMove(toParent: parent)
        case .loadView(let controller): controller.loadView()
        case .viewDidLoad(let controller): controller.viewDidLoad()
        case .preferredContentSizeDidChange(let parent, let child):
            parent.preferredContentSizeDidChange(
                forChildContentContainer: child)
        }
    }
}

/// `viewWillTransition(to:with:)` of a controller (§10).
struct SizeTransitionStep: Step {
    let controller: Controller
    let size: Size
    let coordinator: any TransitionCoordinator

    var receiver: DeliveryLoop.Frame.Receiver { .controller(Unmanaged.passUnretained(controller)) }
    var callbackName: StaticString { "viewWillTransition(to:with:)" }
    var event: LifecycleEvent? { .viewWillTransition(controller.id, to: size) }
    func callOut() { controller.viewWillTransition(to: size, with: coordinator) }
}

/// A view's hook, sent as a view moves (none is reported as an event). The views it concerns go to
/// ``DeliveryLoop/deliver(_:of:naming:window:)`` as borrowed arguments (see ``Step``).
@MainActor
enum ViewHook {
    /// `willMove(toSuperview:)`, naming the new superview.
    case willMoveToSuperview
    /// `willMove(toWindow:)`, naming the new window.
    case willMoveToWindow
    /// `willRemoveSubview(_:)` of the moving view's old superview, naming the moving view.
    case willRemoveSubview
    /// `didMoveToWindow()`.
    case didMoveToWindow
    /// `didMoveToSuperview()`.
    case didMoveToSuperview
    /// `didAddSubview(_:)` of the moving view's new superview, naming the moving view.
    case didAddSubview

    /// The hook as the API spells it.
    var callbackName: StaticString {
        switch self {
        case .willMoveToSuperview: "willMove(toSuperview:)"
        case .willMoveToWindow: "willMove(toWindow:)"
        case .willRemoveSubview: "willRemoveSubview(_:)"
        case .didMoveToWindow: "didMoveToWindow()"
        case .didMoveToSuperview: "didMoveToSuperview()"
        case .didAddSubview: "didAddSubview(_:)"
        }
    }

    /// Calls the hook of `view`, naming `other` (the new superview, or the moving view) or
    /// `window`, as the hook does. Only ``DeliveryLoop`` calls this, inside the hook's frame.
    @inline(__always)
    func callOut(of view: View, naming other: View?, window: Window?) {
        switch self {
        case .willMoveToSuperview: view.willMove(toSuperview: other)
        case .willMoveToWindow: view.willMove(toWindow: window)
        case .willRemoveSubview: view.willRemoveSubview(other.unsafelyUnwrapped)
        case .didMoveToWindow: view.didMoveToWindow()
        case .didMoveToSuperview: view.didMoveToSuperview()
        case .didAddSubview: view.didAddSubview(other.unsafelyUnwrapped)
        }
    }
}

/// A method of a container's delegate or data source, or of a presented controller's presentation
/// delegate.
enum DelegateStep: Step {
    /// `navigationController(_:willShow:animated:)` (§6).
    case navigationWillShow(NavigationController, any NavigationControllerDelegate, Controller, animated: Bool)
    /// `navigationController(_:didShow:animated:)` (§6).
    case navigationDidShow(NavigationController, any NavigationControllerDelegate, Controller, animated: Bool)
    /// `tabBarController(_:shouldSelect:)` (§7): answers whether to select.
    case tabShouldSelect(TabBarController, any TabBarControllerDelegate, Controller)
    /// `tabBarController(_:didSelect:)` (§7).
    case tabDidSelect(TabBarController, any TabBarControllerDelegate, Controller)
    /// `pageController(_:willTransitionTo:)` (§8).
    case pageWillTransition(PageController, any PageControllerDelegate, to: [Controller])
    /// `pageController(_:didFinishAnimating:previousControllers:transitionCompleted:)` (§8).
    case pageDidFinishAnimating(
        PageController, any PageControllerDelegate, finished: Bool, previous: [Controller], completed: Bool)
    /// `pageController(_:controllerAfter:)` (§8): answers with a page.
    case pageAfter(PageController, any PageControllerDataSource, Controller)
    /// `pageController(_:controllerBefore:)` (§8): answers with a page.
    case pageBefore(PageController, any PageControllerDataSource, Controller)
    /// `presentationControllerShouldDismiss(_:)` (§10): answers whether the sheet may be pulled down.
    case presentationShouldDismiss(Controller, any PresentationDelegate)
    /// `presentationControllerDidAttemptToDismiss(_:)` (§10).
    case presentationDidAttemptToDismiss(Controller, any PresentationDelegate)
    /// `presentationControllerWillDismiss(_:)` (§10).
    case presentationWillDismiss(Controller, any PresentationDelegate)
    /// `presentationControllerDidDismiss(_:)` (§10).
    case presentationDidDismiss(Controller, any PresentationDelegate)

    /// What the callee answered.
    enum Reply {
        case none
        case answer(Bool)
        case page(Controller?)
    }

    var receiver: DeliveryLoop.Frame.Receiver {
        let controller: Controller =
            switch self {
            case .navigationWillShow(let navigation, _, _, _), .navigationDidShow(let navigation, _, _, _): navigation
            case .tabShouldSelect(let tabs, _, _), .tabDidSelect(let tabs, _, _): tabs
            case .pageWillTransition(let pages, _, _), .pageDidFinishAnimating(let pages, _, _, _, _),
                .pageAfter(let pages, _, _), .pageBefore(let pages, _, _):
                pages
            case .presentationShouldDismiss(let presented, _), .presentationDidAttemptToDismiss(let presented, _),
                .presentationWillDismiss(let presented, _), .presentationDidDismiss(let presented, _):
                presented
            }
        return .controller(Unmanaged.passUnretained(controller))
    }

    var callbackName: StaticString {
        switch self {
        case .navigationWillShow: "delegate.navigationController(_:willShow:animated:)"
        case .navigationDidShow: "delegate.navigationController(_:didShow:animated:)"
        case .tabShouldSelect: "delegate.tabBarController(_:shouldSelect:)"
        case .tabDidSelect: "delegate.tabBarController(_:didSelect:)"
        case .pageWillTransition: "delegate.pageController(_:willTransitionTo:)"
        case .pageDidFinishAnimating:
            "delegate.pageController(_:didFinishAnimating:previousControllers:transitionCompleted:)"
        case .pageAfter: "dataSource.pageController(_:controllerAfter:)"
        case .pageBefore: "dataSource.pageController(_:controllerBefore:)"
        case .presentationShouldDismiss: "delegate.presentationControllerShouldDismiss(_:)"
        case .presentationDidAttemptToDismiss: "delegate.presentationControllerDidAttemptToDismiss(_:)"
        case .presentationWillDismiss: "delegate.presentationControllerWillDismiss(_:)"
        case .presentationDidDismiss: "delegate.presentationControllerDidDismiss(_:)"
        }
    }

    var event: LifecycleEvent? {
        switch self {
        case .navigationWillShow(let navigation, _, let shown, let animated):
            .navigationWillShow(navigation.id, shown.id, animated: animated)
        case .navigationDidShow(let navigation, _, let shown, let animated):
            .navigationDidShow(navigation.id, shown.id, animated: animated)
        case .tabShouldSelect(let tabs, _, let tab): .tabShouldSelect(tabs.id, tab.id)
        case .tabDidSelect(let tabs, _, let tab): .tabDidSelect(tabs.id, tab.id)
        case .pageWillTransition(let pages, _, let incoming): .pageWillTransition(pages.id, to: incoming.map(\.id))
        case .pageDidFinishAnimating(let pages, _, _, let previous, let completed):
            .pageDidFinishAnimating(pages.id, previous: previous.map(\.id), completed: completed)
        case .pageAfter(let pages, _, let anchor): .pageControllerAfter(pages.id, anchor.id)
        case .pageBefore(let pages, _, let anchor): .pageControllerBefore(pages.id, anchor.id)
        case .presentationShouldDismiss(let presented, _): .presentationShouldDismiss(presented.id)
        case .presentationDidAttemptToDismiss(let presented, _): .presentationDidAttemptToDismiss(presented.id)
        case .presentationWillDismiss(let presented, _): .presentationWillDismiss(presented.id)
        case .presentationDidDismiss(let presented, _): .presentationDidDismiss(presented.id)
        }
    }

    func callOut() -> Reply {
        switch self {
        case .navigationWillShow(let navigation, let delegate, let shown, let animated):
            delegate.navigationController(navigation, willShow: shown, animated: animated)
        case .navigationDidShow(let navigation, let delegate, let shown, let animated):
            delegate.navigationController(navigation, didShow: shown, animated: animated)
        case .tabShouldSelect(let tabs, let delegate, let tab):
            return .answer(delegate.tabBarController(tabs, shouldSelect: tab))
        case .tabDidSelect(let tabs, let delegate, let tab): delegate.tabBarController(tabs, didSelect: tab)
        case .pageWillTransition(let pages, let delegate, let incoming):
            delegate.pageController(pages, willTransitionTo: incoming)
        case .pageDidFinishAnimating(let pages, let delegate, let finished, let previous, let completed):
            delegate.pageController(
                pages, didFinishAnimating: finished, previousControllers: previous, transitionCompleted: completed)
        case .pageAfter(let pages, let dataSource, let anchor):
            return .page(dataSource.pageController(pages, controllerAfter: anchor))
        case .pageBefore(let pages, let dataSource, let anchor):
            return .page(dataSource.pageController(pages, controllerBefore: anchor))
        case .presentationShouldDismiss(let presented, let delegate):
            return .answer(delegate.presentationControllerShouldDismiss(presented))
        case .presentationDidAttemptToDismiss(let presented, let delegate):
            delegate.presentationControllerDidAttemptToDismiss(presented)
        case .presentationWillDismiss(let presented, let delegate):
            delegate.presentationControllerWillDismiss(presented)
        case .presentationDidDismiss(let presented, let delegate): delegate.presentationControllerDidDismiss(presented)
        }
        return .none
    }
}

/// A block the app gave the engine to run.
enum BlockStep: Step {
    /// The `animations` block of `transition(from:to:…)`, given to `container` (not reported).
    case animations(ContainerController, () -> Void)
    /// A completion block `caller` took, told whether the transition finished (nil: the block
    /// takes no argument).
    case completion(Controller, finished: Bool?, (Bool) -> Void)
    /// The completion of a presentation or dismissal, whose caller may be gone: the transition
    /// that runs it knows the caller's identity.
    case presentationCompletion(PresentationTransition, () -> Void)
    /// A block given to a transition coordinator's `callback` (not reported).
    case coordinatorBlock(StaticString, any TransitionCoordinator, (any TransitionCoordinator) -> Void)

    var receiver: DeliveryLoop.Frame.Receiver {
        switch self {
        case .animations(let container, _): .controller(Unmanaged.passUnretained(container))
        case .completion(let caller, _, _): .controller(Unmanaged.passUnretained(caller))
        case .presentationCompletion(let transition, _): .presentationCompletion(Unmanaged.passUnretained(transition))
        case .coordinatorBlock: .coordinator
        }
    }

    var callbackName: StaticString {
        switch self {
        case .animations: "animations"
        case .completion, .presentationCompletion: "completion"
        case .coordinatorBlock(let callback, _, _): callback
        }
    }

    var event: LifecycleEvent? {
        switch self {
        case .completion(let caller, let finished, _): .completion(caller.id, finished: finished)
        case .presentationCompletion(let transition, _): .completion(transition.callerID, finished: nil)
        case .animations, .coordinatorBlock: nil
        }
    }

    func callOut() {
        switch self {
        case .animations(_, let block): block()
        case .completion(_, let finished, let block): block(finished ?? true)
        case .presentationCompletion(_, let block): block()
        case .coordinatorBlock(_, let coordinator, let block): block(coordinator)
        }
    }
}

extension AppearanceCallback {
    /// The base implementation an override of this callback must reach.
    @inline(__always)
    var superCall: SuperCall {
        switch self {
        case .willAppear: .viewWillAppear
        case .isAppearing: .viewIsAppearing
        case .didAppear: .viewDidAppear
        case .willDisappear: .viewWillDisappear
        case .didDisappear: .viewDidDisappear
        }
    }
}
