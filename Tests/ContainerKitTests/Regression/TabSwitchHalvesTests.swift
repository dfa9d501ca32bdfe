import ContainerKit
import ContainerKitTesting
import Testing

/// A leaf whose appearance callbacks run hooks after `super`, once each (also used by
/// `TabSwitchGivenUpTests`).
final class HookedLeaf: Controller {
    var onWillAppear: (() -> Void)?
    var onDidAppear: (() -> Void)?
    var onWillDisappear: (() -> Void)?

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        let hook = onWillAppear
        onWillAppear = nil
        hook?()
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        let hook = onDidAppear
        onDidAppear = nil
        hook?()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        let hook = onWillDisappear
        onWillDisappear = nil
        hook?()
    }
}

/// The cases spec §7 and §1 leave open between the two halves of a tab switch (the first half inside
/// the call, the did-half at the end of the turn): the engine's decisions, each pinned by its full
/// transcript.
@Suite @MainActor struct TabSwitchHalvesTests {
    /// `tab` holding `tabs`, the first selected, shown in a visible window, turn ended; the set-up
    /// is skipped.
    private func showTabs(_ recorder: Recorder, _ tabs: [Controller]) -> (tab: TabBarController, window: Window) {
        let tab = TabBarController(name: "tab")
        tab.controllers = tabs
        let window = show(tab)
        recorder.skipEvents()
        return (tab, window)
    }

