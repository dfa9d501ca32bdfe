import ContainerKit
import ContainerKitTranscripts

@MainActor
extension Scenario {
    /// Every scenario, in the order of the lifecycle reference.
    public static let catalog: [Scenario] = [
        Scenario(
            name: "add-child", reference: "§2.1",
            summary: "A custom container adds a child to itself while on screen."
        ) { recorder in
            let p = Container(name: "p")
            let window = show(p)
            recorder.skipEvents()
            embed(Controller(name: "c"), in: p)
            window.runUntilIdle()
            return Stage(window: window)
        },
        Scenario(
            name: "remove-child", reference: "§2.2",
            summary: "A custom container removes a child while on screen."
        ) { recorder in
            playWithChild(recorder) { _, c in
                c.willMove(toParent: nil)
                c.view.removeFromSuperview()
                c.removeFromParent()
            }
        },
        Scenario(
            name: "embed-off-screen", reference: "§2.3",
            summary: "Children embedded while off screen appear with their parent."
        ) { _ in
            let p = Container(name: "p")
            embed(Controller(name: "c"), in: p)
            return Stage(window: show(p))
        },
        Scenario(
            name: "reparent", reference: "R4",
            summary: "addChild(_:) on a controller that has another parent removes it first."
        ) { recorder in
            let q = Container(name: "q")
            let p = Container(name: "p")
            let c = Controller(name: "c")
            embed(c, in: q)
            let root = Container(name: "root")
            embed(q, in: root)
            embed(p, in: root)
            let window = show(root)
            recorder.skipEvents()
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            window.runUntilIdle()
            return Stage(window: window)
        },
        Scenario(
            name: "show-window", reference: "§4",
            summary: "A window is shown with a root container and its child."
        ) { recorder in
            let p = Container(name: "p")
            embed(Controller(name: "c"), in: p)
            let window = makeWindow()
            window.rootController = p
            recorder.skipEvents()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            return Stage(window: window)
        },
        Scenario(
            name: "hide-window", reference: "§4",
            summary: "A visible window is hidden: every will-disappear, then every did-disappear."
        ) { recorder in
            let p = Container(name: "p")
            embed(Controller(name: "c"), in: p)
            let window = show(p)
            recorder.skipEvents()
            window.isHidden = true
            return Stage(window: window)
        },
        Scenario(
            name: "replace-root", reference: "§4",
            summary: "The root of a visible window is replaced."
        ) { recorder in
            let old = Container(name: "old")
            embed(Controller(name: "a"), in: old)
            let new = Container(name: "new")
            embed(Controller(name: "b"), in: new)
            let window = show(old)
            recorder.skipEvents()
            window.rootController = new
            window.runUntilIdle()
            return Stage(window: window)
        },
        Scenario(
            name: "enter-and-leave", reference: "§1",
            summary: "A view enters and leaves a visible window in the same turn: no did-appear."
        ) { recorder in
            let root = Container(name: "root")
            let window = show(root)
            let c = Controller(name: "c")
            c.loadViewIfNeeded()
            recorder.skipEvents()
            root.view.addSubview(c.view)
            c.view.removeFromSuperview()
            window.runUntilIdle()
            return Stage(window: window)
        },
        Scenario(
            name: "move-between-windows", reference: "§1",
            summary: "A view moves from one visible window to another; the second window's turn completes it."
        ) { recorder in
            let first = Container(name: "first")
            let second = Container(name: "second")
            let firstWindow = show(first)
            let secondWindow = show(second)
            let c = Controller(name: "c")
            c.loadViewIfNeeded()
            recorder.skipEvents()
            first.view.addSubview(c.view)
            second.view.addSubview(c.view)
            firstWindow.runUntilIdle()
            secondWindow.runUntilIdle()
            return Stage(window: secondWindow)
        },
        Scenario(
            name: "nested-containers", reference: "F1, F2",
            summary: "Three levels of containers are shown and hidden: pre-order over the controller tree."
        ) { recorder in
            let root = Container(name: "root")
            let a = Container(name: "a")
            let a1 = Container(name: "a1")
            embed(Controller(name: "a1x"), in: a1)
            embed(a1, in: a)
            embed(a, in: root)
            embed(Controller(name: "b"), in: root)
            let window = makeWindow()
            window.rootController = root
            recorder.skipEvents()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            window.isHidden = true
            return Stage(window: window)
        },
        Scenario(
            name: "manual-forwarding", reference: "F4",
            summary: "A container that forwards appearance by hand drives one child from its own callbacks."
        ) { recorder in
            let p = ManualContainer(name: "p")
            let c = Controller(name: "c")
            embed(c, in: p)
            embed(Controller(name: "ignored"), in: p)
            p.driven = c
            let window = makeWindow()
            window.rootController = p
            recorder.skipEvents()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            window.isHidden = true
            return Stage(window: window)
        },
        Scenario(
            name: "appearance-transitions", reference: "§3",
            summary: "begin(true), begin(false), begin(true), then one end(): one end closes whatever is open."
        ) { recorder in
            driveByHand(recorder) { c in
                c.beginAppearanceTransition(true, animated: false)
                c.beginAppearanceTransition(false, animated: false)
                c.beginAppearanceTransition(true, animated: false)
                c.endAppearanceTransition()
            }
        },
        Scenario(
            name: "unbalanced-end", reference: "§3, §11",
            summary: "endAppearanceTransition() with no begin: nothing fires, and a warning names the rule."
        ) { recorder in
            driveByHand(recorder) { c in c.endAppearanceTransition() }
        },
        Scenario(
            name: "transition", reference: "§5",
            summary: "transition(from:to:duration:…) swaps two children with an animation, as in Apple's sample.",
            context: .transition
        ) { recorder in
            swapChildren(duration: 0.3, recorder)
        },
        Scenario(
            name: "transition-not-animated", reference: "§5, §1",
            summary: "transition(from:to:duration: 0, …) completes inside the call.",
            context: .transition
        ) { recorder in
            swapChildren(duration: 0, recorder)
        },
        Scenario(
            name: "resize", reference: "§10",
            summary: "The window is resized: viewWillTransition(to:with:) down the tree, parent first."
        ) { recorder in
            let root = Container(name: "root")
            let a = Container(name: "a")
            embed(Controller(name: "a1"), in: a)
            embed(a, in: root)
            embed(Controller(name: "b"), in: root)
            let window = show(root)
            recorder.skipEvents()
            window.resize(to: Size(width: 844, height: 390))
            return Stage(window: window)
        },
        Scenario(
            name: "preferred-content-size", reference: "§10",
            summary: "A child sets a new preferredContentSize: its parent hears of it inside the setter."
        ) { recorder in
            playWithChild(recorder) { _, c in c.preferredContentSize = Size(width: 320, height: 200) }
        },
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
            summary: "An interactive pop, finished.",
            context: .interactivePop
        ) { recorder in
            playNavigation(recorder, over: ["b"]) { $0.beginInteractivePop()?.finish() }
        },
        Scenario(
            name: "swipe-back-cancelled", reference: "§6, R7",
            summary: "An interactive pop, cancelled: b comes back and stays.",
            context: .interactivePop
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
                "Popping to the root: the buried b moves inside the call; only c and the root appear or disappear.",
            context: .bulkNavigation
        ) { recorder in
            playNavigation(recorder, over: ["b", "c"]) { nav in nav.popToRoot(animated: true) }
        },
        Scenario(
            name: "set-controllers", reference: "§6",
            summary:
                "setControllers(_:animated:) swaps the top: the old top's and new top's moves end with the transition.",
            context: .bulkNavigation
        ) { recorder in
            playNavigation(recorder, over: ["b"]) { nav in
                nav.setControllers([nav.controllers[0], Controller(name: "c")], animated: true)
            }
        },
        Scenario(
            name: "nav-shown-with-root", reference: "§6",
            summary: "A navigation controller made with a root and shown: a's move ends after its first viewDidAppear.",
            context: .builtInForwarding
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
                "A tap while a push beside the tabs is pending: didSelect inside the call; the switch waits, then runs whole.",
            context: .waitingTabSwitch
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
                "A tap on the selected tab, a navigation controller with b pushed: the pop to its root, then didSelect.",
            context: .tabReselection
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
            summary: "A forward page swipe with a middle spine: the incoming pair's will-callbacks right page first.",
            context: .middleSpine
        ) { recorder in
            swipePage(style: .pageCurl, spine: .mid, cancelled: false, recorder)
        },
        Scenario(
            name: "page-set-controllers", reference: "§8",
            summary: "setControllers(_:direction:animated:) not animated, window idle: the turn runs inside the call.",
            context: .programmaticPaging
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
            summary: "A page inside a tab inside a navigation controller is shown; each drives its visible child.",
            context: .builtInForwarding
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
        Scenario(
            name: "present-full-screen", reference: "§9",
            summary: "a presents b full screen, then b is dismissed: the presented did-callback comes first."
        ) { recorder in
            let a = Controller(name: "a")
            let window = show(a)
            recorder.skipEvents()
            let b = Controller(name: "b")
            b.modalPresentationStyle = .fullScreen
            a.present(b, animated: true)
            window.runUntilIdle()
            b.dismiss(animated: true)
            window.runUntilIdle()
            return Stage(window: window)
        },
        Scenario(
            name: "present-sheet", reference: "§9",
            summary: "a presents b as a page sheet: the presenter gets no appearance callbacks."
        ) { recorder in
            let a = Controller(name: "a")
            let window = show(a)
            recorder.skipEvents()
            a.present(Controller(name: "b"), animated: true)
            window.runUntilIdle()
            a.dismiss(animated: true)
            window.runUntilIdle()
            return Stage(window: window)
        },
        Scenario(
            name: "dismiss-chain", reference: "§9",
            summary: "a presents b presents c (full screen); a dismisses both: only c animates."
        ) { recorder in
            let a = Controller(name: "a")
            let window = show(a)
            let b = Controller(name: "b")
            b.modalPresentationStyle = .fullScreen
            a.present(b, animated: false)
            window.runUntilIdle()
            let c = Controller(name: "c")
            c.modalPresentationStyle = .fullScreen
            b.present(c, animated: false)
            window.runUntilIdle()
            recorder.skipEvents()
            a.dismiss(animated: true)
            window.runUntilIdle()
            return Stage(window: window)
        },
        Scenario(
            name: "sheet-pull-down", reference: "§9",
            summary: "A sheet pulled down and let go: the presentation delegate hears of it, the sheet leaves.",
            context: .interactiveDismissal
        ) { recorder in
            pullDownSheet(cancelled: false, recorder)
        },
        Scenario(
            name: "sheet-pull-down-cancelled", reference: "§9",
            summary: "A sheet pulled down and released early: it comes back and stays.",
            context: .interactiveDismissal
        ) { recorder in
            pullDownSheet(cancelled: true, recorder)
        },
    ]

