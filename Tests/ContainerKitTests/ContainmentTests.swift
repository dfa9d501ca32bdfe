import ContainerKit
import ContainerKitTesting
import Testing

/// Records `isMovingToParent` / `isMovingFromParent` inside each appearance callback (R8).
private final class FlagLeaf: Controller {
    var flags: [String] = []

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        flags.append("willAppear toParent=\(isMovingToParent) fromParent=\(isMovingFromParent)")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        flags.append("didAppear toParent=\(isMovingToParent) fromParent=\(isMovingFromParent)")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        flags.append("willDisappear toParent=\(isMovingToParent) fromParent=\(isMovingFromParent)")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        flags.append("didDisappear toParent=\(isMovingToParent) fromParent=\(isMovingFromParent)")
    }
}

/// A visible window whose root is `p`, with the turn ended and the transcript taken.
@MainActor
private func visibleParent(_ recorder: Recorder) -> (Window, Parent) {
    let window = makeWindow()
    let p = Parent(name: "p")
    window.rootController = p
    window.makeKeyAndVisible()
    window.runUntilIdle()
    recorder.skipEvents()
    return (window, p)
}

@Suite @MainActor struct ContainmentTests {
    @Test func addingAChildToAVisibleParent() {  // §2.1
        let recorder = Recorder()
        recorder.record {
            let (window, p) = visibleParent(recorder)
            let c = FlagLeaf(name: "c")
            p.addChild(c)
            #expect(p.children.map(\.id) == [c.id])
            #expect(c.parent === p)
            c.view.frame = Rect(x: 0, y: 0, width: 100, height: 100)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            #expect(c.appearanceState == .appearing)
            #expect(window.hasPendingWork)
            window.runUntilIdle()
            #expect(!window.hasPendingWork)
            #expect(c.appearanceState == .appeared)
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: p)
                """)
            // R8: the move stays open until UIKit's repeated didMove (R7), so the deferred
            // viewDidAppear sees isMovingToParent too.
            #expect(
                c.flags == ["willAppear toParent=true fromParent=false", "didAppear toParent=true fromParent=false"])
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func removingAChildFromAVisibleParent() {  // §2.2
        let recorder = Recorder()
        recorder.record {
            let (window, p) = visibleParent(recorder)
            let c = FlagLeaf(name: "c")
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            window.runUntilIdle()
            recorder.skipEvents()
            c.flags.removeAll()

            c.willMove(toParent: nil)
            c.view.removeFromSuperview()
            // Its did-disappear waits for the end of the turn, as its did-appear did (rev 2).
            #expect(c.appearanceState == .disappearing)
            #expect(p.children.map(\.id) == [c.id])
            c.removeFromParent()
            #expect(p.children.isEmpty)
            #expect(c.parent == nil)
            #expect(window.hasPendingWork)
            recorder.expect(
                """
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: false)
                c.didMove(toParent: nil)
                """)
            #expect(c.flags == ["willDisappear toParent=false fromParent=true"])
            window.runUntilIdle()
            #expect(c.appearanceState == .disappeared)
            // UIKit's repeat (R7): the removal's didMove came while c was still disappearing.
            recorder.expect(
                """
                c.viewDidDisappear(animated: false)
                c.didMove(toParent: nil)
                """)
            #expect(
                c.flags == [
                    "willDisappear toParent=false fromParent=true", "didDisappear toParent=false fromParent=true",
                ])
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func childrenEmbeddedOffScreenAppearWithTheirParent() {  // §2.3, §4 root shown
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            recorder.expect(
                """
                c.willMove(toParent: p)
                p.loadView()
                p.viewDidLoad()
                c.loadView()
                c.viewDidLoad()
                c.didMove(toParent: p)
                """)
            window.rootController = p
            #expect(recorder.takeTranscript().isEmpty)
            window.makeKeyAndVisible()
            recorder.expect(
                """
                p.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                p.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aChildWhoseViewIsNotInTheParentsViewGetsNoAppearance() {  // F1
        let recorder = Recorder()
        recorder.record {
            let (window, p) = visibleParent(recorder)
            let c = Leaf(name: "c")
            p.addChild(c)
            c.didMove(toParent: p)
            window.runUntilIdle()
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.didMove(toParent: p)
                """)
            #expect(!c.isViewLoaded)
            #expect(c.appearanceState == .disappeared)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func childrenKeepTheOrderTheyWereAddedIn() {  // R5
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let p = Parent(name: "p")
            let children = ["c1", "c2", "c3"].map { Leaf(name: $0) }
            for child in children {
                p.addChild(child)
            }
            // Subview order deliberately differs from children order: forwarding follows children.
            for child in children.reversed() {
                p.view.addSubview(child.view)
            }
            for child in children {
                child.didMove(toParent: p)
            }
            #expect(p.children.map(\.id) == children.map(\.id))
            recorder.skipEvents()
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                p.viewWillAppear(animated: false)
                c1.viewWillAppear(animated: false)
                c2.viewWillAppear(animated: false)
                c3.viewWillAppear(animated: false)
                p.viewDidAppear(animated: false)
                c1.viewDidAppear(animated: false)
                c2.viewDidAppear(animated: false)
                c3.viewDidAppear(animated: false)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func reparentingRemovesFromTheOldParentFirst() {  // R4
        let recorder = Recorder()
        recorder.record {
            let q = Parent(name: "q")
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            q.addChild(c)
            c.didMove(toParent: q)
            recorder.skipEvents()

            p.addChild(c)
            recorder.expect(
                """
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                c.willMove(toParent: p)
                """)
            #expect(q.children.isEmpty)
            #expect(p.children.map(\.id) == [c.id])
            #expect(c.parent === p)
            c.didMove(toParent: p)
            recorder.expect("c.didMove(toParent: p)")
        }
        #expect(recorder.violations.isEmpty)
    }

    /// R4, R7: a child whose move is open already (its container began its removal, or its
    /// addition to `q` has not ended) gets no second `willMove`: the removal's
    /// `didMove(toParent: nil)` ends the open move where the child ended up.
    @Test(arguments: [true, false])
    func reparentingAChildWhoseMoveIsOpenSendsNoSecondWillMove(removalOpen: Bool) {  // R4, R7
        let recorder = Recorder()
        recorder.record {
            let q = Parent(name: "q")
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            if removalOpen {
                embed(c, in: q)
                c.willMove(toParent: nil)
            } else {
                q.addChild(c)
            }
            recorder.skipEvents()

            p.addChild(c)
            recorder.expect(
                """
                c.didMove(toParent: nil)
                c.willMove(toParent: p)
                """)
            #expect(q.children.isEmpty && p.children.map(\.id) == [c.id] && c.parent === p)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// R4: re-parenting's `willMove(toParent: nil)` is the child's own: an override that removes
    /// the child from its parent there ends the move itself, and the addition goes on, with no
    /// second removal and no violation.
    @Test func aChildThatLeavesItsParentInsideReparentingsWillMoveIsAddedStill() {  // R4
        let recorder = Recorder()
        recorder.record {
            let q = Parent(name: "q")
            let p = Parent(name: "p")
            let c = SpyController(name: "c")
            embed(c, in: q)
            c.onWillMove = { [unowned c] parent in
                if parent == nil { c.removeFromParent() }
            }
            recorder.skipEvents()

            p.addChild(c)
            recorder.expect(
                """
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                c.willMove(toParent: p)
                """)
            #expect(q.children.isEmpty && p.children.map(\.id) == [c.id] && c.parent === p)
            c.onWillMove = nil
        }
        #expect(recorder.violations.isEmpty)
    }

    /// R4, R7: an override of re-parenting's `willMove(toParent: nil)` that adds the child to a
    /// third container: that addition removes it from `q` (its removal is open, so no second
    /// `willMove`), then `p`'s addition takes it from `r`, whose addition it ends with nil.
    @Test func aChildAddedElsewhereInsideReparentingsWillMoveEndsUpWhereTheOuterCallPutsIt() {  // R4, R7
        let recorder = Recorder()
        recorder.record {
            let q = Parent(name: "q")
            let p = Parent(name: "p")
            let r = Parent(name: "r")
            let c = SpyController(name: "c")
            embed(c, in: q)
            c.onWillMove = { [unowned r] parent in
                if parent == nil { r.addChild(c) }
            }
            recorder.skipEvents()

            p.addChild(c)
            c.onWillMove = nil
            recorder.expect(
                """
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                c.willMove(toParent: r)
                c.didMove(toParent: nil)
                c.willMove(toParent: p)
                """)
            #expect(q.children.isEmpty && r.children.isEmpty && p.children.map(\.id) == [c.id] && c.parent === p)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func movingFlagsFollowEachControllerSeparately() {  // R8: per controller
        let recorder = Recorder()
        recorder.record {
            let (window, p) = visibleParent(recorder)
            let middle = Parent(name: "middle")
            let grandchild = FlagLeaf(name: "grandchild")
            middle.addChild(grandchild)
            middle.view.addSubview(grandchild.view)
            grandchild.didMove(toParent: middle)
            p.addChild(middle)
            p.view.addSubview(middle.view)
            middle.didMove(toParent: p)
            window.runUntilIdle()
            // The grandchild's own move finished long ago: it never sees isMovingToParent.
            #expect(
                grandchild.flags == [
                    "willAppear toParent=false fromParent=false", "didAppear toParent=false fromParent=false",
                ])
            grandchild.flags.removeAll()
            middle.willMove(toParent: nil)
            middle.view.removeFromSuperview()
            middle.removeFromParent()
            window.runUntilIdle()
            #expect(
                grandchild.flags == [
                    "willDisappear toParent=false fromParent=false", "didDisappear toParent=false fromParent=false",
                ])
            recorder.expect(
                """
                grandchild.willMove(toParent: middle)
                middle.loadView()
                middle.viewDidLoad()
                grandchild.loadView()
                grandchild.viewDidLoad()
                grandchild.didMove(toParent: middle)
                middle.willMove(toParent: p)
                middle.viewWillAppear(animated: false)
                grandchild.viewWillAppear(animated: false)
                middle.didMove(toParent: p)
                middle.viewDidAppear(animated: false)
                middle.didMove(toParent: p)
                grandchild.viewDidAppear(animated: false)
                middle.willMove(toParent: nil)
                middle.viewWillDisappear(animated: false)
                grandchild.viewWillDisappear(animated: false)
                middle.didMove(toParent: nil)
                middle.viewDidDisappear(animated: false)
                middle.didMove(toParent: nil)
                grandchild.viewDidDisappear(animated: false)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func movingFlagsAreFalseOutsideAppearanceCallbacks() {  // R8: the flags are for appearance callbacks
        let p = Parent(name: "p")
        let c = Leaf(name: "c")
        p.addChild(c)
        #expect(!c.isMovingToParent)
        c.willMove(toParent: nil)
        #expect(!c.isMovingFromParent)
    }

    @Test func aChildAddedInsideItsParentsViewWillAppearGetsEachCallbackOnce() {  // F3
        final class EagerParent: ContainerController {
            let child = Leaf(name: "c")
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                addChild(child)
                view.addSubview(child.view)
                child.didMove(toParent: self)
            }
        }
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let p = EagerParent(name: "p")
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                p.loadView()
                p.viewDidLoad()
                p.viewWillAppear(animated: false)
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                p.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: p)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aCustomViewAssignedInLoadViewIsTheRootView() {
        final class Custom: Controller {
            let custom = View(frame: Rect(x: 0, y: 0, width: 10, height: 20))
            override func loadView() { view = custom }
        }
        let recorder = Recorder()
        recorder.record {
            let c = Custom(name: "c")
            #expect(!c.isViewLoaded)
            #expect(c.viewIfLoaded == nil)
            #expect(c.view === c.custom)
            #expect(c.view.controller === c)
            _ = c.view
            recorder.expect(
                """
                c.loadView()
                c.viewDidLoad()
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func assigningAViewBeforeLoadingSkipsLoadViewButRunsViewDidLoad() {  // MODEL
        let recorder = Recorder()
        recorder.record {
            let c = Leaf(name: "c")
            let custom = View()
            c.view = custom
            #expect(c.view === custom)
            recorder.expect("c.viewDidLoad()")
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func replacingALoadedViewKeepsItsPlaceWithoutAppearanceCallbacks() {  // MODEL
        let recorder = Recorder()
        recorder.record {
            let (window, p) = visibleParent(recorder)
            let c = Leaf(name: "c")
            p.addChild(c)
            let sibling = View()
            p.view.addSubview(c.view)
            p.view.addSubview(sibling)
            c.didMove(toParent: p)
            window.runUntilIdle()
            recorder.skipEvents()
            let old = c.view
            let replacement = View()
            c.view = replacement
            #expect(p.view.subviews.map(ObjectIdentifier.init) == [replacement, sibling].map(ObjectIdentifier.init))
            #expect(old.superview == nil)
            #expect(old.controller == nil)
            #expect(replacement.controller === c)
            #expect(c.appearanceState == .appeared)
            #expect(recorder.takeTranscript().isEmpty)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aContainerThatNamesTheParentAgainCancelsARemoval() {  // R7
        let recorder = Recorder()
        recorder.record {
            let (window, p) = visibleParent(recorder)
            let c = FlagLeaf(name: "c")
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            window.runUntilIdle()
            recorder.skipEvents()
            c.flags.removeAll()

            c.willMove(toParent: nil)
            c.beginAppearanceTransition(false, animated: true)
            c.beginAppearanceTransition(true, animated: true)
            c.endAppearanceTransition()
            c.didMove(toParent: p)
            #expect(p.children.map(\.id) == [c.id])
            #expect(c.parent === p)
            // The move is closed: a later removal needs its own willMove(toParent: nil).
            c.willMove(toParent: nil)
            c.removeFromParent()
            recorder.expect(
                """
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: true)
                c.viewWillAppear(animated: true)
                c.viewDidAppear(animated: true)
                c.didMove(toParent: p)
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                """)
            #expect(
                c.flags == [
                    "willDisappear toParent=false fromParent=true", "willAppear toParent=false fromParent=false",
                    "didAppear toParent=false fromParent=false",
                ])
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func removingAChildWhoseAddIsStillOpenEndsTheMoveWithNil() {  // R7, §11
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            p.addChild(c)
            c.removeFromParent()
            c.didMove(toParent: p)
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.didMove(toParent: nil)
                """)
            #expect(p.children.isEmpty)
            // Dropping an addition takes no willMove(toParent: nil) first (R7): only the late didMove is reported.
            #expect(recorder.takeViolations().map(\.kind) == [.unmatchedDidMove])
        }
    }

    @Test func aChildWhoseParentWasDeallocatedIsDetachedWithoutCallbacks() {  // MODEL
        let recorder = Recorder()
        recorder.record {
            let c = Leaf(name: "c")
            do {
                let p = Parent(name: "p")
                p.addChild(c)
                c.didMove(toParent: p)
            }
            #expect(c.parent == nil)
            let q = Parent(name: "q")
            q.addChild(c)
            c.didMove(toParent: q)
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.didMove(toParent: p)
                p.deinit
                c.willMove(toParent: q)
                c.didMove(toParent: q)
                """)
            #expect(c.parent === q)
        }
        #expect(recorder.violations.isEmpty)
    }
}
