import ContainerKit

/// A controller that records every callback it receives, in order, and runs a hook from each.
///
/// For tests that prefer a subclass to a ``Recorder``: ``calls`` holds this controller's own
/// callbacks as ``LifecycleEvent`` values, in the order they arrived, `viewIsAppearing` included;
/// the `on…` hooks run inside a callback, after `super`, so a test can make a callback push, add or
/// remove without writing a subclass.
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
open class SpyController: Controller {
    /// Every callback this controller received, in order, oldest first.
    ///
    /// ```swift
    /// _ = c.view
    /// #expect(c.calls == [.loadView(c.id), .viewDidLoad(c.id)])
    /// ```
    public private(set) var calls: [LifecycleEvent] = []

    /// Runs inside ``viewDidLoad()``, after `super`.
    ///
    /// ```swift
    /// c.onViewDidLoad = { [unowned c] in c.title = "Loaded" }
    /// ```
    public var onViewDidLoad: (() -> Void)?

    /// Runs inside ``viewWillAppear(_:)``, after `super`, with its `animated` argument.
    ///
    /// ```swift
    /// c.onViewWillAppear = { animated in log.append("will appear, animated: \(animated)") }
    /// ```
    public var onViewWillAppear: ((Bool) -> Void)?

    /// Runs inside ``viewIsAppearing(_:)``, after `super`, with its `animated` argument.
    ///
    /// ```swift
    /// c.onViewIsAppearing = { [unowned c] _ in #expect(c.view.window != nil) }
    /// ```
    public var onViewIsAppearing: ((Bool) -> Void)?

    /// Runs inside ``viewDidAppear(_:)``, after `super`, with its `animated` argument.
    ///
    /// ```swift
    /// c.onViewDidAppear = { _ in appeared += 1 }
    /// ```
    public var onViewDidAppear: ((Bool) -> Void)?

    /// Runs inside ``viewWillDisappear(_:)``, after `super`, with its `animated` argument.
    ///
    /// ```swift
    /// c.onViewWillDisappear = { _ in saveDraft() }
    /// ```
    public var onViewWillDisappear: ((Bool) -> Void)?

    /// Runs inside ``viewDidDisappear(_:)``, after `super`, with its `animated` argument.
    ///
    /// ```swift
    /// c.onViewDidDisappear = { _ in disappeared += 1 }
    /// ```
    public var onViewDidDisappear: ((Bool) -> Void)?

    /// Runs inside ``willMove(toParent:)``, after `super`, with the new parent (nil: being removed).
    ///
    /// ```swift
    /// c.onWillMove = { parent in #expect(parent == nil) }
    /// ```
    public var onWillMove: ((ContainerController?) -> Void)?

    /// Runs inside ``didMove(toParent:)``, after `super`, with the new parent (nil: removed).
    ///
    /// ```swift
    /// c.onDidMove = { parent in #expect(parent === p) }
    /// ```
    public var onDidMove: ((ContainerController?) -> Void)?

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

    /// The recorded ``calls`` in transcript notation, one a line, `viewIsAppearing` included.
    ///
    /// ```swift
    /// _ = c.view
    /// #expect(c.transcript() == "c.loadView()\nc.viewDidLoad()")
    /// ```
    public func transcript() -> String {
        spyTranscript(calls)
    }

    /// Forgets the recorded ``calls``: the setup of a test, say. The hooks stay.
    ///
    /// ```swift
    /// _ = c.view
    /// c.resetCalls()
    /// #expect(c.calls.isEmpty)
    /// ```
    public func resetCalls() {
        calls.removeAll()
    }

    /// Records `loadView()`, then makes the default root view.
    open override func loadView() {
        calls.append(.loadView(id))
        super.loadView()
    }

    /// Records `viewDidLoad()`, calls `super`, then ``onViewDidLoad``.
    open override func viewDidLoad() {
        calls.append(.viewDidLoad(id))
        super.viewDidLoad()
        onViewDidLoad?()
    }

    /// Records `viewWillAppear(_:)`, calls `super`, then ``onViewWillAppear``.
    open override func viewWillAppear(_ animated: Bool) {
        calls.append(.viewWillAppear(id, animated: animated))
        super.viewWillAppear(animated)
        onViewWillAppear?(animated)
    }

    /// Records `viewIsAppearing(_:)`, calls `super`, then ``onViewIsAppearing``.
    open override func viewIsAppearing(_ animated: Bool) {
        calls.append(.viewIsAppearing(id, animated: animated))
        super.viewIsAppearing(animated)
        onViewIsAppearing?(animated)
    }

