import ContainerKit
import ContainerKitTesting
import Testing

/// A swipe given up before its turn begins (spec §8: the delegate's `willTransition(to:)` takes the
/// page controller off screen) drops the pages it adopted, each with `didMove(toParent: nil)` (R7).
/// A request made from one of those drops waits for the others, as one made from a callback of a
/// turn does (§1). It used to run at once, inside the first drop: its turn ended the second page's
/// addition (`didMove(toParent: page)`), and the drop, planned before, then took that page out
/// (`didMove(toParent: nil)` with no `willMove(toParent: nil)`), leaving it shown with no parent.
@Suite @MainActor struct PageSwipeGivenUpTests {
    /// A page controller (`.pageCurl`, middle spine) showing `[p0, p1]` as the root of a visible
    /// window, its turn ended; a swipe forward brings in the spies `[n1, n2]`, and the delegate's
    /// `willTransition(to:)` takes the page controller out of the window. `n1`'s first
    /// `didMove(toParent: nil)` runs `first`, then asks for `[n2, x]`, not animated.
    private func swipeGivenUp(_ first: @escaping (PageController, Window) -> Void = { _, _ in }) -> Stage {
        let stage = Stage(
            page: PageController(name: "page", transitionStyle: .pageCurl, spineLocation: .mid),
            n1: SpyController(name: "n1"), n2: SpyController(name: "n2"), x: Leaf(name: "x"))
        let (page, n2, x) = (stage.page, stage.n2, stage.x)
        page.dataSource = stage.pages
        page.delegate = stage.pages
        page.setControllers([Leaf(name: "p0"), Leaf(name: "p1")], direction: .forward, animated: false)
        let window = show(page)
        stage.window = window
        stage.pages.onWillTransition = { [unowned window] in window.rootController = nil }
        var asked = false
        stage.n1.onDidMove = { [unowned page, unowned n2, unowned x, unowned window] parent in
            guard parent == nil, !asked else { return }
            asked = true
            first(page, window)
            page.setControllers([n2, x], direction: .forward, animated: false)
        }
        return stage
    }

    /// The swipe to `[n1, n2]` given up, up to the end of `n1`'s drop.
    private let swipeGivenUp = """
        page.dataSource.controllerAfter(p1)
        page.dataSource.controllerAfter(n1)
        n1.willMove(toParent: page)
        n2.willMove(toParent: page)
        page.delegate.willTransition(to: [n1, n2])
        -- inside it: window.rootController = nil
        page.viewWillDisappear(animated: false)
        p0.viewWillDisappear(animated: false)
        p1.viewWillDisappear(animated: false)
        -- page is off screen: the swipe is given up, its pages dropped
        n1.didMove(toParent: nil)
        """

