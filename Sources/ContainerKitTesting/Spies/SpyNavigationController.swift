import ContainerKit

/// A navigation controller that records every callback it receives, in order, and runs a hook from
/// each.
///
/// ``SpyContainerController`` for a `NavigationController`: the same ``LifecycleSpy/calls``,
/// hooks, ``LifecycleSpy/transcript()`` and ``LifecycleSpy/resetCalls()``. A navigation controller
/// forwards appearance to its shown controller from inside its own base callbacks (F6), so a hook,
/// which runs after `super`, runs after that controller's callback.
///
/// ```swift
/// let root = SpyController(name: "root")
/// let nav = SpyNavigationController(name: "nav", rootController: root)
/// nav.onViewDidAppear = { [unowned nav] _ in #expect(nav.topController?.appearanceState == .appeared) }
/// window.rootController = nav
/// window.makeKeyAndVisible()
/// window.runUntilIdle()
/// #expect(nav.transcript() == """
///     nav.loadView()
///     nav.viewDidLoad()
///     nav.viewWillAppear(animated: false)
///     nav.viewIsAppearing(animated: false)
///     nav.viewDidAppear(animated: false)
///     """)
/// ```
///
/// Every override calls `super`; a subclass that overrides a callback again must call `super` too.
open class SpyNavigationController: NavigationController, LifecycleSpy {
    /// This spy's recorded calls and hooks, which ``LifecycleSpy/calls`` and the `on…` hooks forward to.
    ///
    /// ```swift
    /// nav.spyLog.resetCalls()  // the same as nav.resetCalls()
    /// ```
    public let spyLog = SpyLog()

    /// Creates an empty spy navigation controller named by its type and serial number.
    ///
    /// ```swift
    /// let nav = SpyNavigationController()  // "SpyNavigationController#2" in its calls' descriptions
    /// ```
    public override init() {
        super.init()
    }

    /// Creates an empty spy navigation controller whose events name it `name`.
    ///
    /// ```swift
    /// let nav = SpyNavigationController(name: "nav")
    /// nav.setControllers([a, b], animated: false)
    /// ```
    public override init(name: String) {
        super.init(name: name)
    }

    /// Creates a spy navigation controller whose stack holds `rootController`.
    ///
    /// **Callback order**: `root.willMove(toParent: nav)`, `root.didMove(toParent: nav)`, inside the
    /// call; the navigation controller itself receives nothing.
    ///
    /// ```swift
    /// let nav = SpyNavigationController(rootController: root)
    /// #expect(nav.calls.isEmpty)
    /// ```
    public override init(rootController: Controller) {
        super.init(rootController: rootController)
    }

    /// Creates a spy navigation controller named `name` whose stack holds `rootController`.
    ///
    /// ```swift
    /// let nav = SpyNavigationController(name: "nav", rootController: root)
    /// ```
    public override init(name: String, rootController: Controller) {
        super.init(name: name, rootController: rootController)
    }

    /// Records `loadView()`, then makes the default root view.
    open override func loadView() {
        spyLog.record(.loadView(id), super: { super.loadView() })
    }

    /// Records `viewDidLoad()`, calls `super`, then ``LifecycleSpy/onViewDidLoad``.
    open override func viewDidLoad() {
        spyLog.record(.viewDidLoad(id), super: { super.viewDidLoad() }) { $0.onViewDidLoad?() }
    }

    /// Records `viewWillAppear(_:)`, calls `super`, then ``LifecycleSpy/onViewWillAppear``.
    open override func viewWillAppear(_ animated: Bool) {
        spyLog.record(.viewWillAppear(id, animated: animated), super: { super.viewWillAppear(animated) }) {
            $0.onViewWillAppear?(animated)
        }
    }

    /// Records `viewIsAppearing(_:)`, calls `super`, then ``LifecycleSpy/onViewIsAppearing``.
    open override func viewIsAppearing(_ animated: Bool) {
        spyLog.record(.viewIsAppearing(id, animated: animated), super: { super.viewIsAppearing(animated) }) {
            $0.onViewIsAppearing?(animated)
        }
    }

    /// Records `viewDidAppear(_:)`, calls `super`, then ``LifecycleSpy/onViewDidAppear``.
    open override func viewDidAppear(_ animated: Bool) {
        spyLog.record(.viewDidAppear(id, animated: animated), super: { super.viewDidAppear(animated) }) {
            $0.onViewDidAppear?(animated)
        }
    }

    /// Records `viewWillDisappear(_:)`, calls `super`, then ``LifecycleSpy/onViewWillDisappear``.
    open override func viewWillDisappear(_ animated: Bool) {
        spyLog.record(.viewWillDisappear(id, animated: animated), super: { super.viewWillDisappear(animated) }) {
            $0.onViewWillDisappear?(animated)
        }
    }

    /// Records `viewDidDisappear(_:)`, calls `super`, then ``LifecycleSpy/onViewDidDisappear``.
    open override func viewDidDisappear(_ animated: Bool) {
        spyLog.record(.viewDidDisappear(id, animated: animated), super: { super.viewDidDisappear(animated) }) {
            $0.onViewDidDisappear?(animated)
        }
    }

    /// Records `willMove(toParent:)`, calls `super`, then ``LifecycleSpy/onWillMove``.
    open override func willMove(toParent parent: ContainerController?) {
        spyLog.record(.willMove(id, toParent: parent?.id), super: { super.willMove(toParent: parent) }) {
            $0.onWillMove?(parent)
        }
    }

    /// Records `didMove(toParent:)`, calls `super`, then ``LifecycleSpy/onDidMove``.
    open override func didMove(toParent parent: ContainerController?) {
        spyLog.record(.didMove(id, toParent: parent?.id), super: { super.didMove(toParent: parent) }) {
            $0.onDidMove?(parent)
        }
    }

    /// Records `viewWillTransition(to:with:)` and calls `super`, which forwards to the children.
    open override func viewWillTransition(to size: Size, with coordinator: any TransitionCoordinator) {
        spyLog.record(
            .viewWillTransition(id, to: size), super: { super.viewWillTransition(to: size, with: coordinator) })
    }

    /// Records `preferredContentSizeDidChange(forChildContentContainer:)` and calls `super`.
    open override func preferredContentSizeDidChange(forChildContentContainer child: Controller) {
        spyLog.record(
            .preferredContentSizeDidChange(id, child: child.id),
            super: { super.preferredContentSizeDidChange(forChildContentContainer: child) })
    }
}
