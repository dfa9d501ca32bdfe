import ContainerKit

/// Runs `body` and fails the test for each object it returns that is still alive once it has returned.
///
/// `body` makes the objects the test expects to go away (controllers, views, anything), runs the
/// flow, and returns them. When `body` has returned and its local variables are released, each of
/// them must be deallocated; every survivor is named in one failure at the call: a controller by
/// its id and type (`c (Leaf)`), a view by its type and the controller whose root view it is
/// (`View (root view of c)`), a window by its id (`window (Window)`), anything else by its type.
///
/// ```swift
/// expectDeallocated {
///     let c = Leaf(name: "c")
///     p.addChild(c)
///     p.view.addSubview(c.view)
///     c.didMove(toParent: p)
///     window.runUntilIdle()
///     c.willMove(toParent: nil)
///     c.view.removeFromSuperview()
///     c.removeFromParent()
///     return [c, c.view]
/// }
/// ```
///
/// ## What keeps an object alive
///
/// Only `body`'s own locals are released before the check. The objects must not be held by the
/// caller: create them inside `body`, and do not store them in a variable declared outside it (the
/// closure captures that variable, and the caller still holds it). Then look for what else holds
/// them:
/// - a parent holds its children, a view its subviews, a window its root controller and its views;
/// - a transition still in flight holds, in its completions, what they capture: finish it inside
///   `body` (`runUntilIdle()` with the default driver);
/// - a closure holds what it captures: a ``SpyController`` hook that captures its own spy keeps it
///   alive forever (capture it `[unowned spy]`), as does any other reference cycle.
///
/// Events name controllers by identity, so a ``Recorder`` keeps nothing alive.
///
/// - Parameters:
///   - fileID: The file of the call, where a failure is reported; leave it defaulted.
///   - filePath: The full path of that file, for XCTest; leave it defaulted.
///   - line: The line of the call; leave it defaulted.
///   - column: The column of the call; leave it defaulted.
///   - body: Makes, uses and returns the objects that must be gone when it has returned.
@MainActor
public func expectDeallocated(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ body: () throws -> [AnyObject]
) rethrows {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    // One statement, so the array body returns (and every strong reference in it) is gone after it.
    let references = try body().map { WeakReference($0) }
    let survivors = LeakReport.survivors(references).map { LeakReport.describe($0) }
    if let message = LeakReport.message(survivors: survivors) {
        TestFailure.record(message, at: site)
    }
}

/// Tracks objects over the steps of a test and fails for each one still alive when asked.
///
/// ``expectDeallocated(fileID:filePath:line:column:_:)`` for tests in several steps:
/// ``track(_:fileID:filePath:line:column:)`` each object as it is made, end the scopes that hold
/// it, then call ``expectAllDeallocated(fileID:filePath:line:column:)``. The tracker holds the
/// objects weakly.
///
/// ```swift
/// let tracker = LeakTracker()
/// do {
///     let c = Leaf(name: "c")
///     tracker.track(c)
///     tracker.track(c.view)
///     p.addChild(c)
///     c.didMove(toParent: p)
///     c.willMove(toParent: nil)
///     c.removeFromParent()
/// }  // c, the test's own reference, goes away here
/// tracker.expectAllDeallocated()
/// ```
///
/// The objects must not be held by the caller when it checks: a local variable keeps its object
/// alive until the end of its scope, so make and use them inside a `do { … }` block, or set the
/// variable to nil, before ``expectAllDeallocated(fileID:filePath:line:column:)``. The other things
/// that keep an object alive are listed under ``expectDeallocated(fileID:filePath:line:column:_:)``.
///
/// A tracker that goes away with objects tracked since its last check fails the test where it was
/// created.
@MainActor
public final class LeakTracker {
    private struct Tracked {
        let reference: WeakReference
        let site: CallSite
    }

    private var tracked: [Tracked] = []

    /// How many objects were tracked since the last check, for the deinitializer.
    nonisolated(unsafe) private var uncheckedCount = 0

    private let creationSite: CallSite

    /// Creates a tracker with nothing tracked. A tracker that goes away unchecked fails here.
    ///
    /// ```swift
    /// let tracker = LeakTracker()
    /// ```
    public init(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        creationSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    deinit {
        guard uncheckedCount > 0 else { return }
        let count = uncheckedCount == 1 ? "1 object" : "\(uncheckedCount) objects"
        TestFailure.record(
            """
            The LeakTracker went away with \(count) tracked and never checked.
            To fix, call expectAllDeallocated() once the objects should be gone.
            """,
            at: creationSite)
    }

    /// Tracks `object`, weakly: the next ``expectAllDeallocated(fileID:filePath:line:column:)``
    /// fails if it is still alive, and names this call.
    ///
    /// ```swift
    /// let c = Leaf(name: "c")
    /// tracker.track(c)
    /// ```
    public func track(
        _ object: AnyObject,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        tracked.append(Tracked(reference: WeakReference(object), site: site))
        uncheckedCount = tracked.count
    }

    /// Fails the test, at the call, naming every object tracked since the last check that is still
    /// alive and where it was tracked; then forgets them all, so the next check starts afresh.
    ///
    /// ```swift
    /// do {
    ///     let c = Leaf(name: "c")
    ///     tracker.track(c)
    /// }
    /// tracker.expectAllDeallocated()
    /// ```
    public func expectAllDeallocated(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let checked = tracked
        tracked.removeAll()
        uncheckedCount = 0
        var seen = Set<ObjectIdentifier>()
        var survivors: [String] = []
        for entry in checked {
            guard let object = entry.reference.object, seen.insert(ObjectIdentifier(object)).inserted else { continue }
            survivors.append(
                "\(LeakReport.describe(object)), tracked at \(entry.site.fileID):\(entry.site.line)")
        }
        if let message = LeakReport.message(survivors: survivors) {
            TestFailure.record(message, at: site)
        }
    }
}

/// A weak reference to any object.
private struct WeakReference {
    weak var object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }
}

/// The survivors of a leak check and the failure that names them.
private enum LeakReport {
    /// The objects still alive, each once, in the order they were given.
    static func survivors(_ references: [WeakReference]) -> [AnyObject] {
        var seen = Set<ObjectIdentifier>()
        return references.compactMap(\.object).filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// `c (Leaf)`, `View (root view of c)`, `window (Window)`, or the type name.
    @MainActor
    static func describe(_ object: AnyObject) -> String {
        if let controller = object as? Controller {
            return "\(controller.id) (\(controller.id.typeName))"
        }
        if let window = object as? Window {
            return "\(window.windowID) (\(type(of: window)))"
        }
        if let view = object as? View {
            var text = String(describing: type(of: view))
            if let name = view.name { text += " \"\(name)\"" }
            if let controller = view.controller { text += " (root view of \(controller.id))" }
            return text
        }
        return String(describing: type(of: object))
    }

    /// The failure naming `survivors`, or nil when there are none.
    static func message(survivors: [String]) -> String? {
        guard !survivors.isEmpty else { return nil }
        let headline =
            survivors.count == 1
            ? "1 object expected to be deallocated is still alive:"
            : "\(survivors.count) objects expected to be deallocated are still alive:"
        return """
            \(headline)

            \(survivors.map { "  \($0)" }.joined(separator: "\n"))

            To fix, find what still holds each one: a variable of the test outside the checked scope, a \
            closure that captures it (a spy's hook capturing its own spy), a parent, view or window that \
            still contains it, a transition still in flight, a viewDidDisappear still queued for the end \
            of its window's turn (call runUntilIdle()), or a reference cycle.
            """
    }
}
