/// One callback, completion or deallocation that the engine delivered, as a value.
///
/// Every callback ContainerKit delivers is also reported to the observers installed with
/// ``LifecycleObservation/observe(with:_:)``, in the order it is delivered, before the
/// receiver's override runs, with its cause (``LifecycleCause``). Events name controllers by
/// ``ControllerID``.
///
/// ``description(naming:)`` renders an event in the transcript notation of the lifecycle
/// reference, receiver first: `c.willMove(toParent: p)`.
public enum LifecycleEvent: Hashable, Sendable {
    /// `loadView()` is about to run.
    case loadView(ControllerID)
    /// `viewDidLoad()` is about to run.
    case viewDidLoad(ControllerID)
    /// `viewWillAppear(_:)` is about to run.
    case viewWillAppear(ControllerID, animated: Bool)
    /// `viewIsAppearing(_:)` is about to run.
    case viewIsAppearing(ControllerID, animated: Bool)
    /// `viewDidAppear(_:)` is about to run.
    case viewDidAppear(ControllerID, animated: Bool)
    /// `viewWillDisappear(_:)` is about to run.
    case viewWillDisappear(ControllerID, animated: Bool)
    /// `viewDidDisappear(_:)` is about to run.
    case viewDidDisappear(ControllerID, animated: Bool)
    /// `willMove(toParent:)` is about to run (from `addChild(_:)`, or called by a container).
    case willMove(ControllerID, toParent: ControllerID?)
    /// `didMove(toParent:)` is about to run (from `removeFromParent()`, or called by a container).
    case didMove(ControllerID, toParent: ControllerID?)
    /// `viewWillTransition(to:with:)` is about to run.
    case viewWillTransition(ControllerID, to: Size)
    /// `preferredContentSizeDidChange(forChildContentContainer:)` is about to run on the parent.
    case preferredContentSizeDidChange(ControllerID, child: ControllerID)
    /// A completion closure passed to a call of the first controller is about to run.
    /// `finished` is nil for closures that take no argument.
    case completion(ControllerID, finished: Bool?)
    /// The controller was deallocated.
    case deallocated(ControllerID)
    /// A navigation controller's delegate is about to be told `navigationController(_:willShow:animated:)`.
    case navigationWillShow(ControllerID, ControllerID, animated: Bool)
    /// A navigation controller's delegate is about to be told `navigationController(_:didShow:animated:)`.
    case navigationDidShow(ControllerID, ControllerID, animated: Bool)
    /// A tab bar controller's delegate is about to be asked `tabBarController(_:shouldSelect:)`.
    case tabShouldSelect(ControllerID, ControllerID)
    /// A tab bar controller's delegate is about to be told `tabBarController(_:didSelect:)`.
    case tabDidSelect(ControllerID, ControllerID)
    /// A page controller's data source is about to be asked `pageController(_:controllerBefore:)`.
    case pageControllerBefore(ControllerID, ControllerID)
    /// A page controller's data source is about to be asked `pageController(_:controllerAfter:)`.
    case pageControllerAfter(ControllerID, ControllerID)
    /// A page controller's delegate is about to be told `pageController(_:willTransitionTo:)`.
    case pageWillTransition(ControllerID, to: [ControllerID])
    /// A page controller's delegate is about to be told
    /// `pageController(_:didFinishAnimating:previousControllers:transitionCompleted:)`.
    case pageDidFinishAnimating(ControllerID, previous: [ControllerID], completed: Bool)
    /// A presented controller's presentation delegate is about to be asked
    /// `presentationControllerShouldDismiss(_:)`.
    case presentationShouldDismiss(ControllerID)
    /// A presented controller's presentation delegate is about to be told `presentationControllerWillDismiss(_:)`.
    case presentationWillDismiss(ControllerID)
    /// A presented controller's presentation delegate is about to be told `presentationControllerDidDismiss(_:)`.
    case presentationDidDismiss(ControllerID)
    /// A presented controller's presentation delegate is about to be told
    /// `presentationControllerDidAttemptToDismiss(_:)`.
    case presentationDidAttemptToDismiss(ControllerID)

    /// The controller that receives the callback.
    public var receiver: ControllerID {
        switch self {
        case .loadView(let id), .viewDidLoad(let id), .viewWillAppear(let id, _), .viewIsAppearing(let id, _),
            .viewDidAppear(let id, _), .viewWillDisappear(let id, _), .viewDidDisappear(let id, _),
            .willMove(let id, _), .didMove(let id, _), .viewWillTransition(let id, _),
            .preferredContentSizeDidChange(let id, _), .completion(let id, _), .deallocated(let id),
            .navigationWillShow(let id, _, _), .navigationDidShow(let id, _, _), .tabShouldSelect(let id, _),
            .tabDidSelect(let id, _), .pageControllerBefore(let id, _), .pageControllerAfter(let id, _),
            .pageWillTransition(let id, _), .pageDidFinishAnimating(let id, _, _), .presentationShouldDismiss(let id),
            .presentationWillDismiss(let id), .presentationDidDismiss(let id), .presentationDidAttemptToDismiss(let id):
            return id
        }
    }

