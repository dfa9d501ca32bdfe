import ContainerKit

/// A controller that fails the test on any callback it receives: proof that a flow leaves it alone.
///
/// Put one where the flow under test must not reach at all: a screen handed to a router that must
/// not show it, a page a data source returns only for a swipe the flow must not begin. Each
/// callback a `LifecycleEvent` names (`loadView()` included, so reading its `view` fails too)
/// records a failure at the line that created the controller, one failure a callback:
/// "Unimplemented: u.viewWillAppear(animated: false) was called; this controller must not be
/// touched by the flow under test."
///
/// Becoming a child is a callback too (`willMove(toParent:)`), so a controller that a container
/// merely holds, such as a tab that is never selected, cannot be unimplemented: setting a tab bar
/// controller's `controllers` fails at once.
///
/// ```swift
/// let account = UnimplementedController(name: "account")
/// router.openAccount(account)  // signed out: the router must not push it
/// window.runUntilIdle()
/// ```
///
/// Every override still does what the engine needs (it calls `super`, and `loadView()` assigns a
/// view), so the engine reports no contract violation besides the failure.
open class UnimplementedController: Controller {
    /// Where the controller was created: its failures are reported there.
    public let creationSite: CallSite

    /// Creates a controller named by its type and serial number; its failures are reported at the call.
    ///
    /// ```swift
    /// let u = UnimplementedController()
    /// ```
    public init(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        creationSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        super.init()
    }

    /// Creates a controller named `name`; its failures are reported at the call.
    ///
    /// ```swift
    /// let u = UnimplementedController(name: "u")
    /// ```
    public init(
        name: String,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        creationSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        super.init(name: name)
    }

    /// Fails the test, then assigns a plain view so the engine is satisfied.
    open override func loadView() {
        reportUnimplemented(.loadView(id), at: creationSite)
        super.loadView()
    }

    /// Fails the test, then calls `super`.
    open override func viewDidLoad() {
        reportUnimplemented(.viewDidLoad(id), at: creationSite)
        super.viewDidLoad()
    }

    /// Fails the test, then calls `super`.
    open override func viewWillAppear(_ animated: Bool) {
        reportUnimplemented(.viewWillAppear(id, animated: animated), at: creationSite)
        super.viewWillAppear(animated)
    }

    /// Fails the test, then calls `super`.
    open override func viewIsAppearing(_ animated: Bool) {
        reportUnimplemented(.viewIsAppearing(id, animated: animated), at: creationSite)
        super.viewIsAppearing(animated)
    }

    /// Fails the test, then calls `super`.
    open override func viewDidAppear(_ animated: Bool) {
        reportUnimplemented(.viewDidAppear(id, animated: animated), at: creationSite)
        super.viewDidAppear(animated)
    }

    /// Fails the test, then calls `super`.
    open override func viewWillDisappear(_ animated: Bool) {
        reportUnimplemented(.viewWillDisappear(id, animated: animated), at: creationSite)
        super.viewWillDisappear(animated)
    }

    /// Fails the test, then calls `super`.
    open override func viewDidDisappear(_ animated: Bool) {
        reportUnimplemented(.viewDidDisappear(id, animated: animated), at: creationSite)
        super.viewDidDisappear(animated)
    }

    /// Fails the test, then calls `super`.
    open override func willMove(toParent parent: ContainerController?) {
        reportUnimplemented(.willMove(id, toParent: parent?.id), at: creationSite)
        super.willMove(toParent: parent)
    }

    /// Fails the test, then calls `super`.
    open override func didMove(toParent parent: ContainerController?) {
        reportUnimplemented(.didMove(id, toParent: parent?.id), at: creationSite)
        super.didMove(toParent: parent)
    }

    /// Fails the test, then calls `super`.
    open override func viewWillTransition(to size: Size, with coordinator: any TransitionCoordinator) {
        reportUnimplemented(.viewWillTransition(id, to: size), at: creationSite)
        super.viewWillTransition(to: size, with: coordinator)
    }
}