    /// Apple's sample: `addChild(t)` and `f.willMove(toParent: nil)`, the transition, then
    /// `t.didMove(toParent: p)` and `f.removeFromParent()` in the completion; then the end of the turn.
    static func swapChildren(duration: Double, _ recorder: Recorder) -> Stage {
        let p = Container(name: "p")
        let f = Controller(name: "f")
        embed(f, in: p)
        let window = show(p)
        let t = Controller(name: "t")
        recorder.skipEvents()
        p.addChild(t)
        f.willMove(toParent: nil)
        p.transition(from: f, to: t, duration: duration, animations: {}) { _ in
            t.didMove(toParent: p)
            f.removeFromParent()
        }
        window.runUntilIdle()
        return Stage(window: window)
    }

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

    /// A visible custom container `p` with a child `c`, as the setup; then `action` and the end of
    /// the turn.
    static func playWithChild(_ recorder: Recorder, _ action: (Container, Controller) -> Void) -> Stage {
        let p = Container(name: "p")
        let c = Controller(name: "c")
        embed(c, in: p)
        let window = show(p)
        recorder.skipEvents()
        action(p, c)
        window.runUntilIdle()
        return Stage(window: window)
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

    /// A controller `c` with its view loaded and no parent or window, driven by `action` with
    /// `beginAppearanceTransition` / `endAppearanceTransition`.
    static func driveByHand(_ recorder: Recorder, _ action: (Controller) -> Void) -> Stage {
        let window = show(Container(name: "root"))
        let c = Controller(name: "c")
        c.loadViewIfNeeded()
        recorder.skipEvents()
        action(c)
        return Stage(window: window, retaining: [c])
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

    /// `a` on screen presents `b` as a page sheet with a presentation delegate; then the sheet is
    /// pulled down, and the pull finished or cancelled.
    static func pullDownSheet(cancelled: Bool, _ recorder: Recorder) -> Stage {
        let a = Controller(name: "a")
        let window = show(a)
        let b = Controller(name: "b")
        let delegates = Delegates()
        b.presentationDelegate = delegates
        a.present(b, animated: false)
        window.runUntilIdle()
        recorder.skipEvents()
        let pull = b.beginInteractiveDismissal()
        if cancelled { pull?.cancel() } else { pull?.finish() }
        window.runUntilIdle()
        return Stage(window: window, retaining: [delegates])
    }
}

/// The delegates and data source of the scenarios: they do nothing but appear in transcripts, and
/// the data source names pages `p0`, `p1`, …. Containers hold their delegates weakly, so each
/// scenario keeps its own in its ``Scenario/Stage``.
@MainActor
final class Delegates: NavigationControllerDelegate, TabBarControllerDelegate, PageControllerDataSource,
    PageControllerDelegate, PresentationDelegate
{
    func pageController(_ page: PageController, controllerAfter controller: Controller) -> Controller? {
        guard let name = controller.id.name, name.hasPrefix("p"), let number = Int(name.dropFirst()) else { return nil }
        return Controller(name: "p\(number + 1)")
    }

    func pageController(_ page: PageController, controllerBefore controller: Controller) -> Controller? {
        guard let name = controller.id.name, name.hasPrefix("p"), let number = Int(name.dropFirst()), number > 0
        else { return nil }
        return Controller(name: "p\(number - 1)")
    }
}
