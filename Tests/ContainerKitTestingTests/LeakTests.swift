import ContainerKit
import ContainerKitTesting
import Testing

/// A visible window whose root is `p`, with the turn ended.
@MainActor
private func visibleLeakParent() -> (Window, ContainerController) {
    let window = Window(name: "window", frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let p = ContainerController(name: "p")
    window.rootController = p
    window.makeKeyAndVisible()
    window.runUntilIdle()
    return (window, p)
}

/// Adds `child` to `parent` as a custom container does (spec §2).
@MainActor
private func addAsChild(_ child: Controller, in parent: ContainerController) {
    parent.addChild(child)
    parent.view.addSubview(child.view)
    child.didMove(toParent: parent)
}

/// Removes `child` from its parent as a custom container does (spec §2).
@MainActor
private func removeFromItsParent(_ child: Controller) {
    child.willMove(toParent: nil)
    child.view.removeFromSuperview()
    child.removeFromParent()
}

/// The text of an issue's comments.
private func issueText(_ issue: Issue) -> String {
    issue.comments.map(\.rawValue).joined(separator: "\n")
}

/// The fix line every leak failure ends with.
private let leakFixLine = """
    To fix, find what still holds each one: a variable of the test outside the checked scope, a \
    closure that captures it (a spy's hook capturing its own spy), a parent, view or window that \
    still contains it, a transition still in flight, a viewDidDisappear still queued for the end \
    of its window's turn (call runUntilIdle()), or a reference cycle.
    """

@Suite @MainActor struct LeakTests {
    /// A leaf controller.
    final class Leaf: Controller {}

    @Test func aRemovedChildAndItsViewAreDeallocated() {
        let (window, p) = visibleLeakParent()
        expectDeallocated {
            let c = Leaf(name: "c")
            let spy = SpyController(name: "spy")
            spy.onViewWillAppear = { [unowned spy] _ in spy.title = "shown" }
            addAsChild(c, in: p)
            addAsChild(spy, in: p)
            window.runUntilIdle()
            removeFromItsParent(c)
            removeFromItsParent(spy)
            // Their did-disappears, queued for the end of the turn, hold them until then (§2.2).
            window.runUntilIdle()
            return [c, c.view, spy, spy.view]
        }
        #expect(p.children.isEmpty)
    }

    @Test func aChildTheCallerKeepsIsNamedAsASurvivor() {
        let (window, p) = visibleLeakParent()
        var kept: Leaf?
        withKnownIssue {
            expectDeallocated {
                let c = Leaf(name: "c")
                kept = c
                addAsChild(c, in: p)
                window.runUntilIdle()
                removeFromItsParent(c)
                return [c, c.view]
            }
        } matching: { issue in
            issueText(issue) == """
                2 objects expected to be deallocated are still alive:

                  c (Leaf)
                  View (root view of c)

                \(leakFixLine)
                """
        }
        #expect(kept?.parent == nil)
    }

    @Test func aChildStillInItsParentSurvivesAndAnythingElseIsNamedByItsType() {
        final class Model {}
        let (window, p) = visibleLeakParent()
        let model = Model()
        withKnownIssue {
            expectDeallocated {
                let c = Leaf(name: "c")
                addAsChild(c, in: p)
                window.runUntilIdle()
                let header = View()
                header.name = "header"
                c.view.addSubview(header)
                return [c, header, model, window]
            }
        } matching: { issue in
            issueText(issue) == """
                4 objects expected to be deallocated are still alive:

                  c (Leaf)
                  View "header"
                  Model
                  window (Window)

                \(leakFixLine)
                """
        }
    }

    @Test func aHookCapturingItsOwnSpyKeepsItAlive() {
        weak var leaked: SpyController?
        withKnownIssue {
            expectDeallocated {
                let spy = SpyController(name: "spy")
                spy.onViewDidLoad = { spy.title = "loaded" }
                leaked = spy
                return [spy]
            }
        } matching: { issue in
            issueText(issue).hasPrefix("1 object expected to be deallocated is still alive:\n\n  spy (SpyController)\n")
        }
        // Break the cycle, so the spy does not outlive the test.
        leaked?.onViewDidLoad = nil
        #expect(leaked == nil)
    }

    @Test func aTrackerPassesWhenEveryTrackedObjectIsGone() {
        let (window, p) = visibleLeakParent()
        let tracker = LeakTracker()
        do {
            let c = Leaf(name: "c")
            tracker.track(c)
            tracker.track(c.view)
            addAsChild(c, in: p)
            window.runUntilIdle()
            removeFromItsParent(c)
            window.runUntilIdle()
        }
        tracker.expectAllDeallocated()
        do {
            let d = Leaf(name: "d")
            tracker.track(d)
        }
        tracker.expectAllDeallocated()
    }

    @Test func aTrackerNamesEachSurvivorAndWhereItWasTracked() {
        let (window, p) = visibleLeakParent()
        let tracker = LeakTracker()
        let c = Leaf(name: "c")
        let trackedOn = #line + 1
        tracker.track(c)
        do {
            let d = Leaf(name: "d")
            tracker.track(d)
            addAsChild(c, in: p)
            addAsChild(d, in: p)
            window.runUntilIdle()
            removeFromItsParent(d)
            window.runUntilIdle()
        }
        withKnownIssue {
            tracker.expectAllDeallocated()
        } matching: { issue in
            issueText(issue) == """
                1 object expected to be deallocated is still alive:

                  c (Leaf), tracked at ContainerKitTestingTests/LeakTests.swift:\(trackedOn)

                \(leakFixLine)
                """
        }
        // The check forgot what it checked: the next one starts afresh.
        tracker.expectAllDeallocated()
        #expect(c.parent === p)
    }

    @Test func aTrackerThatGoesAwayUncheckedFailsWhereItWasCreated() {
        let createdOn = #line + 3
        withKnownIssue {
            do {
                let tracker = LeakTracker()
                tracker.track(Leaf(name: "c"))
            }
        } matching: { issue in
            issueText(issue) == """
                The LeakTracker went away with 1 object tracked and never checked.
                To fix, call expectAllDeallocated() once the objects should be gone.
                """
                && issue.sourceLocation?.line == createdOn
        }
    }
}
