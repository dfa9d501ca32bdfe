import ContainerKit
import ContainerKitTesting
import Testing

/// Pages named `p0`, `p1`, … made on demand and held only by the page controller: the data
/// source keeps their names, never the pages.
@MainActor
final class NumberedPages: PageControllerDataSource, PageControllerDelegate {
    let count: Int

    init(count: Int) {
        self.count = count
    }

    static func number(of controller: Controller) -> Int? {
        controller.id.name.flatMap { Int($0.dropFirst()) }
    }

    func pageController(_ page: PageController, controllerBefore controller: Controller) -> Controller? {
        guard let number = Self.number(of: controller), number > 0 else { return nil }
        return Leaf(name: "p\(number - 1)")
    }

    func pageController(_ page: PageController, controllerAfter controller: Controller) -> Controller? {
        guard let number = Self.number(of: controller), number + 1 < count else { return nil }
        return Leaf(name: "p\(number + 1)")
    }
}

@Suite @MainActor struct PageTests {
    @Test func aScrollSwipeForwardFinishedAndCancelled() {  // §8
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        let driver = ManualAnimationDriver()
        recorder.record {
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.dataSource = pages
            page.delegate = pages
            page.setControllers([Leaf(name: "p0")], direction: .forward, animated: false)
            let window = show(page)
            driver.install(on: window)
            recorder.skipEvents()
            let swipe = page.beginInteractivePaging(.forward)
            #expect(swipe != nil)
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
            #expect(page.beginInteractivePaging(.forward) == nil)
            swipe?.finish()
            driver.finishAll()
            recorder.expect(
                """
                p1.viewDidAppear(animated: true)
                p0.viewDidDisappear(animated: true)
                p1.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p0], completed: true)
                p0.deinit
                """)
            let back = page.beginInteractivePaging(.reverse)
            recorder.skipEvents()
            back?.cancel()
            recorder.expect(
                """
                p1.viewWillAppear(animated: true)
                p1.viewDidAppear(animated: true)
                """)
            driver.finishAll()
            recorder.expect(
                """
                p0.viewWillDisappear(animated: true)
                p0.viewDidDisappear(animated: true)
                p0.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p1], completed: false)
                p0.deinit
                """)
            #expect(page.shownControllers.map { recorder.name(for: $0.id) } == ["p1"])
            #expect(page.children.count == 1)
            window.runUntilIdle()
            recorder.finish()
        }
    }

    // MARK: - The four rows of §8, forward and reverse

