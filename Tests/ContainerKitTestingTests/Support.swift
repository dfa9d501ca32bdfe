import ContainerKit
import ContainerKitTesting
import Foundation
import Testing

/// A window of the usual test size.
@MainActor
func makeWindow(_ name: String = "window") -> Window {
    Window(name: name, frame: Rect(x: 0, y: 0, width: 320, height: 480))
}

/// The custom-container add of spec §2: `addChild` (R1), the view, then `didMove` (R3).
@MainActor
func embed(_ child: Controller, in parent: ContainerController) {
    parent.addChild(child)
    parent.view.addSubview(child.view)
    child.didMove(toParent: parent)
}

/// Makes `root` the root of `window`, shows it and ends the turn.
@MainActor
@discardableResult
func show(_ root: Controller, in window: Window = makeWindow()) -> Window {
    window.rootController = root
    window.makeKeyAndVisible()
    window.runUntilIdle()
    return window
}

/// The comments of the issues `body` records, which must all be known issues.
@MainActor
func recordedIssues(_ body: () -> Void) -> [String] {
    let comments = Comments()
    withKnownIssue {
        body()
    } matching: { issue in
        comments.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
        return true
    }
    return comments.all
}

/// Issue comments collected by a `withKnownIssue` matcher, which may run on any thread.
private final class Comments: @unchecked Sendable {
    private let lock = NSLock()
    private var comments: [String] = []

    func append(_ comment: String) {
        lock.lock()
        comments.append(comment)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return comments
    }
}
