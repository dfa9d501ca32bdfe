import ContainerKit
import ContainerKitTesting
import Testing

/// Regressions of bug AA, found by the randomized tests' re-entrant operations: a will-callback of
/// the window's walk (showing or hiding the window) moves a controller the walk has planned but not
/// reached yet. The walk reaches each child only while its parent still reaches it (F1); one moved
/// out of its parent's reach meanwhile takes the step from what reaches it now (Reentrancy.md).
@Suite @MainActor struct WindowWalkReentrancyTests {
    /// Found by the soak (seed 2238973382686553801): `window.makeKeyAndVisible()` walks `root`'s
    /// children in order, `h` then `box` then `m`; `h`'s `viewWillAppear(_:)` moves `m` to `box`
    /// (`box.addChild(m)`, R4, which moves no view: `m`'s view stays in `root`'s, in the window).
    /// The walk went on to send `m` its will-appear as `root`'s child, and the did-appear half at the
    /// end of the turn, which walks `root`'s children and `box`'s, reached `m` through neither: `m`
    /// was left appearing. Now the walk passes `m` over as `root`'s child; no forwarding reaches its
    /// view, so the window drives it (F2): it begins appearing at its place in the walk, and gets its
    /// did-appear at the end of the turn, after those the walk began.
    @Test func aControllerReparentedByAWillCallbackOfTheWindowsWalkAppearsThroughTheWindow() {  // F1, F2, R4
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let h = SpyController(name: "h")
            let box = Parent(name: "box")
            let m = Leaf(name: "m")
            embed(h, in: root)
            embed(box, in: root)
            embed(m, in: root)
            let window = makeWindow()
            window.rootController = root
            h.onViewWillAppear = { [unowned box] _ in box.addChild(m) }
            recorder.skipEvents()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewWillAppear(animated: false)
                h.viewWillAppear(animated: false)
                m.willMove(toParent: nil)
                m.didMove(toParent: nil)
                m.willMove(toParent: box)
                box.viewWillAppear(animated: false)
                m.viewWillAppear(animated: false)
                root.viewDidAppear(animated: false)
                h.viewDidAppear(animated: false)
                box.viewDidAppear(animated: false)
                m.viewDidAppear(animated: false)
                """)
            #expect(m.parent === box && m.view.window === window)
            #expect(m.appearanceState == .appeared)
            #expect(box.appearanceState == .appeared && h.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 7394694161590393432): the window's entry finds its driving roots
    /// (F2) before the first one's callbacks run: here `root`, and `f`, a controller with no parent
    /// whose view was put in the window by hand. `root`'s child `e` pushes `f` on `nav`, out of any
    /// window, from its `viewWillAppear(_:)`: `f`'s view leaves the window, off screen, with no
    /// callbacks (§1). The entry went on to begin `f`'s appearance with its view in no window, and
    /// `f` was left appearing. Now each root is entered only if the window still drives it.
    @Test func aRootOfTheWindowsEntryMovedOutByAnEarlierRootsCallbackIsPassedOver() {  // F2, §1
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let e = SpyController(name: "e")
            let f = Leaf(name: "f")
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            embed(e, in: root)
            let window = makeWindow()
            window.rootController = root
            window.addSubview(f.view)
            e.onViewWillAppear = { [unowned nav] _ in nav.push(f, animated: false) }
            recorder.skipEvents()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewWillAppear(animated: false)
                e.viewWillAppear(animated: false)
                f.willMove(toParent: nav)
                a.didMove(toParent: nav)
                root.viewDidAppear(animated: false)
                e.viewDidAppear(animated: false)
                """)
            #expect(nav.topController === f && f.view.window == nil)
            #expect(f.appearanceState == .disappeared)
            #expect(e.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 7885999354187047007): hiding the window walks `root`'s children,
    /// `c` then `manual`; `c`'s `viewWillDisappear(_:)` swaps `manual` for `h` with
    /// `root.transition(from:to:…)`. The window is hidden already, so the transition completes inside
    /// the call, with no appearance callbacks (§1), and takes `manual`'s view out. The walk then
    /// passed `manual` over, as it had left `root`, and nothing reached it again: it was left
    /// appeared with its view in no window. A window whose exit is under way still holds the
    /// controllers its walk has yet to reach, so a view leaving it then leaves it as a visible
    /// window's (F2): `manual` disappears at once, inside the transition.
    @Test func aControllerTakenOutByAWillCallbackOfTheWindowsExitDisappearsAsItLeaves() {  // F2, §1
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let c = SpyController(name: "c")
            let manual = Leaf(name: "manual")
            let h = Leaf(name: "h")
            embed(c, in: root)
            embed(manual, in: root)
            let window = show(root)
            c.onViewWillDisappear = { [unowned root, unowned manual] _ in swap(manual, for: h, in: root) }
            recorder.skipEvents()
            window.isHidden = true
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewWillDisappear(animated: false)
                c.viewWillDisappear(animated: false)
                h.willMove(toParent: root)
                manual.willMove(toParent: nil)
                h.loadView()
                h.viewDidLoad()
                manual.viewWillDisappear(animated: false)
                manual.viewDidDisappear(animated: false)
                root.completion(finished: true)
                h.didMove(toParent: root)
                manual.didMove(toParent: nil)
                root.viewDidDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                """)
            #expect(manual.parent == nil && manual.viewIfLoaded?.window == nil)
            #expect(manual.appearanceState == .disappeared)
            #expect(h.parent === root && h.appearanceState == .disappeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 1713901387957566883): hiding the window walks `root`'s children, `a`
    /// then `box`; `a`'s `viewWillDisappear(_:)` takes `c`'s view out of `box`'s. The window is
    /// hidden already, so the move sent nothing, and `box`'s walk, which came next, no longer reached
    /// `c`: it was left appeared with its view in no window. Now a view that leaves a window whose
    /// exit is under way leaves it as a visible window's (F2): `c` disappears inside the move.
    @Test func aViewTakenOutOfTheWindowWhileItHidesDisappearsAsItLeaves() {  // F1, F2
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let a = SpyController(name: "a")
            let box = Parent(name: "box")
            let c = Leaf(name: "c")
            embed(a, in: root)
            embed(box, in: root)
            embed(c, in: box)
            let window = show(root)
            a.onViewWillDisappear = { _ in c.view.removeFromSuperview() }
            recorder.skipEvents()
            window.isHidden = true
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewWillDisappear(animated: false)
                a.viewWillDisappear(animated: false)
                c.viewWillDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                box.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                box.viewDidDisappear(animated: false)
                """)
            #expect(c.parent === box && c.view.superview == nil)
            #expect([root, a, box, c].allSatisfy { $0.appearanceState == .disappeared })
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 266981990721636373): hiding the window reaches `box`, `nav`'s top,
    /// from `nav`'s own callback (F6), and `box`'s walk plans `c` then `f`. `c`'s
    /// `viewWillDisappear(_:)` swaps `nav` for `x` with `root.transition(from:to:…)`, which completes
    /// inside the call, the window being hidden, and ends the disappearance of `nav`, `box` and `c`.
    /// `f`'s view left the window with `nav`'s while `f` was still appeared; and `box`'s walk then
    /// sent `f` a will-disappear that nothing ended. Now `f` disappears as its view leaves (F2, the
    /// window's exit being under way), `nav`, `box` and `c` end their disappearance as their views
    /// leave too (their parent's forwarding no longer reaches them), and the walk, finding `box`'s
    /// disappearance ended since it planned `f`, passes `f` over.
    @Test func aSubtreeTakenOutOfTheWindowWhileItHidesIsNotWalkedAgain() {  // F1, F2, F6, §1
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let box = Parent(name: "box")
            let c = SpyController(name: "c")
            let f = Leaf(name: "f")
            let x = Leaf(name: "x")
            embed(c, in: box)
            embed(f, in: box)
            let nav = NavigationController(name: "nav", rootController: box)
            embed(nav, in: root)
            let window = show(root)
            c.onViewWillDisappear = { [unowned root, unowned nav] _ in swap(nav, for: x, in: root, duration: 0) }
            recorder.skipEvents()
            window.isHidden = true
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewWillDisappear(animated: false)
                nav.viewWillDisappear(animated: false)
                box.viewWillDisappear(animated: false)
                c.viewWillDisappear(animated: false)
                x.willMove(toParent: root)
                nav.willMove(toParent: nil)
                x.loadView()
                x.viewDidLoad()
                f.viewWillDisappear(animated: false)
                f.viewDidDisappear(animated: false)
                nav.viewDidDisappear(animated: false)
                box.viewDidDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                root.completion(finished: true)
                x.didMove(toParent: root)
                nav.didMove(toParent: nil)
                root.viewDidDisappear(animated: false)
                """)
            #expect(nav.parent == nil && x.parent === root)
            #expect([root, nav, box, c, f, x].allSatisfy { $0.appearanceState == .disappeared })
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 1640255797077450782): `root.transition(from: tabs, to: box, …)`
    /// begins `box`'s appearance before `box`'s view is in the window; `box` forwards it to `page`,
    /// which forwards it to `e`, whose `viewWillAppear(_:)` takes `page` out of `box`
    /// (`willMove(toParent: nil)`, `removeFromParent()`: R2 moves no view, and `page`'s stays in
    /// `box`'s). Then the transition puts `box`'s view in the window,
    /// and `box`'s did-appear no longer reached `page`, which was left appearing. Now `page`, which
    /// left an appearing parent with its view in no window, disappears at once (Reentrancy.md); when
    /// the transition puts `box`'s view in the window, `page`'s with it, the window drives `page`
    /// (F2): will-appear then, did-appear at the end of the turn. (The same with a push is in
    /// ReentrancyRegressionTests.)
    @Test func aControllerTakenFromTheIncomingControllerBeforeItsViewIsInstalledAppearsThroughTheWindow() {  // F2, R2
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let tabs = TabBarController(name: "tabs")
            tabs.controllers = [Leaf(name: "g")]
            let box = Parent(name: "box")
            let page = PageController(name: "page", transitionStyle: .scroll)
            let e = SpyController(name: "e")
            page.setControllers([e], direction: .forward, animated: false)
            embed(page, in: box)
            embed(tabs, in: root)
            let window = show(root)
            e.onViewWillAppear = { [unowned page, unowned e] _ in
                e.onViewWillAppear = nil
                page.willMove(toParent: nil)
                page.removeFromParent()
            }
            recorder.skipEvents()
            swap(tabs, for: box, in: root, duration: 0)
            window.runUntilIdle()
            recorder.expect(
                """
                box.willMove(toParent: root)
                tabs.willMove(toParent: nil)
                tabs.viewWillDisappear(animated: false)
                g.viewWillDisappear(animated: false)
                box.viewWillAppear(animated: false)
                page.viewWillAppear(animated: false)
                e.loadView()
                e.viewDidLoad()
                e.viewWillAppear(animated: false)
                page.willMove(toParent: nil)
                page.didMove(toParent: nil)
                page.viewWillDisappear(animated: false)
                e.viewWillDisappear(animated: false)
                page.viewDidDisappear(animated: false)
                e.viewDidDisappear(animated: false)
                page.viewWillAppear(animated: false)
                e.viewWillAppear(animated: false)
                box.viewDidAppear(animated: false)
                tabs.viewDidDisappear(animated: false)
                g.viewDidDisappear(animated: false)
                root.completion(finished: true)
                box.didMove(toParent: root)
                tabs.didMove(toParent: nil)
                page.viewDidAppear(animated: false)
                e.viewDidAppear(animated: false)
                """)
            #expect(page.parent == nil && page.view.window === window)
            #expect(page.appearanceState == .appeared && e.appearanceState == .appeared)
            #expect(box.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 2359307776042263752): the window's entry finds two driving roots
    /// (F2): `root`, and `c`, a controller with no parent whose view was put in the window by hand.
    /// `root`'s child `g` adds `c` to `root` in three steps from its `viewWillAppear(_:)`, after
    /// `root`'s walk has planned its children. The entry then passes `c` over, as `root` reaches it
    /// now; but `root`'s walk had passed already, so `c` was left disappeared in the visible window.
    /// Now `c` begins appearing with `root`, which it joined while `root` was appearing (F1), and
    /// `root`'s did-appear reaches it at the end of the turn.
    @Test func aRootOfTheWindowsEntryAddedToAnAppearingParentByAnEarlierRootsCallbackAppearsWithIt() {  // F1, F2
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let g = SpyController(name: "g")
            let c = Leaf(name: "c")
            embed(g, in: root)
            let window = makeWindow()
            window.rootController = root
            window.addSubview(c.view)
            g.onViewWillAppear = { [unowned root] _ in
                root.addChild(c)
                root.view.addSubview(c.view)
                c.didMove(toParent: root)
            }
            recorder.skipEvents()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewWillAppear(animated: false)
                g.viewWillAppear(animated: false)
                c.willMove(toParent: root)
                c.didMove(toParent: root)
                c.viewWillAppear(animated: false)
                root.viewDidAppear(animated: false)
                g.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            #expect(c.parent === root && c.view.superview === root.view)
            #expect([root, g, c].allSatisfy { $0.appearanceState == .appeared })
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 3631426091497503928): `window.rootController = nil` takes `root`'s
    /// view out of the window, and the exit walks `root`'s children, `f` then `box`; `f`'s
    /// `viewWillDisappear(_:)` takes `c`, `box`'s child, out in three steps, its view out of `box`'s.
    /// That view was in no window already (it left with `root`'s), so the move sent nothing, and
    /// `box`'s walk no longer reached `c`: it was left appeared. Now a view taken out of a subtree
    /// whose exit is under way leaves the window with it (F2): `c` disappears inside the move.
    @Test func aViewTakenOutOfALeavingSubtreeDisappearsAsItLeaves() {  // F1, F2
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let f = SpyController(name: "f")
            let box = Parent(name: "box")
            let c = Leaf(name: "c")
            embed(f, in: root)
            embed(box, in: root)
            embed(c, in: box)
            let window = show(root)
            f.onViewWillDisappear = { _ in unembed(c) }
            recorder.skipEvents()
            window.rootController = nil
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewWillDisappear(animated: false)
                f.viewWillDisappear(animated: false)
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: false)
                c.didMove(toParent: nil)
                box.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                f.viewDidDisappear(animated: false)
                box.viewDidDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                c.didMove(toParent: nil)
                """)
            #expect(c.parent == nil && c.view.superview == nil)
            #expect([root, f, box, c].allSatisfy { $0.appearanceState == .disappeared })
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 211571666509471646): `root.transition(from: x, to: box, …)` begins
    /// `box`'s appearance, and `box` forwards it to `c`, before `box`'s view is in the window;
    /// `c`'s `viewIsAppearing(_:)` takes `c` out of `box` in three steps, its view out of `box`'s
    /// (its `viewWillAppear(_:)` here: `viewIsAppearing(_:)` comes later since the layout pass).
    /// Nothing ended `c`'s appearance: `box`'s did-appear no longer reaches it, and its view is in
    /// no window. Now a root view taken out of its parent's while its controller is appearing out
    /// of any window disappears at once (F2), and `box`'s walk forwards nothing more to `c`.
    @Test func aChildTakingItselfOutOfTheIncomingControllerDisappearsAtOnce() {  // F1, F2
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let x = Leaf(name: "x")
            let box = Parent(name: "box")
            let c = SpyController(name: "c")
            embed(c, in: box)
            embed(x, in: root)
            let window = show(root)
            c.onViewWillAppear = { [unowned c] _ in
                c.onViewWillAppear = nil
                unembed(c)
            }
            recorder.skipEvents()
            swap(x, for: box, in: root, duration: 0)
            window.runUntilIdle()
            recorder.expect(
                """
                box.willMove(toParent: root)
                x.willMove(toParent: nil)
                x.viewWillDisappear(animated: false)
                box.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                c.didMove(toParent: nil)
                box.viewDidAppear(animated: false)
                x.viewDidDisappear(animated: false)
                root.completion(finished: true)
                box.didMove(toParent: root)
                x.didMove(toParent: nil)
                """)
            #expect(c.parent == nil && c.view.superview == nil)
            #expect(c.appearanceState == .disappeared)
            #expect(box.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 8022793533304067157): `root.transition(from: x, to: box, …)` begins
    /// `box`'s appearance before `box`'s view is in the window, and `box` forwards it to `c` and `d`;
    /// `d`'s `viewWillAppear(_:)` swaps `c` for `h` with `box.transition(from:to:…)`. `box` is not in
    /// a visible window, so that transition completes inside the call, with no appearance callbacks
    /// (§1), and `c`, which had begun appearing with `box`, was left appearing with its view in no
    /// window. Now an off-screen transition ends the appearance of an outgoing controller that had
    /// begun one (will-disappear, did-disappear) as its view leaves `box`'s; and `h`, whose view the
    /// transition puts in `box`'s while `box` is appearing, joins that appearance then, and `box`'s
    /// did-appear reaches it.
    @Test func anOffScreenTransitionInAnAppearingContainerEndsTheOutgoingAppearance() {  // F1, F2, §1, §5
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let x = Leaf(name: "x")
            let box = Parent(name: "box")
            let c = Leaf(name: "c")
            let d = SpyController(name: "d")
            let h = Leaf(name: "h")
            embed(c, in: box)
            embed(d, in: box)
            embed(x, in: root)
            let window = show(root)
            d.onViewWillAppear = { [unowned box, unowned c, unowned d] _ in
                d.onViewWillAppear = nil
                swap(c, for: h, in: box, duration: 0)
            }
            recorder.skipEvents()
            swap(x, for: box, in: root, duration: 0)
            window.runUntilIdle()
            recorder.expect(
                """
                box.willMove(toParent: root)
                x.willMove(toParent: nil)
                x.viewWillDisappear(animated: false)
                box.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                d.viewWillAppear(animated: false)
                h.willMove(toParent: box)
                c.willMove(toParent: nil)
                h.loadView()
                h.viewDidLoad()
                h.viewWillAppear(animated: false)
                c.viewWillDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                box.completion(finished: true)
                h.didMove(toParent: box)
                c.didMove(toParent: nil)
                box.viewDidAppear(animated: false)
                d.viewDidAppear(animated: false)
                h.viewDidAppear(animated: false)
                h.didMove(toParent: box)
                x.viewDidDisappear(animated: false)
                root.completion(finished: true)
                box.didMove(toParent: root)
                x.didMove(toParent: nil)
                """)
            #expect(box.children.map(\.id) == [d.id, h.id])
            #expect(c.appearanceState == .disappeared)
            #expect([box, d, h].allSatisfy { $0.appearanceState == .appeared })
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 5829329695046557373): `root.transition(from: x, to: box, …)` begins
    /// `box`'s appearance before `box`'s view is in the window; `c`'s `viewIsAppearing(_:)` adds
    /// `h` to `box` in three steps, its view in `box`'s (its `viewWillAppear(_:)` here: since the
    /// layout pass, `viewIsAppearing(_:)` comes once `box`'s view is in). `h`'s view entered no window, so it got
    /// no callbacks; then the transition put `box`'s view in the window, which drives only the
    /// controllers no forwarding reaches (F2), and `box`'s did-appear skipped `h`, never begun
    /// (F3): `h` was left disappeared in the visible window. Now `h`, whose view goes into `box`'s
    /// while `box` is appearing, joins that appearance (F1), animated as `box`'s is, and `box`'s
    /// did-appear reaches it.
    @Test func aChildAddedToTheIncomingControllerBeforeItsViewIsInstalledAppearsWithIt() {  // F1, F2, F3
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let x = Leaf(name: "x")
            let box = Parent(name: "box")
            let c = SpyController(name: "c")
            let h = Leaf(name: "h")
            embed(c, in: box)
            embed(x, in: root)
            let window = show(root)
            c.onViewWillAppear = { [unowned box, unowned c] _ in
                c.onViewWillAppear = nil
                embed(h, in: box)
            }
            recorder.skipEvents()
            swap(x, for: box, in: root)
            window.runUntilIdle()
            recorder.expect(
                """
                box.willMove(toParent: root)
                x.willMove(toParent: nil)
                x.viewWillDisappear(animated: true)
                box.viewWillAppear(animated: true)
                c.viewWillAppear(animated: true)
                h.willMove(toParent: box)
                h.loadView()
                h.viewDidLoad()
                h.viewWillAppear(animated: true)
                h.didMove(toParent: box)
                box.viewDidAppear(animated: true)
                c.viewDidAppear(animated: true)
                h.viewDidAppear(animated: true)
                h.didMove(toParent: box)
                x.viewDidDisappear(animated: true)
                root.completion(finished: true)
                box.didMove(toParent: root)
                x.didMove(toParent: nil)
                """)
            #expect(h.parent === box && h.view.window === window)
            #expect([box, c, h].allSatisfy { $0.appearanceState == .appeared })
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 2070044950603193919): `window.makeKeyAndVisible()` walks `root`'s
    /// children, `g` then `box`; `g`'s `viewWillAppear(_:)` puts `box`'s child `c`'s view in the
    /// window by hand. The view stays in the visible window, so nothing enters it, and `c` is
    /// still disappeared: the walk had yet to reach it. `box`'s forwarding reaches it no more (its
    /// view left `box`'s), and the window's entry had found its driving roots before the walk
    /// began: nothing reached `c`, left disappeared in the visible window. A controller that a move
    /// inside a visible window makes one of the window's driving roots (F2) while disappeared now
    /// appears as a view entering the window does: will-appear inside the call, did-appear at the
    /// end of the turn.
    @Test func aChildWhoseViewAWillCallbackOfTheWindowsWalkMovesWithinTheWindowAppearsThroughIt() {  // F1, F2
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let g = SpyController(name: "g")
            let box = Parent(name: "box")
            let c = Leaf(name: "c")
            embed(g, in: root)
            embed(box, in: root)
            embed(c, in: box)
            let window = makeWindow()
            window.rootController = root
            g.onViewWillAppear = { [unowned window] _ in window.addSubview(c.view) }
            recorder.skipEvents()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewWillAppear(animated: false)
                g.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                box.viewWillAppear(animated: false)
                root.viewDidAppear(animated: false)
                g.viewDidAppear(animated: false)
                box.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            #expect(c.parent === box && c.view.superview === window)
            #expect(c.appearanceState == .appeared)
            #expect(box.appearanceState == .appeared && g.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }
}
