import ContainerKit
import ContainerKitTesting
import Testing

/// A hidden window whose root `r` holds `y` then `p`, and `p` holds `c1` then `c2`, all embedded:
/// their views are in the window before it is shown, so showing it walks views already in place.
@MainActor
private func stageInHiddenWindow() -> (window: Window, r: Parent, y: Parent, p: Parent, c1: SpyController, c2: Leaf) {
    let r = Parent(name: "r")
    let y = Parent(name: "y")
    let p = Parent(name: "p")
    let c1 = SpyController(name: "c1")
    let c2 = Leaf(name: "c2")
    embed(y, in: r)
    embed(p, in: r)
    embed(c1, in: p)
    embed(c2, in: p)
    let window = makeWindow()
    window.rootController = r
    return (window, r, y, p, c1, c2)
}

extension Recorder {
    /// Who drove the latest `event` not yet asserted.
    fileprivate func source(ofPending event: LifecycleEvent) -> EventSource? {
        pendingEntries.last { $0.event == event }?.source
    }
}

/// A walk's callback that takes a controller out of the reach of the parent the walk planned it
/// under, before the walk comes to it or right after its own will-callback: what reaches that
/// controller then takes it the rest of the way (F1, F2, F3), and nothing stale does.
@Suite @MainActor struct ReconcilerRowTests {

    // MARK: - A planned step whose premises an earlier callback broke

    @Test func aSiblingDetachedDuringAHandDrivenDisappearanceEndsItsDisappearanceAtOnce() {  // F1, F5
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let c1 = SpyController(name: "c1")
            let c2 = Leaf(name: "c2")
            embed(c1, in: p)
            embed(c2, in: p)
            p.beginAppearanceTransition(true, animated: false)
            p.endAppearanceTransition()
            recorder.skipEvents()
            c1.onViewWillDisappear = { [unowned c2] _ in c2.view.removeFromSuperview() }
            p.beginAppearanceTransition(false, animated: true)
            recorder.expect(
                """
                p.viewWillDisappear(animated: true)
                c1.viewWillDisappear(animated: true)
                c2.viewWillDisappear(animated: true)
                c2.viewDidDisappear(animated: true)
                """)
            p.endAppearanceTransition()
            recorder.expect(
                """
                p.viewDidDisappear(animated: true)
                c1.viewDidDisappear(animated: true)
                """)
            #expect([p, c1, c2].allSatisfy { $0.appearanceState == .disappeared })
            #expect(c2.parent === p)
            #expect(c2.view.superview == nil)
            recorder.finish()
        }
    }

    @Test func aSiblingGivenToAParentOffScreenWhileTheWindowIsShownAppearsThroughTheWindow() {  // F2, R4, R7
        let recorder = Recorder()
        recorder.record {
            let (window, r, y, p, c1, c2) = stageInHiddenWindow()
            let q = Parent(name: "q")
            recorder.skipEvents()
            c1.onViewWillAppear = { [unowned c2] _ in
                c2.willMove(toParent: nil)
                q.addChild(c2)
                c2.didMove(toParent: q)
            }
            window.makeKeyAndVisible()
            #expect(recorder.source(ofPending: .viewWillAppear(c2.id, animated: false)) == .window(window.windowID))
            recorder.expect(
                """
                r.viewWillAppear(animated: false)
                y.viewWillAppear(animated: false)
                p.viewWillAppear(animated: false)
                c1.viewWillAppear(animated: false)
                c2.willMove(toParent: nil)
                c2.didMove(toParent: nil)
                c2.willMove(toParent: q)
                c2.didMove(toParent: q)
                c2.viewWillAppear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                r.viewDidAppear(animated: false)
                y.viewDidAppear(animated: false)
                p.viewDidAppear(animated: false)
                c1.viewDidAppear(animated: false)
                c2.viewDidAppear(animated: false)
                """)
            #expect([r, y, p, c1, c2].allSatisfy { $0.appearanceState == .appeared })
            #expect(q.appearanceState == .disappeared)
            #expect(c2.parent === q)
            #expect(c2.view.superview === p.view)
            recorder.finish()
        }
    }

    @Test func aSiblingMovedUnderAnAppearingParentTheWalkHasPassedJoinsItsAppearance() {  // F1, F3, R4, R7
        let recorder = Recorder()
        recorder.record {
            let (window, r, y, p, c1, c2) = stageInHiddenWindow()
            recorder.skipEvents()
            c1.onViewWillAppear = { [unowned y, unowned c2] _ in
                c2.willMove(toParent: nil)
                y.addChild(c2)
                y.view.addSubview(c2.view)
                c2.didMove(toParent: y)
            }
            window.makeKeyAndVisible()
            #expect(recorder.source(ofPending: .viewWillAppear(c2.id, animated: false)) == .controller(y.id))
            recorder.expect(
                """
                r.viewWillAppear(animated: false)
                y.viewWillAppear(animated: false)
                p.viewWillAppear(animated: false)
                c1.viewWillAppear(animated: false)
                c2.willMove(toParent: nil)
                c2.didMove(toParent: nil)
                c2.willMove(toParent: y)
                c2.didMove(toParent: y)
                c2.viewWillAppear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                r.viewDidAppear(animated: false)
                y.viewDidAppear(animated: false)
                c2.viewDidAppear(animated: false)
                p.viewDidAppear(animated: false)
                c1.viewDidAppear(animated: false)
                """)
            #expect([r, y, p, c1, c2].allSatisfy { $0.appearanceState == .appeared })
            #expect(y.children.map(\.id) == [c2.id])
            #expect(c2.view.superview === y.view)
            recorder.finish()
        }
    }

    // MARK: - A controller whose own will-appear took it out of its parent's reach

    @Test func aChildThatDetachesItsViewInAHandDrivenWillAppearDisappearsAtOnce() {  // F1, F4
        let recorder = Recorder()
        recorder.record {
            let m = SpyContainerController(name: "m")
            m.forwardsAppearanceAutomatically = false
            let p = Parent(name: "p")
            let c = SpyController(name: "c")
            embed(p, in: m)
            embed(c, in: p)
            recorder.skipEvents()
            c.onViewWillAppear = { [unowned c] _ in c.view.removeFromSuperview() }
            // The call m makes, forwarding by hand (F4).
            p.beginAppearanceTransition(true, animated: false)
            recorder.expect(
                """
                p.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                c.viewWillDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                """)
            p.endAppearanceTransition()
            recorder.expect("p.viewDidAppear(animated: false)")
            #expect(p.appearanceState == .appeared)
            #expect(c.appearanceState == .disappeared)
            #expect(c.parent === p)
            #expect(c.view.superview == nil)
            recorder.finish()
        }
    }
}
