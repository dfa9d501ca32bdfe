import ContainerKit
import ContainerKitTranscripts

/// The scenarios of the built-in containers: navigation (§6), tab bar (§7) and page (§8)
/// controllers, and the three nested (F6), with the setups they share.
@MainActor
extension Scenario {
    /// The built-in containers, in catalog order: from `push` to `nested-built-ins`.
    static let builtInContainerScenarios: [Scenario] = [
        Scenario(
            name: "push", reference: "§6",
            summary: "A navigation controller pushes b over a, animated, with a delegate."
        ) { recorder in
            playNavigation(recorder) { $0.push(Controller(name: "b"), animated: true) }
        },
        Scenario(
            name: "pop", reference: "§6",
            summary: "A navigation controller pops b back to a; b is deallocated last."
        ) { recorder in
            playNavigation(recorder, over: ["b"]) { $0.pop(animated: true) }
        },
        Scenario(
            name: "two-pushes", reference: "§6",
            summary: "Two animated pushes in one turn show two transitions: the second waits for the first."
        ) { recorder in
            playNavigation(recorder) { nav in
                nav.push(Controller(name: "b"), animated: true)
                nav.push(Controller(name: "c"), animated: true)
            }
        },
        Scenario(
            name: "two-pushes-not-animated", reference: "§6",
            summary: "Two pushes without animation in one turn show one transition; the skipped b only moves."
        ) { recorder in
            playNavigation(recorder) { nav in
                nav.push(Controller(name: "b"), animated: false)
                nav.push(Controller(name: "c"), animated: false)
            }
        },
        Scenario(
            name: "swipe-back", reference: "§6",
            summary: "An interactive pop, finished."
        ) { recorder in
            playNavigation(recorder, over: ["b"]) { $0.beginInteractivePop()?.finish() }
        },
        Scenario(
            name: "swipe-back-cancelled", reference: "§6, R7",
            summary: "An interactive pop, cancelled: b comes back and stays."
        ) { recorder in
            playNavigation(recorder, over: ["b"]) { $0.beginInteractivePop()?.cancel() }
        },
        Scenario(
            name: "push-and-pop", reference: "§6, R7",
            summary: "b is pushed and popped without animation in one turn: it only moves; its move ends at nil."
        ) { recorder in
            playNavigation(recorder) { nav in
                nav.push(Controller(name: "b"), animated: false)
                nav.pop(animated: false)
            }
        },
        Scenario(
            name: "pop-to-root", reference: "§6",
            summary:
                "Popping to the root: the buried b moves inside the call; only c and the root appear or disappear."
        ) { recorder in
            playNavigation(recorder, over: ["b", "c"]) { nav in nav.popToRoot(animated: true) }
        },
        Scenario(
            name: "set-controllers", reference: "§6",
            summary:
                "setControllers(_:animated:) swaps the top: the old top's and new top's moves end with the transition."
        ) { recorder in
            playNavigation(recorder, over: ["b"]) { nav in
                nav.setControllers([nav.controllers[0], Controller(name: "c")], animated: true)
            }
        },
        Scenario(
            name: "nav-shown-with-root", reference: "§6",
            summary: "A navigation controller made with a root and shown: a's move ends after its first viewDidAppear."
        ) { recorder in
            let delegates = Delegates()
            let nav = NavigationController(name: "nav", rootController: Controller(name: "a"))
            nav.delegate = delegates
            let window = makeWindow()
            window.rootController = nav
            window.makeKeyAndVisible()
            window.runUntilIdle()
            return Stage(window: window, retaining: [delegates])
        },
        Scenario(
            name: "tab-tap", reference: "§7",
            summary:
                "A tap on a tab: the switch's first half and didSelect inside the call, its did-half at the end of the turn."
        ) { recorder in
            playTabs(recorder) { tab in tab.userDidSelect(tab.controllers[1]) }
        },
        Scenario(
            name: "tab-tap-waiting", reference: "§7",
            summary:
                "A tap while a push beside the tabs is pending: didSelect inside the call; the switch waits, then runs whole."
        ) { recorder in
            let root = Container(name: "root")
            let nav = NavigationController(name: "nav", rootController: Controller(name: "n"))
            let tab = TabBarController(name: "tab")
            let delegates = Delegates()
            tab.delegate = delegates
            tab.controllers = [Controller(name: "a"), Controller(name: "b")]
            embed(nav, in: root)
            embed(tab, in: root)
            let window = show(root)
            recorder.skipEvents()
            nav.push(Controller(name: "m"), animated: true)
            tab.userDidSelect(tab.controllers[1])
            window.runUntilIdle()
            return Stage(window: window, retaining: [delegates])
        },
        Scenario(
            name: "tab-select", reference: "§7",
            summary: "The selected tab is changed in code: the same two halves, and no delegate calls."
        ) { recorder in
            playTabs(recorder) { tab in tab.selectedIndex = 1 }
        },
        Scenario(
            name: "tab-reselect", reference: "§7",
            summary:
                "A tap on the selected tab, a navigation controller with b pushed: the pop to its root, then didSelect."
        ) { recorder in
            let nav = NavigationController(name: "nav", rootController: Controller(name: "a"))
            return playTabs(recorder, tabs: [nav, Controller(name: "other")]) { window in
                nav.push(Controller(name: "b"), animated: false)
                window.runUntilIdle()
            } action: { tab in
                tab.userDidSelect(nav)
            }
        },
        Scenario(
            name: "page-swipe", reference: "§8",
            summary: "A page swipe forward in the scroll style, finished."
        ) { recorder in
            swipePage(style: .scroll, cancelled: false, recorder)
        },
        Scenario(
            name: "page-swipe-cancelled", reference: "§8, R7",
            summary: "A page swipe forward in the scroll style, cancelled."
        ) { recorder in
            swipePage(style: .scroll, cancelled: true, recorder)
        },
        Scenario(
            name: "page-curl", reference: "§8",
            summary: "A page swipe forward in the page-curl style, finished."
        ) { recorder in
            swipePage(style: .pageCurl, cancelled: false, recorder)
        },
        Scenario(
            name: "page-spine-mid", reference: "§8",
            summary: "A forward page swipe with a middle spine: the incoming pair's will-callbacks right page first."
        ) { recorder in
            swipePage(style: .pageCurl, spine: .mid, cancelled: false, recorder)
        },
        Scenario(
            name: "page-set-controllers", reference: "§8",
            summary: "setControllers(_:direction:animated:) not animated, window idle: the turn runs inside the call."
        ) { recorder in
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.setControllers([Controller(name: "p0")], direction: .forward, animated: false)
            let window = show(page)
            recorder.skipEvents()
            page.setControllers([Controller(name: "p1")], direction: .forward, animated: false)
            window.runUntilIdle()
            return Stage(window: window)
        },
        Scenario(
            name: "nested-built-ins", reference: "F6",
            summary: "A page inside a tab inside a navigation controller is shown; each drives its visible child."
        ) { recorder in
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.setControllers([Controller(name: "p0")], direction: .forward, animated: false)
            let tabs = TabBarController(name: "tabs")
            tabs.controllers = [page, Controller(name: "other")]
            let nav = NavigationController(name: "nav", rootController: tabs)
            let window = makeWindow()
            window.rootController = nav
            recorder.skipEvents()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            return Stage(window: window)
        },
    ]

