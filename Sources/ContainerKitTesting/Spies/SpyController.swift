import ContainerKit

/// A controller that records every callback it receives, in order, and runs a hook from each.
///
/// For tests that prefer a subclass to a ``Recorder``: ``LifecycleSpy/calls`` holds this
/// controller's own callbacks as `LifecycleEvent` values, in the order they arrived,
/// `viewIsAppearing` included; the `on…` hooks run inside a callback, after `super`, so a test can
/// make a callback push, add or remove without writing a subclass. The calls and hooks live in
/// ``spyLog`` (see ``LifecycleSpy``).
///
/// ```swift
/// let c = SpyController(name: "c")
/// p.addChild(c)  // p is on screen
/// p.view.addSubview(c.view)
/// c.didMove(toParent: p)
/// window.runUntilIdle()
/// #expect(c.transcript() == """
///     c.willMove(toParent: p)
///     c.loadView()
///     c.viewDidLoad()
///     c.viewWillAppear(animated: false)
///     c.didMove(toParent: p)
///     c.viewIsAppearing(animated: false)
///     c.viewDidAppear(animated: false)
///     """)
/// ```
///
/// Every override calls `super`, so subclasses keep the engine's bookkeeping; a subclass that
/// overrides a callback again must call `super` too, or the spy records nothing for it.
///
/// A hook is stored by the spy: a hook that captures the spy itself strongly keeps it alive forever
/// (capture it `[unowned spy]`), which ``expectDeallocated(fileID:filePath:line:column:_:)`` reports.
open class SpyController: Controller, LifecycleSpy {
    /// This spy's recorded calls and hooks, which ``LifecycleSpy/calls`` and the `on…` hooks forward to.
    ///
    /// ```swift
    /// c.spyLog.resetCalls()  // the same as c.resetCalls()
    /// ```
    public let spyLog = SpyLog()

    /// Creates a spy named by its type and serial number.
    ///
    /// ```swift
    /// let c = SpyController()  // "SpyController#7" in its calls' descriptions
    /// ```
    public override init() {
        super.init()
    }

    /// Creates a spy whose events name it `name`.
    ///
    /// ```swift
    /// let c = SpyController(name: "c")
    /// ```
    public override init(name: String) {
        super.init(name: name)
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
}

/// A container that records every callback it receives, in order, and runs a hook from each.
///
/// ``SpyController`` for containers: the same ``LifecycleSpy/calls``, hooks,
/// ``LifecycleSpy/transcript()`` and ``LifecycleSpy/resetCalls()``, plus
/// `preferredContentSizeDidChange(forChildContentContainer:)` in the calls and
/// ``forwardsAppearanceAutomatically`` to switch appearance forwarding off without a subclass.
///
/// ```swift
/// let p = SpyContainerController(name: "p")
/// let c = Leaf(name: "c")
/// p.onViewWillAppear = { [unowned p] _ in  // add a child while appearing (F3)
///     p.addChild(c)
///     p.view.addSubview(c.view)
///     c.didMove(toParent: p)
/// }
/// window.rootController = p
/// window.makeKeyAndVisible()
/// ```
///
/// The hooks run after `super`, and so before the engine forwards the callback to the children
/// (forwarding follows the container's own override): a child added in
/// ``LifecycleSpy/onViewWillAppear`` gets each appearance callback once.
open class SpyContainerController: ContainerController, LifecycleSpy {
    /// This spy's recorded calls and hooks, which ``LifecycleSpy/calls`` and the `on…` hooks forward to.
    ///
    /// ```swift
    /// p.spyLog.onViewDidLoad = { loaded = true }  // the same as p.onViewDidLoad = …
    /// ```
    public let spyLog = SpyLog()

    /// Whether appearance callbacks reach the children on their own: the value of
    /// ``shouldAutomaticallyForwardAppearanceMethods``. Set it to `false` to forward by hand (F4),
    /// from the hooks, say.
    ///
    /// ```swift
    /// p.forwardsAppearanceAutomatically = false
    /// p.onViewWillAppear = { animated in c.beginAppearanceTransition(true, animated: animated) }
    /// p.onViewDidAppear = { _ in c.endAppearanceTransition() }
    /// ```
    public var forwardsAppearanceAutomatically = true

    /// Creates a spy container named by its type and serial number.
    ///
    /// ```swift
    /// let p = SpyContainerController()  // "SpyContainerController#3" in its calls' descriptions
    /// ```
    public override init() {
        super.init()
    }

    /// Creates a spy container whose events name it `name`.
    ///
    /// ```swift
    /// let p = SpyContainerController(name: "p")
    /// ```
    public override init(name: String) {
        super.init(name: name)
    }

    /// Returns ``forwardsAppearanceAutomatically``.
    open override var shouldAutomaticallyForwardAppearanceMethods: Bool { forwardsAppearanceAutomatically }

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
