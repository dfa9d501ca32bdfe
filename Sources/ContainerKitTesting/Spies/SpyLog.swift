import ContainerKit

/// What a spy records and the hooks it runs: the one implementation every spy shares.
///
/// A spy (``SpyController``, ``SpyContainerController``, ``SpyNavigationController``,
/// ``SpyTabBarController``, ``SpyPageController``) holds one log and overrides each callback with
/// one call of ``record(_:super:then:)``: the log appends the event to ``calls``, runs `super`,
/// then the hook. The spies expose the log through ``LifecycleSpy``, so a test reads `spy.calls`
/// and sets `spy.onViewWillAppear` without naming the log.
///
/// A spy of another controller class takes one stored log and one line an override:
///
/// ```swift
/// final class SpyDetail: DetailController, LifecycleSpy {
///     let spyLog = SpyLog()
///
///     override func viewWillAppear(_ animated: Bool) {
///         spyLog.record(.viewWillAppear(id, animated: animated), super: { super.viewWillAppear(animated) }) {
///             $0.onViewWillAppear?(animated)
///         }
///     }
/// }
/// ```
///
/// The log keeps its hooks, and so whatever they capture: a hook that captures its own spy strongly
/// keeps the spy alive forever (capture it `[unowned spy]`).
@MainActor
public final class SpyLog {
    /// Every callback recorded, in order, oldest first.
    ///
    /// ```swift
    /// let log = SpyLog()
    /// log.record(.viewDidLoad(c.id), super: {})
    /// #expect(log.calls == [.viewDidLoad(c.id)])
    /// ```
    public private(set) var calls: [LifecycleEvent] = []

    /// Runs inside `viewDidLoad()`, after `super`.
    ///
    /// ```swift
    /// log.onViewDidLoad = { loaded += 1 }
    /// ```
    public var onViewDidLoad: (() -> Void)?

    /// Runs inside `viewWillAppear(_:)`, after `super`, with its `animated` argument.
    ///
    /// ```swift
    /// log.onViewWillAppear = { animated in #expect(!animated) }
    /// ```
    public var onViewWillAppear: ((Bool) -> Void)?

    /// Runs inside `viewIsAppearing(_:)`, after `super`, with its `animated` argument.
    ///
    /// ```swift
    /// log.onViewIsAppearing = { _ in appearing += 1 }
    /// ```
    public var onViewIsAppearing: ((Bool) -> Void)?

    /// Runs inside `viewDidAppear(_:)`, after `super`, with its `animated` argument.
    ///
    /// ```swift
    /// log.onViewDidAppear = { _ in appeared += 1 }
    /// ```
    public var onViewDidAppear: ((Bool) -> Void)?

    /// Runs inside `viewWillDisappear(_:)`, after `super`, with its `animated` argument.
    ///
    /// ```swift
    /// log.onViewWillDisappear = { _ in saveDraft() }
    /// ```
    public var onViewWillDisappear: ((Bool) -> Void)?

    /// Runs inside `viewDidDisappear(_:)`, after `super`, with its `animated` argument.
    ///
    /// ```swift
    /// log.onViewDidDisappear = { _ in disappeared += 1 }
    /// ```
    public var onViewDidDisappear: ((Bool) -> Void)?

    /// Runs inside `willMove(toParent:)`, after `super`, with the new parent (nil: being removed).
    ///
    /// ```swift
    /// log.onWillMove = { parent in #expect(parent == nil) }
    /// ```
    public var onWillMove: ((ContainerController?) -> Void)?

    /// Runs inside `didMove(toParent:)`, after `super`, with the new parent (nil: removed).
    ///
    /// ```swift
    /// log.onDidMove = { parent in #expect(parent === p) }
    /// ```
    public var onDidMove: ((ContainerController?) -> Void)?

    /// Creates a log with no calls and no hooks.
    ///
    /// ```swift
    /// let spyLog = SpyLog()
    /// ```
    public init() {}

    /// Appends `event` to ``calls``, runs `callSuper`, then `hook` with this log.
    ///
    /// The hook is read from the log after `super` returns, so a hook set or cleared during `super`
    /// counts. An override that has no hook leaves `hook` out.
    ///
    /// ```swift
    /// override func viewDidLoad() {
    ///     spyLog.record(.viewDidLoad(id), super: { super.viewDidLoad() }) { $0.onViewDidLoad?() }
    /// }
    ///
    /// override func loadView() {
    ///     spyLog.record(.loadView(id), super: { super.loadView() })
    /// }
    /// ```
    public func record(_ event: LifecycleEvent, super callSuper: () -> Void, then hook: (SpyLog) -> Void = { _ in }) {
        calls.append(event)
        callSuper()
        hook(self)
    }

    /// The recorded ``calls`` in transcript notation, one a line, `viewIsAppearing` included.
    ///
    /// ```swift
    /// log.record(.loadView(c.id), super: {})
    /// log.record(.viewDidLoad(c.id), super: {})
    /// #expect(log.transcript() == "c.loadView()\nc.viewDidLoad()")
    /// ```
    public func transcript() -> String {
        calls.map(\.description).joined(separator: "\n")
    }

    /// Forgets the recorded ``calls``. The hooks stay.
    ///
    /// ```swift
    /// log.resetCalls()
    /// #expect(log.calls.isEmpty)
    /// ```
    public func resetCalls() {
        calls.removeAll()
    }
}

