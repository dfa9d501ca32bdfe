import ContainerKit
import ContainerKitTesting
import Testing

/// A page controller inside a tab inside a navigation controller inside a window (issue 4): the
/// cross-tree orders the documentation shows.
@Suite @MainActor struct NestedContainersTests {
    /// `nav` > `tabs` (tabs: `page` > `p0`, and `other`), shown in `window`.
    private struct Stage {
        let window: Window
        let nav: NavigationController
        let tabs: TabBarController
        let page: PageController
        let other: Leaf
    }

    private func stage(_ recorder: Recorder, pages: NumberedPages) -> Stage {
        let page = PageController(name: "page", transitionStyle: .scroll)
        page.dataSource = pages
        page.setControllers([Leaf(name: "p0")], direction: .forward, animated: false)
        let other = Leaf(name: "other")
        let tabs = TabBarController(name: "tabs")
        tabs.controllers = [page, other]
        let nav = NavigationController(name: "nav", rootController: tabs)
        let window = makeWindow()
        window.rootController = nav
        recorder.skipEvents()
        return Stage(window: window, nav: nav, tabs: tabs, page: page, other: other)
    }

    @Test func showingTheWindowReachesEachVisibleChildFromInsideItsContainer() {
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        recorder.record {
            let stage = stage(recorder, pages: pages)
            stage.window.makeKeyAndVisible()
            stage.window.runUntilIdle()
            recorder.expect(
                """
                nav.viewWillAppear(animated: false)
                tabs.loadView()
                tabs.viewDidLoad()
                tabs.viewWillAppear(animated: false)
                page.loadView()
                page.viewDidLoad()
                page.viewWillAppear(animated: false)
                p0.loadView()
                p0.viewDidLoad()
                p0.viewWillAppear(animated: false)
                nav.viewDidAppear(animated: false)
                tabs.viewDidAppear(animated: false)
                page.viewDidAppear(animated: false)
                p0.viewDidAppear(animated: false)
                tabs.didMove(toParent: nav)
                """)
            #expect(!stage.other.isViewLoaded)
            recorder.finish()
        }
    }

    @Test func switchingTabsPushingOverTheTabsAndPoppingBack() {
        let recorder = Recorder()
        let pages = NumberedPages(count: 3)
        let delegate = NavDelegate()
        recorder.record {
            let stage = stage(recorder, pages: pages)
            stage.nav.delegate = delegate
            stage.window.makeKeyAndVisible()
            stage.window.runUntilIdle()
            recorder.skipEvents()

            stage.tabs.selectedController = stage.other
            stage.window.runUntilIdle()
            recorder.expect(
                """
                other.loadView()
                other.viewDidLoad()
                other.viewWillAppear(animated: false)
                page.viewWillDisappear(animated: false)
                p0.viewWillDisappear(animated: false)
                page.viewDidDisappear(animated: false)
                p0.viewDidDisappear(animated: false)
                other.viewDidAppear(animated: false)
                """)

            stage.nav.push(Leaf(name: "detail"), animated: true)
            stage.window.runUntilIdle()
            recorder.expect(
                """
                detail.willMove(toParent: nav)
                detail.loadView()
                detail.viewDidLoad()
                tabs.viewWillDisappear(animated: true)
                other.viewWillDisappear(animated: true)
                detail.viewWillAppear(animated: true)
                nav.delegate.willShow(detail, animated: true)
                tabs.viewDidDisappear(animated: true)
                other.viewDidDisappear(animated: true)
                detail.viewDidAppear(animated: true)
                detail.didMove(toParent: nav)
                nav.delegate.didShow(detail, animated: true)
                """)

            stage.nav.pop(animated: true)
            stage.window.runUntilIdle()
            recorder.expect(
                """
                detail.willMove(toParent: nil)
                detail.viewWillDisappear(animated: true)
                tabs.viewWillAppear(animated: true)
                other.viewWillAppear(animated: true)
                nav.delegate.willShow(tabs, animated: true)
                detail.viewDidDisappear(animated: true)
                detail.didMove(toParent: nil)
                tabs.viewDidAppear(animated: true)
                other.viewDidAppear(animated: true)
                nav.delegate.didShow(tabs, animated: true)
                detail.deinit
                """)
            recorder.finish()
        }
    }

    @Test func theAsyncFormsDriveTheTurnsThemselves() async {
        let recorder = Recorder()
        await recorder.record {
            let root = Leaf(name: "root")
            let nav = NavigationController(name: "nav", rootController: root)
            let window = show(nav)
            recorder.skipEvents()
            await nav.async.push(Leaf(name: "b"), animated: true)
            #expect(!window.hasPendingWork)
            recorder.expect(
                """
                b.willMove(toParent: nav)
                b.loadView()
                b.viewDidLoad()
                root.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                root.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                nav.completion()
                """)
            let popped = await nav.async.pop(animated: false)
            #expect(popped.map { recorder.name(for: $0.id) } == "b")
            #expect(await nav.async.pop(animated: true) == nil)
            recorder.skipEvents()

            let driver = ManualAnimationDriver()
            driver.install(on: window)
            let pushing = Task { await nav.async.push(Leaf(name: "c"), animated: true) }
            let animation = await driver.nextAnimation()
            driver.finish(animation)
            await pushing.value
            #expect(nav.controllers.count == 2)
            recorder.skipEvents()
        }
    }
}

@Suite @MainActor struct AsyncPresentationTests {
    @Test func presentAndDismissDriveTheirTurns() async {
        let recorder = Recorder()
        await recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            recorder.skipEvents()
            let b = Leaf(name: "b")
            b.modalPresentationStyle = .fullScreen
            await a.async.present(b, animated: true)
            #expect(!window.hasPendingWork)
            #expect(a.presentedController === b)
            await b.async.dismiss(animated: true)
            #expect(a.presentedController == nil)
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                a.viewDidDisappear(animated: true)
                a.completion()
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                a.viewDidAppear(animated: true)
                b.viewDidDisappear(animated: true)
                b.completion()
                """)
        }
    }
}