    /// Records `viewDidAppear(_:)`, calls `super`, then ``onViewDidAppear``.
    open override func viewDidAppear(_ animated: Bool) {
        calls.append(.viewDidAppear(id, animated: animated))
        super.viewDidAppear(animated)
        onViewDidAppear?(animated)
    }

    /// Records `viewWillDisappear(_:)`, calls `super`, then ``onViewWillDisappear``.
    open override func viewWillDisappear(_ animated: Bool) {
        calls.append(.viewWillDisappear(id, animated: animated))
        super.viewWillDisappear(animated)
        onViewWillDisappear?(animated)
    }

    /// Records `viewDidDisappear(_:)`, calls `super`, then ``onViewDidDisappear``.
    open override func viewDidDisappear(_ animated: Bool) {
        calls.append(.viewDidDisappear(id, animated: animated))
        super.viewDidDisappear(animated)
        onViewDidDisappear?(animated)
    }

    /// Records `willMove(toParent:)`, calls `super`, then ``onWillMove``.
    open override func willMove(toParent parent: ContainerController?) {
        calls.append(.willMove(id, toParent: parent?.id))
        super.willMove(toParent: parent)
        onWillMove?(parent)
    }

    /// Records `didMove(toParent:)`, calls `super`, then ``onDidMove``.
    open override func didMove(toParent parent: ContainerController?) {
        calls.append(.didMove(id, toParent: parent?.id))
        super.didMove(toParent: parent)
        onDidMove?(parent)
    }

    /// Records `viewWillTransition(to:with:)` and calls `super`, which forwards to the children.
    open override func viewWillTransition(to size: Size, with coordinator: any TransitionCoordinator) {
        calls.append(.viewWillTransition(id, to: size))
        super.viewWillTransition(to: size, with: coordinator)
    }
}

/// A container that records every callback it receives, in order, and runs a hook from each.
///
/// ``SpyController`` for containers: the same ``calls``, hooks, ``transcript()`` and
/// ``resetCalls()``, plus `preferredContentSizeDidChange(forChildContentContainer:)` in ``calls``
/// and ``forwardsAppearanceAutomatically`` to switch appearance forwarding off without a subclass.
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
/// (forwarding follows the container's own override): a child added in ``onViewWillAppear`` gets
/// each appearance callback once.
open class SpyContainerController: ContainerController {
    /// Every callback this container received, in order, oldest first.
    ///
    /// ```swift
    /// _ = p.view
    /// #expect(p.calls == [.loadView(p.id), .viewDidLoad(p.id)])
    /// ```
    public private(set) var calls: [LifecycleEvent] = []

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

    /// Runs inside ``viewDidLoad()``, after `super`.
    ///
    /// ```swift
    /// p.onViewDidLoad = { [unowned p] in p.addChild(c) }
    /// ```
    public var onViewDidLoad: (() -> Void)?

    /// Runs inside ``viewWillAppear(_:)``, after `super` and before forwarding, with its `animated`
    /// argument.
    ///
    /// ```swift
    /// p.onViewWillAppear = { [unowned p] _ in
    ///     p.addChild(c)
    ///     p.view.addSubview(c.view)
    ///     c.didMove(toParent: p)
    /// }
    /// ```
    public var onViewWillAppear: ((Bool) -> Void)?

    /// Runs inside ``viewIsAppearing(_:)``, after `super`, with its `animated` argument.
    ///
    /// ```swift
    /// p.onViewIsAppearing = { [unowned p] _ in #expect(p.view.window != nil) }
    /// ```
    public var onViewIsAppearing: ((Bool) -> Void)?

    /// Runs inside ``viewDidAppear(_:)``, after `super` and before forwarding, with its `animated`
    /// argument.
    ///
    /// ```swift
    /// p.onViewDidAppear = { _ in c.endAppearanceTransition() }
    /// ```
    public var onViewDidAppear: ((Bool) -> Void)?

    /// Runs inside ``viewWillDisappear(_:)``, after `super` and before forwarding, with its
    /// `animated` argument.
    ///
    /// ```swift
    /// p.onViewWillDisappear = { animated in c.beginAppearanceTransition(false, animated: animated) }
    /// ```
    public var onViewWillDisappear: ((Bool) -> Void)?

    /// Runs inside ``viewDidDisappear(_:)``, after `super` and before forwarding, with its
    /// `animated` argument.
    ///
    /// ```swift
    /// p.onViewDidDisappear = { _ in c.endAppearanceTransition() }
    /// ```
    public var onViewDidDisappear: ((Bool) -> Void)?

