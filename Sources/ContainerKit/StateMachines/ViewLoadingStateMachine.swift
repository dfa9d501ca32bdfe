/// The view-loading state machine of one controller, as a value.
///
/// `loadView()` and `viewDidLoad()` run exactly once, the first time the view is needed (spec §3).
/// Assigning a view from outside `loadView()` counts as loading it: `loadView()` is skipped and
/// `viewDidLoad()` runs at once (MODEL), so every controller gets `viewDidLoad()` before its first
/// appearance callback.
package struct ViewLoadingStateMachine: Sendable {
    package enum State: Hashable, Sendable {
        /// No view yet.
        case notLoaded
        /// `loadView()` is running.
        case loading
        /// The view exists and `viewDidLoad()` has run or is running.
        case loaded
    }

    /// What reading the `view` property asks of the controller.
    package enum RequestAction: Hashable, Sendable {
        /// Call `loadView()`, then report ``loadViewReturned(assignedView:)``.
        case callLoadView
        /// Return the view (inside `loadView()`: the one assigned so far, or a new default one).
        case returnView
    }

    /// What the end of `loadView()` asks of the controller.
    package enum LoadedAction: Hashable, Sendable {
        /// Call `viewDidLoad()`.
        case callViewDidLoad
        /// `loadView()` assigned no view: make a default one, report a warning, call `viewDidLoad()`.
        case makeDefaultViewThenCallViewDidLoad
    }

    /// What assigning the `view` property asks of the controller.
    package enum AssignAction: Hashable, Sendable {
        /// Inside `loadView()`: keep the view; `viewDidLoad()` follows when `loadView()` returns.
        case store
        /// Outside `loadView()` with no view yet: keep it and call `viewDidLoad()` now.
        case storeThenCallViewDidLoad
        /// The view was loaded already: replace it.
        case replace
    }

    package private(set) var state: State = .notLoaded

    /// A new machine, ``State/notLoaded``.
    package init() {}

    /// The `view` property was read.
    package mutating func viewRequested() -> RequestAction {
        switch state {
        case .notLoaded:
            state = .loading
            return .callLoadView
        case .loading, .loaded:
            return .returnView
        }
    }

    /// `loadView()` returned.
    package mutating func loadViewReturned(assignedView: Bool) -> LoadedAction {
        switch state {
        case .loading:
            state = .loaded
            return assignedView ? .callViewDidLoad : .makeDefaultViewThenCallViewDidLoad
        case .notLoaded, .loaded:
            preconditionFailure("loadView() returned while the view-loading state was \(state)")
        }
    }

    /// The `view` property was assigned.
    package mutating func viewAssigned() -> AssignAction {
        switch state {
        case .notLoaded:
            state = .loaded
            return .storeThenCallViewDidLoad
        case .loading:
            return .store
        case .loaded:
            return .replace
        }
    }
}
