import ContainerKit
import ContainerKitTesting
import Testing

/// Regressions of the engine bugs the randomized tests found in the built-in containers
/// (navigation, tab bar, page); the letters are those of the bugs.
@Suite @MainActor struct BuiltInRegressionTests {
    /// A visible window whose root `root` holds `nav` (stack `[a]`), turn ended.
    private func navigationShown() -> (window: Window, root: Parent, nav: NavigationController, a: Controller) {
        let root = Parent(name: "root")
        let window = show(root)
        let a = Leaf(name: "a")
        let nav = NavigationController(name: "nav", rootController: a)
        embed(nav, in: root)
        window.runUntilIdle()
        return (window, root, nav, a)
    }

    // MARK: - M: a page shown before and after a programmatic turn

    /// Bug M: a middle-spine page controller showing `[e, f]` set to `[f, h]`, animated. `f` stays on
    /// screen: it used to get viewWillDisappear and viewDidDisappear and end disappeared while
    /// shown; now only the pages that change are driven (F1), and `f` moves nowhere.
    @Test func aPageShownBeforeAndAfterAProgrammaticTurnGetsNoCallbacks() {  // §8, F1
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let window = show(root)
            let page = PageController(name: "page", transitionStyle: .pageCurl, spineLocation: .mid)
            let e = Leaf(name: "e")
            let f = Leaf(name: "f")
            let h = Leaf(name: "h")
            page.setControllers([e, f], direction: .forward, animated: false)
            embed(page, in: root)
            window.runUntilIdle()
            recorder.skipEvents()
            page.setControllers([f, h], direction: .forward, animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                h.willMove(toParent: page)
                h.loadView()
                h.viewDidLoad()
                h.viewWillAppear(animated: true)
                e.viewWillDisappear(animated: true)
                e.viewDidDisappear(animated: true)
                h.viewDidAppear(animated: true)
                h.didMove(toParent: page)
                e.willMove(toParent: nil)
                e.didMove(toParent: nil)
                """)
            #expect(f.appearanceState == .appeared)
            #expect(h.appearanceState == .appeared)
            #expect(e.appearanceState == .disappeared)
            #expect(
                page.shownControllers.count == 2 && page.shownControllers[0] === f && page.shownControllers[1] === h)
            #expect(f.parent === page && h.parent === page && e.parent == nil)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found with bug M by the soak (seed 6656257333174396080, base seed 15): the page the turn
    /// keeps, `e`, had its view taken out of the window by hand (it disappeared, F2). The turn puts
    /// its view back in the page controller's view, and used to send it nothing, leaving it
    /// disappeared in the window. The turn drives the views it puts in (F7): `e` appears with the
    /// incoming page, left before right.
    @Test func aPageKeptByAProgrammaticTurnAppearsWhenTheTurnPutsItsViewBack() {  // §8, F2, F7
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let window = show(root)
            let page = PageController(name: "page", transitionStyle: .pageCurl, spineLocation: .mid)
            let e = Leaf(name: "e")
            let f = Leaf(name: "f")
            let h = Leaf(name: "h")
            page.setControllers([e, f], direction: .forward, animated: false)
            embed(page, in: root)
            window.runUntilIdle()
            recorder.skipEvents()
            e.view.removeFromSuperview()
            page.setControllers([e, h], direction: .forward, animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                e.viewWillDisappear(animated: false)
                e.viewDidDisappear(animated: false)
                h.willMove(toParent: page)
                -- the end of the turn: the turn puts e's view back, and drives it
                e.viewWillAppear(animated: true)
                h.loadView()
                h.viewDidLoad()
                h.viewWillAppear(animated: true)
                f.viewWillDisappear(animated: true)
                f.viewDidDisappear(animated: true)
                e.viewDidAppear(animated: true)
                h.viewDidAppear(animated: true)
                h.didMove(toParent: page)
                f.willMove(toParent: nil)
                f.didMove(toParent: nil)
                """)
            #expect([page, e, f, h].map(\.appearanceState) == [.appeared, .appeared, .disappeared, .appeared])
            #expect(e.view.superview === page.view)
            #expect(page.shownControllers.map(\.id) == [e.id, h.id])
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - Found by the soak: a swipe back cancelled after the top's view left the window

    /// Seed 1526984613471970494: the top's view moved by hand out of the window during a swipe
    /// back, then the swipe cancelled. The top used to appear again with its view in no window; its
    /// disappearance ends instead, it stays on the stack (R7), and it appears when its view is back.
    @Test func aCancelledSwipeBackWhoseTopLeftTheWindowEndsItsDisappearance() {  // §6, R7, F1, F2
        let recorder = Recorder()
        recorder.record {
            let (window, _, nav, _) = navigationShown()
            let f = Leaf(name: "f")
            nav.push(f, animated: false)
            window.runUntilIdle()
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            recorder.skipEvents()
            let handle = nav.beginInteractivePop()
            let holder = View()
            let place = f.view.superview
            holder.addSubview(f.view)  // out of the window, inside no controller's view
            handle?.cancel()
            driver.finish(driver.inFlight[0])
            window.runUntilIdle()
            recorder.expect(
                """
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                -- f's view leaves the window: its disappearance ends (F1)
                f.viewDidDisappear(animated: true)
                -- the swipe is cancelled: a goes away again, f stays (R7) and does not appear
                a.viewWillDisappear(animated: true)
                a.viewDidDisappear(animated: true)
                f.didMove(toParent: nav)
                """)
            #expect(nav.controllers.count == 2 && nav.controllers.last === f)
            #expect(f.parent === nav)
            #expect(f.appearanceState == .disappeared)
            place?.addSubview(f.view)  // back where nav shows it, in the visible window (F2)
            window.runUntilIdle()
            recorder.expect(
                """
                f.viewWillAppear(animated: false)
                f.viewDidAppear(animated: false)
                """)
            #expect(f.appearanceState == .appeared)
            recorder.finish()
            withExtendedLifetime(holder) {}
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - Found by the soak: a page dropped off screen while it disappears

    /// Found by the soak (seeds 5392928894582440589 and 929661838368015277): `root` takes `box` out
    /// with `transition(from:to:…)`, which forwards its will-disappear to `page` and so to `e`, the
    /// page shown. Before it completes, `box` is pushed on a navigation controller off screen,
    /// which takes `box`'s view out of the window without callbacks (F7), and `page`, off screen
    /// now, is set to `[f]` inside the call (§1). `page`'s did-disappear will reach only `f`, the
    /// page it shows then (F6), so `e` would stay disappearing for good. Decision (MODEL): a child
    /// that leaves its parent while it disappears, out of any window, ends its disappearance as F2
    /// ends it for a view leaving a window: `e`'s did-disappear, with the flag of its
    /// will-disappear, right after its `didMove(toParent: nil)`.
    @Test func aPageDroppedOffScreenWhileItDisappearsGetsItsDidDisappear() {  // §1, §8, F2, F6
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let box = Parent(name: "box")
            let page = PageController(name: "page", transitionStyle: .scroll)
            let e = Leaf(name: "e")
            let f = Leaf(name: "f")
            let g = Leaf(name: "g")
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            page.setControllers([e], direction: .forward, animated: false)
            embed(page, in: box)
            embed(box, in: root)
            let window = show(root)
            g.loadViewIfNeeded()
            recorder.skipEvents()
            root.addChild(g)
            box.willMove(toParent: nil)
            root.transition(from: box, to: g, duration: 0.3, animations: nil) { _ in g.didMove(toParent: root) }
            box.removeFromParent()
            nav.push(box, animated: false)  // nav is off screen: box's view leaves the window, no callbacks
            page.setControllers([f], direction: .forward, animated: true)  // off screen: inside the call
            recorder.expect(
                """
                g.willMove(toParent: root)
                box.willMove(toParent: nil)
                box.viewWillDisappear(animated: true)
                page.viewWillDisappear(animated: true)
                e.viewWillDisappear(animated: true)
                g.viewWillAppear(animated: true)
                box.didMove(toParent: nil)
                box.willMove(toParent: nav)
                box.didMove(toParent: nav)
                f.willMove(toParent: page)
                f.loadView()
                f.viewDidLoad()
                f.didMove(toParent: page)
                e.willMove(toParent: nil)
                e.didMove(toParent: nil)
                -- page no longer shows e, and nothing else would end its disappearance
                e.viewDidDisappear(animated: true)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                g.viewDidAppear(animated: true)
                box.viewDidDisappear(animated: true)
                page.viewDidDisappear(animated: true)
                root.completion(finished: true)
                g.didMove(toParent: root)
                """)
            #expect(
                [box, page, e, f].map(\.appearanceState) == [.disappeared, .disappeared, .disappeared, .disappeared])
            #expect(g.appearanceState == .appeared)
            #expect(page.shownControllers.map(\.id) == [f.id])
            #expect(box.parent === nav && box.view.window == nil)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// With the soak's pages above: a navigation controller off screen that pushes over `a`, whose
    /// disappearance its own did-disappear was to end, keeps `a` as a child it no longer shows (F6).
    /// Decision (MODEL): once the change has settled, `a` gets its did-disappear, as F2 ends a
    /// disappearance for a view leaving a window; then `box`'s did-disappear reaches `nav`, which
    /// forwards it to `b` only, which never appeared (F3 skips it).
    @Test func aControllerANavigationControllerStopsShowingOffScreenWhileItDisappearsGetsItsDidDisappear() {
        // §1, §6, F2, F6
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let box = Parent(name: "box")
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let g = Leaf(name: "g")
            let nav = NavigationController(name: "nav", rootController: a)
            let outer = NavigationController(name: "outer", rootController: Leaf(name: "o"))
            embed(nav, in: box)
            embed(box, in: root)
            let window = show(root)
            g.loadViewIfNeeded()
            b.loadViewIfNeeded()
            recorder.skipEvents()
            root.addChild(g)
            box.willMove(toParent: nil)
            root.transition(from: box, to: g, duration: 0.3, animations: nil) { _ in g.didMove(toParent: root) }
            box.removeFromParent()
            outer.push(box, animated: false)  // outer is off screen: box's view leaves the window, no callbacks
            nav.push(b, animated: false)  // off screen: inside the call; a stays in the stack, unshown
            recorder.expect(
                """
                g.willMove(toParent: root)
                box.willMove(toParent: nil)
                box.viewWillDisappear(animated: true)
                nav.viewWillDisappear(animated: true)
                a.viewWillDisappear(animated: true)
                g.viewWillAppear(animated: true)
                box.didMove(toParent: nil)
                box.willMove(toParent: outer)
                box.didMove(toParent: outer)
                b.willMove(toParent: nav)
                b.didMove(toParent: nav)
                -- nav no longer shows a, and nothing else would end its disappearance
                a.viewDidDisappear(animated: true)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                g.viewDidAppear(animated: true)
                box.viewDidDisappear(animated: true)
                nav.viewDidDisappear(animated: true)
                root.completion(finished: true)
                g.didMove(toParent: root)
                """)
            #expect(
                [box, nav, a, b].map(\.appearanceState) == [.disappeared, .disappeared, .disappeared, .disappeared])
            #expect(nav.controllers.map(\.id) == [a.id, b.id])
            #expect(a.parent === nav && a.view.superview == nil)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - Found by the soak: a swipe begun while its page controller appears

    /// Found by the soak (seed 290775788063582639): a swipe away from `e` begins while `page` and
    /// `e` appear (the turn that shows the window is not over). At the end of the turn `page`'s
    /// did-appear reaches `e`, which the swipe is taking out: it used to begin appearing again
    /// there, and then ended appeared out of the window when the swipe finished. The swipe alone
    /// drives the pages it moves (F7): `e` is left to it, and disappears when it finishes.
    @Test func aSwipeBegunWhileItsPageControllerAppearsKeepsDrivingTheOutgoingPage() {  // §8, F6, F7
        final class Pages: PageControllerDataSource {
            let next: Controller
            init(next: Controller) { self.next = next }
            func pageController(_ page: PageController, controllerAfter controller: Controller) -> Controller? {
                controller === next ? nil : next
            }
        }
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let page = PageController(name: "page", transitionStyle: .scroll)
            let e = Leaf(name: "e")
            let f = Leaf(name: "f")
            let pages = Pages(next: f)
            page.dataSource = pages
            page.setControllers([e], direction: .forward, animated: false)
            embed(page, in: root)
            let window = makeWindow()
            window.rootController = root
            recorder.skipEvents()
            window.makeKeyAndVisible()  // the turn is left open: root, page and e wait for their did-appear
            let swipe = page.beginInteractivePaging(.forward)
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewWillAppear(animated: false)
                page.viewWillAppear(animated: false)
                e.loadView()
                e.viewDidLoad()
                e.viewWillAppear(animated: false)
                page.dataSource.controllerAfter(e)
                f.willMove(toParent: page)
                f.loadView()
                f.viewDidLoad()
                f.viewWillAppear(animated: true)
                e.viewWillDisappear(animated: true)
                -- the end of the turn: the swipe drives e (F7), page's did-appear skips it
                root.viewDidAppear(animated: false)
                page.viewDidAppear(animated: false)
                """)
            swipe?.finish()
            window.runUntilIdle()
            recorder.expect(
                """
                f.viewDidAppear(animated: true)
                e.viewDidDisappear(animated: true)
                f.didMove(toParent: page)
                e.willMove(toParent: nil)
                e.didMove(toParent: nil)
                """)
            #expect([root, page, e, f].map(\.appearanceState) == [.appeared, .appeared, .disappeared, .appeared])
            #expect(page.shownControllers.map(\.id) == [f.id])
            #expect(e.view.window == nil)
            withExtendedLifetime(pages) {}
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - E: willMove or didMove by hand on a built-in container's child

    @Test func willMoveByHandOnATabIsRefusedAndTheTabLeavesLater() {  // R9, §7
        let recorder = Recorder()
        recorder.record {
            let tabs = TabBarController(name: "tabs")
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            tabs.controllers = [a, b]
            recorder.skipEvents()

            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [tabs]) {
                b.willMove(toParent: nil)
            }
            #expect(recorder.violations.last?.message.contains("b.willMove(toParent: nil) was refused") == true)
            tabs.controllers = [a]  // off screen: the removal completes inside the call
            recorder.expect(
                """
                b.willMove(toParent: nil)
                b.didMove(toParent: nil)
                """)
            #expect(tabs.children.map(\.id) == [a.id])
            #expect(a.parent === tabs)
            recorder.finish()
        }
    }

    @Test func didMoveByHandOnAControllerBeingPushedIsRefused() {  // R9, §6
        let recorder = Recorder()
        recorder.record {
            let (window, _, nav, _) = navigationShown()
            let m = Leaf(name: "m")
            let f = Leaf(name: "f")
            recorder.skipEvents()

            nav.setControllers([m, f], animated: true)
            recorder.expect(
                """
                a.willMove(toParent: nil)
                m.willMove(toParent: nav)
                f.willMove(toParent: nav)
                """)
            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [nav]) {
                m.didMove(toParent: nav)
            }
            window.runUntilIdle()
            recorder.expect(
                """
                f.loadView()
                f.viewDidLoad()
                a.viewWillDisappear(animated: true)
                f.viewWillAppear(animated: true)
                a.viewDidDisappear(animated: true)
                f.viewDidAppear(animated: true)
                a.didMove(toParent: nil)
                m.didMove(toParent: nav)
                f.didMove(toParent: nav)
                a.deinit
                """)
            #expect(nav.children.map(\.id) == [m.id, f.id])
            #expect(m.isMovingToParent == false)
            #expect(f.appearanceState == .appeared)
            recorder.finish()
        }
    }
}

extension BuiltInRegressionTests {
    // MARK: - S: a swipe to a page shown already

    /// Pages in a ring: the page after the last is the first.
    final class Ring: PageControllerDataSource {
        var pages: [Controller] = []

        func pageController(_ page: PageController, controllerAfter controller: Controller) -> Controller? {
            pages.firstIndex { $0 === controller }.map { pages[($0 + 1) % pages.count] }
        }
    }

    @Test func aSwipeToAPageShownAlreadyIsRefused() {  // §8
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let root = Parent(name: "root")
            let window = show(root)
            let page = PageController(name: "page", transitionStyle: .pageCurl, spineLocation: .mid)
            let g = Leaf(name: "g")
            let h = Leaf(name: "h")
            let ring = Ring()
            ring.pages = [g, h]
            page.dataSource = ring
            page.setControllers([h, g], direction: .forward, animated: false)
            embed(page, in: root)
            window.runUntilIdle()
            recorder.skipEvents()

            let before = page.hierarchyDescription + page.view.recursiveDescription
            let handle = page.beginInteractivePaging(.forward)  // the pages after g: h, then g, both shown
            #expect(handle == nil)
            recorder.expect(
                """
                page.dataSource.controllerAfter(g)
                page.dataSource.controllerAfter(h)
                """)
            #expect(recorder.violations.map(\.kind) == [.invalidContainerContents])
            #expect(recorder.violations.map(\.severity) == [.fault])
            #expect(recorder.violations.last?.message.contains("h is a page of page already") == true)
            #expect(page.hierarchyDescription + page.view.recursiveDescription == before)
            #expect(!window.hasPendingWork && window.animationsInFlight.isEmpty)

            let x = Leaf(name: "x")
            let y = Leaf(name: "y")
            ring.pages = [h, g, x, y]
            page.beginInteractivePaging(.forward)?.finish()
            window.runUntilIdle()
            recorder.expect(
                """
                page.dataSource.controllerAfter(g)
                page.dataSource.controllerAfter(x)
                x.willMove(toParent: page)
                y.willMove(toParent: page)
                x.loadView()
                x.viewDidLoad()
                x.viewWillAppear(animated: true)
                y.loadView()
                y.viewDidLoad()
                y.viewWillAppear(animated: true)
                h.viewWillDisappear(animated: true)
                g.viewWillDisappear(animated: true)
                h.viewDidDisappear(animated: true)
                g.viewDidDisappear(animated: true)
                x.viewDidAppear(animated: true)
                y.viewDidAppear(animated: true)
                x.didMove(toParent: page)
                y.didMove(toParent: page)
                h.willMove(toParent: nil)
                h.didMove(toParent: nil)
                g.willMove(toParent: nil)
                g.didMove(toParent: nil)
                """)
            #expect(page.shownControllers.map(\.id) == [x.id, y.id])
            #expect(page.children.map(\.id) == [x.id, y.id])
            #expect(g.parent == nil && h.parent == nil)
            #expect([x, y].allSatisfy { $0.appearanceState == .appeared })
            #expect([g, h].allSatisfy { $0.appearanceState == .disappeared })
            recorder.finish()
        }
    }
}

extension BuiltInRegressionTests {
    // MARK: - D: an empty navigation stack

    @Test func anEmptiedStackTakesItsFormerTopOutAndShowsNothing() {  // §6
        let recorder = Recorder()
        recorder.record {
            let (window, root, nav, a) = navigationShown()
            let tabs = TabBarController(name: "tabs")
            embed(tabs, in: root)
            window.runUntilIdle()
            recorder.skipEvents()

            nav.setControllers([], animated: true)
            recorder.expect("a.willMove(toParent: nil)")
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewWillDisappear(animated: true)
                a.viewDidDisappear(animated: true)
                a.didMove(toParent: nil)
                """)
            #expect(nav.children.isEmpty && nav.controllers.isEmpty)
            #expect(a.viewIfLoaded?.superview == nil)

            tabs.controllers = [a]  // a is shown by tabs now
            window.runUntilIdle()
            recorder.expect(
                """
                a.willMove(toParent: tabs)
                a.didMove(toParent: tabs)
                a.viewWillAppear(animated: false)
                a.viewDidAppear(animated: false)
                """)
            nav.view.removeFromSuperview()  // nav shows nothing: it drives nobody
            root.view.addSubview(nav.view)
            window.runUntilIdle()
            recorder.expect(
                """
                nav.viewWillDisappear(animated: false)
                nav.viewDidDisappear(animated: false)
                nav.viewWillAppear(animated: false)
                nav.viewDidAppear(animated: false)
                """)
            #expect(a.appearanceState == .appeared)
            #expect(a.view.superview === tabs.view)
            #expect(nav.appearanceState == .appeared)
            recorder.finish()
        }
    }

    @Test func anEmptiedStackOffScreenTakesItsFormerTopsViewOut() {  // §1, §6
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            let window = show(nav)
            window.isHidden = true  // off screen, a's view in nav's view
            #expect(a.view.superview === nav.view)
            recorder.skipEvents()

            nav.setControllers([], animated: false)
            recorder.expect(
                """
                a.willMove(toParent: nil)
                a.didMove(toParent: nil)
                """)
            #expect(a.view.superview == nil)
            #expect(nav.view.subviews.isEmpty)
            let b = Leaf(name: "b")
            nav.push(b, animated: false)
            recorder.expect(
                """
                b.willMove(toParent: nav)
                b.loadView()
                b.viewDidLoad()
                b.didMove(toParent: nav)
                """)
            #expect(nav.view.subviews.map { $0 === b.view } == [true])
            recorder.finish()
        }
    }
}