    @Test func aSelectionFromTheIncomingTabsViewWillAppearWaitsForTheDidHalf() {  // §1, §7
        let recorder = Recorder()
        let delegate = TabDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let b = HookedLeaf(name: "b")
            let c = Leaf(name: "c")
            let (tab, window) = showTabs(recorder, [a, b, c])
            tab.delegate = delegate
            b.onWillAppear = { tab.userDidSelect(c) }
            tab.selectedIndex = 1
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                -- the tap on c, inside b's viewWillAppear: the switch in flight makes it wait
                tab.delegate.shouldSelect(c)
                tab.delegate.didSelect(c)
                a.viewWillDisappear(animated: false)
                """)
            #expect(tab.selectedController === c)
            #expect(b.view.superview === tab.view)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the did-half, then the waiting switch, whole
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                b.viewWillDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            recorder.finish()
        }
    }

    /// Where a selection back to the outgoing tab is made, before the views swap.
    enum SelectionBack: CaseIterable, Sendable {
        /// `selectedIndex = 0` in the incoming tab's `viewWillAppear`.
        case indexFromIncomingViewWillAppear
        /// `selectedController = a` in the outgoing tab's `viewWillDisappear`, the last callback
        /// before the views swap.
        case controllerFromOutgoingViewWillDisappear
    }

    /// A selection back to the outgoing tab, made before the views swap: the switch was recorded
    /// before its first callback, so the selection is measured against the tab it brings in, and
    /// asks for a switch back, which waits behind it (spec §1). It used to find the outgoing tab
    /// still shown and ask for nothing: `a` stayed selected while `b` was shown and appeared.
    @Test(arguments: SelectionBack.allCases)
    func aSelectionBackToTheOutgoingTabBeforeTheViewsSwapWaitsForTheDidHalf(_ made: SelectionBack) {  // §1, §7
        let recorder = Recorder()
        recorder.record {
            let a = HookedLeaf(name: "a")
            let b = HookedLeaf(name: "b")
            let (tab, window) = showTabs(recorder, [a, b])
            switch made {
            case .indexFromIncomingViewWillAppear: b.onWillAppear = { tab.selectedIndex = 0 }
            case .controllerFromOutgoingViewWillDisappear: a.onWillDisappear = { tab.selectedController = a }
            }
            tab.selectedIndex = 1
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                """)
            #expect(tab.selectedIndex == 0 && tab.selectedController === a)
            #expect(b.view.superview === tab.view && a.view.superview == nil)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the did-half, then the waiting switch back, whole
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                a.viewWillAppear(animated: false)
                b.viewWillDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                a.viewDidAppear(animated: false)
                """)
            #expect(tab.selectedIndex == 0 && tab.selectedController === a)
            #expect(a.view.superview === tab.view && a.view.window === window)
            #expect(b.view.superview == nil && b.view.window == nil)
            #expect([a, b].map(\.appearanceState) == [.appeared, .disappeared])
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    /// The incoming tab taken out of the tabs from its own `viewWillAppear`, before the views swap:
    /// the switch brings it in as recorded, so its removal waits for the switch that hides it, the
    /// switch back that the selection now asks for (R7), as it does once the views have swapped
    /// (``theIncomingTabRemovedWhileItsSwitchIsHalfDone()``). It used to end its removal inside the
    /// call, and the switch then put the removed controller's view in the tab bar's and made it appear.
    @Test func theIncomingTabRemovedFromItsOwnViewWillAppear() {  // §7, §1, R7
        let recorder = Recorder()
        let tracker = LeakTracker()
        recorder.record {
            let a = Leaf(name: "a")
            let (tab, window): (TabBarController, Window)
            do {
                let b = HookedLeaf(name: "b")
                tracker.track(b)
                (tab, window) = showTabs(recorder, [a, b])
                b.onWillAppear = { tab.controllers = [a] }
                tab.selectedIndex = 1
                recorder.expect(
                    """
                    b.loadView()
                    b.viewDidLoad()
                    b.viewWillAppear(animated: false)
                    -- tab.controllers = [a] inside it: b is brought in, its removal ends after the switch
                    -- that hides it, which waits
                    b.willMove(toParent: nil)
                    a.viewWillDisappear(animated: false)
                    """)
                #expect(tab.selectedController === a && tab.controllers.count == 1)
                #expect(tab.children.count == 2 && b.parent === tab)
                #expect(b.view.superview === tab.view && a.view.superview == nil)
            }
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                a.viewWillAppear(animated: false)
                b.viewWillDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                a.viewDidAppear(animated: false)
                b.didMove(toParent: nil)
                b.deinit
                """)
            #expect(tab.selectedIndex == 0 && tab.selectedController === a)
            #expect(tab.children.count == 1 && tab.children.first === a)
            #expect(a.view.superview === tab.view && a.view.window === window)
            #expect(tab.view.subviews.count == 1)
            #expect(a.appearanceState == .appeared)
            tracker.expectAllDeallocated()
            recorder.finish()
        }
    }

    @Test func aSelectionFromTheDeferredViewDidAppearRunsWholeInTheSameTurn() {  // §1, §7
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let b = HookedLeaf(name: "b")
            let c = Leaf(name: "c")
            let (tab, window) = showTabs(recorder, [a, b, c])
            b.onDidAppear = { tab.selectedIndex = 2 }
            tab.selectedIndex = 1
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                -- selectedIndex = 2 inside b's viewDidAppear: the switch is still in flight, so it
                -- waits, and runs whole in the same runUntilIdle()
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                b.viewWillDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    @Test func reselectingATabWhoseSwitchIsHalfDoneSwitchesNothingMore() {  // §7
        let recorder = Recorder()
        let delegate = TabDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let (tab, window) = showTabs(recorder, [a, b])
            tab.delegate = delegate
            tab.userDidSelect(b)
            tab.userDidSelect(b)
            recorder.expect(
                """
                tab.delegate.shouldSelect(b)
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                tab.delegate.didSelect(b)
                -- the second tap: b is the selected tab, a re-selection
                tab.delegate.shouldSelect(b)
                tab.delegate.didSelect(b)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                """)
            recorder.finish()
        }
    }

    @Test func theIncomingTabRemovedWhileItsSwitchIsHalfDone() {  // §7, §1, R7
        let recorder = Recorder()
        let tracker = LeakTracker()
        recorder.record {
            let a = Leaf(name: "a")
            let c = Leaf(name: "c")
            let (tab, window): (TabBarController, Window)
            do {
                let b = Leaf(name: "b")
                tracker.track(b)
                (tab, window) = showTabs(recorder, [a, b, c])
                tab.selectedIndex = 1
                recorder.expect(
                    """
                    b.loadView()
                    b.viewDidLoad()
                    b.viewWillAppear(animated: false)
                    a.viewWillDisappear(animated: false)
                    """)
            }
            tab.controllers = [a, c]
            recorder.expect(
                """
                -- b is shown: its removal ends after the switch that hides it, which waits
                b.willMove(toParent: nil)
                """)
            #expect(tab.selectedController === c)
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                b.viewWillDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                c.viewDidAppear(animated: false)
                b.didMove(toParent: nil)
                b.deinit
                """)
            tracker.expectAllDeallocated()
            recorder.finish()
        }
    }

    @Test func theOutgoingTabRemovedWhileTheSwitchIsHalfDone() {  // §7, R7, §2.2
        let recorder = Recorder()
        let tracker = LeakTracker()
        recorder.record {
            let b = Leaf(name: "b")
            let (tab, window): (TabBarController, Window)
            do {
                let a = Leaf(name: "a")
                tracker.track(a)
                (tab, window) = showTabs(recorder, [a, b])
                tab.selectedIndex = 1
                recorder.skipEvents()
            }
            tab.controllers = [b]
            recorder.expect(
                """
                -- a is still disappearing: its removal ends after the switch's did-half
                a.willMove(toParent: nil)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                a.didMove(toParent: nil)
                a.deinit
                """)
            #expect(tab.children.count == 1 && tab.children.first === b)
            tracker.expectAllDeallocated()
            recorder.finish()
        }
    }

    @Test func hidingTheWindowCompletesTheHalfDoneSwitchFirst() {  // §1
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let (tab, window) = showTabs(recorder, [a, b])
            tab.selectedIndex = 1
            recorder.skipEvents()
            window.isHidden = true
            recorder.expect(
                """
                -- the switch in flight completes at once, then the window hides
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                tab.viewWillDisappear(animated: false)
                b.viewWillDisappear(animated: false)
                tab.viewDidDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                """)
            #expect(window.animationsInFlight.isEmpty)
            // The did-half's place in the turn stays queued, and finds it done.
            window.runUntilIdle()
            recorder.expect("")
            recorder.finish()
        }
    }

    @Test func takingTheTabBarOutOfTheWindowCompletesTheHalfDoneSwitchFirst() {  // §1
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let tab = TabBarController(name: "tab")
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            tab.controllers = [a, b]
            embed(tab, in: root)
            let window = show(root)
            recorder.skipEvents()
            tab.selectedIndex = 1
            recorder.skipEvents()
            tab.willMove(toParent: nil)
            tab.view.removeFromSuperview()
            tab.removeFromParent()
            recorder.expect(
                """
                tab.willMove(toParent: nil)
                -- tab.view.removeFromSuperview(): the switch in flight completes first
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                tab.viewWillDisappear(animated: false)
                b.viewWillDisappear(animated: false)
                tab.didMove(toParent: nil)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                tab.viewDidDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                tab.didMove(toParent: nil)
                """)
            recorder.finish()
        }
    }

    @Test func aSwitchInTheTurnTheTabBarEntersTheWindow() {  // §1, §4, F7
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let tab = TabBarController(name: "tab")
            tab.controllers = [a, b]
            let window = makeWindow()
            window.rootController = tab
            window.makeKeyAndVisible()
            tab.selectedIndex = 1
            recorder.expect(
                """
                a.willMove(toParent: tab)
                a.didMove(toParent: tab)
                b.willMove(toParent: tab)
                b.didMove(toParent: tab)
                tab.loadView()
                tab.viewDidLoad()
                tab.viewWillAppear(animated: false)
                a.loadView()
                a.viewDidLoad()
                a.viewWillAppear(animated: false)
                -- tab.selectedIndex = 1, while tab's own appearance waits for the end of the turn
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                -- tab's did-appear spares b, which the switch in flight brings in (F7); then the did-half
                tab.viewDidAppear(animated: false)
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                """)
            #expect([tab, a, b].map(\.appearanceState) == [.appeared, .disappeared, .appeared])
            recorder.finish()
        }
    }

    /// Found by the soak (seed 729941043829537787): a hidden window is shown, and in the same turn a
    /// switch to `nav` runs its first half; then `nav`'s view is taken out by hand, and `nav`
    /// disappears (F2). At the end of the turn the tab bar's deferred did-appear put `nav`'s view
    /// back (a built-in container put the views of all the children it shows back as it forwarded,
    /// F6) while passing over `nav`, which the switch in flight brings in (F7); the did-half then
    /// ended nothing for `nav`, left disappeared with its view in the visible window. Now a built-in
    /// container's forwarding puts back only the views of the children it drives: the view of a
    /// child a transition in flight moves is that transition's (F7). `nav`'s view stays out, the
    /// did-half ends `nav` disappeared (its view is in no window), as it does when the tab bar's
    /// did-appear is not in the same turn.
    @Test func theIncomingTabsViewTakenOutByHandStaysOutThroughTheTabBarsDidAppear() {  // §1, §7, F2, F7
        let recorder = Recorder()
        let navDelegate = NavDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let nav = NavigationController(name: "nav", rootController: a)
            nav.delegate = navDelegate
            let tab = TabBarController(name: "tab")
            tab.controllers = [nav, b]
            tab.selectedIndex = 1
            let window = makeWindow()
            window.rootController = tab
            recorder.skipEvents()
            window.makeKeyAndVisible()
            tab.selectedIndex = 0
            nav.view.removeFromSuperview()
            recorder.expect(
                """
                tab.viewWillAppear(animated: false)
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                -- tab.selectedIndex = 0: the switch's first half, while the window's did-appears wait
                nav.loadView()
                nav.viewDidLoad()
                nav.viewWillAppear(animated: false)
                a.loadView()
                a.viewDidLoad()
                a.viewWillAppear(animated: false)
                nav.delegate.willShow(a, animated: false)
                b.viewWillDisappear(animated: false)
                -- nav.view.removeFromSuperview() (F2); a's move, open since init, ends (§6)
                nav.viewWillDisappear(animated: false)
                a.viewWillDisappear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                -- tab's did-appear passes over nav, and leaves its view out (F7); then the did-half
                tab.viewDidAppear(animated: false)
                b.viewDidDisappear(animated: false)
                nav.viewDidDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                a.didMove(toParent: nav)
                """)
            #expect([tab, nav, a, b].map(\.appearanceState) == [.appeared, .disappeared, .disappeared, .disappeared])
            #expect(nav.view.superview == nil && b.viewIfLoaded?.window == nil)
            #expect(tab.selectedController === nav && !window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func anInteractivePopCannotBeginAndAPushWaitsWhileASwitchIsHalfDone() {  // §1, §7
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let r = Leaf(name: "r")
            let x = Leaf(name: "x")
            let nav = NavigationController(name: "nav", rootController: r)
            nav.push(x, animated: false)
            let (tab, window) = showTabs(recorder, [a, nav])
            tab.selectedIndex = 1
            recorder.expect(
                """
                nav.loadView()
                nav.viewDidLoad()
                nav.viewWillAppear(animated: false)
                x.loadView()
                x.viewDidLoad()
                x.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                """)
            #expect(nav.beginInteractivePop() == nil)
            let y = Leaf(name: "y")
            nav.push(y, animated: true)
            recorder.expect(
                """
                -- applied inside the call: the switch in flight is the tab bar's, not nav's (§6); x, the
                -- pending top since its push off screen, is superseded and completes its move
                y.willMove(toParent: nav)
                x.didMove(toParent: nav)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the did-half, then the push's transition, which waited for it (§1)
                a.viewDidDisappear(animated: false)
                nav.viewDidAppear(animated: false)
                x.viewDidAppear(animated: false)
                y.loadView()
                y.viewDidLoad()
                x.viewWillDisappear(animated: true)
                y.viewWillAppear(animated: true)
                x.viewDidDisappear(animated: true)
                y.viewDidAppear(animated: true)
                y.didMove(toParent: nav)
                """)
            recorder.finish()
        }
    }
    @Test func reselectingANavigationTabWhoseSwitchIsHalfDonePopsAfterTheDidHalf() {  // §7, §6, §1
        let recorder = Recorder()
        let delegate = TabDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let r = Leaf(name: "r")
            let nav = NavigationController(name: "nav", rootController: r)
            do {
                nav.push(Leaf(name: "x"), animated: false)
            }
            let (tab, window) = showTabs(recorder, [a, nav])
            tab.delegate = delegate
            tab.userDidSelect(nav)
            tab.userDidSelect(nav)
            recorder.expect(
                """
                tab.delegate.shouldSelect(nav)
                nav.loadView()
                nav.viewDidLoad()
                nav.viewWillAppear(animated: false)
                x.loadView()
                x.viewDidLoad()
                x.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                tab.delegate.didSelect(nav)
                -- the second tap, a re-selection: the pop to the root is applied, then didSelect; x, the
                -- pending top whose move is still open, gets no second willMove (R7) and leaves with the
                -- pop's transition
                tab.delegate.shouldSelect(nav)
                tab.delegate.didSelect(nav)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the did-half, then the pop's transition, which waited for it
                a.viewDidDisappear(animated: false)
                nav.viewDidAppear(animated: false)
                x.viewDidAppear(animated: false)
                r.loadView()
                r.viewDidLoad()
                x.viewWillDisappear(animated: true)
                r.viewWillAppear(animated: true)
                x.viewDidDisappear(animated: true)
                x.didMove(toParent: nil)
                r.viewDidAppear(animated: true)
                x.deinit
                """)
            recorder.finish()
        }
    }

    /// Found by the soak (seed 4723529767146299315): a tab bar out of any window switches tabs; the
    /// outgoing tab's view, put in the visible window by hand, leaves it, and the tab's
    /// `viewDidDisappear` brings the tab bar into the window. The switch went on as an off-screen
    /// one: `b`'s view went into the visible window with no callback, and `nav` stayed appeared with
    /// its view in the tab bar's. Now a switch whose outgoing tab's callbacks bring the tab bar on
    /// screen is asked for again as a visible one: its first half inside the call, its did-half at
    /// the end of the turn (§7).
    @Test func anOffScreenSwitchWhoseOutgoingTabBringsTheTabBarOnScreenRunsAsAVisibleOne() {  // §7, §1, F2
        let recorder = Recorder()
        recorder.record {
            let a = SpyController(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            let b = Leaf(name: "b")
            let tabs = TabBarController(name: "tabs")
            tabs.controllers = [nav, b]
            tabs.loadViewIfNeeded()
            let root = Parent(name: "root")
            let window = show(root)
            window.addSubview(nav.view)
            window.runUntilIdle()
            a.onViewDidDisappear = { [unowned a, unowned root, unowned tabs] _ in
                a.onViewDidDisappear = nil
                embed(tabs, in: root)
            }
            recorder.skipEvents()
            tabs.selectedIndex = 1
            recorder.expect(
                """
                -- nav's view leaves the window (F2)
                nav.viewWillDisappear(animated: false)
                a.viewWillDisappear(animated: false)
                -- a embeds tabs in root: tabs enters the window, still showing nav
                -- the switch, on screen now: its first half
                b.loadView()
                b.viewDidLoad()
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the end of the turn: tabs' did-appear, then the switch's did-half
                nav.viewDidDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                tabs.willMove(toParent: root)
                tabs.viewWillAppear(animated: false)
                b.viewWillAppear(animated: false)
                tabs.didMove(toParent: root)
                tabs.viewDidAppear(animated: false)
                b.viewDidAppear(animated: false)
                tabs.didMove(toParent: root)
                """)
            #expect([tabs, b].allSatisfy { $0.appearanceState == .appeared })
            #expect([nav, a].allSatisfy { $0.appearanceState == .disappeared })
            #expect(b.view.window === window && nav.view.window == nil)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty, "\(recorder.violations)")
    }
}