    /// `n1`'s `didMove(toParent: nil)` asks for `[n2, x]`: the request waits until `n2` is dropped
    /// too, then adopts it again, and its turn settles off screen. Before, it ran inside `n1`'s
    /// drop and ended `n2`'s addition, then the drop sent `n2` a second `didMove`, to nil.
    @Test func aRequestFromTheFirstDropWaitsForTheSecond() {  // §1, §8, R7
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let stage = swipeGivenUp()
            let (page, window, n1, n2, x) = (stage.page, stage.window!, stage.n1, stage.n2, stage.x)
            recorder.skipEvents()
            let swipe = page.beginInteractivePaging(.forward)
            recorder.expect(
                """
                \(swipeGivenUp)
                -- inside it: page.setControllers([n2, x]), which waits for n2's drop
                n2.didMove(toParent: nil)
                -- then the request runs, off screen
                n2.willMove(toParent: page)
                x.willMove(toParent: page)
                n2.loadView()
                n2.viewDidLoad()
                x.loadView()
                x.viewDidLoad()
                n2.didMove(toParent: page)
                x.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                p1.willMove(toParent: nil)
                p1.didMove(toParent: nil)
                page.delegate.didFinishAnimating(previous: [p0, p1], completed: false)
                """)
            #expect(swipe == nil)
            #expect(page.shownControllers.map(\.id) == [n2.id, x.id])
            #expect(page.children.map(\.id) == [n2.id, x.id])
            #expect(n1.parent == nil && n2.parent === page && x.parent === page)
            #expect([n1, n2, x].allSatisfy { $0.appearanceState == .disappeared })
            #expect(!page.hierarchyDescription.contains("moving") && !n1.hierarchyDescription.contains("moving"))
            // The did-disappears page's exit queued, then p0 and p1 go (§1, §2.2).
            #expect(page.appearanceState == .disappearing)
            window.runUntilIdle()
            recorder.expect(
                """
                page.viewDidDisappear(animated: false)
                p0.viewDidDisappear(animated: false)
                p1.viewDidDisappear(animated: false)
                p0.deinit
                p1.deinit
                """)
            #expect(page.appearanceState == .disappeared)
            withExtendedLifetime(stage) {}
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.invalidTransition], "\(recorder.violations)")
        #expect(recorder.violations.first?.message.contains("was given up") == true, "\(recorder.violations)")
    }

    /// The same, with `n1`'s `didMove(toParent: nil)` putting the page controller back in the window
    /// before it asks for `[n2, x]`: the request waits for `n2`'s drop, adopts it again, and its
    /// turn waits for the window's queue (the swipe holds its slot until it is given up), at the end
    /// of the turn. Before, the drop took `n2` out while the request named it, and the turn then
    /// showed `n2` with no parent.
    @Test func aRequestFromTheFirstDropBackOnScreenWaitsForTheSecond() {  // §1, §8, R7
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let stage = swipeGivenUp { page, window in window.rootController = page }
            let (page, window, n1, n2, x) = (stage.page, stage.window!, stage.n1, stage.n2, stage.x)
            recorder.skipEvents()
            let swipe = page.beginInteractivePaging(.forward)
            recorder.expect(
                """
                \(swipeGivenUp)
                -- inside it: window.rootController = page
                page.viewWillAppear(animated: false)
                p0.viewWillAppear(animated: false)
                p1.viewWillAppear(animated: false)
                -- then page.setControllers([n2, x]), which waits for n2's drop
                n2.didMove(toParent: nil)
                -- then the request runs; its turn waits for the window's queue
                n2.willMove(toParent: page)
                x.willMove(toParent: page)
                page.delegate.didFinishAnimating(previous: [p0, p1], completed: false)
                """)
            #expect(swipe == nil)
            #expect(page.shownControllers.map(\.id) == [n2.id, x.id] && n2.parent === page)
            window.runUntilIdle()
            recorder.expect(
                """
                page.viewDidAppear(animated: false)
                p0.viewDidAppear(animated: false)
                p1.viewDidAppear(animated: false)
                -- the request's turn
                n2.loadView()
                n2.viewDidLoad()
                n2.viewWillAppear(animated: false)
                x.loadView()
                x.viewDidLoad()
                x.viewWillAppear(animated: false)
                p0.viewWillDisappear(animated: false)
                p1.viewWillDisappear(animated: false)
                p0.viewDidDisappear(animated: false)
                p1.viewDidDisappear(animated: false)
                n2.viewDidAppear(animated: false)
                x.viewDidAppear(animated: false)
                n2.didMove(toParent: page)
                x.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                p1.willMove(toParent: nil)
                p1.didMove(toParent: nil)
                p0.deinit
                p1.deinit
                """)
            #expect(page.shownControllers.map(\.id) == [n2.id, x.id])
            #expect(page.children.map(\.id) == [n2.id, x.id])
            #expect(n1.parent == nil && n2.parent === page && x.parent === page)
            #expect([page, n2, x].allSatisfy { $0.appearanceState == .appeared })
            #expect(n1.appearanceState == .disappeared)
            #expect(!page.hierarchyDescription.contains("moving") && !n1.hierarchyDescription.contains("moving"))
            withExtendedLifetime(stage) {}
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.invalidTransition], "\(recorder.violations)")
        #expect(recorder.violations.first?.message.contains("was given up") == true, "\(recorder.violations)")
    }
}

/// What ``PageSwipeGivenUpTests`` plays with; it holds the page controller's data source and
/// delegate, which the page controller holds weakly.
@MainActor
private final class Stage {
    let page: PageController
    let n1: SpyController
    let n2: SpyController
    let x: Leaf
    let pages: PagesHandedOut
    var window: Window?

    init(page: PageController, n1: SpyController, n2: SpyController, x: Leaf) {
        self.page = page
        self.n1 = n1
        self.n2 = n2
        self.x = x
        pages = PagesHandedOut([n1, n2])
    }
}

/// A data source that hands out the pages it was given, in order, one for each page needed, and a
/// delegate that runs `onWillTransition` inside `willTransition(to:)`.
@MainActor
private final class PagesHandedOut: PageControllerDataSource, PageControllerDelegate {
    var pages: [Controller]
    var onWillTransition: (() -> Void)?

    init(_ pages: [Controller]) {
        self.pages = pages
    }

    func pageController(_ page: PageController, controllerAfter controller: Controller) -> Controller? {
        pages.isEmpty ? nil : pages.removeFirst()
    }

    func pageController(_ page: PageController, willTransitionTo pending: [Controller]) {
        onWillTransition?()
    }
}
