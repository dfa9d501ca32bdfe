import ContainerKit
import ContainerKitTesting
import Testing

/// Regressions of the engine bugs the randomized tests found in custom containment,
/// `transition(from:to:…)` and views moved by hand (the letters of issue 8).
@Suite @MainActor struct ContainmentRegressionTests {
    /// `root` shown in a new window, the turn ended, with a manual animation driver installed: the
    /// animations started from then on wait for the test.
    private func showHoldingAnimations(_ root: Controller) -> (Window, ManualAnimationDriver) {
        let window = show(root)
        let driver = ManualAnimationDriver()
        driver.install(on: window)
        return (window, driver)
    }

    /// A new window with `root` as its root, shown with the turn left open: `root`'s subtree has
    /// begun appearing and waits for its did-appear. The events of the set-up are skipped.
    private func showLeavingTheTurnOpen(_ root: Controller, _ recorder: Recorder) -> Window {
        let window = makeWindow()
        window.rootController = root
        recorder.skipEvents()
        window.makeKeyAndVisible()
        return window
    }

    /// ``showLeavingTheTurnOpen(_:_:)`` with a manual animation driver installed: the animations
    /// started from then on wait for the test.
    private func showLeavingTheTurnOpenHoldingAnimations(
        _ root: Controller, _ recorder: Recorder
    ) -> (Window, ManualAnimationDriver) {
        let window = showLeavingTheTurnOpen(root, recorder)
        let driver = ManualAnimationDriver()
        driver.install(on: window)
        return (window, driver)
    }

