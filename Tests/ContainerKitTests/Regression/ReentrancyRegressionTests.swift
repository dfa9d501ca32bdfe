import ContainerKit
import ContainerKitTesting
import Testing

/// Regressions of the engine bugs found by the randomized tests' re-entrant operations: a callback
/// that calls back into the engine (Reentrancy.md).
@Suite @MainActor struct ReentrancyRegressionTests {
    // MARK: - Found by the soak: a controller pushed from inside the willMove of its addition

    /// Found by the soak (seed 8924310416290120694): `page.setControllers([f])` sends
    /// `f.willMove(toParent: page)`, and `f`'s override pushes `f` on `nav`. Inside that callback `f`
    /// has no parent yet (R1: it joins `page.children` after the callback), so the push went through
    /// and the engine stopped on a precondition ("nav adopted f, which has a parent"). A controller
    /// joining a parent is refused as one that has a parent (R9), with a fault that changes nothing;
    /// the addition to `page` carries on.
    @Test func aPushFromInsideTheWillMoveOfAnAdditionIsRefused() {  // R1, R7, R9, §11
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let page = PageController(name: "page", transitionStyle: .scroll)
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            page.setControllers([Leaf(name: "e")], direction: .forward, animated: false)
            embed(page, in: root)
            embed(nav, in: root)
            let window = show(root)
            let f = SpyController(name: "f")
            f.onWillMove = { [unowned f, unowned nav, unowned page] parent in
                guard parent === page else { return }
                recorder.expectViolation(.pushingControllerWithParent, unchanged: [nav]) {
                    nav.push(f, animated: true)
                }
            }
            recorder.skipEvents()
            page.setControllers([f], direction: .forward, animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                f.willMove(toParent: page)
                -- inside it, nav.push(f, animated: true) is refused (pushingControllerWithParent)
                f.loadView()
                f.viewDidLoad()
                f.viewWillAppear(animated: false)
                e.viewWillDisappear(animated: false)
                f.viewDidAppear(animated: false)
                e.viewDidDisappear(animated: false)
                f.didMove(toParent: page)
                e.willMove(toParent: nil)
                e.didMove(toParent: nil)
                e.deinit
                """)
            #expect(f.parent === page)
            #expect(page.shownControllers.map(\.id) == [f.id])
            #expect(nav.controllers.count == 1)
            #expect(f.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.pushingControllerWithParent])
    }

    /// Found by the soak (seed 721250817703325194): `p.addChild(c)` sends `c.willMove(toParent: p)`,
    /// whose override puts `c`'s view in `q`'s view. `c` had no parent yet (R1), so R6 let the view
    /// go there, and `c` joined `p` with its view under `q`'s. The move is refused as R6 refuses
    /// it for a child of `p` (a fault, nothing changes), and the addition carries on.
    @Test func aViewMovedFromInsideTheWillMoveOfAnAdditionFollowsR6() {  // R1, R6, §11
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let p = Parent(name: "p")
            let q = Parent(name: "q")
            embed(p, in: root)
            embed(q, in: root)
            let window = show(root)
            let c = SpyController(name: "c")
            c.onWillMove = { [unowned c, unowned q, unowned p] parent in
                guard parent === p else { return }
                let view = c.view
                recorder.expectViolation(.viewControllerHierarchyInconsistency, unchanged: [q]) {
                    q.view.addSubview(view)
                }
            }
            recorder.skipEvents()
            embed(c, in: p)
            window.runUntilIdle()
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                -- inside it, q.view.addSubview(c.view) is refused (viewControllerHierarchyInconsistency)
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: p)
                """)
            #expect(c.parent === p && c.view.superview === p.view)
            #expect(c.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.viewControllerHierarchyInconsistency])
    }

    /// The same inside `p.addChild(c)`: `c.willMove(toParent: p)` makes `c` a tab. `tabs` refuses it
    /// (the contents check of the built-in containers, R9), and `c` joins `p`.
    @Test func tabsSetFromInsideTheWillMoveOfAnAdditionAreRefused() {  // R1, R7, R9, §11
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let p = Parent(name: "p")
            let tabs = TabBarController(name: "tabs")
            tabs.controllers = [Leaf(name: "b")]
            embed(p, in: root)
            embed(tabs, in: root)
            let window = show(root)
            let c = SpyController(name: "c")
            c.onWillMove = { [unowned c, unowned tabs, unowned p] parent in
                guard parent === p else { return }
                recorder.expectViolation(.invalidContainerContents, unchanged: [tabs]) { tabs.controllers = [c] }
            }
            recorder.skipEvents()
            embed(c, in: p)
            window.runUntilIdle()
            recorder.expect(
                """
                c.willMove(toParent: p)
                -- inside it, tabs.controllers = [c] is refused (invalidContainerContents)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: p)
                """)
            #expect(c.parent === p)
            #expect(tabs.controllers.map(\.id) != [c.id])
            #expect(c.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.invalidContainerContents])
    }