    @Test(arguments: [PageDirection.forward, .reverse])
    func aScrollSwipeThatFinishes(direction: PageDirection) {  // §8 scroll, finished
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        let (ask, new) = neighbour(of: direction)
        recorder.record {
            let (page, window, driver) = showPages(recorder, pages, showing: ["p1"])
            let swipe = page.beginInteractivePaging(direction)
            #expect(swipe != nil)
            recorder.expect(
                """
                -- inside beginInteractivePaging
                page.dataSource.\(ask)
                \(new).willMove(toParent: page)
                page.delegate.willTransition(to: [\(new)])
                \(new).loadView()
                \(new).viewDidLoad()
                \(new).viewWillAppear(animated: true)
                p1.viewWillDisappear(animated: true)
                """)
            #expect(pageNames(page.children, recorder) == ["p1", new])
            #expect(pageNames(page.shownControllers, recorder) == ["p1"])
            #expect(driver.inFlight.count == 1)
            swipe?.update(0.7)
            swipe?.finish()
            window.runUntilIdle()
            recorder.expect("-- the gesture let go: the driver completes the rest")
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                -- the animation completes
                \(new).viewDidAppear(animated: true)
                p1.viewDidDisappear(animated: true)
                \(new).didMove(toParent: page)
                p1.willMove(toParent: nil)
                p1.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p1], completed: true)
                p1.deinit
                """)
            #expect(pageNames(page.children, recorder) == [new])
            #expect(pageNames(page.shownControllers, recorder) == [new])
            window.runUntilIdle()
            recorder.finish()
        }
    }

    @Test(arguments: [PageDirection.forward, .reverse])
    func aScrollSwipeThatIsCancelled(direction: PageDirection) {  // §8 scroll, cancelled; R7
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        let (ask, new) = neighbour(of: direction)
        recorder.record {
            let (page, window, driver) = showPages(recorder, pages, showing: ["p1"])
            let swipe = page.beginInteractivePaging(direction)
            #expect(swipe != nil)
            recorder.expect(
                """
                -- inside beginInteractivePaging
                page.dataSource.\(ask)
                \(new).willMove(toParent: page)
                page.delegate.willTransition(to: [\(new)])
                \(new).loadView()
                \(new).viewDidLoad()
                \(new).viewWillAppear(animated: true)
                p1.viewWillDisappear(animated: true)
                """)
            swipe?.update(0.3)
            swipe?.cancel()
            recorder.expect(
                """
                -- inside cancel()
                p1.viewWillAppear(animated: true)
                p1.viewDidAppear(animated: true)
                """)
            #expect(pageNames(page.children, recorder) == ["p1", new])
            window.runUntilIdle()
            recorder.expect("")
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                -- the animation completes
                \(new).viewWillDisappear(animated: true)
                \(new).viewDidDisappear(animated: true)
                \(new).didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p1], completed: false)
                \(new).deinit
                """)
            #expect(pageNames(page.children, recorder) == ["p1"])
            #expect(pageNames(page.shownControllers, recorder) == ["p1"])
            window.runUntilIdle()
            recorder.finish()
        }
    }

    @Test(arguments: [PageDirection.forward, .reverse])
    func aPageCurlSwipeThatFinishes(direction: PageDirection) {  // §8 pageCurl, finished
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        let (ask, new) = neighbour(of: direction)
        recorder.record {
            let (page, window, driver) = showPages(recorder, pages, style: .pageCurl, showing: ["p1"])
            let swipe = page.beginInteractivePaging(direction)
            #expect(swipe != nil)
            recorder.expect(
                """
                -- inside beginInteractivePaging
                page.dataSource.\(ask)
                \(new).willMove(toParent: page)
                page.delegate.willTransition(to: [\(new)])
                \(new).loadView()
                \(new).viewDidLoad()
                \(new).viewWillAppear(animated: true)
                p1.viewWillDisappear(animated: true)
                """)
            swipe?.update(0.8)
            swipe?.finish()
            window.runUntilIdle()
            recorder.expect("")
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                -- the animation completes
                p1.viewDidDisappear(animated: true)
                \(new).viewDidAppear(animated: true)
                \(new).didMove(toParent: page)
                p1.willMove(toParent: nil)
                p1.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p1], completed: true)
                p1.deinit
                """)
            #expect(pageNames(page.children, recorder) == [new])
            #expect(pageNames(page.shownControllers, recorder) == [new])
            window.runUntilIdle()
            recorder.finish()
        }
    }

    @Test(arguments: [PageDirection.forward, .reverse])
    func aPageCurlSwipeThatIsCancelled(direction: PageDirection) {  // §8 pageCurl, cancelled; R7
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        let (ask, new) = neighbour(of: direction)
        recorder.record {
            let (page, window, driver) = showPages(recorder, pages, style: .pageCurl, showing: ["p1"])
            let swipe = page.beginInteractivePaging(direction)
            #expect(swipe != nil)
            recorder.expect(
                """
                -- inside beginInteractivePaging
                page.dataSource.\(ask)
                \(new).willMove(toParent: page)
                page.delegate.willTransition(to: [\(new)])
                \(new).loadView()
                \(new).viewDidLoad()
                \(new).viewWillAppear(animated: true)
                p1.viewWillDisappear(animated: true)
                """)
            swipe?.cancel()
            recorder.expect(
                """
                -- inside cancel()
                \(new).viewWillDisappear(animated: true)
                p1.viewWillAppear(animated: true)
                """)
            window.runUntilIdle()
            recorder.expect("")
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                -- the animation completes
                \(new).viewDidDisappear(animated: true)
                p1.viewDidAppear(animated: true)
                \(new).didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p1], completed: false)
                \(new).deinit
                """)
            #expect(pageNames(page.children, recorder) == ["p1"])
            #expect(pageNames(page.shownControllers, recorder) == ["p1"])
            window.runUntilIdle()
            recorder.finish()
        }
    }

    // MARK: - When a swipe can begin

    @Test func theDataSourceIsAskedOncePerSwipeAndOnlyWhenASwipeBegins() {  // §8 pull model
        let recorder = Recorder()
        let pages = LoggedPages(count: 4)
        recorder.record {
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.dataSource = pages
            page.setControllers([Leaf(name: "p1")], direction: .forward, animated: false)
            let window = show(page)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            page.setControllers([Leaf(name: "p2")], direction: .forward, animated: true)
            window.runUntilIdle()
            driver.finishAll()
            window.runUntilIdle()
            #expect(pages.asked.isEmpty)
            recorder.skipEvents()

            let forward = page.beginInteractivePaging(.forward)
            #expect(pages.asked == ["after p2"])
            forward?.update(0.5)
            forward?.finish()
            driver.finishAll()
            window.runUntilIdle()
            #expect(pages.asked == ["after p2"])
            recorder.expect(
                """
                page.dataSource.controllerAfter(p2)
                p3.willMove(toParent: page)
                p3.loadView()
                p3.viewDidLoad()
                p3.viewWillAppear(animated: true)
                p2.viewWillDisappear(animated: true)
                p3.viewDidAppear(animated: true)
                p2.viewDidDisappear(animated: true)
                p3.didMove(toParent: page)
                p2.willMove(toParent: nil)
                p2.didMove(toParent: nil)
                p2.deinit
                """)

            let back = page.beginInteractivePaging(.reverse)
            back?.cancel()
            driver.finishAll()
            window.runUntilIdle()
            #expect(pages.asked == ["after p2", "before p3"])
            recorder.expect(
                """
                page.dataSource.controllerBefore(p3)
                p2.willMove(toParent: page)
                p2.loadView()
                p2.viewDidLoad()
                p2.viewWillAppear(animated: true)
                p3.viewWillDisappear(animated: true)
                p3.viewWillAppear(animated: true)
                p3.viewDidAppear(animated: true)
                p2.viewWillDisappear(animated: true)
                p2.viewDidDisappear(animated: true)
                p2.didMove(toParent: nil)
                p2.deinit
                """)
            recorder.finish()
        }
    }

    @Test func aSwipeReturnsNilAtTheEndsAndChangesNothing() {  // §8
        let recorder = Recorder()
        let pages = NumberedPages(count: 1)
        recorder.record {
            let (page, window, driver) = showPages(recorder, pages)
            #expect(page.beginInteractivePaging(.forward) == nil)
            recorder.expect("page.dataSource.controllerAfter(p0)")
            #expect(page.beginInteractivePaging(.reverse) == nil)
            recorder.expect("page.dataSource.controllerBefore(p0)")
            #expect(pageNames(page.children, recorder) == ["p0"])
            #expect(pageNames(page.shownControllers, recorder) == ["p0"])
            #expect(!window.hasPendingWork)
            #expect(driver.started.isEmpty)
            window.runUntilIdle()
            recorder.finish()
        }
    }

    @Test func aSecondSwipeWhileTheFirstIsInFlightReturnsNil() {  // §1, §8 rapid paging
        let recorder = Recorder()
        let pages = NumberedPages(count: 4)
        recorder.record {
            let (page, window, driver) = showPages(recorder, pages)
            let first = page.beginInteractivePaging(.forward)
            #expect(first != nil)
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
            #expect(page.beginInteractivePaging(.forward) == nil)
            #expect(page.beginInteractivePaging(.reverse) == nil)
            recorder.expect("-- while the gesture is in progress: not even the data source is asked")
            first?.finish()
            #expect(page.beginInteractivePaging(.forward) == nil)
            window.runUntilIdle()
            #expect(page.beginInteractivePaging(.forward) == nil)
            recorder.expect("-- while the animation runs out")
            #expect(pageNames(page.children, recorder) == ["p0", "p1"])
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                p1.viewDidAppear(animated: true)
                p0.viewDidDisappear(animated: true)
                p1.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p0], completed: true)
                p0.deinit
                """)
            let second = page.beginInteractivePaging(.forward)
            #expect(second != nil)
            recorder.expect(
                """
                page.dataSource.controllerAfter(p1)
                p2.willMove(toParent: page)
                page.delegate.willTransition(to: [p2])
                p2.loadView()
                p2.viewDidLoad()
                p2.viewWillAppear(animated: true)
                p1.viewWillDisappear(animated: true)
                """)
            second?.finish()
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                p2.viewDidAppear(animated: true)
                p1.viewDidDisappear(animated: true)
                p2.didMove(toParent: page)
                p1.willMove(toParent: nil)
                p1.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p1], completed: true)
                p1.deinit
                """)
            #expect(pageNames(page.children, recorder) == ["p2"])
            window.runUntilIdle()
            recorder.finish()
        }
    }

    @Test func aSwipeReturnsNilWhileAProgrammaticTurnIsPendingOrInFlight() {  // §1, §8
        let recorder = Recorder()
        let pages = NumberedPages(count: 4)
        recorder.record {
            let (page, window, driver) = showPages(recorder, pages)
            page.setControllers([Leaf(name: "p3")], direction: .forward, animated: true)
            recorder.expect("p3.willMove(toParent: page)")
            #expect(window.hasPendingWork)
            #expect(page.beginInteractivePaging(.reverse) == nil)
            recorder.expect("-- pending: the data source is not asked")
            window.runUntilIdle()
            recorder.expect(
                """
                p3.loadView()
                p3.viewDidLoad()
                p3.viewWillAppear(animated: true)
                p0.viewWillDisappear(animated: true)
                """)
            #expect(page.beginInteractivePaging(.reverse) == nil)
            recorder.expect("-- in flight: the data source is not asked")
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                p3.viewDidAppear(animated: true)
                p0.viewDidDisappear(animated: true)
                p3.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                p0.deinit
                """)
            window.runUntilIdle()
            #expect(page.beginInteractivePaging(.forward) == nil)
            recorder.expect("page.dataSource.controllerAfter(p3)")
            let back = page.beginInteractivePaging(.reverse)
            #expect(back != nil)
            back?.cancel()
            driver.finishAll()
            recorder.expect(
                """
                page.dataSource.controllerBefore(p3)
                p2.willMove(toParent: page)
                page.delegate.willTransition(to: [p2])
                p2.loadView()
                p2.viewDidLoad()
                p2.viewWillAppear(animated: true)
                p3.viewWillDisappear(animated: true)
                p3.viewWillAppear(animated: true)
                p3.viewDidAppear(animated: true)
                p2.viewWillDisappear(animated: true)
                p2.viewDidDisappear(animated: true)
                p2.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p3], completed: false)
                p2.deinit
                """)
            window.runUntilIdle()
            recorder.finish()
        }
    }

    @Test func aSwipeReturnsNilOffScreen() {  // §1, §8
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        recorder.record {
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.dataSource = pages
            page.delegate = pages
            #expect(page.beginInteractivePaging(.forward) == nil)
            page.setControllers([Leaf(name: "p1")], direction: .forward, animated: false)
            recorder.skipEvents()
            #expect(page.beginInteractivePaging(.forward) == nil)
            #expect(page.beginInteractivePaging(.reverse) == nil)
            recorder.expect("-- never shown: the data source is not asked")

            let window = show(page)
            window.isHidden = true
            recorder.skipEvents()
            #expect(page.beginInteractivePaging(.forward) == nil)
            #expect(page.beginInteractivePaging(.reverse) == nil)
            recorder.expect("-- in a hidden window: the data source is not asked")
            #expect(pageNames(page.children, recorder) == ["p1"])
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    @Test func aSwipeReturnsNilWithNoPageShown() {  // §8
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        recorder.record {
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.dataSource = pages
            let window = show(page)
            recorder.skipEvents()
            #expect(page.beginInteractivePaging(.forward) == nil)
            recorder.expect("")
            #expect(page.children.isEmpty)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    // MARK: - The pull model

    @Test func onlyShownAndPendingPagesAreChildrenAndTurnedPagesDeallocate() {  // §8 pull model, §1
        let recorder = Recorder()
        let pages = NumberedPages(count: 4)
        let tracker = LeakTracker()
        recorder.record {
            let (page, window, driver) = showPages(recorder, pages)
            weak let p0 = page.shownControllers.first
            do {
                tracker.track(page.shownControllers[0])
                tracker.track(page.shownControllers[0].view)
                let swipe = page.beginInteractivePaging(.forward)
                #expect(pageNames(page.children, recorder) == ["p0", "p1"])
                #expect(pageNames(page.shownControllers, recorder) == ["p0"])
                swipe?.finish()
                driver.finish(driver.inFlight[0])
            }
            recorder.expect(
                """
                page.dataSource.controllerAfter(p0)
                p1.willMove(toParent: page)
                page.delegate.willTransition(to: [p1])
                p1.loadView()
                p1.viewDidLoad()
                p1.viewWillAppear(animated: true)
                p0.viewWillDisappear(animated: true)
                p1.viewDidAppear(animated: true)
                p0.viewDidDisappear(animated: true)
                p1.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p0], completed: true)
                p0.deinit
                """)
            #expect(p0 == nil)
            tracker.expectAllDeallocated()
            #expect(pageNames(page.children, recorder) == ["p1"])
            #expect(pageNames(page.shownControllers, recorder) == ["p1"])

            weak let p1 = page.shownControllers.first
            do {
                tracker.track(page.shownControllers[0])
                tracker.track(page.shownControllers[0].view)
                let swipe = page.beginInteractivePaging(.forward)
                #expect(pageNames(page.children, recorder) == ["p1", "p2"])
                swipe?.finish()
                driver.finish(driver.inFlight[0])
            }
            recorder.expect(
                """
                page.dataSource.controllerAfter(p1)
                p2.willMove(toParent: page)
                page.delegate.willTransition(to: [p2])
                p2.loadView()
                p2.viewDidLoad()
                p2.viewWillAppear(animated: true)
                p1.viewWillDisappear(animated: true)
                p2.viewDidAppear(animated: true)
                p1.viewDidDisappear(animated: true)
                p2.didMove(toParent: page)
                p1.willMove(toParent: nil)
                p1.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p1], completed: true)
                p1.deinit
                """)
            #expect(p1 == nil)
            tracker.expectAllDeallocated()
            #expect(pageNames(page.children, recorder) == ["p2"])

            weak let p2 = page.shownControllers.first
            do {
                tracker.track(page.shownControllers[0])
                let swipe = page.beginInteractivePaging(.reverse)
                #expect(pageNames(page.children, recorder) == ["p2", "p1"])
                swipe?.finish()
                driver.finish(driver.inFlight[0])
            }
            recorder.expect(
                """
                -- back to a new p1: the data source keeps no page
                page.dataSource.controllerBefore(p2)
                p1.willMove(toParent: page)
                page.delegate.willTransition(to: [p1])
                p1.loadView()
                p1.viewDidLoad()
                p1.viewWillAppear(animated: true)
                p2.viewWillDisappear(animated: true)
                p1.viewDidAppear(animated: true)
                p2.viewDidDisappear(animated: true)
                p1.didMove(toParent: page)
                p2.willMove(toParent: nil)
                p2.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p2], completed: true)
                p2.deinit
                """)
            #expect(p2 == nil)
            tracker.expectAllDeallocated()
            #expect(pageNames(page.children, recorder) == ["p1"])
            #expect(pageNames(page.shownControllers, recorder) == ["p1"])
            window.runUntilIdle()
            recorder.finish()
        }
    }

    @Test func aCancelledPageIsNotKept() {  // §8 pull model, R7
        let recorder = Recorder()
        let pages = NumberedPages(count: 2)
        let tracker = LeakTracker()
        recorder.record {
            let (page, window, driver) = showPages(recorder, pages)
            weak var pending: Controller?
            do {
                let swipe = page.beginInteractivePaging(.forward)
                pending = page.children.last
                if let incoming = page.children.last {
                    tracker.track(incoming)
                    tracker.track(incoming.view)
                }
                swipe?.cancel()
                driver.finish(driver.inFlight[0])
            }
            recorder.expect(
                """
                page.dataSource.controllerAfter(p0)
                p1.willMove(toParent: page)
                page.delegate.willTransition(to: [p1])
                p1.loadView()
                p1.viewDidLoad()
                p1.viewWillAppear(animated: true)
                p0.viewWillDisappear(animated: true)
                p0.viewWillAppear(animated: true)
                p0.viewDidAppear(animated: true)
                p1.viewWillDisappear(animated: true)
                p1.viewDidDisappear(animated: true)
                p1.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p0], completed: false)
                p1.deinit
                """)
            #expect(pending == nil)
            tracker.expectAllDeallocated()
            #expect(pageNames(page.children, recorder) == ["p0"])
            window.runUntilIdle()
            recorder.finish()
        }
    }

    // MARK: - Middle spine

    @Test func aMiddleSpineSwipeForwardThatFinishes() {  // §8 middle spine
        let recorder = Recorder()
        let pages = NumberedPages(count: 6)
        recorder.record {
            let (page, window, driver) = showPages(
                recorder, pages, style: .pageCurl, spine: .mid, showing: ["p0", "p1"])
            #expect(page.pagesShownAtOnce == 2)
            let swipe = page.beginInteractivePaging(.forward)
            #expect(swipe != nil)
            recorder.expect(
                """
                -- inside beginInteractivePaging
                page.dataSource.controllerAfter(p1)
                page.dataSource.controllerAfter(p2)
                p2.willMove(toParent: page)
                p3.willMove(toParent: page)
                page.delegate.willTransition(to: [p2, p3])
                -- [rev 2] the incoming pair's will-callbacks right page first
                p3.loadView()
                p3.viewDidLoad()
                p3.viewWillAppear(animated: true)
                p2.loadView()
                p2.viewDidLoad()
                p2.viewWillAppear(animated: true)
                -- the outgoing pair's left first
                p0.viewWillDisappear(animated: true)
                p1.viewWillDisappear(animated: true)
                """)
            #expect(pageNames(page.children, recorder) == ["p0", "p1", "p2", "p3"])
            #expect(pageNames(page.shownControllers, recorder) == ["p0", "p1"])
            swipe?.finish()
            recorder.expect("")
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                -- the animation completes
                p0.viewDidDisappear(animated: true)
                p1.viewDidDisappear(animated: true)
                p2.viewDidAppear(animated: true)
                p3.viewDidAppear(animated: true)
                p2.didMove(toParent: page)
                p3.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                p1.willMove(toParent: nil)
                p1.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p0, p1], completed: true)
                p0.deinit
                p1.deinit
                """)
            #expect(pageNames(page.children, recorder) == ["p2", "p3"])
            #expect(pageNames(page.shownControllers, recorder) == ["p2", "p3"])
            window.runUntilIdle()
            recorder.finish()
        }
    }

    @Test func aMiddleSpineSwipeBackThatIsCancelled() {  // §8 middle spine, R7
        let recorder = Recorder()
        let pages = NumberedPages(count: 6)
        recorder.record {
            let (page, window, driver) = showPages(
                recorder, pages, style: .pageCurl, spine: .mid, showing: ["p2", "p3"])
            let swipe = page.beginInteractivePaging(.reverse)
            #expect(swipe != nil)
            recorder.expect(
                """
                -- inside beginInteractivePaging
                page.dataSource.controllerBefore(p2)
                page.dataSource.controllerBefore(p1)
                p0.willMove(toParent: page)
                p1.willMove(toParent: page)
                page.delegate.willTransition(to: [p0, p1])
                -- [rev 2] the incoming pair's will-callbacks right page first
                p1.loadView()
                p1.viewDidLoad()
                p1.viewWillAppear(animated: true)
                p0.loadView()
                p0.viewDidLoad()
                p0.viewWillAppear(animated: true)
                p2.viewWillDisappear(animated: true)
                p3.viewWillDisappear(animated: true)
                """)
            swipe?.cancel()
            recorder.expect(
                """
                -- inside cancel(): the incoming pair's will-callbacks right first, the outgoing pair's left first
                p1.viewWillDisappear(animated: true)
                p0.viewWillDisappear(animated: true)
                p2.viewWillAppear(animated: true)
                p3.viewWillAppear(animated: true)
                """)
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                -- the animation completes
                p0.viewDidDisappear(animated: true)
                p1.viewDidDisappear(animated: true)
                p2.viewDidAppear(animated: true)
                p3.viewDidAppear(animated: true)
                p0.didMove(toParent: nil)
                p1.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p2, p3], completed: false)
                p0.deinit
                p1.deinit
                """)
            #expect(pageNames(page.children, recorder) == ["p2", "p3"])
            #expect(pageNames(page.shownControllers, recorder) == ["p2", "p3"])
            window.runUntilIdle()
            recorder.finish()
        }
    }

    @Test func aMiddleSpineSwipeReturnsNilWhenTheSecondPageIsMissing() {  // §8 middle spine
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        recorder.record {
            let (page, window, driver) = showPages(
                recorder, pages, style: .pageCurl, spine: .mid, showing: ["p0", "p1"])
            #expect(page.beginInteractivePaging(.forward) == nil)
            recorder.expect(
                """
                page.dataSource.controllerAfter(p1)
                page.dataSource.controllerAfter(p2)
                p2.deinit
                """)
            #expect(page.beginInteractivePaging(.reverse) == nil)
            recorder.expect("page.dataSource.controllerBefore(p0)")
            #expect(pageNames(page.children, recorder) == ["p0", "p1"])
            #expect(pageNames(page.shownControllers, recorder) == ["p0", "p1"])
            #expect(!window.hasPendingWork)
            #expect(driver.started.isEmpty)
            recorder.finish()
        }
    }

    @Test func aMiddleSpineSwipeAsksTheDataSourceOncePerPage() {  // §8 pull model, middle spine
        let recorder = Recorder()
        let pages = LoggedPages(count: 6)
        recorder.record {
            let page = PageController(name: "page", transitionStyle: .pageCurl, spineLocation: .mid)
            page.dataSource = pages
            page.setControllers([Leaf(name: "p2"), Leaf(name: "p3")], direction: .forward, animated: false)
            let window = show(page)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            #expect(pages.asked.isEmpty)
            let forward = page.beginInteractivePaging(.forward)
            #expect(pages.asked == ["after p3", "after p4"])
            forward?.finish()
            driver.finishAll()
            window.runUntilIdle()
            let back = page.beginInteractivePaging(.reverse)
            back?.cancel()
            driver.finishAll()
            window.runUntilIdle()
            #expect(pages.asked == ["after p3", "after p4", "before p4", "before p3"])
            recorder.skipEvents()
            recorder.finish()
        }
    }

    // MARK: - Programmatic setControllers

    @Test(arguments: [PageTransitionStyle.scroll, .pageCurl], [true, false])
    func setControllersOnAVisiblePageController(style: PageTransitionStyle, animated: Bool) {  // §8
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        recorder.record {
            let (page, window, driver) = showPages(recorder, pages, style: style)
            var finishedValues: [Bool] = []
            page.setControllers([Leaf(name: "p5")], direction: .reverse, animated: animated) { finished in
                finishedValues.append(finished)
            }
            let willCallbacks = """
                p5.loadView()
                p5.viewDidLoad()
                p5.viewWillAppear(animated: \(animated))
                p0.viewWillDisappear(animated: \(animated))
                """
            let dids =
                style == .scroll
                ? """
                p5.viewDidAppear(animated: \(animated))
                p0.viewDidDisappear(animated: \(animated))
                """
                : """
                p0.viewDidDisappear(animated: \(animated))
                p5.viewDidAppear(animated: \(animated))
                """
            let end = """
                \(dids)
                p5.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                page.completion(finished: true)
                p0.deinit
                """
            if animated {
                recorder.expect("p5.willMove(toParent: page)")
                #expect(pageNames(page.children, recorder) == ["p0", "p5"])
                #expect(pageNames(page.shownControllers, recorder) == ["p5"])
                #expect(window.hasPendingWork)
                window.runUntilIdle()
                recorder.expect("-- end of the turn\n" + willCallbacks)
                #expect(driver.inFlight.count == 1)
                #expect(finishedValues.isEmpty)
                driver.finish(driver.inFlight[0])
                recorder.expect("-- the animation completes\n" + end)
            } else {
                // [rev 2] Not animated, in an idle window: the whole turn runs inside the call.
                recorder.expect("-- inside setControllers\np5.willMove(toParent: page)\n" + willCallbacks + "\n" + end)
                #expect(!window.hasPendingWork)
                #expect(driver.started.isEmpty)
            }
            #expect(finishedValues == [true])
            #expect(pageNames(page.children, recorder) == ["p5"])
            #expect(pageNames(page.shownControllers, recorder) == ["p5"])
            window.runUntilIdle()
            recorder.finish()
        }
    }

    @Test func setControllersOffScreenCompletesInsideTheCall() {  // §1, §8
        let recorder = Recorder()
        recorder.record {
            let page = PageController(name: "page", transitionStyle: .scroll)
            var finishedValues: [Bool] = []
            page.setControllers([Leaf(name: "p0")], direction: .forward, animated: true) { finished in
                finishedValues.append(finished)
            }
            recorder.expect(
                """
                p0.willMove(toParent: page)
                p0.didMove(toParent: page)
                page.completion(finished: true)
                """)
            page.setControllers([Leaf(name: "p1")], direction: .forward, animated: true) { finished in
                finishedValues.append(finished)
            }
            recorder.expect(
                """
                p1.willMove(toParent: page)
                p1.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                page.completion(finished: true)
                p0.deinit
                """)
            #expect(finishedValues == [true, true])
            #expect(pageNames(page.children, recorder) == ["p1"])
            #expect(pageNames(page.shownControllers, recorder) == ["p1"])
            #expect(!page.isViewLoaded)
            recorder.finish()
        }
    }

    @Test func setControllersInAHiddenWindowCompletesInsideTheCall() {  // §1, §8, F6
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        recorder.record {
            let (page, window, driver) = showPages(recorder, pages)
            window.isHidden = true
            recorder.expect(
                """
                page.viewWillDisappear(animated: false)
                p0.viewWillDisappear(animated: false)
                page.viewDidDisappear(animated: false)
                p0.viewDidDisappear(animated: false)
                """)
            page.setControllers([Leaf(name: "p2")], direction: .forward, animated: true)
            recorder.expect(
                """
                p2.willMove(toParent: page)
                p2.loadView()
                p2.viewDidLoad()
                p2.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                p0.deinit
                """)
            #expect(!window.hasPendingWork)
            window.isHidden = false
            recorder.expect(
                """
                page.viewWillAppear(animated: false)
                p2.viewWillAppear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                page.viewDidAppear(animated: false)
                p2.viewDidAppear(animated: false)
                """)
            #expect(driver.started.isEmpty)
            recorder.finish()
        }
    }

    @Test func twoSetControllersInOneTurnMakeOneTurn() {  // §8, R7
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        recorder.record {
            let (page, window, driver) = showPages(recorder, pages)
            var completions: [String] = []
            page.setControllers([Leaf(name: "a")], direction: .forward, animated: true) { finished in
                completions.append("a: \(finished)")
            }
            page.setControllers([Leaf(name: "b")], direction: .forward, animated: true) { finished in
                completions.append("b: \(finished)")
            }
            recorder.expect(
                """
                a.willMove(toParent: page)
                b.willMove(toParent: page)
                """)
            #expect(pageNames(page.shownControllers, recorder) == ["b"])
            window.runUntilIdle()
            recorder.expect(
                """
                -- one turn, from p0 straight to b
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: true)
                p0.viewWillDisappear(animated: true)
                """)
            #expect(driver.inFlight.count == 1)
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                b.viewDidAppear(animated: true)
                p0.viewDidDisappear(animated: true)
                b.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                a.didMove(toParent: nil)
                a.deinit
                page.completion(finished: true)
                page.completion(finished: true)
                p0.deinit
                """)
            window.runUntilIdle()
            recorder.expect("")
            #expect(driver.started.count == 1)
            #expect(completions == ["a: true", "b: true"])
            #expect(pageNames(page.children, recorder) == ["b"])
            recorder.finish()
        }
    }

    @Test func setControllersDuringASwipeRunsAfterIt() {  // §1 one visible transition at a time, §8
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        recorder.record {
            let (page, window, driver) = showPages(recorder, pages)
            let swipe = page.beginInteractivePaging(.forward)
            swipe?.finish()
            recorder.skipEvents()
            var finishedValues: [Bool] = []
            page.setControllers([Leaf(name: "p5")], direction: .forward, animated: true) { finished in
                finishedValues.append(finished)
            }
            recorder.expect("p5.willMove(toParent: page)")
            #expect(pageNames(page.shownControllers, recorder) == ["p5"])
            window.runUntilIdle()
            recorder.expect("-- the swipe is still in flight")
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                p1.viewDidAppear(animated: true)
                p0.viewDidDisappear(animated: true)
                p1.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p0], completed: true)
                p0.deinit
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the programmatic turn starts at the end of the next turn
                p5.loadView()
                p5.viewDidLoad()
                p5.viewWillAppear(animated: true)
                p1.viewWillDisappear(animated: true)
                """)
            driver.finishAll()
            recorder.expect(
                """
                p5.viewDidAppear(animated: true)
                p1.viewDidDisappear(animated: true)
                p5.didMove(toParent: page)
                p1.willMove(toParent: nil)
                p1.didMove(toParent: nil)
                page.completion(finished: true)
                p1.deinit
                """)
            #expect(finishedValues == [true])
            #expect(pageNames(page.children, recorder) == ["p5"])
            #expect(pageNames(page.shownControllers, recorder) == ["p5"])
            window.runUntilIdle()
            recorder.finish()
        }
    }

    @Test func setControllersWithAMiddleSpine() {  // §8 middle spine, programmatic
        let recorder = Recorder()
        let pages = NumberedPages(count: 6)
        recorder.record {
            let (page, window, driver) = showPages(
                recorder, pages, style: .pageCurl, spine: .mid, showing: ["p0", "p1"])
            page.setControllers([Leaf(name: "p4"), Leaf(name: "p5")], direction: .forward, animated: true)
            recorder.expect(
                """
                p4.willMove(toParent: page)
                p5.willMove(toParent: page)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                -- [rev 2] animated: the incoming pair's will-callbacks right page first
                p5.loadView()
                p5.viewDidLoad()
                p5.viewWillAppear(animated: true)
                p4.loadView()
                p4.viewDidLoad()
                p4.viewWillAppear(animated: true)
                p0.viewWillDisappear(animated: true)
                p1.viewWillDisappear(animated: true)
                """)
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                p0.viewDidDisappear(animated: true)
                p1.viewDidDisappear(animated: true)
                p4.viewDidAppear(animated: true)
                p5.viewDidAppear(animated: true)
                p4.didMove(toParent: page)
                p5.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                p1.willMove(toParent: nil)
                p1.didMove(toParent: nil)
                p0.deinit
                p1.deinit
                """)
            #expect(pageNames(page.children, recorder) == ["p4", "p5"])
            window.runUntilIdle()
            recorder.finish()
        }
    }

    // MARK: - Showing the window

    @Test func showingTheWindowShowsTheCurrentPage() {  // F6, §4, §8
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        recorder.record {
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.dataSource = pages
            page.delegate = pages
            page.setControllers([Leaf(name: "p1")], direction: .forward, animated: false)
            recorder.expect(
                """
                -- off screen: inside the call
                p1.willMove(toParent: page)
                p1.didMove(toParent: page)
                """)
            let window = makeWindow()
            window.rootController = page
            window.makeKeyAndVisible()
            recorder.expect(
                """
                page.loadView()
                page.viewDidLoad()
                page.viewWillAppear(animated: false)
                p1.loadView()
                p1.viewDidLoad()
                p1.viewWillAppear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                -- end of the turn; the data source is not asked
                page.viewDidAppear(animated: false)
                p1.viewDidAppear(animated: false)
                """)
            #expect(pageNames(page.children, recorder) == ["p1"])
            recorder.finish()
        }
    }

    @Test func showingTheWindowShowsBothPagesOfASpread() {  // F6, §4, §8 middle spine
        let recorder = Recorder()
        let pages = NumberedPages(count: 4)
        recorder.record {
            let page = PageController(name: "page", transitionStyle: .pageCurl, spineLocation: .mid)
            page.dataSource = pages
            page.delegate = pages
            page.setControllers([Leaf(name: "p0"), Leaf(name: "p1")], direction: .forward, animated: false)
            recorder.expect(
                """
                -- off screen: inside the call
                p0.willMove(toParent: page)
                p1.willMove(toParent: page)
                p0.didMove(toParent: page)
                p1.didMove(toParent: page)
                """)
            let window = makeWindow()
            window.rootController = page
            window.makeKeyAndVisible()
            recorder.expect(
                """
                page.loadView()
                page.viewDidLoad()
                page.viewWillAppear(animated: false)
                p0.loadView()
                p0.viewDidLoad()
                p1.loadView()
                p1.viewDidLoad()
                p0.viewWillAppear(animated: false)
                p1.viewWillAppear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                -- end of the turn; the data source is not asked
                page.viewDidAppear(animated: false)
                p0.viewDidAppear(animated: false)
                p1.viewDidAppear(animated: false)
                """)
            #expect(pageNames(page.children, recorder) == ["p0", "p1"])
            recorder.finish()
        }
    }

    // MARK: - The transition coordinator

    @Test(arguments: [false, true])
    func theCoordinatorOfASwipe(cancelled: Bool) {  // §8, §1 interactive rules
        let recorder = Recorder()
        let notes = Notes()
        let pages = LoggedPages(count: 3) { CoordinatorProbe(name: $0, notes: notes) }
        recorder.record {
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.dataSource = pages
            page.setControllers([CoordinatorProbe(name: "p0", notes: notes)], direction: .forward, animated: false)
            let window = show(page)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            recorder.skipEvents()
            _ = notes.take()
            #expect(page.transitionCoordinator == nil)

            let swipe = page.beginInteractivePaging(.forward)
            let interacting = "animated: true, interactive: true, cancelled: false"
            #expect(
                notes.take() == [
                    "p1.viewWillAppear (\(interacting))",
                    "p0.viewWillDisappear (\(interacting))",
                    "p1: alongside animation (interactive: true)",
                ])
            let coordinator = page.children.last?.transitionCoordinator
            #expect(coordinator != nil)
            #expect(coordinator === page.transitionCoordinator)
            #expect(coordinator?.isInteractive == true)
            #expect(coordinator?.isCancelled == false)
            #expect(coordinator?.transitionDuration == PageController.turnDuration)
            swipe?.update(0.5)
            #expect(notes.take().isEmpty)

            let settled = "animated: true, interactive: false, cancelled: \(cancelled)"
            if cancelled {
                swipe?.cancel()
                #expect(
                    notes.take() == [
                        "p1: interaction changed (interactive: false, cancelled: true)",
                        "p0.viewWillAppear (\(settled))",
                        "p0.viewDidAppear (\(settled))",
                    ])
            } else {
                swipe?.finish()
                #expect(notes.take() == ["p1: interaction changed (interactive: false, cancelled: false)"])
            }
            #expect(coordinator?.isInteractive == false)
            #expect(coordinator?.isCancelled == cancelled)
            driver.finish(driver.inFlight[0])
            if cancelled {
                #expect(
                    notes.take() == [
                        "p1.viewWillDisappear (\(settled))",
                        "p1.viewDidDisappear (\(settled))",
                        "p1: alongside completion (cancelled: true)",
                    ])
            } else {
                #expect(
                    notes.take() == [
                        "p1.viewDidAppear (\(settled))",
                        "p0.viewDidDisappear (\(settled))",
                        "p1: alongside completion (cancelled: false)",
                    ])
            }
            #expect(page.transitionCoordinator == nil)
            #expect(page.children.allSatisfy { $0.transitionCoordinator == nil })
            window.runUntilIdle()
            recorder.skipEvents()
            recorder.finish()
        }
    }

    // MARK: - Refusals

    @Test func setControllersRefusals() {  // §8, §11
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        recorder.record {
            let (page, window, _) = showPages(recorder, pages)
            let spread = PageController(name: "spread", transitionStyle: .pageCurl, spineLocation: .mid)
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let q = Parent(name: "q")
            let x = Leaf(name: "x")
            embed(x, in: q)
            recorder.skipEvents()

            recorder.expectViolation(.invalidContainerContents, unchanged: [page, a, b]) {
                page.setControllers([a, b], direction: .forward, animated: true)
            }
            recorder.expectViolation(.invalidContainerContents, unchanged: [page]) {
                page.setControllers([], direction: .forward, animated: false)
            }
            recorder.expectViolation(.invalidContainerContents, unchanged: [spread, a]) {
                spread.setControllers([a], direction: .forward, animated: false)
            }
            recorder.expectViolation(.invalidContainerContents, unchanged: [spread, a]) {
                spread.setControllers([a, a], direction: .forward, animated: false)
            }
            recorder.expectViolation(.invalidContainerContents, unchanged: [page, q]) {
                page.setControllers([x], direction: .forward, animated: true)
            }
            #expect(pageNames(page.shownControllers, recorder) == ["p0"])
            #expect(pageNames(page.children, recorder) == ["p0"])
            #expect(spread.children.isEmpty)
            #expect(x.parent === q)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    @Test func shownAndPendingPagesMoveOnlyThroughThePageController() {  // R9, §11
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        recorder.record {
            let (page, window, driver) = showPages(recorder, pages)
            let q = Parent(name: "q")
            let x = Leaf(name: "x")
            let p0 = page.shownControllers[0]
            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [page, x]) {
                page.addChild(x)
            }
            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [page]) {
                p0.removeFromParent()
            }
            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [page, q]) {
                q.addChild(p0)
            }

            let swipe = page.beginInteractivePaging(.forward)
            recorder.skipEvents()
            let p1 = page.children[1]
            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [page]) {
                p1.removeFromParent()
            }
            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [page, q]) {
                q.addChild(p1)
            }
            recorder.expectViolation(.invalidTransition, unchanged: [page]) {
                page.transition(from: p0, to: p1, duration: 0.3, animations: nil, completion: nil)
            }
            #expect(pageNames(page.children, recorder) == ["p0", "p1"])
            swipe?.cancel()
            driver.finishAll()
            window.runUntilIdle()
            recorder.skipEvents()
            #expect(pageNames(page.children, recorder) == ["p0"])
            recorder.finish()
        }
    }

    @Test func transitionBetweenTheTwoPagesOfASpreadIsRefused() {  // R9, §11
        let recorder = Recorder()
        let pages = NumberedPages(count: 4)
        recorder.record {
            let (page, window, _) = showPages(
                recorder, pages, style: .pageCurl, spine: .mid, showing: ["p0", "p1"])
            let left = page.shownControllers[0]
            let right = page.shownControllers[1]
            recorder.expectViolation(.invalidTransition, unchanged: [page]) {
                page.transition(from: left, to: right, duration: 0, animations: nil, completion: nil)
            }
            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [page]) {
                right.removeFromParent()
            }
            #expect(pageNames(page.children, recorder) == ["p0", "p1"])
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }
}