    /// Bug J: a controller taken out of its parent while it appears still gets its did-appear: its
    /// view stays in the visible window, and the window drives it from then on (F2).
    @Test func aChildRemovedWhileItAppearsGetsItsDidAppearAtTheEndOfTheTurn() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let c = Leaf(name: "c")
            embed(c, in: root)
            let window = showLeavingTheTurnOpen(root, recorder)
            c.willMove(toParent: nil)
            c.removeFromParent()  // R2 moves no view: c's view stays in root's view, in the window
            recorder.expect(
                """
                root.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            #expect(root.appearanceState == .appeared)
            #expect(c.appearanceState == .appeared)
            #expect(c.parent == nil)
            #expect(c.view.window === window)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Bug V: a child whose root view is moved by hand out of its parent's view, within the visible
    /// window, while it appears, still gets its did-appear: its parent no longer forwards to it (F1),
    /// so the window drives it (F2), and it forwards to its own children.
    @Test func aChildWhoseViewMovesWithinTheWindowWhileItAppearsGetsItsDidAppear() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let m = Parent(name: "m")
            let d = Leaf(name: "d")
            embed(m, in: root)
            embed(d, in: m)
            let window = showLeavingTheTurnOpen(root, recorder)
            window.addSubview(m.view)  // out of root's view, still in the window: no callbacks
            recorder.expect(
                """
                root.viewWillAppear(animated: false)
                m.viewWillAppear(animated: false)
                d.viewWillAppear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewDidAppear(animated: false)
                m.viewDidAppear(animated: false)
                d.viewDidAppear(animated: false)
                """)
            #expect([root, m, d].map(\.appearanceState) == [.appeared, .appeared, .appeared])
            #expect(m.parent === root)
            #expect(m.view.superview === window)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found with bug V: the outgoing view of a `transition(from:to:…)`, moved by hand to another
    /// place in the visible window while the animation runs, stays there when it completes (§5 takes
    /// it out of the superview it was in), and its controller appears again instead of disappearing.
    @Test func anOutgoingViewMovedWithinTheWindowDuringATransitionStaysAndAppearsAgain() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let f = Leaf(name: "f")
            let t = Leaf(name: "t")
            embed(f, in: p)
            let (window, driver) = showHoldingAnimations(p)
            recorder.skipEvents()
            p.addChild(t)
            f.willMove(toParent: nil)
            p.transition(from: f, to: t, duration: 0.3, animations: nil) { _ in
                t.didMove(toParent: p)
                f.removeFromParent()
            }
            window.addSubview(f.view)  // out of p's view, still in the window; the transition drives f (F7)
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                """)
            driver.finishAll()
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewWillAppear(animated: false)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            window.runUntilIdle()
            recorder.expect("f.viewDidAppear(animated: false)")
            #expect([p, f, t].map(\.appearanceState) == [.appeared, .appeared, .appeared])
            #expect(f.view.superview === window)
            #expect(p.children.map(\.id) == [t.id])
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Bug Q: `transition(from:to:…)` whose outgoing view was moved by hand out of the container's
    /// view hierarchy is refused (a fault, §5 and R6): the incoming view would go where the outgoing
    /// one is, outside its parent's view, and appear with no window to appear in.
    @Test func aTransitionFromAChildWhoseViewIsOutsideTheContainerIsRefused() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let f = Leaf(name: "f")
            embed(f, in: root)
            let window = show(root)
            let t = Leaf(name: "t")
            let holder = View()  // a plain view owned by nobody, in no window
            recorder.skipEvents()
            holder.addSubview(f.view)  // f's view leaves the window (R6 allows it: holder has no owner)
            root.addChild(t)
            recorder.expect(
                """
                f.viewWillDisappear(animated: false)
                t.willMove(toParent: root)
                """)
            recorder.expectViolation(.invalidTransition, unchanged: [root, f, t]) {
                root.transition(from: f, to: t, duration: 0, animations: nil, completion: nil)
            }
            recorder.expect("")
            #expect([root, f, t].map(\.appearanceState) == [.appeared, .disappearing, .disappeared])
            // The did-disappears the views leaving the window queued come at the end of the turn (§1).
            window.runUntilIdle()
            recorder.expect("f.viewDidDisappear(animated: false)")
            #expect(!t.isViewLoaded)
            #expect(f.view.superview === holder)
            #expect(root.children.map(\.id) == [f.id, t.id])
            #expect(window.rootController === root)
        }
        #expect(recorder.violations.map(\.kind) == [.invalidTransition])
    }

    /// Bug T: `transition(from:to:…)` whose incoming view holds the outgoing view's superview is
    /// refused before anything fires (a fault, §5, §11): adding the incoming view there would close a
    /// cycle in the view tree, which the view move refused only after the will-callbacks had fired.
    @Test func aTransitionWhoseIncomingViewHoldsTheOutgoingSuperviewIsRefusedUpFront() {
        let recorder = Recorder()
        recorder.record {
            let window = show(Parent(name: "root"))
            let p = Parent(name: "p")
            let f = Leaf(name: "f")
            let t = Leaf(name: "t")
            embed(f, in: p)
            p.addChild(t)
            recorder.skipEvents()
            window.addSubview(t.view)  // t's parent p has no view above it: allowed (R6)
            t.view.addSubview(p.view)  // p has no parent: anywhere (R6)
            window.runUntilIdle()
            recorder.expect(
                """
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: false)
                p.viewWillAppear(animated: false)
                f.viewWillAppear(animated: false)
                t.viewDidAppear(animated: false)
                p.viewDidAppear(animated: false)
                f.viewDidAppear(animated: false)
                """)
            recorder.expectViolation(.invalidTransition, unchanged: [p, f, t]) {
                p.transition(from: f, to: t, duration: 0, animations: nil, completion: nil)
            }
            recorder.expect("")
            #expect([p, f, t].map(\.appearanceState) == [.appeared, .appeared, .appeared])
            #expect(f.view.superview === p.view)
            #expect(p.view.superview === t.view)
            #expect(p.children.map(\.id) == [f.id, t.id])
        }
        #expect(recorder.violations.map(\.kind) == [.invalidTransition])
    }

    /// Seed 4522079531439206692: `transition(from: f, to: tabs)` in `p`, where `tabs` shows `nav`,
    /// whose view was put in the window by hand and holds `p`'s view inside its top `a`'s. Adding
    /// `tabs`'s view to `p`'s closes no cycle at once, but `tabs` puts `nav`'s view in its own as it
    /// appears (§7): `tabs.viewWillAppear` took `nav`'s view out of the window (`nav`, `a`, `p`, `f`
    /// disappeared), the move of `tabs`'s view was then refused as a cycle, and the transition went
    /// on: `tabs` and `nav` ended appeared with their views in no window. Like bug T's cycle, and
    /// like the same move made by hand, it is now refused before anything fires (a fault, §5, §11),
    /// whether `tabs`'s view is loaded or not (loaded, it would put `nav`'s view in it).
    @Test(arguments: [true, false])
    func aTransitionToABuiltInContainerThatWouldShowAViewHoldingTheSuperviewIsRefusedUpFront(
        tabsViewLoaded: Bool
    ) {
        let recorder = Recorder()
        recorder.record {
            let window = show(Parent(name: "root"))
            let a = Leaf(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            let tabs = TabBarController(name: "tabs")
            tabs.controllers = [nav]
            if tabsViewLoaded { _ = tabs.view }
            let p = Parent(name: "p")
            let f = Leaf(name: "f")
            embed(f, in: p)
            recorder.skipEvents()
            window.addSubview(nav.view)  // nav's parent tabs has no view above it: allowed (R6)
            a.view.addSubview(p.view)  // p has no parent: anywhere (R6)
            window.runUntilIdle()
            p.addChild(tabs)
            f.willMove(toParent: nil)
            recorder.expect(
                """
                nav.loadView()
                nav.viewDidLoad()
                nav.viewWillAppear(animated: false)
                a.loadView()
                a.viewDidLoad()
                a.viewWillAppear(animated: false)
                p.viewWillAppear(animated: false)
                f.viewWillAppear(animated: false)
                nav.viewDidAppear(animated: false)
                a.viewDidAppear(animated: false)
                a.didMove(toParent: nav)
                p.viewDidAppear(animated: false)
                f.viewDidAppear(animated: false)
                tabs.willMove(toParent: p)
                f.willMove(toParent: nil)
                """)
            recorder.expectViolation(.invalidTransition, unchanged: [p, f, tabs, nav, a]) {
                p.transition(from: f, to: tabs, duration: 0, animations: nil, completion: nil)
            }
            recorder.expect("")
            #expect(
                [p, f, tabs, nav, a].map(\.appearanceState) == [
                    .appeared, .appeared, .disappeared, .appeared, .appeared,
                ])
            #expect(tabs.isViewLoaded == tabsViewLoaded)
            #expect(nav.view.superview === window && p.view.superview === a.view)
            #expect(f.view.superview === p.view)
            #expect(p.children.map(\.id) == [f.id, tabs.id])
        }
        #expect(recorder.violations.map(\.kind) == [.invalidTransition])
    }

    /// Finding G: `willMove(toParent: nil)` while an addition is open is a second willMove while a
    /// move is open (R7): ignored with a warning, the addition stays open and completes as usual.
    /// An addition is dropped with `removeFromParent()` alone, which ends it with
    /// `didMove(toParent: nil)` and reports nothing.
    @Test func willMoveToNilWhileAnAdditionIsOpenIsIgnored() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            let d = Leaf(name: "d")
            p.addChild(c)
            recorder.expectViolation(.unexpectedWillMove, unchanged: [p, c]) {
                c.willMove(toParent: nil)
            }
            c.didMove(toParent: p)
            p.addChild(d)
            d.removeFromParent()  // drops the addition: no willMove(toParent: nil) first, no report
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.didMove(toParent: p)
                d.willMove(toParent: p)
                d.didMove(toParent: nil)
                """)
            #expect(p.children.map(\.id) == [c.id])
            #expect(c.parent === p)
            #expect(!c.hierarchyDescription.contains("moving"))
            #expect(d.parent == nil)
        }
        #expect(recorder.violations.map(\.kind) == [.unexpectedWillMove])
    }

    /// Bug B: a navigation controller off screen takes a controller whose view sits in the visible
    /// window: its view leaves the window with the push, which sends no callbacks off screen (§1), so
    /// it disappears as a view leaving the window does (F2), inside the call.
    @Test func anOffScreenPushTakingAVisibleViewMakesItDisappear() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let window = show(root)
            let a = Leaf(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            nav.loadViewIfNeeded()  // off screen, view loaded
            let b = Leaf(name: "b")
            root.view.addSubview(b.view)  // no parent: anywhere (R6); b appears
            window.runUntilIdle()
            recorder.skipEvents()
            nav.push(b, animated: false)
            recorder.expect(
                """
                b.willMove(toParent: nav)
                b.viewWillDisappear(animated: false)
                a.didMove(toParent: nav)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewDidDisappear(animated: false)
                b.didMove(toParent: nav)
                """)
            #expect(b.appearanceState == .disappeared)
            #expect(b.view.superview === nav.view)
            #expect(nav.topController === b)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Bug I (as reproduced): a full-screen presentation takes the presenter's view out of the window
    /// (F7); a controller whose view sits inside it but outside the presenter's tree (removed by R2,
    /// which moves no view) is one the presentation does not drive, so it disappears with the view.
    @Test func aPresentationHidingAViewDrivesAControllerOutsideItsTree() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let box = Parent(name: "box")
            embed(box, in: root)
            let window = show(root)
            let g = Leaf(name: "g")
            g.modalPresentationStyle = .fullScreen
            recorder.skipEvents()
            box.willMove(toParent: nil)
            box.removeFromParent()  // box's view stays in root's view
            root.present(g, animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                box.willMove(toParent: nil)
                box.didMove(toParent: nil)
                g.loadView()
                g.viewDidLoad()
                root.viewWillDisappear(animated: false)
                g.viewWillAppear(animated: false)
                g.viewDidAppear(animated: false)
                -- root's view leaves the window before root's did-disappear (§3), box's inside it
                box.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                -- box's did-disappear, queued as its view left (§1)
                box.viewDidDisappear(animated: false)
                """)
            #expect([root, box, g].map(\.appearanceState) == [.disappeared, .disappeared, .appeared])
            #expect(box.view.superview === root.view)
            #expect(root.view.window == nil)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Bug R (as reproduced): a container's appearance bounced by hand while a push runs below it,
    /// then the window's root cleared: the outgoing controller of the push ends disappeared with its
    /// view out of the window. The bounce does not reach `a` or `f`, which the push in flight
    /// moves (F7): `a` gets its did-disappear from the push, with the push's flag, when clearing the
    /// root completes it. (It used to get the bounce's did-disappear, will-appear and did-appear,
    /// then disappear again, not animated, as the push completed.)
    @Test func anAppearanceBouncedDuringAPushThenTheRootClearedLeavesTheOutgoingControllerDisappeared() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let (window, _) = showHoldingAnimations(root)
            let a = Leaf(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            embed(nav, in: root)
            window.runUntilIdle()
            let f = Leaf(name: "f")
            nav.push(f, animated: true)
            window.runUntilIdle()  // the push is in flight
            recorder.skipEvents()
            root.beginAppearanceTransition(false, animated: false)
            root.endAppearanceTransition()
            root.beginAppearanceTransition(true, animated: false)
            root.endAppearanceTransition()
            recorder.expect(
                """
                root.viewWillDisappear(animated: false)
                nav.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                nav.viewDidDisappear(animated: false)
                root.viewWillAppear(animated: false)
                nav.viewWillAppear(animated: false)
                root.viewDidAppear(animated: false)
                nav.viewDidAppear(animated: false)
                """)
            #expect([a, f].map(\.appearanceState) == [.disappearing, .appearing])
            window.rootController = nil
            recorder.expect(
                """
                -- the push in flight completes first (§1); a's view leaves the window with it
                a.viewDidDisappear(animated: true)
                f.viewDidAppear(animated: true)
                f.didMove(toParent: nav)
                -- then the old root's subtree disappears
                root.viewWillDisappear(animated: false)
                nav.viewWillDisappear(animated: false)
                f.viewWillDisappear(animated: false)
                """)
            #expect(
                [root, nav, a, f].map(\.appearanceState) == [.disappearing, .disappearing, .disappeared, .disappearing])
            // The did-disappears the views leaving the window queued come at the end of the turn (§1).
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewDidDisappear(animated: false)
                nav.viewDidDisappear(animated: false)
                f.viewDidDisappear(animated: false)
                """)
            #expect(a.view.window == nil)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Bug R: a sheet's interactive dismissal, begun and cancelled while a `transition(from:to:…)`
    /// runs inside the sheet, leaves the transition's outgoing controller disappeared once the
    /// transition completes (its view is out of the window), and the incoming one appeared.
    @Test func aCancelledSheetDismissalDuringATransitionInsideItLeavesTheOutgoingControllerDisappeared() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let (window, driver) = showHoldingAnimations(root)
            let sheet = Parent(name: "sheet")
            sheet.modalPresentationStyle = .pageSheet
            let f = Leaf(name: "f")
            let t = Leaf(name: "t")
            embed(f, in: sheet)
            root.present(sheet, animated: false)
            window.runUntilIdle()
            recorder.skipEvents()
            sheet.addChild(t)
            f.willMove(toParent: nil)
            sheet.transition(from: f, to: t, duration: 0.3, animations: nil) { _ in
                t.didMove(toParent: sheet)
                f.removeFromParent()
            }
            let handle = sheet.beginInteractiveDismissal()
            handle?.cancel()
            recorder.expect(
                """
                t.willMove(toParent: sheet)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                sheet.viewWillDisappear(animated: true)
                t.viewWillDisappear(animated: true)
                """)
            driver.finishAll()
            window.runUntilIdle()
            recorder.expect(
                """
                -- the transition completes: t is disappearing with the sheet, so it gets no viewDidAppear yet
                f.viewDidDisappear(animated: true)
                sheet.completion(finished: true)
                t.didMove(toParent: sheet)
                f.didMove(toParent: nil)
                -- the cancelled dismissal completes: the sheet, and t with it, appear again
                sheet.viewWillAppear(animated: true)
                t.viewWillAppear(animated: true)
                sheet.viewDidAppear(animated: true)
                t.viewDidAppear(animated: true)
                """)
            #expect([sheet, f, t].map(\.appearanceState) == [.appeared, .disappeared, .appeared])
            #expect(f.view.superview == nil)
            #expect(sheet.children.map(\.id) == [t.id])
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Bug C: a full-screen presentation completing while a `transition(from:to:…)` of the presenter
    /// runs takes the presenter's view out of the window (F7); the incoming controller, which the
    /// transition showed, disappears with it and does not get viewDidAppear out of the window.
    @Test func aFullScreenPresentationCompletingOverATransitionInFlight() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let f = Leaf(name: "f")
            embed(f, in: root)
            let (window, driver) = showHoldingAnimations(root)
            let g = Leaf(name: "g")
            g.modalPresentationStyle = .fullScreen
            let t = Leaf(name: "t")
            root.present(g, animated: true)
            window.runUntilIdle()  // the presentation is in flight
            recorder.skipEvents()
            root.addChild(t)
            root.transition(from: f, to: t, duration: 0.3, animations: nil, completion: nil)
            driver.finish(driver.inFlight[0])  // the presentation completes: root's view leaves the window
            driver.finishAll()
            window.runUntilIdle()
            recorder.expect(
                """
                t.willMove(toParent: root)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                -- the presentation completes
                g.viewDidAppear(animated: true)
                -- root's view leaves the window before root's did-disappear (§3): the transition
                -- inside it completes first (§1)
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                -- then t, which its view took out, disappears (F2), its did-disappear queued (§1)
                t.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: true)
                t.viewDidDisappear(animated: false)
                """)
            #expect([root, f, t, g].map(\.appearanceState) == [.disappeared, .disappeared, .disappeared, .appeared])
            #expect(root.view.window == nil)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Bugs C and I: a tab switch completes inside a tab bar controller that a `transition(from:to:…)`
    /// is taking out; when the tab bar's view is then taken out of the window by hand, the tab the
    /// switch showed, which the tab bar no longer drives, disappears with it (F2).
    @Test func aTabShownInsideAContainerThatIsLeavingDisappearsWithItsView() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let tabs = TabBarController(name: "tabs")
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            tabs.controllers = [a, b]
            embed(tabs, in: root)
            let (window, _) = showHoldingAnimations(root)
            let g = Leaf(name: "g")
            recorder.skipEvents()
            tabs.userDidSelect(b)  // the switch's first half; its did-half waits for the end of the turn
            root.addChild(g)
            tabs.willMove(toParent: nil)
            root.transition(from: tabs, to: g, duration: 0.3, animations: nil, completion: nil)
            window.runUntilIdle()  // the switch's did-half runs; the transition stays in flight
            tabs.view.removeFromSuperview()
            tabs.removeFromParent()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                g.willMove(toParent: root)
                tabs.willMove(toParent: nil)
                -- the switch in flight brings b in: tabs forwards nothing to it (F7)
                tabs.viewWillDisappear(animated: true)
                g.loadView()
                g.viewDidLoad()
                g.viewWillAppear(animated: true)
                -- window.runUntilIdle(): the switch's did-half runs inside the leaving tab bar
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                -- tabs.view.removeFromSuperview()
                b.viewWillDisappear(animated: false)
                -- tabs.removeFromParent()
                tabs.didMove(toParent: nil)
                """)
            #expect([tabs, a, b].map(\.appearanceState) == [.disappearing, .disappeared, .disappearing])
            // The did-disappears the views leaving the window queued come at the end of the turn (§1).
            window.runUntilIdle()
            recorder.expect(
                """
                tabs.viewDidDisappear(animated: true)
                b.viewDidDisappear(animated: false)
                tabs.didMove(toParent: nil)
                """)
            #expect(g.appearanceState == .appearing)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Finding F: a built-in container's child whose root view is put in the visible window by hand,
    /// outside the container's view, is driven by the window (F2 excepts only the children of a
    /// container that forwards manually; the container drives only the child it shows, F6): it
    /// appears there, and disappears when it leaves.
    @Test func aTabsRootViewAddedToTheWindowByHandIsDrivenByTheWindow() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let window = show(root)
            let tabs = TabBarController(name: "tabs")
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            tabs.controllers = [a, b]
            embed(tabs, in: root)
            window.runUntilIdle()
            recorder.skipEvents()
            window.addSubview(b.view)  // b is not the selected tab; R6 allows the window (no owner)
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect("b.viewDidAppear(animated: false)")
            b.view.removeFromSuperview()
            recorder.expect(
                """
                b.viewWillDisappear(animated: false)
                """)
            #expect([tabs, a, b].map(\.appearanceState) == [.appeared, .appeared, .disappearing])
            // The did-disappears the views leaving the window queued come at the end of the turn (§1).
            window.runUntilIdle()
            recorder.expect("b.viewDidDisappear(animated: false)")
            #expect(tabs.selectedController === a)
            #expect(b.parent === tabs)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Bug B: a navigation controller on screen takes in a controller whose view sits elsewhere in
    /// the visible window: the push takes the view from where it was (the container places its
    /// children's views), and the controller disappears with it, then appears again as the pushed
    /// top.
    @Test func aPushTakingAViewFromElsewhereInTheWindowTakesItOutFirst() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let a = Leaf(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            embed(nav, in: root)
            let window = show(root)
            let b = Leaf(name: "b")
            root.view.addSubview(b.view)  // no parent: anywhere (R6); b appears
            window.runUntilIdle()
            recorder.skipEvents()
            nav.push(b, animated: false)
            recorder.expect(
                """
                b.willMove(toParent: nav)
                b.viewWillDisappear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewWillDisappear(animated: false)
                b.viewWillAppear(animated: false)
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                b.didMove(toParent: nav)
                """)
            #expect([nav, a, b].map(\.appearanceState) == [.appeared, .disappeared, .appeared])
            #expect(b.view.superview === nav.view)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found with finding F: a page controller's shown page whose view is taken out of the window by
    /// hand disappears (F2); when a swipe away from it is cancelled, the page controller puts its
    /// view back before it appears again, so it does not appear out of any window.
    @Test func aCancelledSwipePutsBackTheViewOfThePageItShowsAgain() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let page = PageController(name: "page", transitionStyle: .scroll)
            let e = Leaf(name: "e")
            let f = Leaf(name: "f")
            let pages = PagesLeadingTo(f)
            page.dataSource = pages
            page.setControllers([e], direction: .forward, animated: false)
            embed(page, in: root)
            let window = show(root)
            recorder.skipEvents()
            e.view.removeFromSuperview()
            let swipe = page.beginInteractivePaging(.forward)
            swipe?.cancel()
            window.runUntilIdle()
            recorder.expect(
                """
                e.viewWillDisappear(animated: false)
                page.dataSource.controllerAfter(e)
                f.willMove(toParent: page)
                f.loadView()
                f.viewDidLoad()
                f.viewWillAppear(animated: true)
                -- cancel(): e's view goes back into page's view, then e comes back (§8, .scroll)
                e.viewWillAppear(animated: true)
                e.viewDidAppear(animated: true)
                -- the animation completes
                f.viewWillDisappear(animated: true)
                f.viewDidDisappear(animated: true)
                f.didMove(toParent: nil)
                """)
            #expect([page, e, f].map(\.appearanceState) == [.appeared, .appeared, .disappeared])
            #expect(e.view.superview === page.view)
            #expect(page.shownControllers.map(\.id) == [e.id])
            withExtendedLifetime(pages) {}
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Bug I: a view moved by hand out of the window ends the sheet's interactive dismissal that its
    /// presenter runs (§1) before the move announces itself, so the dismissal can take the sheet's
    /// view, which holds the moved view, out of the window: the sheet does not stay in the window
    /// disappeared.
    @Test func aMoveThatEndsAnInteractiveDismissalLetsItTakeTheSheetOut() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let w = Parent(name: "w")
            let box = Parent(name: "box")
            embed(box, in: w)
            let window = show(w)
            let sheet = Parent(name: "sheet")
            sheet.modalPresentationStyle = .pageSheet
            let d = Leaf(name: "d")
            embed(d, in: sheet)
            box.present(sheet, animated: false)
            window.runUntilIdle()
            let handle = sheet.beginInteractiveDismissal()
            d.view.addSubview(w.view)  // w has no parent: anywhere (R6)
            recorder.skipEvents()
            w.view.removeFromSuperview()  // ends the dismissal w runs; sheet's view holds w's
            window.runUntilIdle()
            recorder.expect(
                """
                -- the dismissal completes first (§1), then takes the sheet's view, w's with it, out
                sheet.viewDidDisappear(animated: true)
                d.viewDidDisappear(animated: true)
                w.viewWillDisappear(animated: false)
                box.viewWillDisappear(animated: false)
                w.viewDidDisappear(animated: false)
                box.viewDidDisappear(animated: false)
                """)
            #expect(handle?.state != .interacting)
            #expect(sheet.view.window == nil)
            #expect(sheet.appearanceState == .disappeared)
            #expect(w.view.superview == nil)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 8563352452723834950): `x`, brought in by a `transition(from:to:…)`
    /// of `box` still in flight, is forwarded a disappearance by the transition of `root` that takes
    /// `box` out, then joins `root` (R4 moves no view: its view stays in `box`'s view, in the
    /// window). Neither transition ends that disappearance any more: `box`'s ends the appearance of
    /// what it brings in (F3 skips a controller disappearing), and `root`'s reaches `box`'s children
    /// only. So the window takes `x` over (F2) as for a child removed mid-transition: it appears
    /// again, and disappears as F2 says when `box`'s view takes it out of the window.
    @Test func aControllerBroughtInByOneTransitionAndTakenOutByAnotherIsTheWindowsOnceItChangesParent() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let box = Parent(name: "box")
            let c = Leaf(name: "c")
            let x = Leaf(name: "x")
            let b = Leaf(name: "b")
            embed(box, in: root)
            embed(c, in: box)
            let (window, driver) = showHoldingAnimations(root)
            x.loadViewIfNeeded()
            b.loadViewIfNeeded()
            recorder.skipEvents()
            box.addChild(x)
            c.willMove(toParent: nil)
            box.transition(from: c, to: x, duration: 0.3, animations: nil) { _ in c.removeFromParent() }
            root.addChild(b)
            box.willMove(toParent: nil)
            root.transition(from: box, to: b, duration: 0.3, animations: nil) { _ in
                b.didMove(toParent: root)
                box.removeFromParent()
            }
            root.addChild(x)  // R4: x leaves box; its view stays in box's view, in the window
            x.didMove(toParent: root)
            recorder.expect(
                """
                x.willMove(toParent: box)
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: true)
                x.viewWillAppear(animated: true)
                b.willMove(toParent: root)
                box.willMove(toParent: nil)
                box.viewWillDisappear(animated: true)
                x.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                x.didMove(toParent: nil)
                -- x has left box: the window takes it over (F2), and it appears again
                x.viewWillAppear(animated: false)
                x.willMove(toParent: root)
                x.didMove(toParent: root)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                x.viewDidAppear(animated: false)
                x.didMove(toParent: root)
                """)
            driver.finish(driver.inFlight(of: root)[0])
            recorder.expect(
                """
                -- box's view leaving the window completes box's transition first (§1)
                c.viewDidDisappear(animated: true)
                box.completion(finished: true)
                c.didMove(toParent: nil)
                -- then x, whose view leaves with box's, disappears as F2 says
                x.viewWillDisappear(animated: false)
                b.viewDidAppear(animated: true)
                box.viewDidDisappear(animated: true)
                root.completion(finished: true)
                b.didMove(toParent: root)
                box.didMove(toParent: nil)
                """)
            #expect(
                [root, box, c, x, b].map(\.appearanceState) == [
                    .appeared, .disappeared, .disappeared, .disappearing, .appeared,
                ])
            // x's did-disappear, queued as its view left the window, comes at the end of the turn.
            window.runUntilIdle()
            recorder.expect("x.viewDidDisappear(animated: false)")
            #expect(x.appearanceState == .disappeared)
            #expect(x.parent === root)
            #expect(x.view.window == nil)
            #expect(driver.inFlight.isEmpty)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 7064393689083738594): `x`, a child of `root` whose root view sits in
    /// the view of `t` (R4 moved no view; `t` has no parent, its view put in `root`'s by hand), is
    /// forwarded `root`'s will-disappear when `root` presents full screen (F1). Before the
    /// presentation completes, `t` is pushed on a navigation controller off screen, which takes
    /// `t`'s view, and `x`'s with it, out of the window without callbacks (F7). `root`'s
    /// did-disappear no longer reaches `x`, which used to stay disappearing out of the window. The
    /// window ends it with the rest of what nothing drives (F2): `x` gets its did-disappear there,
    /// with the flag of its will-disappear (F3 skips its will-disappear).
    @Test func aChildWhoseParentBeganItsDisappearanceGetsItsDidDisappearWhenATransitionTakesItsViewOut() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let t = Parent(name: "t")
            let x = Leaf(name: "x")
            let h = Leaf(name: "h")
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            embed(x, in: t)
            let (window, driver) = showHoldingAnimations(root)
            root.view.addSubview(t.view)  // t has no parent: anywhere (R6); t and x appear (F2)
            root.addChild(x)  // R4: x leaves t; its view stays in t's view
            x.didMove(toParent: root)
            window.runUntilIdle()
            h.loadViewIfNeeded()
            recorder.skipEvents()
            h.modalPresentationStyle = .fullScreen
            root.present(h, animated: true)
            window.runUntilIdle()  // the presentation starts; the driver holds its animation
            nav.push(t, animated: false)  // nav is off screen: t's view, x's with it, leaves the window
            recorder.expect(
                """
                root.viewWillDisappear(animated: true)
                x.viewWillDisappear(animated: true)
                h.viewWillAppear(animated: true)
                t.willMove(toParent: nav)
                t.viewWillDisappear(animated: false)
                a.didMove(toParent: nav)
                """)
            driver.finishAll()
            recorder.expect(
                """
                h.viewDidAppear(animated: true)
                root.viewDidDisappear(animated: true)
                """)
            #expect([root, t, x, h].map(\.appearanceState) == [.disappeared, .disappearing, .disappearing, .appeared])
            // The did-disappears the views leaving the window queued come at the end of the turn (§1).
            window.runUntilIdle()
            recorder.expect(
                """
                t.viewDidDisappear(animated: false)
                t.didMove(toParent: nav)
                x.viewDidDisappear(animated: true)
                """)
            #expect(x.parent === root && x.view.window == nil)
            #expect(t.parent === nav)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 8346475234263914182, base seed 19): `box`'s will-disappear, from the
    /// transition of `root` that takes it out, reached its child `x`. Before that transition
    /// completes, `box`'s view leaves the window without callbacks (pushed on a navigation
    /// controller off screen, F7), then `box` removes `x` (its view leaves no window). `box`'s
    /// did-disappear will not reach `x` any more, which used to stay disappearing for good. As a
    /// child that leaves its parent mid-appearance in the window is the window's (bug J), one that
    /// leaves it mid-disappearance out of any window ends it there (F2). Its did-disappear comes
    /// when its view leaves `box`'s view, before its `didMove(toParent: nil)`, in §2.2's order (the
    /// fix for seed 567546686654310112 ends it at the view move; it used to follow the
    /// `didMove(toParent: nil)`). A controller that a transition in flight takes out (here `box`
    /// itself, removed from `root`) is left to it (F7).
    @Test func aChildRemovedOutOfTheWindowWhileItDisappearsGetsItsDidDisappear() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let box = Parent(name: "box")
            let x = Leaf(name: "x")
            let g = Leaf(name: "g")
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            embed(box, in: root)
            embed(x, in: box)
            let (window, driver) = showHoldingAnimations(root)
            g.loadViewIfNeeded()
            recorder.skipEvents()
            root.addChild(g)
            box.willMove(toParent: nil)
            root.transition(from: box, to: g, duration: 0.3, animations: nil) { _ in g.didMove(toParent: root) }
            box.removeFromParent()  // its view stays in root's view; root's transition takes it out (F7)
            nav.push(box, animated: false)  // nav is off screen: box's view leaves the window, no callbacks
            x.willMove(toParent: nil)
            x.view.removeFromSuperview()  // in no window, but out of box's view, which no longer reaches x
            x.removeFromParent()
            recorder.expect(
                """
                g.willMove(toParent: root)
                box.willMove(toParent: nil)
                box.viewWillDisappear(animated: true)
                x.viewWillDisappear(animated: true)
                g.viewWillAppear(animated: true)
                box.didMove(toParent: nil)
                box.willMove(toParent: nav)
                a.didMove(toParent: nav)
                x.willMove(toParent: nil)
                x.viewDidDisappear(animated: true)
                x.didMove(toParent: nil)
                """)
            driver.finishAll()
            recorder.expect(
                """
                g.viewDidAppear(animated: true)
                box.viewDidDisappear(animated: true)
                box.didMove(toParent: nav)
                box.didMove(toParent: nav)
                root.completion(finished: true)
                g.didMove(toParent: root)
                """)
            #expect([root, box, x, g].map(\.appearanceState) == [.appeared, .disappeared, .disappeared, .appeared])
            #expect(x.parent == nil && box.parent === nav)
            #expect(g.view.window === window && box.view.window == nil)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 567546686654310112, base seed 20261127): `root`'s transition takes
    /// `box` out, and `box`'s will-disappear reaches its child `x`. Before it completes, `box` leaves
    /// `root` and is pushed on a visible navigation controller, which takes `box`'s view out of the
    /// window with no callbacks (F7: the transition ends what it began); then `x`'s view is moved by
    /// hand out of `box`'s view, in no window. `box`'s forwarding no longer reaches `x` (F1), and
    /// `box` itself appears again in the push: `x` used to stay disappearing for good, even once
    /// hiding the window completed everything. The spec does not say when `x`'s disappearance ends;
    /// as for a child removed mid-disappearance out of any window, it ends inside the move that
    /// takes its view out of its parent's view, as a view leaving a window ends it (F2, §1: inside
    /// the call): its did-disappear only (F3), with the transition's flag. `box` is the push's
    /// incoming controller from then on (F6, F7), and `c`, still in `box`'s view, follows it.
    @Test func aChildMovedByHandOutOfItsParentsViewOffScreenWhileItDisappearsGetsItsDidDisappear() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let box = Parent(name: "box")
            let x = Leaf(name: "x")
            let c = Leaf(name: "c")
            let g = Leaf(name: "g")
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            let holder = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            embed(box, in: root)
            embed(x, in: box)
            embed(c, in: box)
            embed(nav, in: root)
            let (window, driver) = showHoldingAnimations(root)
            g.loadViewIfNeeded()
            recorder.skipEvents()
            root.addChild(g)
            box.willMove(toParent: nil)
            root.transition(from: box, to: g, duration: 0.3, animations: nil) { _ in g.didMove(toParent: root) }
            box.removeFromParent()  // its view stays in root's view; root's transition takes it out (F7)
            nav.push(box, animated: true)  // box's view leaves the window with no callbacks (F7)
            holder.addSubview(x.view)  // out of box's view, in no window
            recorder.expect(
                """
                g.willMove(toParent: root)
                box.willMove(toParent: nil)
                box.viewWillDisappear(animated: true)
                x.viewWillDisappear(animated: true)
                c.viewWillDisappear(animated: true)
                g.viewWillAppear(animated: true)
                box.didMove(toParent: nil)
                box.willMove(toParent: nav)
                -- x's view has left box's view, out of any window: its disappearance ends (F2)
                x.viewDidDisappear(animated: true)
                """)
            window.runUntilIdle()  // the push starts; the driver holds its animation
            recorder.expect(
                """
                a.viewWillDisappear(animated: true)
                box.viewWillAppear(animated: true)
                c.viewWillAppear(animated: true)
                """)
            window.isHidden = true  // completes both transitions first (§1), then the disappearance
            recorder.expect(
                """
                g.viewDidAppear(animated: true)
                root.completion(finished: true)
                g.didMove(toParent: root)
                a.viewDidDisappear(animated: true)
                box.viewDidAppear(animated: true)
                box.didMove(toParent: nav)
                c.viewDidAppear(animated: true)
                box.didMove(toParent: nav)
                root.viewWillDisappear(animated: false)
                nav.viewWillDisappear(animated: false)
                box.viewWillDisappear(animated: false)
                c.viewWillDisappear(animated: false)
                g.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                nav.viewDidDisappear(animated: false)
                box.viewDidDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                g.viewDidDisappear(animated: false)
                """)
            #expect(driver.inFlight.isEmpty && window.animationsInFlight.isEmpty)
            #expect(
                [root, box, x, c, g, nav].map(\.appearanceState)
                    == [.disappeared, .disappeared, .disappeared, .disappeared, .disappeared, .disappeared])
            #expect(box.parent === nav && nav.controllers.last === box && x.parent === box)
            #expect(x.view.superview === holder && x.view.window == nil && box.view.window === window)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 1935785191286349685): `box`, still appearing as the window shows
    /// it, runs a `transition(from:to:…)` and leaves its parent before the turn ends. Its view stays
    /// in the window, so the window takes it over (F2) and ends its appearance. That walk used to
    /// reach `f`, which the transition takes out, and make it (and `e` below it) appear again; the
    /// transition's completion then left `f` appeared with its view out of the window. The
    /// transition alone drives what it moves (F7): the window's walks, the will-appear of its
    /// take-over and the did-appear at the end of the turn, pass over `f` and `t` and what is below
    /// them, and the transition ends them when it completes.
    @Test func theWindowTakingOverAContainerLeavesWhatItsTransitionInFlightMovesToTheTransition() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let box = Parent(name: "box")
            let f = Parent(name: "f")
            let e = Leaf(name: "e")
            let t = Leaf(name: "t")
            embed(box, in: root)
            embed(f, in: box)
            embed(e, in: f)
            t.loadViewIfNeeded()
            let (window, driver) = showLeavingTheTurnOpenHoldingAnimations(root, recorder)
            swap(f, for: t, in: box)
            box.willMove(toParent: nil)
            box.removeFromParent()  // R2 moves no view: box's view stays in root's view, in the window
            recorder.expect(
                """
                root.viewWillAppear(animated: false)
                box.viewWillAppear(animated: false)
                f.viewWillAppear(animated: false)
                e.viewWillAppear(animated: false)
                t.willMove(toParent: box)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                e.viewWillDisappear(animated: true)
                t.viewWillAppear(animated: true)
                box.willMove(toParent: nil)
                -- box is the window's now (F2); f and t stay the transition's (F7)
                box.didMove(toParent: nil)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewDidAppear(animated: false)
                box.viewDidAppear(animated: false)
                """)
            #expect([box, f, e, t].map(\.appearanceState) == [.appeared, .disappearing, .disappearing, .appearing])
            driver.finishAll()
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                e.viewDidDisappear(animated: true)
                box.completion(finished: true)
                t.didMove(toParent: box)
                f.didMove(toParent: nil)
                """)
            #expect(
                [root, box, f, e, t].map(\.appearanceState) == [
                    .appeared, .appeared, .disappeared, .disappeared, .appeared,
                ])
            #expect(box.parent == nil && box.children.map(\.id) == [t.id])
            #expect(f.view.superview == nil && t.view.window === window && box.view.window === window)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// A `transition(from:to:…)` started while the window's appearance of its container is open:
    /// the window's did-appear at the end of the turn reaches the container, not the controllers
    /// the transition moves. `t` gets its did-appear when the transition completes (F7), not
    /// early from the window.
    @Test func aTransitionStartedAsTheWindowShowsItsContainerEndsItsOwnControllers() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let f = Leaf(name: "f")
            let t = Leaf(name: "t")
            embed(f, in: root)
            t.loadViewIfNeeded()
            let (window, driver) = showLeavingTheTurnOpenHoldingAnimations(root, recorder)
            swap(f, for: t, in: root)
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewWillAppear(animated: false)
                f.viewWillAppear(animated: false)
                t.willMove(toParent: root)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.viewWillAppear(animated: true)
                -- the end of the turn: the window's did-appear leaves f and t to the transition
                root.viewDidAppear(animated: false)
                """)
            #expect([root, f, t].map(\.appearanceState) == [.appeared, .disappearing, .appearing])
            driver.finishAll()
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                root.completion(finished: true)
                t.didMove(toParent: root)
                f.didMove(toParent: nil)
                """)
            #expect([root, f, t].map(\.appearanceState) == [.appeared, .disappeared, .appeared])
            #expect(root.children.map(\.id) == [t.id] && f.view.superview == nil)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 8309597116985147142): `h`, brought in by a transition of `root`
    /// still in flight, is taken out again by a second one that completes at once, then brought
    /// into `box` by a transition of `box`. `root`'s first transition still names `h`, but moves it
    /// no more: when `box`'s view enters the window again, the window drives `h` with the rest of
    /// `box`'s subtree (F2). Only a transition of a controller's own parent leaves it out of the
    /// window's walks (F7).
    @Test func aTransitionInFlightNoLongerSparesAControllerThatLeftItsContainer() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let box = Parent(name: "box")
            let m = Leaf(name: "m")
            let c = Leaf(name: "c")
            let h = Leaf(name: "h")
            let g = Leaf(name: "g")
            embed(box, in: root)
            embed(c, in: box)
            embed(m, in: root)
            let (window, driver) = showHoldingAnimations(root)
            h.loadViewIfNeeded()
            g.loadViewIfNeeded()
            recorder.skipEvents()
            root.addChild(h)
            m.willMove(toParent: nil)
            root.transition(from: m, to: h, duration: 0.3, animations: nil) { _ in
                if h.parent === root { h.didMove(toParent: root) }
                m.removeFromParent()
            }
            // h leaves root before root's first transition completes; its move to root is still
            // open, so its removal ends with didMove(toParent: nil) alone (R7).
            root.addChild(g)
            root.transition(from: h, to: g, duration: 0, animations: nil) { _ in
                g.didMove(toParent: root)
                h.removeFromParent()
            }
            swap(c, for: h, in: box)
            unembed(box)  // completes box's transition first (§1)
            recorder.skipEvents()
            embed(box, in: root)
            window.runUntilIdle()
            recorder.expect(
                """
                box.willMove(toParent: root)
                box.viewWillAppear(animated: false)
                h.viewWillAppear(animated: false)
                box.didMove(toParent: root)
                box.viewDidAppear(animated: false)
                box.didMove(toParent: root)
                h.viewDidAppear(animated: false)
                """)
            driver.finish(driver.inFlight(of: root)[0])
            recorder.expect(
                """
                m.viewDidDisappear(animated: true)
                root.completion(finished: true)
                m.didMove(toParent: nil)
                """)
            #expect(
                [root, box, m, c, h, g].map(\.appearanceState) == [
                    .appeared, .appeared, .disappeared, .disappeared, .appeared, .appeared,
                ])
            #expect(h.parent === box && h.view.window === window && driver.inFlight.isEmpty)
        }
        #expect(recorder.violations.isEmpty)
    }
}