/// A container that fails the test on any callback it receives: ``UnimplementedController`` for
/// the places a flow must not reach that are containers, so the children are never touched either.
///
/// It also fails on `preferredContentSizeDidChange(forChildContentContainer:)`.
///
/// ```swift
/// let settings = UnimplementedContainerController(name: "settings")
/// let switcher = Switcher(first: home, second: settings)  // adds `second` only when it switches to it
/// window.rootController = switcher
/// window.makeKeyAndVisible()  // must never touch settings or its children
/// ```
open class UnimplementedContainerController: ContainerController {
    /// Where the container was created: its failures are reported there.
    public let creationSite: CallSite

    /// Creates a container named by its type and serial number; its failures are reported at the call.
    ///
    /// ```swift
    /// let u = UnimplementedContainerController()
    /// ```
    public init(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        creationSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        super.init()
    }

    /// Creates a container named `name`; its failures are reported at the call.
    ///
    /// ```swift
    /// let u = UnimplementedContainerController(name: "u")
    /// ```
    public init(
        name: String,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        creationSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        super.init(name: name)
    }

    /// Fails the test, then assigns a plain view so the engine is satisfied.
    open override func loadView() {
        reportUnimplemented(.loadView(id), at: creationSite)
        super.loadView()
    }

    /// Fails the test, then calls `super`.
    open override func viewDidLoad() {
        reportUnimplemented(.viewDidLoad(id), at: creationSite)
        super.viewDidLoad()
    }

    /// Fails the test, then calls `super`.
    open override func viewWillAppear(_ animated: Bool) {
        reportUnimplemented(.viewWillAppear(id, animated: animated), at: creationSite)
        super.viewWillAppear(animated)
    }

    /// Fails the test, then calls `super`.
    open override func viewIsAppearing(_ animated: Bool) {
        reportUnimplemented(.viewIsAppearing(id, animated: animated), at: creationSite)
        super.viewIsAppearing(animated)
    }

    /// Fails the test, then calls `super`.
    open override func viewDidAppear(_ animated: Bool) {
        reportUnimplemented(.viewDidAppear(id, animated: animated), at: creationSite)
        super.viewDidAppear(animated)
    }

    /// Fails the test, then calls `super`.
    open override func viewWillDisappear(_ animated: Bool) {
        reportUnimplemented(.viewWillDisappear(id, animated: animated), at: creationSite)
        super.viewWillDisappear(animated)
    }

    /// Fails the test, then calls `super`.
    open override func viewDidDisappear(_ animated: Bool) {
        reportUnimplemented(.viewDidDisappear(id, animated: animated), at: creationSite)
        super.viewDidDisappear(animated)
    }

    /// Fails the test, then calls `super`.
    open override func willMove(toParent parent: ContainerController?) {
        reportUnimplemented(.willMove(id, toParent: parent?.id), at: creationSite)
        super.willMove(toParent: parent)
    }

    /// Fails the test, then calls `super`.
    open override func didMove(toParent parent: ContainerController?) {
        reportUnimplemented(.didMove(id, toParent: parent?.id), at: creationSite)
        super.didMove(toParent: parent)
    }

    /// Fails the test, then calls `super`.
    open override func viewWillTransition(to size: Size, with coordinator: any TransitionCoordinator) {
        reportUnimplemented(.viewWillTransition(id, to: size), at: creationSite)
        super.viewWillTransition(to: size, with: coordinator)
    }

    /// Fails the test, then calls `super`.
    open override func preferredContentSizeDidChange(forChildContentContainer child: Controller) {
        reportUnimplemented(.preferredContentSizeDidChange(id, child: child.id), at: creationSite)
        super.preferredContentSizeDidChange(forChildContentContainer: child)
    }
}

/// Records the failure an unimplemented controller reports for `event`.
private func reportUnimplemented(_ event: LifecycleEvent, at site: CallSite) {
    TestFailure.record(
        "Unimplemented: \(event) was called; this controller must not be touched by the flow under test.",
        at: site)
}