/// A controller that records its callbacks in a ``SpyLog`` and runs the log's hooks.
///
/// Conforming takes one stored ``spyLog``; the protocol gives the spy ``calls``, ``transcript()``,
/// ``resetCalls()`` and the `on…` hooks, all forwarding to the log.
///
/// ```swift
/// func expectLoaded(_ spy: some LifecycleSpy) {
///     #expect(spy.calls.prefix(2) == [.loadView(spy.id), .viewDidLoad(spy.id)])
/// }
/// ```
@MainActor
public protocol LifecycleSpy: Controller {
    /// Where this spy's callbacks are recorded and its hooks are kept.
    ///
    /// ```swift
    /// let spyLog = SpyLog()
    /// ```
    var spyLog: SpyLog { get }
}

extension LifecycleSpy {
    /// Every callback this controller received, in order, oldest first.
    ///
    /// ```swift
    /// _ = c.view
    /// #expect(c.calls == [.loadView(c.id), .viewDidLoad(c.id)])
    /// ```
    public var calls: [LifecycleEvent] { spyLog.calls }

    /// The recorded ``calls`` in transcript notation, one a line, `viewIsAppearing` included.
    ///
    /// ```swift
    /// _ = c.view
    /// #expect(c.transcript() == "c.loadView()\nc.viewDidLoad()")
    /// ```
    public func transcript() -> String {
        spyLog.transcript()
    }

    /// Forgets the recorded ``calls``: the setup of a test, say. The hooks stay.
    ///
    /// ```swift
    /// _ = c.view
    /// c.resetCalls()
    /// #expect(c.calls.isEmpty)
    /// ```
    public func resetCalls() {
        spyLog.resetCalls()
    }

    /// Runs inside `viewDidLoad()`, after `super`.
    ///
    /// ```swift
    /// c.onViewDidLoad = { [unowned c] in c.title = "Loaded" }
    /// ```
    public var onViewDidLoad: (() -> Void)? {
        get { spyLog.onViewDidLoad }
        set { spyLog.onViewDidLoad = newValue }
    }

    /// Runs inside `viewWillAppear(_:)`, after `super`, with its `animated` argument.
    ///
    /// A custom container (``SpyContainerController``) runs it before the engine forwards the
    /// callback to its children, so a child added here gets each appearance callback once (F3); a
    /// built-in container forwards from inside `super` (F6), so the hook runs after its visible
    /// child's callback.
    ///
    /// ```swift
    /// c.onViewWillAppear = { animated in log.append("will appear, animated: \(animated)") }
    /// ```
    public var onViewWillAppear: ((Bool) -> Void)? {
        get { spyLog.onViewWillAppear }
        set { spyLog.onViewWillAppear = newValue }
    }

    /// Runs inside `viewIsAppearing(_:)`, after `super`, with its `animated` argument.
    ///
    /// ```swift
    /// c.onViewIsAppearing = { [unowned c] _ in #expect(c.view.window != nil) }
    /// ```
    public var onViewIsAppearing: ((Bool) -> Void)? {
        get { spyLog.onViewIsAppearing }
        set { spyLog.onViewIsAppearing = newValue }
    }

    /// Runs inside `viewDidAppear(_:)`, after `super`, with its `animated` argument: for a custom
    /// container before forwarding, for a built-in one after its visible child's callback (F6).
    ///
    /// ```swift
    /// c.onViewDidAppear = { _ in appeared += 1 }
    /// ```
    public var onViewDidAppear: ((Bool) -> Void)? {
        get { spyLog.onViewDidAppear }
        set { spyLog.onViewDidAppear = newValue }
    }

    /// Runs inside `viewWillDisappear(_:)`, after `super`, with its `animated` argument: for a
    /// custom container before forwarding, for a built-in one after its visible child's callback (F6).
    ///
    /// ```swift
    /// c.onViewWillDisappear = { _ in saveDraft() }
    /// ```
    public var onViewWillDisappear: ((Bool) -> Void)? {
        get { spyLog.onViewWillDisappear }
        set { spyLog.onViewWillDisappear = newValue }
    }

    /// Runs inside `viewDidDisappear(_:)`, after `super`, with its `animated` argument: for a custom
    /// container before forwarding, for a built-in one after its visible child's callback (F6).
    ///
    /// ```swift
    /// c.onViewDidDisappear = { _ in disappeared += 1 }
    /// ```
    public var onViewDidDisappear: ((Bool) -> Void)? {
        get { spyLog.onViewDidDisappear }
        set { spyLog.onViewDidDisappear = newValue }
    }

    /// Runs inside `willMove(toParent:)`, after `super`, with the new parent (nil: being removed).
    ///
    /// ```swift
    /// c.onWillMove = { parent in #expect(parent == nil) }
    /// ```
    public var onWillMove: ((ContainerController?) -> Void)? {
        get { spyLog.onWillMove }
        set { spyLog.onWillMove = newValue }
    }

    /// Runs inside `didMove(toParent:)`, after `super`, with the new parent (nil: removed).
    ///
    /// ```swift
    /// c.onDidMove = { parent in #expect(parent === p) }
    /// ```
    public var onDidMove: ((ContainerController?) -> Void)? {
        get { spyLog.onDidMove }
        set { spyLog.onDidMove = newValue }
    }
}