/// Pages named `p0`, `p1`, … made by `make`, with a log of every question the data source was asked.
@MainActor
private final class LoggedPages: PageControllerDataSource {
    let count: Int
    let make: @MainActor (String) -> Controller
    var asked: [String] = []

    init(count: Int, make: @escaping @MainActor (String) -> Controller = { Leaf(name: $0) }) {
        self.count = count
        self.make = make
    }

    func pageController(_ page: PageController, controllerBefore controller: Controller) -> Controller? {
        asked.append("before \(controller.id.name ?? "?")")
        guard let number = NumberedPages.number(of: controller), number > 0 else { return nil }
        return make("p\(number - 1)")
    }

    func pageController(_ page: PageController, controllerAfter controller: Controller) -> Controller? {
        asked.append("after \(controller.id.name ?? "?")")
        guard let number = NumberedPages.number(of: controller), number + 1 < count else { return nil }
        return make("p\(number + 1)")
    }
}

/// A page that notes, inside each appearance callback, its transition coordinator; inside a
/// `viewWillAppear` of an interactive transition it also asks to be told when the interaction
/// changes and registers an alongside animation and completion.
private final class CoordinatorProbe: Controller {
    let notes: Notes
    let label: String

    init(name: String, notes: Notes) {
        self.notes = notes
        label = name
        super.init(name: name)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        note("viewWillAppear")
        guard let coordinator = transitionCoordinator, coordinator.isInteractive else { return }
        let notes = notes
        let label = label
        coordinator.notifyWhenInteractionChanges { context in
            notes.lines.append(
                "\(label): interaction changed (interactive: \(context.isInteractive), cancelled: \(context.isCancelled))"
            )
        }
        coordinator.animate(
            alongsideTransition: { context in
                notes.lines.append("\(label): alongside animation (interactive: \(context.isInteractive))")
            },
            completion: { context in
                notes.lines.append("\(label): alongside completion (cancelled: \(context.isCancelled))")
            })
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        note("viewDidAppear")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        note("viewWillDisappear")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        note("viewDidDisappear")
    }

