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
}
