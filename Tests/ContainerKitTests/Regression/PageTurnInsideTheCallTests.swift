import ContainerKit
import ContainerKitTesting
import Testing

/// A non-animated `setControllers` on screen runs its turn inside the call, once the callbacks of
/// its adoptions (and the requests they made) have run (spec §1, §8 [rev 2]); the premise
/// `.turnInsideTheCall` is read then. Each test here has an adoption's `willMove(toParent:)` break
/// it, and asserts that the turn takes the path the premise leaves it.
@Suite @MainActor struct PageTurnInsideTheCallTests {
    /// `page` showing `e`, the root of a visible window, its turn ended; the set-up is skipped.
    private func showPage(_ recorder: Recorder) -> (page: PageController, e: Leaf, window: Window) {
        let page = PageController(name: "page", transitionStyle: .scroll)
        let e = Leaf(name: "e")
        page.setControllers([e], direction: .forward, animated: false)
        let window = show(page)
        recorder.skipEvents()
        return (page, e, window)
    }

    /// The adoption's `willMove(toParent: page)` hides the window: the turn does not run on screen
    /// inside the call; it settles off screen, still inside the call, as a request off screen does.
    @Test func anAdoptionThatHidesTheWindowSettlesTheTurnOffScreen() {  // §1, §8
        let recorder = Recorder()
        recorder.record {
            let (page, e, window) = showPage(recorder)
            let f = SpyController(name: "f")
            f.onWillMove = { [unowned window] parent in if parent != nil { window.isHidden = true } }
            page.setControllers([f], direction: .forward, animated: false)
            recorder.expect(
                """
                f.willMove(toParent: page)
                -- the window is hidden (F2)
                page.viewWillDisappear(animated: false)
                e.viewWillDisappear(animated: false)
                page.viewDidDisappear(animated: false)
                e.viewDidDisappear(animated: false)
                -- the turn settles off screen, inside the call
                f.loadView()
                f.viewDidLoad()
                f.didMove(toParent: page)
                e.willMove(toParent: nil)
                e.didMove(toParent: nil)
                """)
            #expect(page.shownControllers.map(\.id) == [f.id] && page.children.map(\.id) == [f.id])
            #expect(f.view.superview === page.view && e.viewIfLoaded?.superview == nil)
            #expect([page, e, f].allSatisfy { $0.appearanceState == .disappeared })
            #expect(!window.hasPendingWork && window.animationsInFlight.isEmpty)
            withExtendedLifetime(e) {}
            recorder.finish()
        }
    }

    /// The adoption's `willMove(toParent: page)` asks for `[g]`, animated: that request waits for
    /// the change's end, then makes the pages asked for animated, so the first request's turn does
    /// not run inside the call: one animated turn, to `g`, runs at the end of the turn, and `f`,
    /// never shown, is dropped once it has completed (R7).
    @Test func anAdoptionThatAsksForAnAnimatedTurnLeavesItToTheWindowsQueue() {  // §1, §8
        let recorder = Recorder()
        recorder.record {
            let (page, e, window) = showPage(recorder)
            let f = SpyController(name: "f")
            let g = Leaf(name: "g")
            f.onWillMove = { [unowned page, unowned g] parent in
                guard parent != nil else { return }
                page.setControllers([g], direction: .forward, animated: true)
            }
            page.setControllers([f], direction: .forward, animated: false)
            recorder.expect(
                """
                f.willMove(toParent: page)
                -- inside it: setControllers([g], animated), which waits for the change's end
                g.willMove(toParent: page)
                """)
            #expect(page.shownControllers.map(\.id) == [g.id])
            window.runUntilIdle()
            recorder.expect(
                """
                -- the end of the turn: the turn to g, animated
                g.loadView()
                g.viewDidLoad()
                g.viewWillAppear(animated: true)
                e.viewWillDisappear(animated: true)
                g.viewDidAppear(animated: true)
                e.viewDidDisappear(animated: true)
                g.didMove(toParent: page)
                e.willMove(toParent: nil)
                e.didMove(toParent: nil)
                f.didMove(toParent: nil)
                """)
            #expect(page.shownControllers.map(\.id) == [g.id] && page.children.map(\.id) == [g.id])
            #expect(f.parent == nil && g.parent === page && g.appearanceState == .appeared)
            #expect(e.appearanceState == .disappeared && f.appearanceState == .disappeared)
            #expect(!window.hasPendingWork && window.animationsInFlight.isEmpty)
            recorder.finish()
        }
    }
}