    /// Runs inside ``willMove(toParent:)``, after `super`, with the new parent (nil: being removed).
    ///
    /// ```swift
    /// p.onWillMove = { parent in #expect(parent === root) }
    /// ```
    public var onWillMove: ((ContainerController?) -> Void)?

    /// Runs inside ``didMove(toParent:)``, after `super`, with the new parent (nil: removed).
    ///
    /// ```swift
    /// p.onDidMove = { parent in #expect(parent == nil) }
    /// ```
    public var onDidMove: ((ContainerController?) -> Void)?

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

    /// The recorded ``calls`` in transcript notation, one a line, `viewIsAppearing` included.
    ///
    /// ```swift
    /// _ = p.view
    /// #expect(p.transcript() == "p.loadView()\np.viewDidLoad()")
    /// ```
    public func transcript() -> String {
        spyTranscript(calls)
    }

    /// Forgets the recorded ``calls``: the setup of a test, say. The hooks stay.
    ///
    /// ```swift
    /// _ = p.view
    /// p.resetCalls()
    /// #expect(p.calls.isEmpty)
    /// ```
    public func resetCalls() {
        calls.removeAll()
    }

    /// Records `loadView()`, then makes the default root view.
    open override func loadView() {
        calls.append(.loadView(id))
        super.loadView()
    }

    /// Records `viewDidLoad()`, calls `super`, then ``onViewDidLoad``.
    open override func viewDidLoad() {
        calls.append(.viewDidLoad(id))
        super.viewDidLoad()
        onViewDidLoad?()
    }

    /// Records `viewWillAppear(_:)`, calls `super`, then ``onViewWillAppear``.
    open override func viewWillAppear(_ animated: Bool) {
        calls.append(.viewWillAppear(id, animated: animated))
        super.viewWillAppear(animated)
        onViewWillAppear?(animated)
    }

    /// Records `viewIsAppearing(_:)`, calls `super`, then ``onViewIsAppearing``.
    open override func viewIsAppearing(_ animated: Bool) {
        calls.append(.viewIsAppearing(id, animated: animated))
        super.viewIsAppearing(animated)
        onViewIsAppearing?(animated)
    }

    /// Records `viewDidAppear(_:)`, calls `super`, then ``onViewDidAppear``.
    open override func viewDidAppear(_ animated: Bool) {
        calls.append(.viewDidAppear(id, animated: animated))
        super.viewDidAppear(animated)
        onViewDidAppear?(animated)
    }

    /// Records `viewWillDisappear(_:)`, calls `super`, then ``onViewWillDisappear``.
    open override func viewWillDisappear(_ animated: Bool) {
        calls.append(.viewWillDisappear(id, animated: animated))
        super.viewWillDisappear(animated)
        onViewWillDisappear?(animated)
    }

    /// Records `viewDidDisappear(_:)`, calls `super`, then ``onViewDidDisappear``.
    open override func viewDidDisappear(_ animated: Bool) {
        calls.append(.viewDidDisappear(id, animated: animated))
        super.viewDidDisappear(animated)
        onViewDidDisappear?(animated)
    }

    /// Records `willMove(toParent:)`, calls `super`, then ``onWillMove``.
    open override func willMove(toParent parent: ContainerController?) {
        calls.append(.willMove(id, toParent: parent?.id))
        super.willMove(toParent: parent)
        onWillMove?(parent)
    }

    /// Records `didMove(toParent:)`, calls `super`, then ``onDidMove``.
    open override func didMove(toParent parent: ContainerController?) {
        calls.append(.didMove(id, toParent: parent?.id))
        super.didMove(toParent: parent)
        onDidMove?(parent)
    }

    /// Records `viewWillTransition(to:with:)` and calls `super`, which forwards to the children.
    open override func viewWillTransition(to size: Size, with coordinator: any TransitionCoordinator) {
        calls.append(.viewWillTransition(id, to: size))
        super.viewWillTransition(to: size, with: coordinator)
    }

    /// Records `preferredContentSizeDidChange(forChildContentContainer:)` and calls `super`.
    open override func preferredContentSizeDidChange(forChildContentContainer child: Controller) {
        calls.append(.preferredContentSizeDidChange(id, child: child.id))
        super.preferredContentSizeDidChange(forChildContentContainer: child)
    }
}

/// `calls` in transcript notation, one a line.
private func spyTranscript(_ calls: [LifecycleEvent]) -> String {
    calls.map(\.description).joined(separator: "\n")
}