    private func note(_ callback: String) {
        let state =
            transitionCoordinator.map {
                "animated: \($0.isAnimated), interactive: \($0.isInteractive), cancelled: \($0.isCancelled)"
            } ?? "no coordinator"
        notes.lines.append("\(label).\(callback) (\(state))")
    }
}

/// A page controller named `page` with `pages` as data source and delegate, given the pages named
/// `names` off screen, shown in a visible window with a manual animation driver; the setup
/// transcript is skipped.
@MainActor
private func showPages(
    _ recorder: Recorder, _ pages: NumberedPages, style: PageTransitionStyle = .scroll,
    spine: SpineLocation = .min, showing names: [String] = ["p0"]
) -> (page: PageController, window: Window, driver: ManualAnimationDriver) {
    let page = PageController(name: "page", transitionStyle: style, spineLocation: spine)
    page.dataSource = pages
    page.delegate = pages
    page.setControllers(names.map { Leaf(name: $0) }, direction: .forward, animated: false)
    let window = show(page)
    let driver = ManualAnimationDriver()
    driver.install(on: window)
    recorder.skipEvents()
    return (page, window, driver)
}

/// The recorder's names of `controllers`.
@MainActor
private func pageNames(_ controllers: [Controller], _ recorder: Recorder) -> [String] {
    controllers.map { recorder.name(for: $0.id) }
}

