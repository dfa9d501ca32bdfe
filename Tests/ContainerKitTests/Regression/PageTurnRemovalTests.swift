import ContainerKit
import ContainerKitTesting
import Testing

/// The removals of a completed page turn (spec §8, R2, R3, R7) when a callback of one of them, or
/// of an incoming page's `didMove(toParent:)`, makes the page controller complete another turn: a
/// swipe begun and finished inside it, in a window where the page controller is shown from then on.
/// That turn settles the pages it finds (the outgoing pages of the first turn among them); the
/// first turn then leaves them to it. It used to compute its removals once, up front, and send a
/// second `willMove(toParent: nil)` to a page removed meanwhile, stop on a precondition for one
/// whose move was open, or take one out of the parent that had adopted it since.
@Suite @MainActor struct PageTurnRemovalTests {
    /// A page controller (`.pageCurl`, middle spine) showing the spies `[p0, p1]` off screen, and
    /// ``idleWindow(_:)``; `swipeThere()` makes the page controller that window's root and swipes
    /// forward there to the end (``swipeForward(_:in:driver:leaving:)``).
    private func pagesOffScreen(
        _ pages: NumberedPages
    ) -> (
        page: PageController, p0: SpyController, p1: SpyController, window: Window, driver: ManualAnimationDriver,
        swipeThere: () -> Void
    ) {
        let page = PageController(name: "page", transitionStyle: .pageCurl, spineLocation: .mid)
        page.dataSource = pages
        page.delegate = pages
        let p0 = SpyController(name: "p0")
        let p1 = SpyController(name: "p1")
        page.setControllers([p0, p1], direction: .forward, animated: false)
        let (window, driver) = idleWindow()
        let swipeThere = { [unowned page] in swipeForward(page, in: window, driver: driver) }
        return (page, p0, p1, window, driver, swipeThere)
    }

    /// A visible window with nothing in it, its turn ended, and its manual animation driver.
    private func idleWindow(_ name: String = "window") -> (window: Window, driver: ManualAnimationDriver) {
        let window = makeWindow(name)
        window.makeKeyAndVisible()
        window.runUntilIdle()
        let driver = ManualAnimationDriver()
        driver.install(on: window)
        return (window, driver)
    }

    /// Makes `page` the root of `window` (taking it out of `former`, whose root it is), then swipes
    /// forward there: the swipe begins, its gesture finishes and `driver` completes it.
    private func swipeForward(
        _ page: PageController, in window: Window, driver: ManualAnimationDriver, leaving former: Window? = nil
    ) {
        former?.rootController = nil
        window.rootController = page
        let swipe = page.beginInteractivePaging(.forward)
        #expect(swipe != nil)
        swipe?.finish()
        driver.finishAll()
    }

    /// A swipe forward from `[p2, p3]`, finished and completed, up to the end of the incoming
    /// pages' moves.
    private let swipeToP4P5 = """
        page.dataSource.controllerAfter(p3)
        page.dataSource.controllerAfter(p4)
        p4.willMove(toParent: page)
        p5.willMove(toParent: page)
        page.delegate.willTransition(to: [p4, p5])
        p5.loadView()
        p5.viewDidLoad()
        p5.viewWillAppear(animated: true)
        p4.loadView()
        p4.viewDidLoad()
        p4.viewWillAppear(animated: true)
        p2.viewWillDisappear(animated: true)
        p3.viewWillDisappear(animated: true)
        p2.viewDidDisappear(animated: true)
        p3.viewDidDisappear(animated: true)
        p4.viewDidAppear(animated: true)
        p5.viewDidAppear(animated: true)
        p4.didMove(toParent: page)
        p5.didMove(toParent: page)
        """

    /// What `swipeThere()` sends while the page controller shows `[p2, p3]` off screen: it enters
    /// the window, and ``swipeToP4P5``.
    private var swipeThereToP4P5: String {
        """
        -- inside it: window.rootController = page
        page.loadView()
        page.viewDidLoad()
        page.viewWillAppear(animated: false)
        p2.loadView()
        p2.viewDidLoad()
        p2.viewWillAppear(animated: false)
        p3.loadView()
        p3.viewDidLoad()
        p3.viewWillAppear(animated: false)
        -- a swipe there, finished and completed
        \(swipeToP4P5)
        """
    }

    /// The off-screen turn from `[p0, p1]` to `[p2, p3]` whose `p0.willMove(toParent: nil)` calls
    /// `swipeThere()`, up to the end of the swipe's removals: the outgoing `[p2, p3]`, then `p1`,
    /// out of view.
    private var turnToP2P3SwipedInsideP0: String {
        """
        p2.willMove(toParent: page)
        p3.willMove(toParent: page)
        p2.didMove(toParent: page)
        p3.didMove(toParent: page)
        p0.willMove(toParent: nil)
        \(swipeThereToP4P5)
        p2.willMove(toParent: nil)
        p2.didMove(toParent: nil)
        p3.willMove(toParent: nil)
        p3.didMove(toParent: nil)
        p1.willMove(toParent: nil)
        p1.didMove(toParent: nil)
        """
    }