extension BuiltInRegressionTests {
    // MARK: - K: a built-in container asked to show a controller whose view holds its view

    @Test func aBuiltInContainersViewCannotGoInsideItsChildsView() {  // §6, §11
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            let b = Leaf(name: "b")
            nav.loadViewIfNeeded()
            a.loadViewIfNeeded()
            nav.push(b, animated: false)  // off screen: at once; a's view is not in nav's view
            recorder.skipEvents()

            recorder.expectViolation(.invalidViewHierarchy, unchanged: [nav, a]) {
                a.view.addSubview(nav.view)  // nav would have to put a's view inside itself to show it
            }
            #expect(
                recorder.violations.last?.message.contains("puts its children's root views in its own view") == true)
            let popped = nav.popToRoot(animated: false)
            #expect(popped.map(\.id) == [b.id])
            recorder.expect(
                """
                b.willMove(toParent: nil)
                b.didMove(toParent: nil)
                """)
            #expect(nav.view.subviews.map { $0 === a.view } == [true])
            #expect(nav.controllers.map(\.id) == [a.id])
            recorder.finish()
        }
    }

    @Test func showingAControllerWhoseViewHoldsTheContainersViewIsRefused() {  // §6, §7, §8, §11
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            let tabs = TabBarController(name: "tabs")
            let page = PageController(name: "page", transitionStyle: .scroll)
            let x = Leaf(name: "x")
            for container in [nav, tabs, page] {
                x.view.addSubview(container.view)  // no parent: anywhere (R6)
            }
            recorder.skipEvents()

            recorder.expectViolation(.invalidViewHierarchy, unchanged: [nav, x]) {
                nav.push(x, animated: true)
            }
            recorder.expectViolation(.invalidViewHierarchy, unchanged: [nav, x]) {
                nav.setControllers([a, x], animated: false)
            }
            recorder.expectViolation(.invalidContainerContents, unchanged: [tabs, x]) {
                tabs.controllers = [x]
            }
            recorder.expectViolation(.invalidContainerContents, unchanged: [page, x]) {
                page.setControllers([x], direction: .forward, animated: false)
            }
            #expect(recorder.violations.allSatisfy { $0.message.contains("x's root view holds") })
            #expect(nav.controllers.map(\.id) == [a.id])
            #expect(tabs.children.isEmpty && page.children.isEmpty && x.parent == nil)
            recorder.finish()
        }
    }
}
