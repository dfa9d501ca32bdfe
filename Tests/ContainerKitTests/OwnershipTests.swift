import ContainerKit
import ContainerKitTesting
import Testing

// DESIGN principle 6 (strong down, weak up) and spec §1, last bullets: by the end of the turn in
// which a controller's removal completes, the engine holds no reference to it.

/// A container with nothing of its own.
private final class OwnedParent: ContainerController {}

/// A leaf with nothing of its own.
private final class OwnedLeaf: Controller {}

@Suite @MainActor struct OwnershipTests {
    @Test func childRemovedFromVisibleParentIsDeallocatedWithItsView() {
        let recorder = Recorder()
        recorder.record {
            let p = OwnedParent(name: "p")
            let window = show(p)
            weak var weakC: OwnedLeaf?
            weak var weakView: View?
            var id: ControllerID?
            do {
                let c = OwnedLeaf(name: "c")
                embed(c, in: p)
                window.runUntilIdle()
                weakC = c
                weakView = c.view
                id = c.id
                recorder.skipEvents()

                c.willMove(toParent: nil)
                c.view.removeFromSuperview()
                c.removeFromParent()
            }
            window.runUntilIdle()
            #expect(weakC == nil)
            #expect(weakView == nil)
            #expect(p.children.isEmpty)
            #expect(p.view.subviews.isEmpty)
            #expect(id.map { recorder.events.contains(.deallocated($0)) } == true)
            recorder.expect(
                """
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: false)
                c.didMove(toParent: nil)
                c.viewDidDisappear(animated: false)
                c.didMove(toParent: nil)
                c.deinit
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func childRemovedFromVisibleParentIsDeallocatedWithItsOwnChildren() {
        let recorder = Recorder()
        recorder.record {
            let p = OwnedParent(name: "p")
            let window = show(p)
            weak var weakC: OwnedParent?
            weak var weakC1: OwnedLeaf?
            weak var weakView: View?
            weak var weakC1View: View?
            var ids: [ControllerID] = []
            do {
                let c = OwnedParent(name: "c")
                let c1 = OwnedLeaf(name: "c1")
                embed(c1, in: c)
                embed(c, in: p)
                window.runUntilIdle()
                weakC = c
                weakC1 = c1
                weakView = c.view
                weakC1View = c1.view
                ids = [c.id, c1.id]
                recorder.skipEvents()

                c.willMove(toParent: nil)
                c.view.removeFromSuperview()
                c.removeFromParent()
            }
            window.runUntilIdle()
            #expect(weakC == nil)
            #expect(weakC1 == nil)
            #expect(weakView == nil)
            #expect(weakC1View == nil)
            #expect(p.children.isEmpty)
            #expect(p.view.subviews.isEmpty)
            for id in ids {
                #expect(recorder.events.contains(.deallocated(id)))
            }
            recorder.expect(
                """
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: false)
                c1.viewWillDisappear(animated: false)
                c.didMove(toParent: nil)
                c.viewDidDisappear(animated: false)
                c.didMove(toParent: nil)
                c1.viewDidDisappear(animated: false)
                c.deinit
                c1.deinit
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func childAddedAndRemovedInTheSameTurnIsDeallocatedAtTheEndOfTheTurn() {
        let recorder = Recorder()
        recorder.record {
            let p = OwnedParent(name: "p")
            let window = show(p)
            recorder.skipEvents()
            weak var weakC: OwnedLeaf?
            weak var weakView: View?
            var id: ControllerID?
            do {
                let c = OwnedLeaf(name: "c")
                weakC = c
                id = c.id
                embed(c, in: p)
                weakView = c.view
                c.willMove(toParent: nil)
                c.view.removeFromSuperview()
                c.removeFromParent()
            }
            // Its did-disappear is queued for the end of the turn, and holds c there, as UIKit's
            // queued block does (§2.2 rev 2); its did-appear refers to c weakly.
            #expect(weakC != nil)
            #expect(id.map { recorder.events.contains(.deallocated($0)) } == false)
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: false)
                c.didMove(toParent: nil)
                """)

            // The end of the turn has c's did-disappear and UIKit's repeat (R7) for it, as its
            // removal came while it was disappearing: no viewIsAppearing, no viewDidAppear. Then
            // nothing holds c or its view.
            window.runUntilIdle()
            #expect(!window.hasPendingWork)
            #expect(weakC == nil)
            #expect(weakView == nil)
            recorder.expect(
                """
                c.viewDidDisappear(animated: false)
                c.didMove(toParent: nil)
                c.deinit
                """, filter: .everything)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func droppedParentDeallocatesWithItsChildrenAndTheirViews() {
        let recorder = Recorder()
        recorder.record {
            weak var weakP: OwnedParent?
            weak var weakA: OwnedParent?
            weak var weakA1: OwnedLeaf?
            weak var weakB: OwnedLeaf?
            var views: [() -> View?] = []
            var ids: [ControllerID] = []
            do {
                let p = OwnedParent(name: "p")
                let a = OwnedParent(name: "a")
                let a1 = OwnedLeaf(name: "a1")
                let b = OwnedLeaf(name: "b")
                embed(a, in: p)
                embed(a1, in: a)
                embed(b, in: p)
                weakP = p
                weakA = a
                weakA1 = a1
                weakB = b
                for controller in [p, a, a1, b] as [Controller] {
                    let view = controller.view
                    views.append { [weak view] in view }
                }
                ids = [p.id, a.id, a1.id, b.id]
                recorder.expect(
                    """
                    a.willMove(toParent: p)
                    p.loadView()
                    p.viewDidLoad()
                    a.loadView()
                    a.viewDidLoad()
                    a.didMove(toParent: p)
                    a1.willMove(toParent: a)
                    a1.loadView()
                    a1.viewDidLoad()
                    a1.didMove(toParent: a)
                    b.willMove(toParent: p)
                    b.loadView()
                    b.viewDidLoad()
                    b.didMove(toParent: p)
                    """)
            }
            #expect(weakP == nil)
            #expect(weakA == nil)
            #expect(weakA1 == nil)
            #expect(weakB == nil)
            #expect(views.allSatisfy { $0() == nil })
            for id in ids {
                #expect(recorder.events.contains(.deallocated(id)))
            }
            recorder.expect(
                """
                p.deinit
                a.deinit
                a1.deinit
                b.deinit
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func droppedWindowDeallocatesItsRoot() {
        let recorder = Recorder()
        recorder.record {
            weak var weakWindow: Window?
            weak var weakR: OwnedParent?
            weak var weakC: OwnedLeaf?
            weak var weakRootView: View?
            var ids: [ControllerID] = []
            do {
                let r = OwnedParent(name: "r")
                let c = OwnedLeaf(name: "c")
                embed(c, in: r)
                let window = show(r)
                weakWindow = window
                weakR = r
                weakC = c
                weakRootView = r.view
                ids = [r.id, c.id]
                recorder.expect(
                    """
                    c.willMove(toParent: r)
                    r.loadView()
                    r.viewDidLoad()
                    c.loadView()
                    c.viewDidLoad()
                    c.didMove(toParent: r)
                    r.viewWillAppear(animated: false)
                    c.viewWillAppear(animated: false)
                    r.viewDidAppear(animated: false)
                    c.viewDidAppear(animated: false)
                    """)
            }
            #expect(weakWindow == nil)
            #expect(weakR == nil)
            #expect(weakC == nil)
            #expect(weakRootView == nil)
            for id in ids {
                #expect(recorder.events.contains(.deallocated(id)))
            }
            recorder.expect(
                """
                -- the visible window is hidden inside its release (§1)
                r.viewWillDisappear(animated: false)
                c.viewWillDisappear(animated: false)
                r.viewDidDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                r.deinit
                c.deinit
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func replacingTheRootDeallocatesTheOldRootAndItsChildren() {
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            weak var weakOld: OwnedParent?
            weak var weakChild: OwnedLeaf?
            weak var weakOldView: View?
            var ids: [ControllerID] = []
            let new = OwnedLeaf(name: "new")
            new.loadViewIfNeeded()
            do {
                let old = OwnedParent(name: "old")
                let child = OwnedLeaf(name: "child")
                embed(child, in: old)
                window.rootController = old
                window.makeKeyAndVisible()
                window.runUntilIdle()
                weakOld = old
                weakChild = child
                weakOldView = old.view
                ids = [old.id, child.id]
                recorder.skipEvents()
                window.rootController = new
            }
            window.runUntilIdle()
            #expect(weakOld == nil)
            #expect(weakChild == nil)
            #expect(weakOldView == nil)
            #expect(window.subviews.count == 1)
            for id in ids {
                #expect(recorder.events.contains(.deallocated(id)))
            }
            recorder.expect(
                """
                old.viewWillDisappear(animated: false)
                child.viewWillDisappear(animated: false)
                new.viewWillAppear(animated: false)
                old.viewDidDisappear(animated: false)
                child.viewDidDisappear(animated: false)
                new.viewDidAppear(animated: false)
                old.deinit
                child.deinit
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func animatedTransitionInFlightKeepsWhatItNeedsUntilItCompletes() {
        let recorder = Recorder()
        recorder.record {
            let p = OwnedParent(name: "p")
            let window = show(p)
            weak var weakFrom: OwnedLeaf?
            weak var weakFromView: View?
            weak var weakTo: OwnedLeaf?
            var fromID: ControllerID?
            do {
                let f = OwnedLeaf(name: "f")
                embed(f, in: p)
                window.runUntilIdle()
                let t = OwnedLeaf(name: "t")
                t.loadViewIfNeeded()
                weakFrom = f
                weakFromView = f.view
                weakTo = t
                fromID = f.id
                recorder.skipEvents()

                p.addChild(t)
                f.willMove(toParent: nil)
                // The completion holds nothing strongly: only the transition keeps f and t.
                p.transition(
                    from: f, to: t, duration: 0.3, animations: {},
                    completion: { [weak p, weak f, weak t] _ in
                        if let p, let t { t.didMove(toParent: p) }
                        f?.removeFromParent()
                    })
            }
            // In flight: f is still needed for its did-callbacks and the removal of its view.
            #expect(window.animationsInFlight.count == 1)
            #expect(weakFrom != nil)
            #expect(weakFromView != nil)
            #expect(weakTo != nil)
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.viewWillAppear(animated: true)
                """)

            window.runUntilIdle()
            #expect(window.animationsInFlight.isEmpty)
            #expect(weakFrom == nil)
            #expect(weakFromView == nil)
            #expect(weakTo != nil)
            #expect(p.children.map(\.id.name) == ["t"])
            #expect(fromID.map { recorder.events.contains(.deallocated($0)) } == true)
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                f.deinit
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    // The back pointers (a child's parent, a view's superview, window and owning controller) hold no
    // reference: what they point to clears them when it goes away, so each reads nil afterwards, as a
    // weak reference would, and what was left behind can be used again.

    @Test func aRootHeldElsewhereOutlivesItsDroppedWindowWithNoWindow() {
        let recorder = Recorder()
        recorder.record {
            let r = OwnedParent(name: "r")
            let c = OwnedLeaf(name: "c")
            embed(c, in: r)
            weak var weakWindow: Window?
            do {
                let window = show(r)
                weakWindow = window
                recorder.skipEvents()
            }
            #expect(weakWindow == nil)
            recorder.expect(
                """
                -- the visible window is hidden inside its release (§1)
                r.viewWillDisappear(animated: false)
                c.viewWillDisappear(animated: false)
                r.viewDidDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                """)
            #expect(r.view.superview == nil)
            #expect(r.view.window == nil)
            #expect(c.view.window == nil)
            #expect(c.view.superview === r.view)
            #expect(c.parent === r)

            // A hidden window: the views move in, no appearance callback runs.
            let other = makeWindow("other")
            other.addSubview(r.view)
            #expect(r.view.window === other)
            #expect(c.view.window === other)
            recorder.expect("", filter: .everything)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aViewHeldElsewhereOutlivesItsReleasedSuperviewsWithNoSuperview() {
        let kept: View
        weak var weakTop: View?
        weak var weakMiddle: View?
        do {
            let top = View()
            let middle = View()
            let bottom = View()
            top.addSubview(middle)
            middle.addSubview(bottom)
            weakTop = top
            weakMiddle = middle
            kept = bottom
        }
        #expect(weakTop == nil)
        #expect(weakMiddle == nil)
        #expect(kept.superview == nil)
        #expect(kept.window == nil)

        let other = View()
        other.addSubview(kept)
        #expect(kept.superview === other)
        #expect(other.subviews.count == 1)
    }

    @Test func aRootViewHeldElsewhereOutlivesItsControllerAndCanBeAnotherControllersRootView() {
        let recorder = Recorder()
        recorder.record {
            let kept: OwnedLeaf
            let keptView: View
            do {
                let p = OwnedParent(name: "p")
                let c = OwnedLeaf(name: "c")
                embed(c, in: p)
                kept = c
                keptView = p.view
                recorder.skipEvents()
            }
            recorder.expect("p.deinit")
            #expect(kept.parent == nil)
            #expect(kept.view.superview === keptView)

            let d = OwnedLeaf(name: "d")
            d.view = keptView
            #expect(d.view === keptView)
            recorder.expect("d.viewDidLoad()")
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func controllerIDSerialsAreUniqueAndNeverReused() {
        let recorder = Recorder()
        recorder.record {
            var first: [ControllerID] = []
            for index in 0..<3 {
                let c = OwnedLeaf(name: "c\(index)")
                first.append(c.id)
            }
            for id in first {
                #expect(recorder.events.contains(.deallocated(id)))
            }
            recorder.expect(
                """
                c0.deinit
                c1.deinit
                c2.deinit
                """)
            var second: [ControllerID] = []
            for index in 0..<3 {
                let c = OwnedLeaf(name: "c\(index)")
                second.append(c.id)
            }
            let twins = (OwnedLeaf(name: "same"), OwnedParent(name: "same"))
            #expect(twins.0.id != twins.1.id)
            #expect(twins.0.id.serial != twins.1.id.serial)

            let serials = (first + second + [twins.0.id, twins.1.id]).map(\.serial)
            #expect(Set(serials).count == serials.count)
            #expect(Set(first.map(\.serial)).isDisjoint(with: second.map(\.serial)))
            // Same names, different identities: events of the dropped controllers never match the new ones.
            #expect(first.map(\.name) == second.map(\.name))
            #expect(first != second)
            for id in second {
                #expect(recorder.events.contains(.deallocated(id)))
            }
            recorder.expect(
                """
                c0.deinit
                c1.deinit
                c2.deinit
                """)
        }
        #expect(recorder.violations.isEmpty)
    }
}