/// What a swipe from `p1` in `direction` asks, and the page it brings in (`NumberedPages(count: 3)`).
private func neighbour(of direction: PageDirection) -> (ask: String, new: String) {
    direction == .forward ? ("controllerAfter(p1)", "p2") : ("controllerBefore(p1)", "p0")
}

/// Spec §1 and §8 [rev 2]: a non-animated `setControllers` on a visible page controller runs inside
/// the call when its window is idle, and waits for its turn otherwise.
@Suite @MainActor struct PageChangeInsideTheCallTests {
    @Test func aMiddleSpineChangeNotAnimatedGoesLeftThenRightInsideTheCall() {  // §8 [rev 2]
        let recorder = Recorder()
        let pages = NumberedPages(count: 6)
        recorder.record {
            let (page, window, driver) = showPages(
                recorder, pages, style: .pageCurl, spine: .mid, showing: ["p0", "p1"])
            var finishedValues: [Bool] = []
            page.setControllers([Leaf(name: "p4"), Leaf(name: "p5")], direction: .forward, animated: false) {
                finishedValues.append($0)
            }
            recorder.expect(
                """
                -- inside setControllers, left then right throughout
                p4.willMove(toParent: page)
                p5.willMove(toParent: page)
                p4.loadView()
                p4.viewDidLoad()
                p4.viewWillAppear(animated: false)
                p5.loadView()
                p5.viewDidLoad()
                p5.viewWillAppear(animated: false)
                p0.viewWillDisappear(animated: false)
                p1.viewWillDisappear(animated: false)
                p0.viewDidDisappear(animated: false)
                p1.viewDidDisappear(animated: false)
                p4.viewDidAppear(animated: false)
                p5.viewDidAppear(animated: false)
                p4.didMove(toParent: page)
                p5.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                p1.willMove(toParent: nil)
                p1.didMove(toParent: nil)
                page.completion(finished: true)
                p0.deinit
                p1.deinit
                """)
            #expect(finishedValues == [true])
            #expect(pageNames(page.children, recorder) == ["p4", "p5"])
            #expect(!window.hasPendingWork && driver.started.isEmpty)
            recorder.finish()
        }
    }