    /// Inside the first outgoing page's `willMove(toParent: nil)`, a swipe in another window
    /// completes: its turn removes the second outgoing page, kept out of view, and the first turn
    /// sends that page nothing more. It sent it a second `willMove(toParent: nil)`.
    @Test func aSwipeCompletedInsideTheFirstRemovalLeavesTheSecondPageToIt() {  // §8, R3, R7
        let recorder = Recorder()
        let pages = NumberedPages(count: 6)
        recorder.record {
            let (page, p0, p1, window, driver, _) = pagesOffScreen(pages)
            let (other, otherDriver) = idleWindow("other")
            var swiped = false
            p0.onWillMove = { [unowned page] parent in
                guard parent == nil, !swiped else { return }
                swiped = true
                swipeForward(page, in: other, driver: otherDriver, leaving: window)
            }
            window.rootController = page
            window.runUntilIdle()
            recorder.skipEvents()
            let swipe = page.beginInteractivePaging(.forward)
            swipe?.finish()
            driver.finishAll()
            recorder.expect(
                """
                page.dataSource.controllerAfter(p1)
                page.dataSource.controllerAfter(p2)
                p2.willMove(toParent: page)
                p3.willMove(toParent: page)
                page.delegate.willTransition(to: [p2, p3])
                p3.loadView()
                p3.viewDidLoad()
                p3.viewWillAppear(animated: true)
                p2.loadView()
                p2.viewDidLoad()
                p2.viewWillAppear(animated: true)
                p0.viewWillDisappear(animated: true)
                p1.viewWillDisappear(animated: true)
                p0.viewDidDisappear(animated: true)
                p1.viewDidDisappear(animated: true)
                p2.viewDidAppear(animated: true)
                p3.viewDidAppear(animated: true)
                p2.didMove(toParent: page)
                p3.didMove(toParent: page)
                p0.willMove(toParent: nil)
                -- inside it: window.rootController = nil, other.rootController = page
                page.viewWillDisappear(animated: false)
                p2.viewWillDisappear(animated: false)
                p3.viewWillDisappear(animated: false)
                -- page comes back before the turn ends: no did-disappears (§1)
                page.viewWillAppear(animated: false)
                p2.viewWillAppear(animated: false)
                p3.viewWillAppear(animated: false)
                -- a swipe in other, finished and completed
                \(swipeToP4P5)
                p2.willMove(toParent: nil)
                p2.didMove(toParent: nil)
                p3.willMove(toParent: nil)
                p3.didMove(toParent: nil)
                -- p1, out of view, left to the turn that completes first
                p1.willMove(toParent: nil)
                p1.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p2, p3], completed: true)
                -- back in the first turn: p0's removal ends, p1 is no longer its child
                p0.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p0, p1], completed: true)
                """)
            #expect(p0.parent == nil && p1.parent == nil)
            #expect(page.children.map(\.id) == page.shownControllers.map(\.id))
            #expect(page.shownControllers.map { recorder.name(for: $0.id) } == ["p4", "p5"])
            window.runUntilIdle()
            other.runUntilIdle()
            recorder.expect(
                """
                p2.deinit
                p3.deinit
                page.viewDidAppear(animated: false)
                """)
            #expect(page.children.allSatisfy { $0.appearanceState == .appeared })
            #expect(p0.appearanceState == .disappeared && p1.appearanceState == .disappeared)
            #expect(!page.hierarchyDescription.contains("moving"))
            #expect(!p0.hierarchyDescription.contains("moving") && !p1.hierarchyDescription.contains("moving"))
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// The same off screen (a programmatic turn settled inside its call), with the second outgoing
    /// page given to the custom container `q` by its own `didMove(toParent: nil)`, sent by the
    /// swipe's turn: `q` keeps it. With the addition left open, the first turn stopped on a
    /// precondition ("page began removing p1 while a move of it was open"); completed, it took
    /// `p1` out of `q` again.
    @Test(arguments: [false, true])
    func aPageTheSwipeRemovedAndAnotherParentTookStaysThere(completesTheAddition: Bool) {  // §8, R2, R7
        let recorder = Recorder()
        let pages = NumberedPages(count: 6)
        recorder.record {
            let (page, p0, p1, window, _, swipeThere) = pagesOffScreen(pages)
            let q = Parent(name: "q")
            var swiped = false
            p0.onWillMove = { parent in
                guard parent == nil, !swiped else { return }
                swiped = true
                swipeThere()
            }
            var given = false
            // Unowned: `q` holds `p1`, which holds this hook.
            p1.onDidMove = { [unowned p1, unowned q] parent in
                guard parent == nil, !given else { return }
                given = true
                if completesTheAddition { embed(p1, in: q) } else { q.addChild(p1) }
            }
            recorder.skipEvents()
            page.setControllers([Leaf(name: "p2"), Leaf(name: "p3")], direction: .forward, animated: false)
            let addition =
                completesTheAddition
                ? """
                p1.willMove(toParent: q)
                q.loadView()
                q.viewDidLoad()
                p1.loadView()
                p1.viewDidLoad()
                p1.didMove(toParent: q)
                """
                : "p1.willMove(toParent: q)"
            recorder.expect(
                """
                \(turnToP2P3SwipedInsideP0)
                -- inside it, p1 goes to q
                \(addition)
                page.delegate.didFinishAnimating(previous: [p2, p3], completed: true)
                -- back in the first turn: p0's removal ends, p1 is q's
                p0.didMove(toParent: nil)
                p2.deinit
                p3.deinit
                """)
            #expect(p1.parent === q && q.children.map(\.id) == [p1.id])
            #expect(q.hierarchyDescription.contains("moving to parent") == !completesTheAddition)
            #expect(p0.parent == nil && !p0.hierarchyDescription.contains("moving"))
            #expect(page.shownControllers.map { recorder.name(for: $0.id) } == ["p4", "p5"])
            #expect(page.children.map(\.id) == page.shownControllers.map(\.id))
            #expect(!page.hierarchyDescription.contains("moving"))
            window.runUntilIdle()
            recorder.expect("page.viewDidAppear(animated: false)")
            #expect(page.children.allSatisfy { $0.appearanceState == .appeared })
            #expect(p1.appearanceState == .disappeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Inside the first incoming page's `didMove(toParent: page)`, the swipe's turn finds the second
    /// incoming page with its addition open: it leaves it to the first turn (it stopped on a
    /// precondition, "page began removing p3 while a move of it was open"), which ends that
    /// addition, and removes the outgoing pages itself. The first turn leaves them to it. `p3` is
    /// then a child out of view, which the next completed turn removes, after its outgoing pages.
    @Test func aSwipeCompletedInsideAnIncomingPagesDidMoveLeavesTheOtherToTheTurn() {  // §8, R2, R7
        let recorder = Recorder()
        let pages = NumberedPages(count: 8)
        recorder.record {
            let (page, _, _, window, _, swipeThere) = pagesOffScreen(pages)
            let p2 = SpyController(name: "p2")
            let p3 = SpyController(name: "p3")
            var swiped = false
            p2.onDidMove = { [unowned page] parent in
                guard parent === page, !swiped else { return }
                swiped = true
                swipeThere()
            }
            recorder.skipEvents()
            page.setControllers([p2, p3], direction: .forward, animated: false)
            recorder.expect(
                """
                p2.willMove(toParent: page)
                p3.willMove(toParent: page)
                p2.didMove(toParent: page)
                \(swipeThereToP4P5)
                p2.willMove(toParent: nil)
                p2.didMove(toParent: nil)
                -- p3's addition is the first turn's to end; p0 and p1, kept out of view, go
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                p1.willMove(toParent: nil)
                p1.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p2, p3], completed: true)
                -- back in the first turn
                p3.didMove(toParent: page)
                p0.deinit
                p1.deinit
                """)
            #expect(p2.parent == nil)
            #expect(page.children.map { recorder.name(for: $0.id) } == ["p3", "p4", "p5"])
            #expect(page.shownControllers.map { recorder.name(for: $0.id) } == ["p4", "p5"])
            #expect(p3.appearanceState == .disappeared && p3.view.superview == nil)
            #expect(!page.hierarchyDescription.contains("moving") && !p2.hierarchyDescription.contains("moving"))
            window.runUntilIdle()
            recorder.expect("page.viewDidAppear(animated: false)")
            page.setControllers([Leaf(name: "p6"), Leaf(name: "p7")], direction: .forward, animated: false)
            recorder.expect(
                """
                p6.willMove(toParent: page)
                p7.willMove(toParent: page)
                p6.loadView()
                p6.viewDidLoad()
                p6.viewWillAppear(animated: false)
                p7.loadView()
                p7.viewDidLoad()
                p7.viewWillAppear(animated: false)
                p4.viewWillDisappear(animated: false)
                p5.viewWillDisappear(animated: false)
                p4.viewDidDisappear(animated: false)
                p5.viewDidDisappear(animated: false)
                p6.viewDidAppear(animated: false)
                p7.viewDidAppear(animated: false)
                p6.didMove(toParent: page)
                p7.didMove(toParent: page)
                p4.willMove(toParent: nil)
                p4.didMove(toParent: nil)
                p5.willMove(toParent: nil)
                p5.didMove(toParent: nil)
                -- p3, out of view, removed after the outgoing pages
                p3.willMove(toParent: nil)
                p3.didMove(toParent: nil)
                p4.deinit
                p5.deinit
                """)
            #expect(page.children.map { recorder.name(for: $0.id) } == ["p6", "p7"])
            #expect(page.children.allSatisfy { $0.appearanceState == .appeared })
            #expect(p3.parent == nil && p3.appearanceState == .disappeared)
            #expect(!page.hierarchyDescription.contains("moving") && !p3.hierarchyDescription.contains("moving"))
            window.runUntilIdle()
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// The swipe's turn removes the second outgoing page, and that page's `didMove(toParent: nil)`
    /// moves the page controller to a third window and swipes there to `[p1, y]`: `p1` is shown
    /// again when the first turn comes to it, which leaves it there (it took it out again, left a
    /// page shown with no parent).
    @Test func aPageShownAgainByASwipeInsideItsRemovalStaysShown() {  // §8, R7
        let recorder = Recorder()
        let pages = NumberedPages(count: 6)
        recorder.record {
            let (page, p0, p1, window, _, swipeThere) = pagesOffScreen(pages)
            let (third, thirdDriver) = idleWindow("third")
            let handing = HandingPages([p1, Leaf(name: "y")])
            var swiped = false
            p0.onWillMove = { parent in
                guard parent == nil, !swiped else { return }
                swiped = true
                swipeThere()
            }
            var swipedAgain = false
            // Unowned: `third` ends up holding `p1` (and `handing` holds it), which holds this hook.
            p1.onDidMove = {
                [unowned page, unowned third, unowned thirdDriver, unowned handing, unowned window] parent in
                guard parent == nil, !swipedAgain else { return }
                swipedAgain = true
                page.dataSource = handing
                swipeForward(page, in: third, driver: thirdDriver, leaving: window)
            }
            recorder.skipEvents()
            page.setControllers([Leaf(name: "p2"), Leaf(name: "p3")], direction: .forward, animated: false)
            recorder.expect(
                """
                \(turnToP2P3SwipedInsideP0)
                -- inside it: window.rootController = nil, third.rootController = page
                page.viewWillDisappear(animated: false)
                p4.viewWillDisappear(animated: false)
                p5.viewWillDisappear(animated: false)
                -- page comes back before the turn ends: no did-disappears (§1)
                page.viewWillAppear(animated: false)
                p4.viewWillAppear(animated: false)
                p5.viewWillAppear(animated: false)
                -- a swipe in third to [p1, y], finished and completed
                page.dataSource.controllerAfter(p5)
                page.dataSource.controllerAfter(p1)
                p1.willMove(toParent: page)
                y.willMove(toParent: page)
                page.delegate.willTransition(to: [p1, y])
                y.loadView()
                y.viewDidLoad()
                y.viewWillAppear(animated: true)
                p1.loadView()
                p1.viewDidLoad()
                p1.viewWillAppear(animated: true)
                p4.viewWillDisappear(animated: true)
                p5.viewWillDisappear(animated: true)
                p4.viewDidDisappear(animated: true)
                p5.viewDidDisappear(animated: true)
                p1.viewDidAppear(animated: true)
                y.viewDidAppear(animated: true)
                p1.didMove(toParent: page)
                y.didMove(toParent: page)
                p4.willMove(toParent: nil)
                p4.didMove(toParent: nil)
                p5.willMove(toParent: nil)
                p5.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p4, p5], completed: true)
                page.delegate.didFinishAnimating(previous: [p2, p3], completed: true)
                -- back in the first turn: p0's removal ends, p1 is shown
                p0.didMove(toParent: nil)
                p2.deinit
                p3.deinit
                """)
            #expect(page.shownControllers.map { recorder.name(for: $0.id) } == ["p1", "y"])
            #expect(page.children.map(\.id) == page.shownControllers.map(\.id))
            #expect(p1.parent === page && p1.appearanceState == .appeared && p1.view.window === third)
            #expect(p0.parent == nil && !p0.hierarchyDescription.contains("moving"))
            #expect(!page.hierarchyDescription.contains("moving"))
            window.runUntilIdle()
            third.runUntilIdle()
            recorder.expect(
                """
                p4.deinit
                p5.deinit
                page.viewDidAppear(animated: false)
                """)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }
}

/// A data source that hands out the pages it was given, in order, one for each page needed.
@MainActor
private final class HandingPages: PageControllerDataSource {
    var pages: [Controller]

    init(_ pages: [Controller]) {
        self.pages = pages
    }

    func pageController(_ page: PageController, controllerAfter controller: Controller) -> Controller? {
        pages.isEmpty ? nil : pages.removeFirst()
    }
}
