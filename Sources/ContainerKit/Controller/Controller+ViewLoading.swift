extension Controller {
    /// The root view, loaded on first read (``loadView()``, then ``viewDidLoad()``, exactly once).
    ///
    /// Reading it is what loads the view: ``loadViewIfNeeded()``, a container showing the controller,
    /// or the first appearance does it too, always before the first appearance callback. Assign a
    /// view inside ``loadView()`` to use a custom one; a `loadView()` that assigns none gets a plain
    /// ``View`` and a warning. Assigning from outside `loadView()` before the view is loaded counts
    /// as loading it: `loadView()` is skipped and ``viewDidLoad()`` runs at once. Assigning once
    /// loaded replaces the root view in place (same superview, same position) without appearance
    /// callbacks. A view can be the root view of one controller only; giving it to a second, or
    /// assigning a ``Window``, is refused (a fault).
    ///
    /// ## Callback order
    ///
    /// With `c` this controller, inside the first read:
    /// 1. `c.loadView()`
    /// 2. `c.viewDidLoad()`
    ///
    /// Inside an assignment before the first read:
    /// 1. `c.viewDidLoad()`
    ///
    /// Later reads and assignments fire nothing.
    public var view: View {
        get {
            if let view = storedView, loading.state == .loaded { return view }
            return loadViewForRead()
        }
        set {
            assignView(newValue)
            checkInvariants()
        }
    }

    /// Whether the root view exists.
    public var isViewLoaded: Bool { storedView != nil }

    /// The root view if it is loaded, without loading it.
    public var viewIfLoaded: View? { storedView }

    /// Loads the root view if it is not loaded yet, as UIKit's `loadViewIfNeeded()`.
    ///
    /// The same as reading ``view`` and ignoring the result. Loading has no appearance callback:
    /// the view appears only when it enters a visible window.
    ///
    /// ## Callback order
    ///
    /// With `c` this controller, inside the call, only when the view is not loaded:
    /// 1. `c.loadView()`
    /// 2. `c.viewDidLoad()`
    public func loadViewIfNeeded() {
        let call = Planning.enter(LifecycleCall(self, "loadViewIfNeeded"))
        defer { Planning.leave(call) }
        _ = view
    }

    private func loadViewForRead() -> View {
        let call = Planning.enter(LifecycleCall(target: .controller(id), name: "view", form: .getter))
        defer { Planning.leave(call) }
        return DeliveryLoop.loadView(of: self)
    }

    private func assignView(_ newView: View) {
        guard newView !== storedView else { return }
        if let owner = newView.owningController, owner !== self {
            ContractViolation(
                kind: .viewOwnedByAnotherController, severity: .fault, controllers: [id, owner.id],
                message: "A view can be the root view of one controller only; it is \(owner.id)'s root view "
                    + "and cannot become \(id)'s."
            ).report()
            return
        }
        if newView is Window {
            ContractViolation(
                kind: .invalidViewHierarchy, severity: .fault, controllers: [id],
                message: "A Window cannot be a controller's root view (\(id))."
            ).report()
            return
        }
        switch DeliveryLoop.assignView(newView, to: self) {
        case .store:
            if let old = storedView { old.owningController = nil }
            adoptRootView(newView)
        case .storeThenCallViewDidLoad:
            break
        case .replace:
            guard let old = storedView else { preconditionFailure("\(id) is loaded without a view") }
            old.owningController = nil
            adoptRootView(newView)
            if let superview = old.superview, let index = superview.subviews.firstIndex(where: { $0 === old }) {
                ViewMove.perform(old, to: nil, at: nil, drivesAppearance: false)
                ViewMove.perform(newView, to: superview, at: index, drivesAppearance: false)
            }
        }
    }

    /// Makes `view` the root view, and this controller its owner: the structural half of a load or
    /// an assignment, which the view-loading machine has committed.
    ///
    /// A new root view, this controller's or a child's, may not be where the views were that a
    /// container's walk last found inside its own: the note of it is cleared
    /// (``ContainerController/childViewsInsideRevision``).
    func adoptRootView(_ view: View) {
        storedView = view
        view.owningController = self
        storedParent?.childViewsInsideRevision = Self.noRevision
        asContainer?.childViewsInsideRevision = Self.noRevision
    }

    /// No ``TreeRevision``: the value of ``ContainerController/childViewsInsideRevision`` before any
    /// walk notes one (the revision reaches it only after 2⁶⁴ changes).
    static var noRevision: UInt64 { .max }
}
