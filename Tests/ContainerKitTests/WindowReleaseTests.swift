import ContainerKit
import ContainerKitTesting
import Testing

/// Spec §1, the last rules of "Turns" [rev 2]: a visible window whose last reference goes away is
/// hidden first, inside its release, then its remaining work runs at once, off screen.
@Suite @MainActor struct WindowReleaseTests {
    @Test func aVisibleWindowReleasedHidesItsTreeWithNoWindowInTheCallbacks() {  // §1, §4 hiding
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let root = Parent(name: "root")
            let c = SpyController(name: "c")
            let box = Parent(name: "box")
            let d = SpyController(name: "d")
            embed(c, in: root)
            embed(box, in: root)
            embed(d, in: box)
            var window: Window? = show(root)
            weak let released = window
            for spy in [c, d] {
                let name = spy.id.name ?? "?"
                spy.onViewWillDisappear = { [unowned spy] _ in
                    notes.lines.append("\(name).viewWillDisappear: window \(spy.view.window == nil ? "nil" : "set")")
                }
                spy.onViewDidDisappear = { [unowned spy] _ in
                    notes.lines.append("\(name).viewDidDisappear: window \(spy.view.window == nil ? "nil" : "set")")
                }
            }
            recorder.skipEvents()
            window = nil
            recorder.expect(
                """
                -- inside the release: every will-disappear, pre-order, then every did-disappear
                root.viewWillDisappear(animated: false)
                c.viewWillDisappear(animated: false)
                box.viewWillDisappear(animated: false)
                d.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                box.viewDidDisappear(animated: false)
                d.viewDidDisappear(animated: false)
                """)
            #expect(released == nil)
            #expect(
                notes.take() == [
                    "c.viewWillDisappear: window nil", "d.viewWillDisappear: window nil",
                    "c.viewDidDisappear: window nil", "d.viewDidDisappear: window nil",
                ])
            #expect([root, c, box, d].allSatisfy { $0.appearanceState == .disappeared })
            #expect(root.view.superview == nil && d.view.window == nil)
            recorder.finish()
        }
    }

    @Test func aHiddenWindowReleasedSendsNothing() {  // §1
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            embed(Leaf(name: "c"), in: root)
            var window: Window? = show(root)
            window?.isHidden = true
            recorder.skipEvents()
            window = nil
            recorder.expect("")
            #expect(root.appearanceState == .disappeared && root.view.superview == nil)
            recorder.finish()
        }
    }

    /// A page turn in flight under a manual driver and a presentation waiting behind it: the hide
    /// reaches the turn's pages too, then the turn completes off screen (its moves and completion,
    /// no appearance callback sent again), then the presentation settles off screen.
    @Test func aPageTurnInFlightAndAPresentationWaitingCompleteOffScreen() {  // §1, §8, §9
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let page = PageController(name: "page", transitionStyle: .pageCurl)
            page.setControllers([Leaf(name: "p0")], direction: .forward, animated: false)
            embed(page, in: root)
            var window: Window? = show(root)
            weak let released = window
            let driver = ManualAnimationDriver()
            driver.install(on: window!)
            recorder.skipEvents()
            var completions: [String] = []
            page.setControllers([Leaf(name: "p1")], direction: .forward, animated: true) {
                completions.append("page: \($0)")
            }
            window?.runUntilIdle()
            let m = Leaf(name: "m")
            m.modalPresentationStyle = .fullScreen
            root.present(m, animated: true) { completions.append("present") }
            recorder.expect(
                """
                p1.willMove(toParent: page)
                p1.loadView()
                p1.viewDidLoad()
                p1.viewWillAppear(animated: true)
                p0.viewWillDisappear(animated: true)
                """)
            #expect(driver.inFlight.count == 1 && window?.hasPendingWork == true)
            window = nil
            recorder.expect(
                """
                -- the hide, pre-order: p0 and p1, each in its transition, get what they lack
                root.viewWillDisappear(animated: false)
                page.viewWillDisappear(animated: false)
                p1.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                page.viewDidDisappear(animated: false)
                p0.viewDidDisappear(animated: true)
                p1.viewDidDisappear(animated: false)
                -- the turn in flight completes off screen: its moves and completion only
                p1.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                page.completion(finished: true)
                p0.deinit
                -- the presentation waiting settles off screen
                root.completion()
                """)
            #expect(released == nil)
            #expect(completions == ["page: true", "present"])
            #expect([root, page, m].allSatisfy { $0.appearanceState == .disappeared })
            #expect(page.children.count == 1 && page.shownControllers[0] === page.children[0])
            #expect(page.shownControllers[0].appearanceState == .disappeared)
            #expect(root.presentedController === m)
            #expect(driver.inFlight.isEmpty && driver.started.first?.finished == true)
            recorder.finish()
        }
    }

    /// A swipe whose gesture is still in progress: the hide reaches its pages, then the gesture is
    /// finished and the swipe completes off screen, telling the delegate.
    @Test func aSwipeInProgressIsFinishedOffScreen() {  // §1, §8
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        recorder.record {
            let root = Parent(name: "root")
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.dataSource = pages
            page.delegate = pages
            page.setControllers([Leaf(name: "p0")], direction: .forward, animated: false)
            embed(page, in: root)
            var window: Window? = show(root)
            weak let released = window
            recorder.skipEvents()
            let swipe = page.beginInteractivePaging(.forward)
            swipe?.update(0.4)
            recorder.expect(
                """
                page.dataSource.controllerAfter(p0)
                p1.willMove(toParent: page)
                page.delegate.willTransition(to: [p1])
                p1.loadView()
                p1.viewDidLoad()
                p1.viewWillAppear(animated: true)
                p0.viewWillDisappear(animated: true)
                """)
            window = nil
            recorder.expect(
                """
                root.viewWillDisappear(animated: false)
                page.viewWillDisappear(animated: false)
                p1.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                page.viewDidDisappear(animated: false)
                p0.viewDidDisappear(animated: true)
                p1.viewDidDisappear(animated: false)
                -- the gesture is finished, and the swipe completes off screen
                p1.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p0], completed: true)
                p0.deinit
                """)
            #expect(released == nil)
            #expect(swipe?.state == .finished)
            #expect(page.children.count == 1 && page.shownControllers[0] === page.children[0])
            recorder.finish()
        }
    }

    /// Soak seed 818869133693597143 (ManualAnimationDriver, `.scroll`): a swipe in progress, and a
    /// controller that, in its `viewDidDisappear` sent by the hide inside the window's release, asks
    /// the page controller for a non-animated `setControllers`. The page controller's view names no
    /// window then, so the request settled off screen inside its call, in the middle of the swipe:
    /// it showed f and removed p0, the swipe's outgoing page; then the swipe completed over it,
    /// kept p1 and sent p0's `willMove(toParent: nil)` again, leaving two children, f and p1, with
    /// `shownControllers` naming one of them. A request made while a
    /// turn of the page controller is in flight now waits for that turn, off screen as in a
    /// window's queue: the swipe completes, then the request settles off screen.
    @Test func aPageRequestFromTheHideOfAReleaseWaitsForTheSwipeInFlight() {  // §1, §8
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        recorder.record {
            let root = Parent(name: "root")
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.dataSource = pages
            page.delegate = pages
            page.setControllers([Leaf(name: "p0")], direction: .forward, animated: false)
            let h = SpyController(name: "h")
            embed(page, in: root)
            embed(h, in: root)
            var window: Window? = show(root)
            weak let released = window
            let driver = ManualAnimationDriver()
            driver.install(on: window!)
            let f = Leaf(name: "f")
            var completions: [Bool] = []
            h.onViewDidDisappear = { _ in
                page.setControllers([f], direction: .forward, animated: false) { completions.append($0) }
            }
            recorder.skipEvents()
            let swipe = page.beginInteractivePaging(.forward)
            swipe?.update(0.4)
            recorder.expect(
                """
                page.dataSource.controllerAfter(p0)
                p1.willMove(toParent: page)
                page.delegate.willTransition(to: [p1])
                p1.loadView()
                p1.viewDidLoad()
                p1.viewWillAppear(animated: true)
                p0.viewWillDisappear(animated: true)
                """)
            window = nil
            recorder.expect(
                """
                -- the hide: h's did-disappear asks for f, whose move begins inside the call
                root.viewWillDisappear(animated: false)
                page.viewWillDisappear(animated: false)
                h.viewWillDisappear(animated: false)
                p1.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                page.viewDidDisappear(animated: false)
                p0.viewDidDisappear(animated: true)
                h.viewDidDisappear(animated: false)
                f.willMove(toParent: page)
                p1.viewDidDisappear(animated: false)
                -- the gesture is finished, and the swipe completes off screen
                p1.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p0], completed: true)
                -- then the request that waited for it settles off screen
                f.loadView()
                f.viewDidLoad()
                f.didMove(toParent: page)
                p1.willMove(toParent: nil)
                p1.didMove(toParent: nil)
                page.completion(finished: true)
                p0.deinit
                p1.deinit
                """)
            #expect(released == nil)
            #expect(swipe?.state == .finished)
            #expect(completions == [true])
            #expect(page.children.count == 1 && page.children[0] === f)
            #expect(page.shownControllers.count == 1 && page.shownControllers[0] === f)
            #expect(f.appearanceState == .disappeared && f.view.superview === page.view)
            recorder.finish()
        }
    }

    /// The brief's stage with a navigation controller: a push in flight under a manual driver, a
    /// presentation waiting. Lines that follow the navigation controller's own rules (§6): the
    /// push's `b.didMove(toParent: nav)` and `nav.completion()` after the hide.
    @Test func aNavigationPushInFlightAndAPresentationWaitingCompleteOffScreen() {  // §1, §6, §9
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            embed(nav, in: root)
            var window: Window? = show(root)
            weak let released = window
            let driver = ManualAnimationDriver()
            driver.install(on: window!)
            recorder.skipEvents()
            var completions: [String] = []
            nav.push(Leaf(name: "b"), animated: true) { completions.append("push") }
            window?.runUntilIdle()
            let m = Leaf(name: "m")
            m.modalPresentationStyle = .fullScreen
            root.present(m, animated: true) { completions.append("present") }
            recorder.expect(
                """
                b.willMove(toParent: nav)
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                """)
            window = nil
            recorder.expect(
                """
                root.viewWillDisappear(animated: false)
                nav.viewWillDisappear(animated: false)
                b.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                nav.viewDidDisappear(animated: false)
                a.viewDidDisappear(animated: true)
                b.viewDidDisappear(animated: false)
                -- the push completes off screen (§6's moves and completion)
                b.didMove(toParent: nav)
                nav.completion()
                -- the presentation waiting settles off screen
                root.completion()
                """)
            #expect(released == nil)
            #expect(completions == ["push", "present"])
            #expect(nav.topController?.id.name == "b")
            #expect(nav.children.allSatisfy { $0.appearanceState == .disappeared })
            #expect(root.presentedController === m && m.appearanceState == .disappeared)
            recorder.finish()
        }
    }

    /// An `await` on a transition held by a manual driver returns once the window is released: the
    /// wait does not keep the window, and the release completes the transition.
    @Test func anAwaitOnATransitionOfAReleasedWindowReturns() async {  // §1, DESIGN 7
        let recorder = Recorder()
        await recorder.record {
            let root = Parent(name: "root")
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.setControllers([Leaf(name: "p0")], direction: .forward, animated: false)
            embed(page, in: root)
            var window: Window? = show(root)
            weak let released = window
            let driver = ManualAnimationDriver()
            driver.install(on: window!)
            recorder.skipEvents()
            let turning = Task {
                await page.async.setControllers([Leaf(name: "p1")], direction: .forward, animated: true)
            }
            _ = await driver.nextAnimation()
            recorder.expect(
                """
                p1.willMove(toParent: page)
                p1.loadView()
                p1.viewDidLoad()
                p1.viewWillAppear(animated: true)
                p0.viewWillDisappear(animated: true)
                """)
            window = nil
            #expect(released == nil)
            #expect(await turning.value == true)
            recorder.expect(
                """
                root.viewWillDisappear(animated: false)
                page.viewWillDisappear(animated: false)
                p1.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                page.viewDidDisappear(animated: false)
                p0.viewDidDisappear(animated: true)
                p1.viewDidDisappear(animated: false)
                p1.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                page.completion(finished: true)
                p0.deinit
                """)
            recorder.finish()
        }
    }

    /// Decision (the spec speaks of visible windows): a hidden window released with a visible
    /// transition still waiting for its turn runs it at once, off screen, so that the moves it
    /// opened end (R7) and its completion runs.
    @Test func aHiddenWindowReleasedWithATransitionWaitingSettlesIt() {  // §1, §8, R7
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.setControllers([Leaf(name: "p0")], direction: .forward, animated: false)
            embed(page, in: root)
            var window: Window? = show(root)
            weak let released = window
            recorder.skipEvents()
            var finishedValues: [Bool] = []
            page.setControllers([Leaf(name: "p1")], direction: .forward, animated: true) { finishedValues.append($0) }
            window?.isHidden = true
            recorder.expect(
                """
                p1.willMove(toParent: page)
                root.viewWillDisappear(animated: false)
                page.viewWillDisappear(animated: false)
                p0.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                page.viewDidDisappear(animated: false)
                p0.viewDidDisappear(animated: false)
                """)
            window = nil
            recorder.expect(
                """
                p1.loadView()
                p1.viewDidLoad()
                p1.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                page.completion(finished: true)
                p0.deinit
                """)
            #expect(released == nil)
            #expect(finishedValues == [true])
            recorder.finish()
        }
    }

    /// The recorder treats what a window's release delivers, at the end of what it recorded, as it
    /// treats deallocations there: the scope's locals going away, which need no assertion. Followed
    /// by anything else, those events must be asserted as usual.
    @Test func theRecorderLetsATrailingReleaseGoUnasserted() {  // §1, testing module
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            embed(Leaf(name: "c"), in: root)
            var window: Window? = show(root)
            recorder.skipEvents()
            window = nil
            #expect(window == nil)
            #expect(recorder.transcript().split(separator: "\n").count == 4)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }
}