    /// Found by the soak (seed 1118065471200684303): `nav.push(g)` sends `g.willMove(toParent: nav)`,
    /// whose override adds `g` to `p` by hand. `g` had no parent yet, so `addChild(_:)` took it (R4),
    /// and `nav.controllers` named a controller whose parent was `p`. `g` is the navigation
    /// controller's to move from then on (R9): the `addChild(_:)` is refused, and the push carries on.
    @Test func addChildFromInsideTheWillMoveOfAPushIsRefused() {  // R1, R9, §11
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let p = Parent(name: "p")
            let a = Leaf(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            embed(p, in: root)
            embed(nav, in: root)
            let window = show(root)
            let g = SpyController(name: "g")
            g.onWillMove = { [unowned g, unowned nav] parent in
                guard parent === nav else { return }
                recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [p]) { p.addChild(g) }
            }
            recorder.skipEvents()
            nav.push(g, animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                g.willMove(toParent: nav)
                -- inside it, p.addChild(g) is refused (builtInContainerChildMovedByHand)
                g.loadView()
                g.viewDidLoad()
                a.viewWillDisappear(animated: false)
                g.viewWillAppear(animated: false)
                a.viewDidDisappear(animated: false)
                g.viewDidAppear(animated: false)
                g.didMove(toParent: nav)
                """)
            #expect(g.parent === nav && nav.controllers.map(\.id) == [a.id, g.id])
            #expect(p.children.isEmpty)
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.builtInContainerChildMovedByHand])
    }

    /// Found by the soak (seed 3031468530417319463): a controller presented from inside the
    /// `willMove(toParent:)` of its addition to a page controller ended both presented and a page.
    /// The presentation is refused as for a child (a fault, nothing changes).
    @Test func aPresentationFromInsideTheWillMoveOfAnAdditionIsRefused() {  // R1, §9, §11
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.setControllers([Leaf(name: "e")], direction: .forward, animated: false)
            embed(page, in: root)
            let window = show(root)
            let g = SpyController(name: "g")
            g.onWillMove = { [unowned g, unowned page, unowned root] parent in
                guard parent === page else { return }
                recorder.expectViolation(.presentingInvalidController) { root.present(g, animated: false) }
            }
            recorder.skipEvents()
            page.setControllers([g], direction: .forward, animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                g.willMove(toParent: page)
                -- inside it, root.present(g, animated: false) is refused (presentingInvalidController)
                g.loadView()
                g.viewDidLoad()
                g.viewWillAppear(animated: false)
                e.viewWillDisappear(animated: false)
                g.viewDidAppear(animated: false)
                e.viewDidDisappear(animated: false)
                g.didMove(toParent: page)
                e.willMove(toParent: nil)
                e.didMove(toParent: nil)
                e.deinit
                """)
            #expect(g.parent === page && g.presentingController == nil && root.presentedController == nil)
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.presentingInvalidController])
    }

    /// Found by the soak (seed 3877512143234858431): `p.addChild(c)` sends `c.willMove(toParent: p)`,
    /// whose override completes the add itself: the view, then `c.didMove(toParent: p)`. That ended
    /// the move before `c` joined `p.children`, and `addChild(_:)` then left `c` out: no parent, no
    /// entry in `p.children`, its move ended. The early didMove does not undo the add: `c` joins.
    @Test func anAddCompletedFromInsideItsOwnWillMoveStillJoinsTheChildren() {  // R1, R3, R7
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let p = Parent(name: "p")
            embed(p, in: root)
            let window = show(root)
            let c = SpyController(name: "c")
            c.onWillMove = { [unowned c, unowned p] parent in
                guard parent === p else { return }
                p.view.addSubview(c.view)
                c.didMove(toParent: p)
            }
            recorder.skipEvents()
            p.addChild(c)
            window.runUntilIdle()
            recorder.expect(
                """
                c.willMove(toParent: p)
                -- inside it, p.view.addSubview(c.view), then c.didMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                -- back in addChild: c joins p.children
                c.viewDidAppear(animated: false)
                c.didMove(toParent: p)
                """)
            #expect(c.parent === p && p.children.map(\.id) == [c.id])
            #expect(c.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - Found by the soak: a controller pushed again from the didMove of its own removal

    /// Found by the soak (seed 3475758067457208727): off screen, `nav.setControllers([g])` removes
    /// `a`, whose `didMove(toParent: nil)` pushes `a` again. The push, off screen, ends `a`'s new
    /// move inside the call; `setControllers` then re-read its stack, counted `a` among the
    /// controllers joining it, and ended `a`'s move a second time: the engine stopped on a
    /// precondition ("nav ended a move of a that was not open"). Which moves join is decided before
    /// calling out, so `a`'s second move is ended once, by its push. Since bug AC was fixed, the push
    /// waits for the settling under way to finish (`g`'s didMove first), then runs inside the call.
    @Test func aControllerPushedFromTheDidMoveOfItsRemovalEndsItsMoveOnce() {  // §1, §6, R7
        let recorder = Recorder()
        recorder.record {
            let a = SpyController(name: "a")
            let g = Leaf(name: "g")
            let nav = NavigationController(name: "nav", rootController: a)
            nav.loadViewIfNeeded()
            a.onDidMove = { [unowned a, unowned nav] parent in
                if parent == nil { nav.push(a, animated: false) }
            }
            recorder.skipEvents()
            nav.setControllers([g], animated: true)  // off screen: inside the call
            recorder.expect(
                """
                g.willMove(toParent: nav)
                a.didMove(toParent: nil)
                g.loadView()
                g.viewDidLoad()
                a.willMove(toParent: nav)
                g.didMove(toParent: nav)
                a.loadView()
                a.viewDidLoad()
                """)
            #expect(nav.controllers.map(\.id) == [g.id, a.id])
            #expect(a.parent === nav && g.parent === nav)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - Found by the soak: a pop from the willMove of a controller popToRoot takes out

    /// Found by the soak (seed 8291649403103785076): `nav` shows `[a, g, f]`; `nav.popToRoot` takes
    /// out `f`, then `g`, top first. `f`'s `willMove(toParent: nil)` pops to `a` itself, which takes
    /// `g` out; `popToRoot` went on with the positions it had counted and stopped the program on an
    /// index out of range. The controllers to take out are decided before calling out, and a request
    /// from a callback of the change waits for the change to finish (bug AE): `g` gets one
    /// `willMove(toParent: nil)`, from `popToRoot`, and the pop finds `a` on top already.
    @Test func aPopFromTheWillMoveOfAControllerPopToRootTakesOut() {  // §6, R7
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let a = Leaf(name: "a")
            let g = Leaf(name: "g")
            let f = SpyController(name: "f")
            let nav = NavigationController(name: "nav", rootController: a)
            embed(nav, in: root)
            let window = show(root)
            nav.setControllers([a, g, f], animated: false)
            window.runUntilIdle()
            f.onWillMove = { [unowned nav, unowned a] parent in
                if parent == nil { _ = nav.pop(to: a, animated: true) }
            }
            recorder.skipEvents()
            _ = nav.popToRoot(animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                g.willMove(toParent: nil)
                g.didMove(toParent: nil)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                f.viewDidDisappear(animated: true)
                f.didMove(toParent: nil)
                a.viewDidAppear(animated: true)
                """)
            #expect(nav.controllers.map(\.id) == [a.id])
            #expect(a.appearanceState == .appeared && f.appearanceState == .disappeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - Found by the soak: a callback of the will-appear walk hides the window

    /// Found by the soak (seed 4207928358834784578): `window.makeKeyAndVisible()` walks `root`'s
    /// children in order; `b`'s `viewWillAppear(_:)` hides the window, which makes `root` and `b`
    /// disappear inside the call; the walk then went on to `c`, `b`'s sibling, which began appearing
    /// in a hidden window and stayed appearing for good. A child is reached only while its parent's
    /// state still fits the step the walk forwards: `c` gets nothing.
    @Test func aWalkStopsAtChildrenWhoseParentACallbackMovedOn() {  // §1, §3, F1, Reentrancy.md
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let b = SpyController(name: "b")
            let c = Leaf(name: "c")
            embed(b, in: root)
            embed(c, in: root)
            let window = makeWindow()
            window.rootController = root
            b.onViewWillAppear = { [unowned window] _ in window.isHidden = true }
            recorder.skipEvents()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewWillAppear(animated: false)
                b.viewWillAppear(animated: false)
                -- inside it, window.isHidden = true
                root.viewWillDisappear(animated: false)
                b.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                -- root has disappeared: the walk forwards nothing more to its children, c included
                """)
            #expect([root, b, c].map(\.appearanceState) == [.disappeared, .disappeared, .disappeared])
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - Found by the soak: a page's callback takes its page controller out

    /// Found by the soak (seed 7453218529277808761): a middle-spine `page` shows `[e, f]`; as `box`
    /// appears, `page` forwards its did-appear to `e`, then `f` (F6). `e`'s `viewDidAppear(_:)` takes
    /// `page` out of `box`, which makes `page`, `e` and `f` disappear inside the call; the forwarding
    /// went on to `f`, which began appearing again and ended appeared with its view in no window.
    /// It stops once the container's state no longer fits the step: `f` gets nothing more.
    @Test func aForwardingStopsWhenAChildsCallbackMovesTheContainerOn() {  // F6, §3, Reentrancy.md
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let box = Parent(name: "box")
            let page = PageController(name: "page", transitionStyle: .pageCurl, spineLocation: .mid)
            let e = SpyController(name: "e")
            let f = Leaf(name: "f")
            page.setControllers([e, f], direction: .forward, animated: false)
            embed(page, in: box)
            let window = show(root)
            e.onViewDidAppear = { [unowned page] _ in unembed(page) }
            recorder.skipEvents()
            embed(box, in: root)
            window.runUntilIdle()
            recorder.expect(
                """
                box.willMove(toParent: root)
                box.viewWillAppear(animated: false)
                page.viewWillAppear(animated: false)
                e.loadView()
                e.viewDidLoad()
                e.viewWillAppear(animated: false)
                f.loadView()
                f.viewDidLoad()
                f.viewWillAppear(animated: false)
                box.didMove(toParent: root)
                box.viewDidAppear(animated: false)
                box.didMove(toParent: root)
                page.viewDidAppear(animated: false)
                e.viewDidAppear(animated: false)
                -- inside it, page is taken out of box
                page.willMove(toParent: nil)
                page.viewWillDisappear(animated: false)
                e.viewWillDisappear(animated: false)
                f.viewWillDisappear(animated: false)
                page.didMove(toParent: nil)
                page.viewDidDisappear(animated: false)
                e.viewDidDisappear(animated: false)
                f.viewDidDisappear(animated: false)
                page.didMove(toParent: nil)
                -- back in page's forwarding: page has disappeared, so f gets nothing more
                """)
            #expect([page, e, f].map(\.appearanceState) == [.disappeared, .disappeared, .disappeared])
            #expect(box.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - Found by the soak: a callback of the window's exit shows the window again

    /// Found by the soak (seed 9000168903013814416): hiding the window walks `root`'s tree, then
    /// `m`'s (taken out of `root` by `removeFromParent()`, its view left in `root`'s: a root the
    /// window drives, F2). `c`'s `viewWillDisappear(_:)` shows the window again, which makes `root`
    /// and `c` appear again; the exit went on with `d`, `c`'s sibling, and with `m`, which ended
    /// disappeared with their views in the visible window. The walk stops at `root`'s children
    /// (their parent appears again), and the exit passes over `m`, whose view is back in the
    /// visible window.
    @Test func aWindowShownAgainByACallbackOfItsExitIsLeftAsItIs() {  // §1, §4, F2, Reentrancy.md
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let c = SpyController(name: "c")
            let d = Leaf(name: "d")
            let m = Leaf(name: "m")
            embed(c, in: root)
            embed(d, in: root)
            embed(m, in: root)
            let window = show(root)
            m.willMove(toParent: nil)
            m.removeFromParent()  // R2 moves no view: m's view stays in root's, in the window
            c.onViewWillDisappear = { [unowned c, unowned window] _ in
                c.onViewWillDisappear = nil  // once
                window.makeKeyAndVisible()
            }
            recorder.skipEvents()
            window.isHidden = true
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewWillDisappear(animated: false)
                c.viewWillDisappear(animated: false)
                -- inside it, window.makeKeyAndVisible(): d and m have not begun to disappear
                root.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                -- back in the exit: root appears again, so d gets nothing; m's view is back in the window
                root.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            #expect([root, c, d, m].map(\.appearanceState) == [.appeared, .appeared, .appeared, .appeared])
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - Found by the soak: a turn run from a callback that no running turn delivered

    /// Found by the soak (seeds 2483354642630587088, 8775485448500220794): `window.makeKeyAndVisible()`
    /// queues `root`'s did-appear for the end of the turn, then walks the will-appear callbacks;
    /// `b`'s `viewWillAppear(_:)` calls `window.runUntilIdle()`. No turn was running, so the call was
    /// not the nested one spec §1 turns into a warning: it ran the turn inside the walk, spent
    /// `root`'s did-appear while `root` was still appearing, and left it appearing for good. The
    /// decision (MODEL, §1's rule carried to every engine call): `runUntilIdle()` called while the
    /// engine delivers a callback, of any call, is the same `nestedRunUntilIdle` warning and returns
    /// at once; the work runs in the caller's own next `runUntilIdle()`.
    @Test func runUntilIdleFromAWillAppearOfMakeKeyAndVisibleReturnsAtOnce() {  // §1, §3, Reentrancy.md
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let b = SpyController(name: "b")
            embed(b, in: root)
            let window = makeWindow()
            window.rootController = root
            b.onViewWillAppear = { [unowned window] _ in
                recorder.expectViolation(.nestedRunUntilIdle) { window.runUntilIdle() }
            }
            recorder.skipEvents()
            window.makeKeyAndVisible()
            recorder.expect(
                """
                root.viewWillAppear(animated: false)
                b.viewWillAppear(animated: false)
                -- inside it, window.runUntilIdle() returns at once (nestedRunUntilIdle)
                """)
            #expect([root, b].map(\.appearanceState) == [.appearing, .appearing])
            #expect(window.hasPendingWork)
            b.onViewWillAppear = nil
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewDidAppear(animated: false)
                b.viewDidAppear(animated: false)
                """)
            #expect([root, b].map(\.appearanceState) == [.appeared, .appeared])
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.nestedRunUntilIdle])
        #expect(
            recorder.violations.first?.message.contains(
                "from inside b.viewWillAppear(_:), a callback delivered outside a turn; it returned at once") == true,
            "\(recorder.violations)")
    }

    /// The same rule from the callback of a view move: `root.view.addSubview(c.view)` puts `c`'s
    /// view in the visible window, queues `c`'s did-appear and walks `c`'s tree; `c`'s
    /// `viewWillAppear(_:)` calls `window.runUntilIdle()`, which returns at once. Before the fix the
    /// turn ran there, and `c` got its did-appear before its child `d` got its will-appear.
    @Test func runUntilIdleFromAWillAppearOfAViewMoveReturnsAtOnce() {  // §1, §2.1, Reentrancy.md
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let c = SpyContainerController(name: "c")
            let d = Leaf(name: "d")
            embed(d, in: c)
            let window = show(root)
            c.onViewWillAppear = { [unowned window] _ in
                recorder.expectViolation(.nestedRunUntilIdle) { window.runUntilIdle() }
            }
            recorder.skipEvents()
            root.addChild(c)
            root.view.addSubview(c.view)
            c.didMove(toParent: root)
            recorder.expect(
                """
                c.willMove(toParent: root)
                c.viewWillAppear(animated: false)
                -- inside it, window.runUntilIdle() returns at once (nestedRunUntilIdle)
                d.viewWillAppear(animated: false)
                c.didMove(toParent: root)
                """)
            #expect([c, d].map(\.appearanceState) == [.appearing, .appearing])
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewDidAppear(animated: false)
                c.didMove(toParent: root)
                d.viewDidAppear(animated: false)
                """)
            #expect([c, d].map(\.appearanceState) == [.appeared, .appeared])
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.nestedRunUntilIdle])
        #expect(
            recorder.violations.first?.message.contains("from inside c.viewWillAppear(_:)") == true,
            "\(recorder.violations)")
    }

    /// The same rule from the `willMove(toParent:)` that `addChild(_:)` sends, while the window has
    /// work queued (`d`'s did-appear): the call returns at once, and `d`'s did-appear waits for the
    /// caller's next `runUntilIdle()`.
    @Test func runUntilIdleFromTheWillMoveOfAnAdditionReturnsAtOnce() {  // §1, R1, Reentrancy.md
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let c = SpyController(name: "c")
            let d = Leaf(name: "d")
            let window = show(root)
            c.onWillMove = { [unowned window, unowned root] parent in
                guard parent === root else { return }
                recorder.expectViolation(.nestedRunUntilIdle) { window.runUntilIdle() }
            }
            recorder.skipEvents()
            window.addSubview(d.view)
            root.addChild(c)
            recorder.expect(
                """
                d.loadView()
                d.viewDidLoad()
                d.viewWillAppear(animated: false)
                c.willMove(toParent: root)
                -- inside it, window.runUntilIdle() returns at once (nestedRunUntilIdle)
                """)
            #expect(d.appearanceState == .appearing)
            #expect(window.hasPendingWork)
            c.didMove(toParent: root)
            window.runUntilIdle()
            recorder.expect(
                """
                c.didMove(toParent: root)
                d.viewDidAppear(animated: false)
                """)
            #expect(d.appearanceState == .appeared && c.parent === root)
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.nestedRunUntilIdle])
        #expect(
            recorder.violations.first?.message.contains("from inside c.willMove(toParent:)") == true,
            "\(recorder.violations)")
    }

    // MARK: - An addition whose R4 removal changes the tree

    /// Found by the soak (seed 3531229270807881884): `box.addChild(f)`, `f` being a child of `p`,
    /// takes `f` out of `p` first (R4); `f`'s `didMove(toParent: nil)` presents `f` from `root`. The
    /// addition was then refused with a fault that said nothing had changed, though `f` had left `p`
    /// and its callback had run (and a fault stops a program with no handler). Decision (MODEL; R4,
    /// §9, §11): the removal stands, so the refusal cannot be a fault; the addition is given up with
    /// a warning that says why, and `f` stays where the callback put it: presented.
    @Test func anAdditionWhoseRemovalPresentsTheChildIsGivenUpWithAWarning() {  // R4, §9, §11
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let root = Parent(name: "root")
            let p = Parent(name: "p")
            let box = Parent(name: "box")
            let f = SpyController(name: "f")
            embed(p, in: root)
            embed(box, in: root)
            p.addChild(f)
            f.didMove(toParent: p)
            let window = show(root)
            f.onDidMove = { [unowned root, unowned f] parent in
                if parent == nil { root.present(f, animated: false) }
            }
            recorder.skipEvents()
            box.addChild(f)
            recorder.expect(
                """
                f.willMove(toParent: nil)
                f.didMove(toParent: nil)
                -- inside it, root.present(f, animated: false); then the addition is given up (a warning)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the presentation (a sheet: root stays)
                f.loadView()
                f.viewDidLoad()
                f.viewWillAppear(animated: false)
                f.viewDidAppear(animated: false)
                """)
            #expect(f.parent == nil && p.children.isEmpty && box.children.isEmpty)
            #expect(f.presentingController === root && root.presentedController === f)
            #expect(f.appearanceState == .appeared && f.view.window === window)
        }
        #expect(recorder.violations.map(\.kind) == [.invalidChild])
        #expect(recorder.violations.map(\.severity) == [.warning])
        #expect(
            recorder.violations.first?.message.hasPrefix(
                "addChild(_:) was given up after f left p (R4): a callback of that removal changed the tree, "
                    + "and the addition is refused now. f cannot be added as a child of box: f is presented by root"
            ) == true, "\(recorder.violations)")
    }

    // MARK: - A dismissal's links, as its callbacks see them

    /// Found by the soak (seed 1459245864605561040): `root`, the window's root, presents `p` as a
    /// form sheet (`root` stays on screen); `root`'s view is then put inside `p`'s by hand (R6 lets a
    /// controller with no parent put its view anywhere). The dismissal takes `p`'s view out of the
    /// window, and `root`'s with it, so `root` and its child `d` disappear. The dismissal cut the
    /// links only after taking each view out: inside `d`'s `viewDidDisappear(_:)`, `root` still
    /// presented `p`, a dismissed controller (in the soak's chain of two, one side of a link was cut
    /// already, and a presentation from there was refused as "presents e already"). The views now
    /// leave before the did-callbacks (§3), with both sides of each link in place; the links are cut
    /// before any did-callback after that, so `d`'s, at the end of the turn, finds the dismissal done.
    @Test func aDismissalCutsItsLinksBeforeItsViewsLeaveTheWindow() {  // §9, Reentrancy.md
        let recorder = Recorder()
        let notes = Notes()
        recorder.record(violations: .collect) {
            let root = Parent(name: "root")
            let d = SpyController(name: "d")
            let p = Leaf(name: "p")
            embed(d, in: root)
            let window = show(root)
            p.modalPresentationStyle = .formSheet
            root.present(p, animated: false)
            window.runUntilIdle()
            p.view.addSubview(root.view)
            d.onViewDidDisappear = { [unowned root, unowned p] _ in
                notes.lines.append(
                    "root presents \(root.presentedController.map { "\($0.id)" } ?? "nil"), "
                        + "p is presented by \(p.presentingController.map { "\($0.id)" } ?? "nil")")
            }
            recorder.skipEvents()
            root.dismiss(animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                p.viewWillDisappear(animated: false)
                -- p's view leaves the window before p's did-disappear (§3), root's with it (F2)
                root.viewWillDisappear(animated: false)
                d.viewWillDisappear(animated: false)
                p.viewDidDisappear(animated: false)
                -- root's and d's did-disappears, queued as the view left (§1)
                root.viewDidDisappear(animated: false)
                d.viewDidDisappear(animated: false)
                """)
            #expect(notes.take() == ["root presents nil, p is presented by nil"])
            #expect(root.presentedController == nil && p.presentingController == nil)
        }
        #expect(recorder.violations.isEmpty, "\(recorder.violations)")
    }

    // MARK: - A built-in container's visible transition reads again, after calling out, what it read before

    /// `root`, shown in a new window, holds `page` (`.scroll`), which shows `e`; its data source
    /// answers a swipe forward with `to`. The caller keeps the data source (the page controller
    /// holds it weakly).
    private func showPageSwiping(
        to incoming: Controller
    ) -> (window: Window, root: Parent, page: PageController, shown: Leaf, source: PagesLeadingTo) {
        let root = Parent(name: "root")
        let page = PageController(name: "page", transitionStyle: .scroll)
        let e = Leaf(name: "e")
        let source = PagesLeadingTo(incoming)
        page.dataSource = source
        page.setControllers([e], direction: .forward, animated: false)
        embed(page, in: root)
        return (show(root), root, page, e, source)
    }

    /// Found by the soak (seed 6465288587597045377): `nav.push(m, animated: true)`; the turn starts
    /// the transition, and `a`'s `viewWillDisappear(_:)`, the outgoing controller's, puts `box`'s view
    /// (which holds `nav`'s) in a view outside any window. `a` disappears at once (F2), but the push
    /// went on as if `nav` were still on screen: `m` got will-appear, its view went into `nav`'s, out
    /// of any window, and the animation's end gave it did-appear. The transition now reads again, as
    /// `transition(from:to:…)` does, whether `nav` is still in the window that runs it: `m` does not
    /// begin appearing, and the push completes inside the call, as an off-screen one does, with an
    /// `invalidTransition` warning.
    @Test func aNavigationControllerTakenOutOfTheWindowByTheOutgoingWillDisappearCompletesInsideTheCall() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let root = Parent(name: "root")
            let box = Parent(name: "box")
            let a = SpyController(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            let m = Leaf(name: "m")
            let elsewhere = View()
            embed(nav, in: box)
            embed(box, in: root)
            let window = show(root)
            a.onViewWillDisappear = { [unowned box] _ in elsewhere.addSubview(box.view) }
            recorder.skipEvents()
            nav.push(m, animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                m.willMove(toParent: nav)
                m.loadView()
                m.viewDidLoad()
                a.viewWillDisappear(animated: true)
                box.viewWillDisappear(animated: false)
                nav.viewWillDisappear(animated: false)
                a.viewDidDisappear(animated: true)
                box.viewDidDisappear(animated: false)
                nav.viewDidDisappear(animated: false)
                """)
            #expect(window.animationsInFlight.isEmpty && !window.hasPendingWork)
            #expect(nav.topController === m && m.view.superview === nav.view && m.view.window == nil)
            #expect([box, nav, a, m].allSatisfy { $0.appearanceState == .disappeared })
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.invalidTransition], "\(recorder.violations)")
        #expect(recorder.violations.map(\.severity) == [.warning])
        #expect(recorder.violations.first?.message.contains("nav's view left") == true, "\(recorder.violations)")
    }

    /// Found by the soak (seed 2238973382686553801): `nav.push(box)`; in the push's will-callbacks,
    /// before `box`'s view goes into `nav`'s, `e`'s `viewIsAppearing(_:)` takes `page`, `box`'s child
    /// and `e`'s container, out of `box` (R2 moves no view; its `viewWillAppear(_:)` here, as
    /// `viewIsAppearing(_:)` comes later since the layout pass). `page`, appearing with its view out of
    /// any window, is left to what began it; the push then installs `box`'s view, `page`'s inside it,
    /// with no callbacks (F7), and its did-callbacks no longer reach `page`: it was left appearing in
    /// the visible window. `page` is now a driving root of the view the transition brought in, and
    /// the window takes it over (F2): its did-appear comes at the end of the turn.
    @Test func aChildLeavingTheIncomingControllerBeforeItsViewIsInstalledIsTakenOverByTheWindow() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let root = Parent(name: "root")
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            let box = Parent(name: "box")
            let page = PageController(name: "page", transitionStyle: .scroll)
            let e = SpyController(name: "e")
            page.setControllers([e], direction: .forward, animated: false)
            embed(page, in: box)
            embed(nav, in: root)
            let window = show(root)
            e.onViewWillAppear = { [unowned page] _ in
                guard page.parent != nil else { return }
                page.willMove(toParent: nil)
                page.removeFromParent()
            }
            recorder.skipEvents()
            nav.push(box, animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                box.willMove(toParent: nav)
                -- window.runUntilIdle(): the transition to box starts
                a.viewWillDisappear(animated: false)
                box.viewWillAppear(animated: false)
                page.viewWillAppear(animated: false)
                e.loadView()
                e.viewDidLoad()
                e.viewWillAppear(animated: false)
                -- e.viewIsAppearing takes page out of box; box, appearing, no longer reaches it
                page.willMove(toParent: nil)
                page.didMove(toParent: nil)
                page.viewWillDisappear(animated: false)
                e.viewWillDisappear(animated: false)
                page.viewDidDisappear(animated: false)
                e.viewDidDisappear(animated: false)
                -- box's view goes into nav's, page's with it: the window drives page (F2)
                page.viewWillAppear(animated: false)
                e.viewWillAppear(animated: false)
                a.viewDidDisappear(animated: false)
                box.viewDidAppear(animated: false)
                box.didMove(toParent: nav)
                page.viewDidAppear(animated: false)
                e.viewDidAppear(animated: false)
                """)
            #expect(window.animationsInFlight.isEmpty && !window.hasPendingWork)
            #expect(page.parent == nil && page.view.window === window)
            #expect([box, page, e].map(\.appearanceState) == [.appeared, .appeared, .appeared])
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty, "\(recorder.violations)")
    }

    /// Found by the soak (seed 4278775831582975010): a swipe adopts `f`, and `f`'s
    /// `willMove(toParent: page)` hides the window. The swipe went on: `f` got will-appear in the
    /// hidden window, and the turn showed it there. A swipe taken off screen before its turn begins
    /// is given up (the user can no longer be swiping): a warning, `f`'s move ends at once
    /// (`didMove(toParent: nil)`, as for a cancelled swipe, R7), no appearance callback, and the call
    /// returns nil.
    @Test func aSwipeWhoseWindowIsHiddenInTheIncomingWillMoveIsGivenUp() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let f = SpyController(name: "f")
            let (window, root, page, e, source) = showPageSwiping(to: f)
            f.onWillMove = { [unowned window] parent in if parent != nil { window.isHidden = true } }
            recorder.skipEvents()
            let swipe = page.beginInteractivePaging(.forward)
            window.runUntilIdle()
            recorder.expect(
                """
                page.dataSource.controllerAfter(e)
                f.willMove(toParent: page)
                -- the window is hidden (F2)
                root.viewWillDisappear(animated: false)
                page.viewWillDisappear(animated: false)
                e.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                page.viewDidDisappear(animated: false)
                e.viewDidDisappear(animated: false)
                -- page is off screen: the swipe is given up before its turn begins
                f.didMove(toParent: nil)
                """)
            #expect(swipe == nil && page.dataSource === source)
            #expect(window.animationsInFlight.isEmpty && !window.hasPendingWork)
            #expect(f.parent == nil && page.shownControllers.map(\.id) == [e.id] && f.viewIfLoaded == nil)
            #expect([root, page, e, f].allSatisfy { $0.appearanceState == .disappeared })
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.invalidTransition], "\(recorder.violations)")
        #expect(recorder.violations.first?.message.contains("was given up") == true, "\(recorder.violations)")
    }

    /// Found by the soak (seed 3380940325764803166): a swipe adopts `f`, and `f`'s
    /// `willMove(toParent: page)` puts `root`'s view, which holds `page`'s, inside `f`'s. Joining
    /// `page`, `f` had no parent yet (R1), so nothing refused it; the swipe then sent `f`'s
    /// will-callbacks and refused, with a fault, to put `f`'s view under `page`'s (a cycle). A
    /// controller joining a built-in container counts as its child for the cycle check too (M96):
    /// the move is refused, and the swipe goes on.
    @Test func aViewMovedIntoAPageJoiningThePageControllerIsRefused() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let f = SpyController(name: "f")
            let (window, root, page, _, source) = showPageSwiping(to: f)
            f.onWillMove = { [unowned f, unowned root] parent in
                guard parent != nil else { return }
                let view = f.view
                recorder.expectViolation(.invalidViewHierarchy, unchanged: [root]) { view.addSubview(root.view) }
            }
            recorder.skipEvents()
            let swipe = page.beginInteractivePaging(.forward)
            swipe?.finish()
            window.runUntilIdle()
            recorder.expect(
                """
                page.dataSource.controllerAfter(e)
                f.willMove(toParent: page)
                f.loadView()
                f.viewDidLoad()
                -- inside f.willMove(toParent: page), f.view.addSubview(root.view) is refused (invalidViewHierarchy)
                f.viewWillAppear(animated: true)
                e.viewWillDisappear(animated: true)
                f.viewDidAppear(animated: true)
                e.viewDidDisappear(animated: true)
                f.didMove(toParent: page)
                e.willMove(toParent: nil)
                e.didMove(toParent: nil)
                e.deinit
                """)
            #expect(root.view.window === window && page.shownControllers.map(\.id) == [f.id])
            #expect(page.dataSource === source)
            #expect(f.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.invalidViewHierarchy], "\(recorder.violations)")
    }

    /// Found by the soak (seed 8207170711977653090): `tabs.userDidSelect(box)`; the switch begins
    /// `box`'s appearance (forwarded to its child `c`) before `box`'s view is in the window, then
    /// `b`'s `viewWillDisappear(_:)`, the outgoing tab's, takes `c` out of `box` in three steps. `c`,
    /// appearing with its view in no window, was left to what began it, and `box`'s did-appear no
    /// longer reaches it: it was left appearing out of any window. A controller that leaves a parent
    /// that is itself appearing (its view taken out of the parent's, or itself taken out of the
    /// parent), while its own view is in no visible window, disappears at once (F2).
    @Test func aChildTakenOutOfTheIncomingTabByTheOutgoingWillDisappearDisappears() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let root = Parent(name: "root")
            let tabs = TabBarController(name: "tabs")
            let b = SpyController(name: "b")
            let box = Parent(name: "box")
            let c = Leaf(name: "c")
            embed(c, in: box)
            tabs.controllers = [b, box]
            embed(tabs, in: root)
            let window = show(root)
            b.onViewWillDisappear = { [unowned c] _ in unembed(c) }
            recorder.skipEvents()
            tabs.userDidSelect(box)
            window.runUntilIdle()
            recorder.expect(
                """
                box.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                b.viewWillDisappear(animated: false)
                -- inside it, c leaves box in three steps; box is appearing, its view not in the window yet, and
                -- c disappears as its view leaves box's
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                c.didMove(toParent: nil)
                b.viewDidDisappear(animated: false)
                box.viewDidAppear(animated: false)
                """)
            #expect(window.animationsInFlight.isEmpty && !window.hasPendingWork)
            #expect(c.parent == nil && c.view.window == nil)
            #expect([b, box, c].map(\.appearanceState) == [.disappeared, .appeared, .disappeared])
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty, "\(recorder.violations)")
    }

    /// Found by the soak (seeds 2270941821945720860 and 1462820134792705940): `nav.push(q)`; the
    /// push's walk reaches `q`'s children in order. `s`'s `viewWillAppear(_:)` takes `d`, a sibling
    /// not reached yet, out of `q` in three steps, and `c`'s own `viewWillAppear(_:)` takes `c` out.
    /// The walk, which had planned `d` as `q`'s child, still sent it will-appear, with its view in no
    /// window, and nothing ended it; `c` got `viewIsAppearing(_:)` after its removal had made it
    /// disappear. The walk skips a child that left its parent before it reached it, and sends no
    /// `viewIsAppearing(_:)` to a controller its `viewWillAppear(_:)` moved on; `c`, whose view
    /// leaves `q`'s while `q` appears, out of any window, disappears then.
    @Test func childrenTakenOutOfTheIncomingControllerDuringItsWalkGetNothingMoreFromIt() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let root = Parent(name: "root")
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            let q = Parent(name: "q")
            let s = SpyController(name: "s")
            let c = SpyController(name: "c")
            let d = Leaf(name: "d")
            for child in [s, c, d] { embed(child, in: q) }
            embed(nav, in: root)
            let window = show(root)
            s.onViewWillAppear = { _ in if d.parent != nil { unembed(d) } }
            c.onViewWillAppear = { [unowned c] _ in if c.parent != nil { unembed(c) } }
            recorder.skipEvents()
            nav.push(q, animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                q.willMove(toParent: nav)
                -- window.runUntilIdle(): the transition to q starts
                a.viewWillDisappear(animated: false)
                q.viewWillAppear(animated: false)
                s.viewWillAppear(animated: false)
                d.willMove(toParent: nil)
                d.didMove(toParent: nil)
                c.viewWillAppear(animated: false)
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                c.didMove(toParent: nil)
                -- no c.viewIsAppearing, and d, out of q, gets nothing
                a.viewDidDisappear(animated: false)
                q.viewIsAppearing(animated: false)
                q.viewDidAppear(animated: false)
                s.viewIsAppearing(animated: false)
                s.viewDidAppear(animated: false)
                q.didMove(toParent: nav)
                """, filter: .everything)
            #expect(window.animationsInFlight.isEmpty && !window.hasPendingWork)
            #expect(q.children.map(\.id) == [s.id])
            #expect([c, d].allSatisfy { $0.appearanceState == .disappeared && $0.view.window == nil })
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty, "\(recorder.violations)")
    }

    /// Found by the soak (seed 2585195712729543411): `nav.push(q)`; inside `s`'s
    /// `viewWillAppear(_:)`, `q` replaces its child `c` with `g` through `transition(from:to:…)`.
    /// `q` is appearing, but its view is not in the window yet, so the transition ran off screen,
    /// with no callbacks, and `g`'s view went into `q`'s after `q`'s forwarding had run: when the
    /// push put `q`'s view in the window, `g` was left disappeared there. A controller whose root
    /// view goes into its parent's view, out of any window, while that parent appears joins the
    /// appearance (F1): it begins appearing at once, and the parent's did-appear reaches it.
    @Test func aChildShownInTheIncomingControllerOffScreenJoinsItsAppearance() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let root = Parent(name: "root")
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            let q = Parent(name: "q")
            let s = SpyController(name: "s")
            let c = Leaf(name: "c")
            let g = Leaf(name: "g")
            embed(s, in: q)
            embed(c, in: q)
            embed(nav, in: root)
            let window = show(root)
            s.onViewWillAppear = { [unowned q] _ in if g.parent == nil { swap(c, for: g, in: q) } }
            recorder.skipEvents()
            nav.push(q, animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                q.willMove(toParent: nav)
                -- window.runUntilIdle(): the transition to q starts
                a.viewWillDisappear(animated: false)
                q.viewWillAppear(animated: false)
                s.viewWillAppear(animated: false)
                -- inside it, q.transition(from: c, to: g, …): q is not in the window yet, so it runs off screen
                g.willMove(toParent: q)
                c.willMove(toParent: nil)
                g.loadView()
                g.viewDidLoad()
                -- g's view goes into q's, which is appearing: g joins its appearance (F1)
                g.viewWillAppear(animated: false)
                q.completion(finished: true)
                g.didMove(toParent: q)
                c.didMove(toParent: nil)
                a.viewDidDisappear(animated: false)
                q.viewDidAppear(animated: false)
                s.viewDidAppear(animated: false)
                g.viewDidAppear(animated: false)
                g.didMove(toParent: q)
                q.didMove(toParent: nav)
                """)
            #expect(window.animationsInFlight.isEmpty && !window.hasPendingWork)
            #expect(q.children.map(\.id) == [s.id, g.id] && g.view.window === window)
            #expect([q, s, g].allSatisfy { $0.appearanceState == .appeared })
            #expect(c.appearanceState == .disappeared && c.parent == nil)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty, "\(recorder.violations)")
    }

    // MARK: - A built-in container that appears before its view is in the window

    /// Found by the soak (seed 1431828042373668781), bug AD: `root.transition(from: x, to: nav, …)`
    /// begins `nav`'s appearance before `nav`'s view is in the window; `nav` forwards it to `a`, its
    /// top, whose `viewIsAppearing(_:)` pushes `f` (its `viewWillAppear(_:)` here: since the layout
    /// pass, `viewIsAppearing(_:)` of a transition that is not animated comes just before
    /// `viewDidAppear(_:)`). `nav` is not in a visible window, so the push
    /// settles inside the call (§1); `a`'s view was taken out with no callbacks (F7) and `a` was left
    /// appearing with its view in no window. The controller `nav` stops showing ends the appearance
    /// it had begun with `nav`: it disappears (will-disappear, then did-disappear) as it leaves; the
    /// one it shows now joins `nav`'s appearance as its view goes in (will-appear now, did-appear
    /// with `nav`'s, F1, F6).
    @Test func aPushFromAnAppearanceCallbackBeforeTheNavigationControllerIsInTheWindow() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let root = Parent(name: "root")
            let x = Leaf(name: "x")
            let a = SpyController(name: "a")
            let f = Leaf(name: "f")
            let nav = NavigationController(name: "nav", rootController: a)
            embed(x, in: root)
            let window = show(root)
            a.onViewWillAppear = { [unowned nav] _ in if f.parent == nil { nav.push(f, animated: false) } }
            recorder.skipEvents()
            root.addChild(nav)
            x.willMove(toParent: nil)
            root.transition(from: x, to: nav, duration: 0, animations: nil) { _ in
                nav.didMove(toParent: root)
                x.removeFromParent()
            }
            window.runUntilIdle()
            recorder.expect(
                """
                nav.willMove(toParent: root)
                x.willMove(toParent: nil)
                x.viewWillDisappear(animated: false)
                nav.loadView()
                nav.viewDidLoad()
                nav.viewWillAppear(animated: false)
                a.loadView()
                a.viewDidLoad()
                a.viewWillAppear(animated: false)
                f.willMove(toParent: nav)
                a.didMove(toParent: nav)
                f.loadView()
                f.viewDidLoad()
                f.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                nav.viewIsAppearing(animated: false)
                nav.viewDidAppear(animated: false)
                f.viewIsAppearing(animated: false)
                f.viewDidAppear(animated: false)
                f.didMove(toParent: nav)
                x.viewDidDisappear(animated: false)
                root.completion(finished: true)
                nav.didMove(toParent: root)
                x.didMove(toParent: nil)
                """, filter: .everything)
            #expect(window.animationsInFlight.isEmpty && !window.hasPendingWork)
            #expect(nav.topController === f && a.viewIfLoaded?.window == nil)
            #expect(a.appearanceState == .disappeared && f.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty, "\(recorder.violations)")
    }

    /// Found by the soak (seeds 8183056540955385875 and 8240916797267599426): `root` presents `f`
    /// full screen, so `root`'s view leaves the window until the dismissal; `h`, a controller with no
    /// parent, has its view in `e`'s by hand. The dismissal puts `root`'s view back, and the window
    /// brings `h` in (F2); `h`'s `viewWillAppear(_:)` takes `c` out of `root` (R2 moves no view:
    /// `c`'s view stays in `root`'s, in the window). The dismissal's walk no longer reaches `c`, and
    /// nothing else did: `c` was left disappeared in the visible window. With no parent and its view
    /// in the visible window, `c` is the window's (F2): it appears as a view entering it does,
    /// will-appear inside its removal and did-appear at the end of the turn. Since `root`'s
    /// will-appear comes before its view goes back (§3 **[rev 2]**), `root`'s walk reaches `c` before
    /// `h` takes it out; the window then ends the appearance `c` is in, at the end of the turn.
    @Test func aChildTakenOutOfAParentAboutToAppearWithItsViewInTheWindowIsTheWindows() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let root = Parent(name: "root")
            let e = Leaf(name: "e")
            let c = Leaf(name: "c")
            let h = SpyController(name: "h")
            let f = Leaf(name: "f")
            embed(e, in: root)
            embed(c, in: root)
            let window = show(root)
            e.view.addSubview(h.view)
            f.modalPresentationStyle = .fullScreen
            root.present(f, animated: false)
            window.runUntilIdle()
            h.onViewWillAppear = { [unowned root] _ in
                guard c.parent === root else { return }
                c.willMove(toParent: nil)
                c.removeFromParent()
            }
            recorder.skipEvents()
            root.dismiss(animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                -- root.dismiss: root's will-appear, forwarded to e and c, before its view goes back (§3)
                f.viewWillDisappear(animated: false)
                root.viewWillAppear(animated: false)
                e.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                -- root's view goes back in the window, and the window brings h in (F2)
                h.viewWillAppear(animated: false)
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                -- c, appearing, with no parent and its view in the window, is the window's
                root.viewDidAppear(animated: false)
                e.viewDidAppear(animated: false)
                f.viewDidDisappear(animated: false)
                h.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            #expect(window.animationsInFlight.isEmpty && !window.hasPendingWork)
            #expect(c.parent == nil && c.view.window === window)
            #expect([root, e, c, h].allSatisfy { $0.appearanceState == .appeared })
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty, "\(recorder.violations)")
    }
}

extension ReentrancyRegressionTests {
    // MARK: - AE: a request to a built-in container from a callback of its own change of contents

    /// Found by the soak (seed 7084994953049940331), bug AE: `tabs.controllers = [x, h]` adopts `h`;
    /// from `h`'s `willMove(toParent: tabs)`, `tabs.controllers = [x]` takes `h` out again while its
    /// addition is open. The tab bar began `h`'s removal at once, a second willMove against R7, and
    /// the engine stopped on a precondition ("tabs began removing h while a move of it was open").
    /// Decision: a request to a built-in container from a callback of its own change of contents is
    /// checked inside its call, then waits for that change to finish (every move it began gets its
    /// didMove first, R7) and runs at its end, inside the same call, in request order.
    @Test func tabsSetAgainFromTheWillMoveOfANewTabWaitForTheChangeToFinish() {  // §7, R7, Reentrancy.md
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let tabs = TabBarController(name: "tabs")
            let x = Leaf(name: "x")
            let h = SpyController(name: "h")
            tabs.controllers = [x]
            embed(tabs, in: root)
            let window = show(root)
            h.onWillMove = { [unowned tabs] parent in if parent === tabs { tabs.controllers = [x] } }
            recorder.skipEvents()
            tabs.controllers = [x, h]
            window.runUntilIdle()
            recorder.expect(
                """
                h.willMove(toParent: tabs)
                -- inside it, tabs.controllers = [x]: it waits for the change under way
                h.didMove(toParent: tabs)
                -- the change has finished: tabs.controllers = [x] runs
                h.willMove(toParent: nil)
                h.didMove(toParent: nil)
                """)
            #expect(tabs.controllers.map(\.id) == [x.id] && tabs.children.map(\.id) == [x.id])
            #expect(h.parent == nil && x.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty, "\(recorder.violations)")
    }

    /// Found by the soak (seed 699518070219574901), bug AE: `nav.setControllers([c])` takes out `b`,
    /// whose `willMove(toParent: nil)` pushes `p`. The push changed the stack there, and
    /// `setControllers` then overwrote it with `[c]`: `p` was left a child of `nav` outside its stack.
    /// The push waits for the change under way, then runs inside the same call: the stack is
    /// `[c, p]`, and one transition, at the end of the turn, shows `p`.
    @Test func aPushFromTheWillMoveOfAControllerSetControllersTakesOutRunsAfterIt() {  // §6, R7, Reentrancy.md
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let a = Leaf(name: "a")
            let b = SpyController(name: "b")
            let c = Leaf(name: "c")
            let p = Leaf(name: "p")
            let nav = NavigationController(name: "nav", rootController: a)
            embed(nav, in: root)
            let window = show(root)
            nav.push(b, animated: false)
            window.runUntilIdle()
            b.onWillMove = { [unowned nav] parent in if parent == nil { nav.push(p, animated: false) } }
            recorder.skipEvents()
            nav.setControllers([c], animated: false)
            recorder.expect(
                """
                a.willMove(toParent: nil)
                a.didMove(toParent: nil)
                b.willMove(toParent: nil)
                c.willMove(toParent: nav)
                p.willMove(toParent: nav)
                c.didMove(toParent: nav)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                p.loadView()
                p.viewDidLoad()
                b.viewWillDisappear(animated: false)
                p.viewWillAppear(animated: false)
                b.viewDidDisappear(animated: false)
                b.didMove(toParent: nil)
                p.viewDidAppear(animated: false)
                p.didMove(toParent: nav)
                """)
            #expect(nav.controllers.map(\.id) == [c.id, p.id])
            #expect(nav.children.map(\.id) == [c.id, p.id])
            #expect(p.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty, "\(recorder.violations)")
    }

    // MARK: - AC: a request to a built-in container from a didMove sent as its moves settle

    /// Found by the soak (seed 3327583027887255896), bug AC: off screen, `nav.setControllers([f, g])`
    /// settles inside the call, `a.didMove(toParent: nil)` first; from it, `nav.popToRoot` took `g`
    /// out while `g`'s addition was still open (the settling moves are held aside while they are
    /// ended, so the pop did not see it) and the engine stopped on a precondition ("nav began
    /// removing g while a move of it was open"). The settling is part of the change: the pop waits
    /// for it, `g` gets its `didMove(toParent: nav)`, then the pop takes it out (R7).
    @Test func aPopFromADidMoveSentAsTheStackSettlesWaitsForTheSettling() {  // §1, §6, R7, Reentrancy.md
        let recorder = Recorder()
        recorder.record {
            let a = SpyController(name: "a")
            let f = Leaf(name: "f")
            let g = Leaf(name: "g")
            let nav = NavigationController(name: "nav", rootController: a)
            a.onDidMove = { [unowned nav] parent in if parent == nil { nav.popToRoot(animated: false) } }
            recorder.skipEvents()
            nav.setControllers([f, g], animated: false)  // off screen: inside the call
            recorder.expect(
                """
                f.willMove(toParent: nav)
                f.didMove(toParent: nav)
                g.willMove(toParent: nav)
                a.didMove(toParent: nil)
                g.didMove(toParent: nil)
                """)
            #expect(nav.controllers.map(\.id) == [f.id] && nav.children.map(\.id) == [f.id])
            #expect(g.parent == nil)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty, "\(recorder.violations)")
    }

    /// Found by the soak (seed 2443322778984758124), bug AC: a middle-spine `page` shows `[e, f]`; a
    /// swipe to `[g, h]` completes and removes `e`, then `f`. From `e`'s `didMove(toParent: nil)`,
    /// `page.setControllers([e, f])` asked for `f` (still a child then, so not adopted again), whose
    /// removal the completion then ended anyway: `page.shownControllers` named `f`, which had no
    /// parent. The request waits for the swipe's moves to settle, then adopts `e` and `f` again, and
    /// its turn runs at the end of the turn.
    @Test func pagesAskedForFromADidMoveOfASwipesRemovalsWaitForThem() {  // §8, R7, Reentrancy.md
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let page = PageController(name: "page", transitionStyle: .pageCurl, spineLocation: .mid)
            let e = SpyController(name: "e")
            let f = Leaf(name: "f")
            let g = Leaf(name: "g")
            let h = Leaf(name: "h")
            let ring = BuiltInRegressionTests.Ring()
            ring.pages = [e, f, g, h]
            page.dataSource = ring
            page.setControllers([e, f], direction: .forward, animated: false)
            embed(page, in: root)
            let window = show(root)
            e.onDidMove = { [unowned page, unowned e] parent in
                if parent == nil { page.setControllers([e, f], direction: .reverse, animated: false) }
            }
            recorder.skipEvents()
            page.beginInteractivePaging(.forward)?.finish()
            window.runUntilIdle()
            recorder.expect(
                """
                page.dataSource.controllerAfter(f)
                page.dataSource.controllerAfter(g)
                g.willMove(toParent: page)
                h.willMove(toParent: page)
                h.loadView()
                h.viewDidLoad()
                h.viewWillAppear(animated: true)
                g.loadView()
                g.viewDidLoad()
                g.viewWillAppear(animated: true)
                e.viewWillDisappear(animated: true)
                f.viewWillDisappear(animated: true)
                -- finish(), then the animation completes
                e.viewDidDisappear(animated: true)
                f.viewDidDisappear(animated: true)
                g.viewDidAppear(animated: true)
                h.viewDidAppear(animated: true)
                g.didMove(toParent: page)
                h.didMove(toParent: page)
                e.willMove(toParent: nil)
                e.didMove(toParent: nil)
                -- inside it, page.setControllers([e, f]): it waits for the swipe's moves
                f.willMove(toParent: nil)
                f.didMove(toParent: nil)
                -- they have settled: the request adopts e and f
                e.willMove(toParent: page)
                f.willMove(toParent: page)
                -- the request's turn, at the end of the turn
                e.viewWillAppear(animated: false)
                f.viewWillAppear(animated: false)
                g.viewWillDisappear(animated: false)
                h.viewWillDisappear(animated: false)
                g.viewDidDisappear(animated: false)
                h.viewDidDisappear(animated: false)
                e.viewDidAppear(animated: false)
                f.viewDidAppear(animated: false)
                e.didMove(toParent: page)
                f.didMove(toParent: page)
                g.willMove(toParent: nil)
                g.didMove(toParent: nil)
                h.willMove(toParent: nil)
                h.didMove(toParent: nil)
                """)
            #expect(page.shownControllers.map(\.id) == [e.id, f.id])
            #expect(page.children.map(\.id) == [e.id, f.id])
            #expect(e.appearanceState == .appeared && f.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty, "\(recorder.violations)")
    }

    // MARK: - AB: a controller a built-in container has checked and not adopted yet

    /// The stage of bug AB: `tabs`, a child of `root` in a window, with the tabs `[x, b]`, `x`
    /// shown, so that `b`, not shown, leaves inside the call that takes it out; `removal` runs
    /// inside `b`'s `didMove(toParent: nil)`. Then `tabs.controllers = [tab]` and the turn run, and
    /// their transcript is checked: `tab` is adopted once `b` has left, then the switch shows it.
    static func replaceTheTabs(
        with tab: Controller, recorder: Recorder, note: String,
        removal: @escaping (_ root: Parent, _ tabs: TabBarController) -> Void
    ) -> (root: Parent, tabs: TabBarController, window: Window) {
        let root = Parent(name: "root")
        let tabs = TabBarController(name: "tabs")
        let b = SpyController(name: "b")
        let x = Leaf(name: "x")
        tabs.controllers = [x, b]
        embed(tabs, in: root)
        let window = show(root)
        b.onDidMove = { [unowned root, unowned tabs] parent in if parent == nil { removal(root, tabs) } }
        recorder.skipEvents()
        tabs.controllers = [tab]
        window.runUntilIdle()
        let t = tab.id
        recorder.expect(
            """
            x.willMove(toParent: nil)
            b.willMove(toParent: nil)
            b.didMove(toParent: nil)
            -- inside it, \(note)
            \(t).willMove(toParent: tabs)
            \(t).didMove(toParent: tabs)
            -- the switch, at the end of the turn
            \(t).loadView()
            \(t).viewDidLoad()
            \(t).viewWillAppear(animated: false)
            x.viewWillDisappear(animated: false)
            x.viewDidDisappear(animated: false)
            \(t).viewDidAppear(animated: false)
            x.didMove(toParent: nil)
            """)
        // The window is returned so that the caller keeps it: a released window hides (§1).
        return (root, tabs, window)
    }

    /// Found by the soak (seed 536526344530143910), bug AB: `tabs.controllers = [a]` checks `a`, then
    /// removes `b`, an old tab not shown, before it adopts `a`; `b`'s `didMove(toParent: nil)` added
    /// `a` to `root`, which nothing refused, and the adoption stopped the engine on a precondition
    /// ("tabs adopted a, which has a parent"). From the check to its adoption, `a` is a pending
    /// member of `tabs`, as a controller pushed during a swipe back is of the stack: another parent,
    /// stack, tab bar, page controller, window or presenter is refused (R9, a fault that changes
    /// nothing), and the change carries on.
    @Test func aNewTabGivenElsewhereBeforeItsAdoptionIsRefused() {  // §7, R9, §11
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let a = Leaf(name: "a")
            let (root, tabs, window) = Self.replaceTheTabs(
                with: a, recorder: recorder, note: "root.addChild(a) is refused: a waits to join tabs"
            ) { root, _ in root.addChild(a) }
            #expect(a.parent === tabs && tabs.controllers.map(\.id) == [a.id] && root.children.map(\.id) == [tabs.id])
            #expect(a.appearanceState == .appeared)
            #expect(!window.isHidden)
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.builtInContainerChildMovedByHand])
        #expect(recorder.violations.map(\.severity) == [.fault])
        #expect(recorder.violations.first?.message.contains("a waits to join tabs") == true, "\(recorder.violations)")
    }

    /// Found by the soak (seed 7379972235312297287), bug AB: `tabs.controllers = [box]` checks `box`,
    /// then removes `b`; `b`'s `didMove(toParent: nil)` added `tabs` to `box`, which nothing refused
    /// since `box` was not `tabs`' child yet. `tabs` then adopted `box`: each was the other's child,
    /// and the next walk up the tree never ended. `box`, a pending member of `tabs`, counts as its
    /// child already: adding `tabs` to it would close a cycle, and is refused (a fault).
    @Test func theTabBarGivenToATabItHasNotAdoptedYetIsRefused() {  // §7, R9, §11
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let box = Parent(name: "box")
            let (root, tabs, window) = Self.replaceTheTabs(
                with: box, recorder: recorder, note: "box.addChild(tabs) is refused: box waits to join tabs"
            ) { [unowned box] _, tabs in box.addChild(tabs) }
            #expect(box.parent === tabs && tabs.parent === root)
            #expect(!window.isHidden)
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.addingToSelfOrDescendant])
        #expect(recorder.violations.map(\.severity) == [.fault])
    }

    // MARK: - Found by the soak: callbacks of a swipe's start or cancel that take it off screen

    /// Found by the soak (seed 8244939451430245439): `nav.beginInteractivePop()` sends `a`, the
    /// controller it brings back, `viewIsAppearing(_:)` (its `viewWillAppear(_:)` here, as
    /// `viewIsAppearing(_:)` comes after the will-half since the layout pass), whose override sets
    /// the window's root to nil: `nav` leaves the window before the pop's animation is in flight, so nothing completed
    /// it, and the swipe went on off screen, leaving `b`'s removal open for good. The pop now reads
    /// again, once its start's callbacks have returned, whether `nav` is on screen, as the other
    /// built-in transitions do: it is not, so the swipe completes inside the call, as one in flight
    /// does when its container leaves the window, with an `invalidTransition` warning.
    @Test func anInteractivePopTakenOffScreenByItsStartCompletesInsideTheCall() {  // §1, §6, R7
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let a = SpyController(name: "a")
            let b = Leaf(name: "b")
            let nav = NavigationController(name: "nav", rootController: a)
            let window = show(nav)
            nav.push(b, animated: false)
            window.runUntilIdle()
            a.onViewWillAppear = { [unowned window, unowned a] _ in
                a.onViewWillAppear = nil
                window.rootController = nil
            }
            recorder.skipEvents()
            let swipe = nav.beginInteractivePop()
            window.runUntilIdle()
            recorder.expect(
                """
                b.willMove(toParent: nil)
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.viewWillDisappear(animated: false)
                b.viewDidDisappear(animated: true)
                b.didMove(toParent: nil)
                a.viewWillDisappear(animated: true)
                a.viewDidDisappear(animated: true)
                nav.viewDidDisappear(animated: false)
                """)
            #expect(swipe?.state == .finished && window.animationsInFlight.isEmpty)
            #expect(nav.controllers.map(\.id) == [a.id] && b.parent == nil)
            #expect([nav, a, b].allSatisfy { $0.appearanceState == .disappeared })
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.invalidTransition], "\(recorder.violations)")
    }

    /// Found by the soak (seed 6077675611895041020): a page curl's swipe is cancelled; `cancel()`
    /// sends the incoming page `f` its will-disappear, whose override hides the window, which
    /// completes the turn at once. The cancel then went on to send `e`, the page it brings back,
    /// its will-appear, in the hidden window, where nothing ended it. Now the cancel brings an
    /// outgoing page back only while the page controller is on screen.
    @Test func aCancelledCurlWhoseCallbackHidesTheWindowBringsNothingBackInIt() {  // §1, §8
        let recorder = Recorder()
        recorder.record {
            let page = PageController(name: "page", transitionStyle: .pageCurl)
            let e = Leaf(name: "e")
            let f = SpyController(name: "f")
            let source = PagesLeadingTo(f)
            page.dataSource = source
            page.setControllers([e], direction: .forward, animated: false)
            let window = show(page)
            recorder.skipEvents()
            let swipe = page.beginInteractivePaging(.forward)
            f.onViewWillDisappear = { [unowned window, unowned f] _ in
                f.onViewWillDisappear = nil
                window.isHidden = true
            }
            swipe?.cancel()
            window.runUntilIdle()
            recorder.expect(
                """
                page.dataSource.controllerAfter(e)
                f.willMove(toParent: page)
                f.loadView()
                f.viewDidLoad()
                f.viewWillAppear(animated: true)
                e.viewWillDisappear(animated: true)
                -- swipe.cancel()
                f.viewWillDisappear(animated: true)
                -- f hides the window, which completes the turn at once
                f.viewDidDisappear(animated: true)
                f.didMove(toParent: nil)
                page.viewWillDisappear(animated: false)
                page.viewDidDisappear(animated: false)
                e.viewDidDisappear(animated: true)
                """)
            #expect(page.shownControllers.map(\.id) == [e.id] && f.parent == nil)
            #expect([page, e, f].allSatisfy { $0.appearanceState == .disappeared })
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 632631131046735267): a page curl's swipe is cancelled; `cancel()`
    /// sends the incoming page `f` its will-disappear, whose override takes `e`'s view, the page the
    /// cancel brings back, out of the page controller's view. That ends `e`'s disappearance (F2),
    /// and the cancel then went on to send `e` its will-appear and, when the animation completed, its
    /// did-appear: `e` ended appeared with its view in no window. Now an outgoing page begins
    /// appearing again only while its view is on screen, and ends appeared only if it still is
    /// (as `transition(from:to:…)` ends its incoming controller).
    @Test func aCancelledCurlWhoseCallbackTakesTheOutgoingPagesViewOutLeavesItDisappeared() {  // §8, F2
        let recorder = Recorder()
        recorder.record {
            let page = PageController(name: "page", transitionStyle: .pageCurl)
            let e = Leaf(name: "e")
            let f = SpyController(name: "f")
            let source = PagesLeadingTo(f)
            page.dataSource = source
            page.setControllers([e], direction: .forward, animated: false)
            let window = show(page)
            recorder.skipEvents()
            let swipe = page.beginInteractivePaging(.forward)
            f.onViewWillDisappear = { [unowned e, unowned f] _ in
                f.onViewWillDisappear = nil
                e.view.removeFromSuperview()
            }
            swipe?.cancel()
            window.runUntilIdle()
            recorder.expect(
                """
                page.dataSource.controllerAfter(e)
                f.willMove(toParent: page)
                f.loadView()
                f.viewDidLoad()
                f.viewWillAppear(animated: true)
                e.viewWillDisappear(animated: true)
                -- swipe.cancel()
                f.viewWillDisappear(animated: true)
                -- f takes e's view out of the window: e's disappearance ends (F2)
                e.viewDidDisappear(animated: true)
                -- e's view is in no window: it does not begin appearing again
                f.viewDidDisappear(animated: true)
                f.didMove(toParent: nil)
                """)
            #expect(page.shownControllers.map(\.id) == [e.id] && f.parent == nil)
            #expect([e, f].allSatisfy { $0.appearanceState == .disappeared } && page.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty, "\(recorder.violations)")
    }

    /// The same, with the outgoing page's view taken out by hand while the cancelled curl animates
    /// (after `e`'s will-appear, before its did-appear): the view leaving the window makes `e`
    /// disappear inside `removeFromSuperview()` (F2, not animated), and the cancel's end, which
    /// finds it out of the window, leaves it disappeared.
    @Test func aCancelledCurlWhoseOutgoingPagesViewLeavesWhileItAnimatesEndsItDisappeared() {  // §8, F2
        let recorder = Recorder()
        recorder.record {
            let page = PageController(name: "page", transitionStyle: .pageCurl)
            let e = Leaf(name: "e")
            let f = Leaf(name: "f")
            let source = PagesLeadingTo(f)
            page.dataSource = source
            page.setControllers([e], direction: .forward, animated: false)
            let window = show(page)
            recorder.skipEvents()
            let swipe = page.beginInteractivePaging(.forward)
            swipe?.cancel()
            e.view.removeFromSuperview()
            window.runUntilIdle()
            recorder.expect(
                """
                page.dataSource.controllerAfter(e)
                f.willMove(toParent: page)
                f.loadView()
                f.viewDidLoad()
                f.viewWillAppear(animated: true)
                e.viewWillDisappear(animated: true)
                -- swipe.cancel()
                f.viewWillDisappear(animated: true)
                e.viewWillAppear(animated: true)
                -- e's view taken out by hand while the curl falls back (F2)
                e.viewWillDisappear(animated: false)
                -- the end of the turn
                f.viewDidDisappear(animated: true)
                f.didMove(toParent: nil)
                e.viewDidDisappear(animated: false)
                """)
            #expect(page.shownControllers.map(\.id) == [e.id] && f.parent == nil)
            #expect([e, f].allSatisfy { $0.appearanceState == .disappeared } && page.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty, "\(recorder.violations)")
    }

    /// Found by the soak (seed 1455779644480545448): a page curl's swipe is cancelled; `cancel()`
    /// sends `e`, the page it brings back, `viewWillAppear(_:)`, whose override sets the window's
    /// root to another controller: `page` leaves the window, which completes the turn at once and
    /// with it `e`'s appearance, before `e`'s `viewIsAppearing(_:)`, due right after its
    /// `viewWillAppear(_:)`, had gone out. `e` got `viewDidAppear(_:)` with no `viewIsAppearing(_:)`
    /// (against §3). The appearance state machine now records `viewIsAppearing` as sent only when
    /// it is: an end that comes first sends it before `viewDidAppear(_:)`.
    @Test func anAppearanceEndedInsideViewWillAppearStillSendsViewIsAppearingFirst() {  // §3
        let recorder = Recorder()
        recorder.record {
            let page = PageController(name: "page", transitionStyle: .pageCurl)
            let e = SpyController(name: "e")
            let f = Leaf(name: "f")
            let g = Leaf(name: "g")
            let source = PagesLeadingTo(f)
            page.dataSource = source
            page.setControllers([e], direction: .forward, animated: false)
            let window = show(page)
            recorder.skipEvents()
            let swipe = page.beginInteractivePaging(.forward)
            e.onViewWillAppear = { [unowned window, unowned e] _ in
                e.onViewWillAppear = nil
                window.rootController = g
            }
            swipe?.cancel()
            window.runUntilIdle()
            recorder.expect(
                """
                page.dataSource.controllerAfter(e)
                f.willMove(toParent: page)
                f.loadView()
                f.viewDidLoad()
                f.viewWillAppear(animated: true)
                e.viewWillDisappear(animated: true)
                f.viewIsAppearing(animated: true)
                -- swipe.cancel()
                f.viewWillDisappear(animated: true)
                e.viewWillAppear(animated: true)
                -- e sets the window's root to g: page leaves, which completes the turn at once
                f.viewDidDisappear(animated: true)
                e.viewIsAppearing(animated: true)
                e.viewDidAppear(animated: true)
                f.didMove(toParent: nil)
                page.viewWillDisappear(animated: false)
                e.viewWillDisappear(animated: false)
                g.loadView()
                g.viewDidLoad()
                g.viewWillAppear(animated: false)
                g.viewIsAppearing(animated: false)
                page.viewDidDisappear(animated: false)
                e.viewDidDisappear(animated: false)
                g.viewDidAppear(animated: false)
                """, filter: .everything)
            #expect(window.rootController === g && page.shownControllers.map(\.id) == [e.id])
            #expect([page, e, f].allSatisfy { $0.appearanceState == .disappeared })
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - Found by the soak: a pop to root whose moves put the navigation controller on screen

    /// Found by the soak (seed 1672134031455737075), reduced: `nav` (stack `[a, d, h]`, `h` shown)
    /// has left the window, so `nav.popToRoot(animated: false)` begins off screen. Its moves call
    /// out first (spec §6 [rev 2]: the buried `d` completes its move inside the call), and `d`'s
    /// `didMove(toParent: nil)` embeds `nav` in `manual`, on screen, which forwards by hand (F4) and
    /// drives `nav`'s whole appearance inside the call: `nav` and `h`, the controller it shows,
    /// appear. (In the seed, `nav`'s parent, a tab bar, was embedded so.) The pop went on as decided
    /// before its moves, off screen: `h`'s view left `nav`'s with `h.didMove(toParent: nil)` and no
    /// disappearance, and `h` ended appeared with its view in no window, while `a`, now shown, did
    /// not appear. The change now reads again, once its moves have returned, whether
    /// `nav` is on screen, as the tab bar's and the page controller's changes do (Reentrancy.md): on
    /// screen, the transition from `h` to `a` is pending, and the window runs it at the end of the
    /// turn; `h`'s move ends right after its `viewDidDisappear` (spec §6). The transition's
    /// `willShow` and `didShow` take the place of those of `nav`'s own appearance.
    @Test func aPopToRootWhoseMovesPutTheNavigationControllerOnScreenShowsItsTransition() {
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let root = Parent(name: "root")
            let manual = ManualContainer(name: "manual")
            let a = Leaf(name: "a")
            let d = SpyController(name: "d")
            let h = Leaf(name: "h")
            let nav = NavigationController(name: "nav", rootController: a)
            nav.delegate = delegate
            embed(manual, in: root)
            embed(nav, in: root)
            let window = show(root)
            nav.setControllers([a, d, h], animated: false)
            window.runUntilIdle()
            unembed(nav)
            window.runUntilIdle()
            d.onDidMove = { [unowned manual, unowned nav] parent in
                guard parent == nil else { return }
                // The custom-container add of a container that forwards by hand, once it has appeared.
                manual.addChild(nav)
                nav.beginAppearanceTransition(true, animated: false)
                manual.view.addSubview(nav.view)
                nav.endAppearanceTransition()
                nav.didMove(toParent: manual)
            }
            recorder.skipEvents()
            let popped = nav.popToRoot(animated: false)
            recorder.expect(
                """
                d.willMove(toParent: nil)
                d.didMove(toParent: nil)
                -- inside it, nav joins manual, which drives its appearance; no willShow (the pop's is pending)
                nav.willMove(toParent: manual)
                nav.viewWillAppear(animated: false)
                h.viewWillAppear(animated: false)
                nav.viewDidAppear(animated: false)
                h.viewDidAppear(animated: false)
                nav.didMove(toParent: manual)
                -- nav is on screen now: h's move ends with the transition
                h.willMove(toParent: nil)
                """)
            #expect(h.appearanceState == .appeared && h.view.window === window)
            window.runUntilIdle()
            recorder.expect(
                """
                h.viewWillDisappear(animated: false)
                a.viewWillAppear(animated: false)
                nav.delegate.willShow(a, animated: false)
                h.viewDidDisappear(animated: false)
                h.didMove(toParent: nil)
                a.viewDidAppear(animated: false)
                nav.delegate.didShow(a, animated: false)
                """)
            #expect(popped.map(\.id) == [d.id, h.id])
            #expect(nav.controllers.map(\.id) == [a.id] && nav.parent === manual)
            #expect(nav.appearanceState == .appeared && a.appearanceState == .appeared && a.view.window === window)
            #expect(h.appearanceState == .disappeared && h.parent == nil && h.viewIfLoaded?.window == nil)
            #expect(d.appearanceState == .disappeared && d.parent == nil)
            #expect(window.animationsInFlight.isEmpty && !window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }
}

/// A container that forwards appearance by hand (F4) and forwards nothing: the test drives its child.
private final class ManualContainer: ContainerController {
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
}
