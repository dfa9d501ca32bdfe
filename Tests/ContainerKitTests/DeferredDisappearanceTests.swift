import ContainerKit
import ContainerKitTesting
import Testing

/// The deferred `viewDidDisappear(_:)` (spec §1, §2.2, §4, revision 2): a view that leaves a
/// visible window gets `viewWillDisappear(_:)` inside the call and `viewDidDisappear(_:)` at the end
/// of the turn, queued in the window it left, as `viewDidAppear(_:)` is; hiding a window stays
/// synchronous (MODEL). The removal (§2.2), the root replacement (§4) and a view that enters and
/// leaves in one turn are pinned by the golden scenarios and the articles' transcripts.
@Suite @MainActor struct DeferredDisappearanceTests {
    /// A visible window whose root `p` holds the spy `c`, embedded, the turn ended.
    private func stage(_ recorder: Recorder) -> (window: Window, p: Parent, c: SpyController) {
        let p = Parent(name: "p")
        let window = show(p)
        let c = SpyController(name: "c")
        embed(c, in: p)
        window.runUntilIdle()
        recorder.skipEvents()
        return (window, p, c)
    }

    @Test func aViewThatLeavesAndComesBackInOneTurnGetsNoDidDisappear() {  // §1
        let recorder = Recorder()
        recorder.record {
            let (window, p, c) = stage(recorder)
            c.view.removeFromSuperview()
            #expect(c.appearanceState == .disappearing)
            p.view.addSubview(c.view)
            #expect(c.appearanceState == .appearing)
            recorder.expect(
                """
                c.viewWillDisappear(animated: false)
                c.viewWillAppear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect("c.viewDidAppear(animated: false)")
            #expect(c.appearanceState == .appeared)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func theViewHasLeftWhenItsDidDisappearComes() {  // §3
        let recorder = Recorder()
        recorder.record {
            let (window, p, c) = stage(recorder)
            var seen: [String] = []
            c.onViewWillDisappear = { [unowned c] _ in
                seen.append("will: window \(c.view.window != nil), superview \(c.view.superview != nil)")
            }
            c.onViewDidDisappear = { [unowned c] _ in
                seen.append("did: window \(c.view.window != nil), superview \(c.view.superview != nil)")
            }
            c.view.removeFromSuperview()
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewWillDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                """)
            #expect(seen == ["will: window true, superview true", "did: window false, superview false"])
            #expect(p.children.map(\.id) == [c.id])
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func hidingTheWindowStaysSynchronousAndLeavesAQueuedDidDisappearToTheTurn() {  // §1, §4
        let recorder = Recorder()
        recorder.record {
            let (window, _, c) = stage(recorder)
            c.view.removeFromSuperview()
            window.isHidden = true
            recorder.expect(
                """
                c.viewWillDisappear(animated: false)
                p.viewWillDisappear(animated: false)
                p.viewDidDisappear(animated: false)
                """)
            #expect(c.appearanceState == .disappearing)
            #expect(window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect("c.viewDidDisappear(animated: false)")
            #expect(c.appearanceState == .disappeared)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// A window released with a did-disappear queued runs it, whether the window is visible (its
    /// release hides it first: every will-disappear, then every did-disappear) or was hidden
    /// already (the hide sent those inside its setter; the queued one waits for the release).
    @Test(arguments: [false, true])
    func aReleasedWindowRunsTheDidDisappearsQueuedInIt(hiddenFirst: Bool) {  // §1
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            do {
                let window = show(p)
                embed(c, in: p)
                window.runUntilIdle()
                recorder.skipEvents()
                c.view.removeFromSuperview()
                if hiddenFirst { window.isHidden = true }
            }
            recorder.expect(
                """
                c.viewWillDisappear(animated: false)
                p.viewWillDisappear(animated: false)
                p.viewDidDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                """)
            #expect(c.appearanceState == .disappeared && p.appearanceState == .disappeared)
            #expect(c.parent === p)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aViewMovedIntoAHiddenWindowIsCompletedByTheTurnOfTheWindowItLeft() {  // §1
        let recorder = Recorder()
        recorder.record {
            let (window, _, c) = stage(recorder)
            let hidden = makeWindow("hidden")
            hidden.addSubview(c.view)
            recorder.expect("c.viewWillDisappear(animated: false)")
            #expect(c.view.window === hidden && c.appearanceState == .disappearing)
            #expect(!hidden.hasPendingWork && window.hasPendingWork)
            hidden.runUntilIdle()
            recorder.expect("")
            window.runUntilIdle()
            recorder.expect("c.viewDidDisappear(animated: false)")
            #expect(c.appearanceState == .disappeared)
            withExtendedLifetime(hidden) {}
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aRemovedChildWhoseDisappearanceIsQueuedIsLeftToTheTurn() {  // §2.2, R7
        let recorder = Recorder()
        recorder.record {
            let (window, p, c) = stage(recorder)
            c.willMove(toParent: nil)
            c.view.removeFromSuperview()
            c.removeFromParent()
            // Out of every visible window, its disappearance is not ended at once: the turn ends it.
            #expect(c.appearanceState == .disappearing && c.parent == nil && p.children.isEmpty)
            #expect(c.hierarchyDescription.contains("UIKit's repeated didMove due"))
            recorder.expect(
                """
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: false)
                c.didMove(toParent: nil)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewDidDisappear(animated: false)
                c.didMove(toParent: nil)
                """)
            #expect(c.appearanceState == .disappeared)
            #expect(!c.hierarchyDescription.contains("repeated"))
        }
        #expect(recorder.violations.isEmpty)
    }

    /// A window hidden from inside a built-in container's will-disappear, as its view leaves another
    /// visible window: the hidden window's disappearances, its own built-in container's forwarding
    /// included, end inside the setter (MODEL), none queued in the window the first container leaves,
    /// whose own did-disappears wait for its turn (§1, F6).
    @Test func aWindowHiddenInsideABuiltInContainersExitEndsItsOwnDisappearancesAtOnce() {
        let recorder = Recorder()
        recorder.record {
            let first = makeWindow("first")
            let second = makeWindow("second")
            let nav = SpyNavigationController(name: "nav")
            nav.setControllers([Leaf(name: "a")], animated: false)
            first.makeKeyAndVisible()
            first.addSubview(nav.view)
            first.runUntilIdle()
            let other = NavigationController(name: "other", rootController: Leaf(name: "b"))
            show(other, in: second)
            recorder.skipEvents()
            nav.onViewWillDisappear = { _ in second.isHidden = true }
            nav.view.removeFromSuperview()
            recorder.expect(
                """
                nav.viewWillDisappear(animated: false)
                -- nav forwards its own (F6), then its override hides second
                a.viewWillDisappear(animated: false)
                other.viewWillDisappear(animated: false)
                b.viewWillDisappear(animated: false)
                other.viewDidDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                """)
            first.runUntilIdle()
            second.runUntilIdle()
            recorder.expect(
                """
                nav.viewDidDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }
}