    @Test func aChangeNotAnimatedWaitsBehindATransitionInFlight() {  // §1 [rev 2], §8
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        recorder.record {
            let (page, window, driver) = showPages(recorder, pages)
            let swipe = page.beginInteractivePaging(.forward)
            swipe?.finish()
            recorder.skipEvents()
            var finishedValues: [Bool] = []
            page.setControllers([Leaf(name: "p5")], direction: .forward, animated: false) {
                finishedValues.append($0)
            }
            recorder.expect("p5.willMove(toParent: page)")
            window.runUntilIdle()
            recorder.expect("-- the swipe is still in flight: the change waits")
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                p1.viewDidAppear(animated: true)
                p0.viewDidDisappear(animated: true)
                p1.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p0], completed: true)
                p0.deinit
                """)
            #expect(window.hasPendingWork)
            #expect(finishedValues.isEmpty)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the end of the next turn: the change's turn, not animated, runs whole
                p5.loadView()
                p5.viewDidLoad()
                p5.viewWillAppear(animated: false)
                p1.viewWillDisappear(animated: false)
                p5.viewDidAppear(animated: false)
                p1.viewDidDisappear(animated: false)
                p5.didMove(toParent: page)
                p1.willMove(toParent: nil)
                p1.didMove(toParent: nil)
                page.completion(finished: true)
                p1.deinit
                """)
            #expect(finishedValues == [true])
            #expect(driver.started.count == 1)
            recorder.finish()
        }
    }

    /// Decision (the spec is silent): asked for from a callback of another page transition, the
    /// change finds that transition in flight, so the window is not idle: it waits for its turn,
    /// and runs at the end of the turn in which that transition completes.
    @Test func aChangeNotAnimatedAskedForFromTheDelegateOfASwipeWaitsForTheEndOfTheTurn() {  // §1, §8
        let recorder = Recorder()
        let pages = HookedPages(count: 3)
        recorder.record {
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.dataSource = pages
            page.delegate = pages
            page.setControllers([Leaf(name: "p0")], direction: .forward, animated: false)
            let window = show(page)
            pages.onDidFinishAnimating = { [unowned page] in
                page.setControllers([Leaf(name: "p5")], direction: .forward, animated: false)
            }
            recorder.skipEvents()
            page.beginInteractivePaging(.forward)?.finish()
            recorder.skipEvents()
            window.runUntilIdle()
            recorder.expect(
                """
                -- the swipe's animation completes
                p1.viewDidAppear(animated: true)
                p0.viewDidDisappear(animated: true)
                p1.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p0], completed: true)
                -- setControllers from the delegate: the swipe is in flight, the change waits
                p5.willMove(toParent: page)
                p0.deinit
                -- the next round of the turn: the change runs
                p5.loadView()
                p5.viewDidLoad()
                p5.viewWillAppear(animated: false)
                p1.viewWillDisappear(animated: false)
                p5.viewDidAppear(animated: false)
                p1.viewDidDisappear(animated: false)
                p5.didMove(toParent: page)
                p1.willMove(toParent: nil)
                p1.didMove(toParent: nil)
                p1.deinit
                """)
            #expect(pageNames(page.children, recorder) == ["p5"])
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    /// Decision (the spec is silent): asked for from a callback of a change that runs inside its
    /// call, the second change finds the first in flight: it waits, and runs at the end of the turn.
    @Test func aChangeNotAnimatedAskedForFromTheCallbacksOfOneRunningInsideTheCallWaits() {  // §1, §8
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        recorder.record {
            let (page, window, _) = showPages(recorder, pages)
            let p5 = SpyController(name: "p5")
            p5.onViewDidAppear = { [unowned page] _ in
                page.setControllers([Leaf(name: "p6")], direction: .forward, animated: false)
            }
            page.setControllers([p5], direction: .forward, animated: false)
            recorder.expect(
                """
                -- inside setControllers([p5])
                p5.willMove(toParent: page)
                p5.loadView()
                p5.viewDidLoad()
                p5.viewWillAppear(animated: false)
                p0.viewWillDisappear(animated: false)
                p5.viewDidAppear(animated: false)
                -- setControllers([p6]) from p5.viewDidAppear: the change to p5 is in flight, it waits
                p6.willMove(toParent: page)
                p0.viewDidDisappear(animated: false)
                p5.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                p0.deinit
                """)
            #expect(window.hasPendingWork)
            #expect(pageNames(page.shownControllers, recorder) == ["p6"])
            window.runUntilIdle()
            recorder.expect(
                """
                -- the end of the turn
                p6.loadView()
                p6.viewDidLoad()
                p6.viewWillAppear(animated: false)
                p5.viewWillDisappear(animated: false)
                p6.viewDidAppear(animated: false)
                p5.viewDidDisappear(animated: false)
                p6.didMove(toParent: page)
                p5.willMove(toParent: nil)
                p5.didMove(toParent: nil)
                """)
            recorder.finish()
        }
    }

    /// Decision: a change inside the call whose callbacks take the page controller off screen goes
    /// as one that starts at the end of a turn does (Reentrancy.md): a warning, the incoming page
    /// does not stay appearing off screen, the moves and the completion run, all inside the call.
    @Test func aChangeNotAnimatedWhoseCallbacksTakeThePageControllerOffScreenCompletesInsideTheCall() {  // §1, §8
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let root = Parent(name: "root")
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.setControllers([Leaf(name: "p0")], direction: .forward, animated: false)
            embed(page, in: root)
            let window = show(root)
            let p5 = SpyController(name: "p5")
            p5.onViewWillAppear = { [unowned page] _ in page.view.removeFromSuperview() }
            recorder.skipEvents()
            var finishedValues: [Bool] = []
            page.setControllers([p5], direction: .forward, animated: false) { finishedValues.append($0) }
            recorder.expect(
                """
                p5.willMove(toParent: page)
                p5.loadView()
                p5.viewDidLoad()
                p5.viewWillAppear(animated: false)
                -- page's view leaves the window (F2)
                page.viewWillDisappear(animated: false)
                p0.viewWillDisappear(animated: false)
                -- off screen: p5 disappears again, and the change completes inside the call
                p5.viewWillDisappear(animated: false)
                p5.viewDidDisappear(animated: false)
                p0.viewDidDisappear(animated: false)
                p5.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                page.completion(finished: true)
                """)
            #expect(finishedValues == [true])
            // page's did-disappear, queued as its view left the window, comes at the end of the turn.
            #expect(page.appearanceState == .disappearing && p5.appearanceState == .disappeared)
            window.runUntilIdle()
            recorder.expect(
                """
                page.viewDidDisappear(animated: false)
                p0.deinit
                """)
            #expect([page, p5].allSatisfy { $0.appearanceState == .disappeared })
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.invalidTransition], "\(recorder.violations)")
        #expect(recorder.violations.map(\.severity) == [.warning])
    }
}

/// ``NumberedPages`` whose delegate runs a hook after each swipe.
@MainActor
private final class HookedPages: PageControllerDataSource, PageControllerDelegate {
    let numbered: NumberedPages
    var onDidFinishAnimating: (() -> Void)?

    init(count: Int) { numbered = NumberedPages(count: count) }

    func pageController(_ page: PageController, controllerBefore controller: Controller) -> Controller? {
        numbered.pageController(page, controllerBefore: controller)
    }

    func pageController(_ page: PageController, controllerAfter controller: Controller) -> Controller? {
        numbered.pageController(page, controllerAfter: controller)
    }

    func pageController(
        _ page: PageController, didFinishAnimating finished: Bool, previousControllers: [Controller],
        transitionCompleted completed: Bool
    ) {
        onDidFinishAnimating?()
    }
}