    /// Whether the event is one of the four appearance callbacks or `viewIsAppearing(_:)`.
    public var isAppearanceCallback: Bool {
        switch self {
        case .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear, .viewDidDisappear:
            return true
        case .loadView, .viewDidLoad, .willMove, .didMove, .viewWillTransition, .preferredContentSizeDidChange,
            .completion, .deallocated, .navigationWillShow, .navigationDidShow, .tabShouldSelect, .tabDidSelect,
            .pageControllerBefore, .pageControllerAfter, .pageWillTransition, .pageDidFinishAnimating,
            .presentationShouldDismiss, .presentationWillDismiss, .presentationDidDismiss,
            .presentationDidAttemptToDismiss:
            return false
        }
    }

    /// The event in transcript notation, naming each controller with `name`.
    public func description(naming name: (ControllerID) -> String) -> String {
        func optional(_ id: ControllerID?) -> String { id.map(name) ?? "nil" }
        switch self {
        case .loadView(let id):
            return "\(name(id)).loadView()"
        case .viewDidLoad(let id):
            return "\(name(id)).viewDidLoad()"
        case .viewWillAppear(let id, let animated):
            return "\(name(id)).viewWillAppear(animated: \(animated))"
        case .viewIsAppearing(let id, let animated):
            return "\(name(id)).viewIsAppearing(animated: \(animated))"
        case .viewDidAppear(let id, let animated):
            return "\(name(id)).viewDidAppear(animated: \(animated))"
        case .viewWillDisappear(let id, let animated):
            return "\(name(id)).viewWillDisappear(animated: \(animated))"
        case .viewDidDisappear(let id, let animated):
            return "\(name(id)).viewDidDisappear(animated: \(animated))"
        case .willMove(let id, let parent):
            return "\(name(id)).willMove(toParent: \(optional(parent)))"
        case .didMove(let id, let parent):
            return "\(name(id)).didMove(toParent: \(optional(parent)))"
        case .viewWillTransition(let id, let size):
            return "\(name(id)).viewWillTransition(to: \(size))"
        case .preferredContentSizeDidChange(let id, let child):
            return "\(name(id)).preferredContentSizeDidChange(forChildContentContainer: \(name(child)))"
        case .completion(let id, let finished):
            return "\(name(id)).completion(\(finished.map { "finished: \($0)" } ?? ""))"
        case .deallocated(let id):
            return "\(name(id)).deinit"
        case .navigationWillShow(let id, let shown, let animated):
            return "\(name(id)).delegate.willShow(\(name(shown)), animated: \(animated))"
        case .navigationDidShow(let id, let shown, let animated):
            return "\(name(id)).delegate.didShow(\(name(shown)), animated: \(animated))"
        case .tabShouldSelect(let id, let tab):
            return "\(name(id)).delegate.shouldSelect(\(name(tab)))"
        case .tabDidSelect(let id, let tab):
            return "\(name(id)).delegate.didSelect(\(name(tab)))"
        case .pageControllerBefore(let id, let page):
            return "\(name(id)).dataSource.controllerBefore(\(name(page)))"
        case .pageControllerAfter(let id, let page):
            return "\(name(id)).dataSource.controllerAfter(\(name(page)))"
        case .pageWillTransition(let id, let pages):
            return "\(name(id)).delegate.willTransition(to: [\(pages.map(name).joined(separator: ", "))])"
        case .pageDidFinishAnimating(let id, let previous, let completed):
            return "\(name(id)).delegate.didFinishAnimating(previous: [\(previous.map(name).joined(separator: ", "))], "
                + "completed: \(completed))"
        case .presentationShouldDismiss(let id):
            return "\(name(id)).presentationDelegate.shouldDismiss()"
        case .presentationWillDismiss(let id):
            return "\(name(id)).presentationDelegate.willDismiss()"
        case .presentationDidDismiss(let id):
            return "\(name(id)).presentationDelegate.didDismiss()"
        case .presentationDidAttemptToDismiss(let id):
            return "\(name(id)).presentationDelegate.didAttemptToDismiss()"
        }
    }
}

extension LifecycleEvent: CustomStringConvertible {
    /// The event in transcript notation, naming controllers by their ``ControllerID/description``.
    public var description: String { description(naming: \.description) }
}

/// Who drove a callback: the arrow's tail in a sequence diagram.
public enum EventSource: Hashable, Sendable {
    /// The window: a view entering or leaving it, showing or hiding it, the end of its turn.
    case window(WindowID)
    /// A controller: the parent that forwarded or sent a containment callback, the container whose
    /// transition moved the receiver, or the controller whose call took a completion.
    case controller(ControllerID)
    /// Code outside the tree (a test calling `beginAppearanceTransition` on a root, a deallocation).
    case external
}