    /// A visible navigation controller with root `a`, the controllers named `over` pushed over it,
    /// and a delegate, as the setup; then `action` and the end of the turn.
    static func playNavigation(
        _ recorder: Recorder, over: [String] = [], _ action: (NavigationController) -> Void
    ) -> Stage {
        let nav = NavigationController(name: "nav", rootController: Controller(name: "a"))
        let delegates = Delegates()
        nav.delegate = delegates
        let window = show(nav)
        for name in over {
            nav.push(Controller(name: name), animated: false)
            window.runUntilIdle()
        }
        recorder.skipEvents()
        action(nav)
        window.runUntilIdle()
        return Stage(window: window, retaining: [delegates])
    }

    /// A visible tab bar controller with `tabs` (by default `a` and `b`, `a` selected) and a
    /// delegate, then `setUp`, as the setup; then `action` and the end of the turn.
    static func playTabs(
        _ recorder: Recorder, tabs: [Controller]? = nil, setUp: (Window) -> Void = { _ in },
        action: (TabBarController) -> Void
    ) -> Stage {
        let tab = TabBarController(name: "tab")
        let delegates = Delegates()
        tab.delegate = delegates
        tab.controllers = tabs ?? [Controller(name: "a"), Controller(name: "b")]
        let window = show(tab)
        setUp(window)
        recorder.skipEvents()
        action(tab)
        window.runUntilIdle()
        return Stage(window: window, retaining: [delegates])
    }

    /// A page controller showing `p0` (`p0` and `p1` with a middle spine), swiped forward,
    /// finished or cancelled.
    static func swipePage(
        style: PageTransitionStyle, spine: SpineLocation = .min, cancelled: Bool, _ recorder: Recorder
    ) -> Stage {
        let page = PageController(name: "page", transitionStyle: style, spineLocation: spine)
        let delegates = Delegates()
        page.dataSource = delegates
        page.delegate = delegates
        let pages = (0..<page.pagesShownAtOnce).map { Controller(name: "p\($0)") }
        page.setControllers(pages, direction: .forward, animated: false)
        let window = show(page)
        recorder.skipEvents()
        let swipe = page.beginInteractivePaging(.forward)
        if cancelled { swipe?.cancel() } else { swipe?.finish() }
        window.runUntilIdle()
        return Stage(window: window, retaining: [delegates])
    }
}
