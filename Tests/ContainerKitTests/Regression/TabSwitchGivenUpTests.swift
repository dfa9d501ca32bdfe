import ContainerKit
import ContainerKitTesting
import Testing

/// A tab switch whose will-callbacks take the tab bar controller off screen, or to another window
/// where a new switch runs, before the views swap (spec §7, §1): the switch gives up its swap, and
/// the selection asks for what it needs from the tab shown. Each used to swap the views anyway, and
/// leave the outgoing tab selected while the incoming tab's view sat in the tab bar's.
@Suite @MainActor struct TabSwitchGivenUpTests {
    /// Where the callback that moves the tab bar controller, then selects the outgoing tab, runs.
    enum Hook: CaseIterable, Sendable {
        /// In the incoming tab's `viewWillAppear`, with `selectedIndex = 0`.
        case incomingViewWillAppear
        /// In the outgoing tab's `viewWillDisappear`, the last callback before the views swap,
        /// with `selectedController = a`.
        case outgoingViewWillDisappear
    }

    private func install(
        _ hook: Hook, on a: HookedLeaf, _ b: HookedLeaf, _ tab: TabBarController, _ body: @escaping () -> Void
    ) {
        switch hook {
        case .incomingViewWillAppear:
            b.onWillAppear = {
                body()
                tab.selectedIndex = 0
            }
        case .outgoingViewWillDisappear:
            a.onWillDisappear = {
                body()
                tab.selectedController = a
            }
        }
    }

    /// `tab` holding `a` and `b`, `a` selected, shown in a visible window, turn ended; the set-up
    /// is skipped.
    private func showTabs(_ recorder: Recorder) -> (a: HookedLeaf, b: HookedLeaf, tab: TabBarController, Window) {
        let a = HookedLeaf(name: "a")
        let b = HookedLeaf(name: "b")
        let tab = TabBarController(name: "tab")
        tab.controllers = [a, b]
        let window = show(tab)
        recorder.skipEvents()
        return (a, b, tab, window)
    }

    /// `a` selected, its view alone in the tab bar controller's, in `window`; `b`'s view out.
    private func expectOnlyAShown(
        _ tab: TabBarController, _ a: Controller, _ b: Controller, in window: Window,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(tab.selectedIndex == 0 && tab.selectedController === a, sourceLocation: sourceLocation)
        #expect(a.view.superview === tab.view && a.view.window === window, sourceLocation: sourceLocation)
        #expect(b.view.superview == nil && b.view.window == nil, sourceLocation: sourceLocation)
        #expect(tab.view.subviews.count == 1, sourceLocation: sourceLocation)
    }

    /// The will-callbacks up to the tab bar controller's `viewWillDisappear`, which the hook's
    /// move sends: the outgoing tab's comes before it when the hook runs in it.
    private func callbacksUpToTheMove(_ hook: Hook) -> String {
        switch hook {
        case .incomingViewWillAppear:
            """
            b.viewWillAppear(animated: false)
            tab.viewWillDisappear(animated: false)
            a.viewWillDisappear(animated: false)
            """
        case .outgoingViewWillDisappear:
            """
            b.viewWillAppear(animated: false)
            a.viewWillDisappear(animated: false)
            tab.viewWillDisappear(animated: false)
            """
        }
    }

    /// The window hidden, then the outgoing tab selected, before the views swap: the selection,
    /// off screen, shows `a` at once (its view never left), and the switch finds the tab bar off
    /// screen and gives up its swap; `b`, which began appearing, disappears in its did-half. It
    /// used to swap the views anyway: `a` selected, `b`'s view in the tab bar's, and `b` appearing
    /// when the window was shown again.
    @Test(arguments: Hook.allCases)
    func theWindowHiddenThenTheOutgoingTabSelectedBeforeTheViewsSwap(_ hook: Hook) {  // §7, §1
        let recorder = Recorder()
        recorder.record {
            let (a, b, tab, window) = showTabs(recorder)
            install(hook, on: a, b, tab) { window.isHidden = true }
            recorder.expectViolation(.invalidTransition) { tab.selectedIndex = 1 }
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                \(callbacksUpToTheMove(hook))
                tab.viewDidDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                -- the switch gives up its swap; b, which began appearing, disappears
                b.viewWillDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                """)
            expectOnlyAShown(tab, a, b, in: window)
            #expect([tab, a, b].allSatisfy { $0.appearanceState == .disappeared })
            #expect(tab.children.count == 2 && a.parent === tab && b.parent === tab)
            #expect(!window.hasPendingWork)
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                tab.viewWillAppear(animated: false)
                a.viewWillAppear(animated: false)
                tab.viewDidAppear(animated: false)
                a.viewDidAppear(animated: false)
                """)
            #expect([tab, a].allSatisfy { $0.appearanceState == .appeared })
            #expect(b.appearanceState == .disappeared && b.view.superview == nil)
            recorder.finish()
        }
    }

    /// The tab bar controller made the root of another visible window from a will-callback of its
    /// switch, then the outgoing tab selected. The selection finds the switch still beginning, in
    /// another window: a switch of its own waits for that window's turn (a switch beginning has the
    /// views until it swaps them or gives up). The first switch no longer runs in its window: it
    /// gives up its swap, and the outgoing tab's will-callback when it has not been sent; then,
    /// at the other window's turn, nothing is left to switch. The selection's switch used to start
    /// at once in the other window and take the first one's place, which then sent `a`, appearing
    /// there, `viewWillDisappear` and `viewDidDisappear`, and put `b`'s view in the tab bar's.
    @Test(arguments: Hook.allCases)
    func theTabBarMovedToAnotherWindowThenTheOutgoingTabSelected(_ hook: Hook) {  // §7, §1
        let recorder = Recorder()
        recorder.record {
            let (a, b, tab, window) = showTabs(recorder)
            let second = Window(name: "second")
            second.makeKeyAndVisible()
            second.runUntilIdle()
            recorder.skipEvents()
            install(hook, on: a, b, tab) {
                window.rootController = nil
                second.rootController = tab
            }
            recorder.expectViolation(.invalidTransition) { tab.selectedIndex = 1 }
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                \(callbacksUpToTheMove(hook))
                -- tab enters the second window, showing a, before the turn ends: no did-disappears
                -- (§1); then a is selected
                tab.viewWillAppear(animated: false)
                a.viewWillAppear(animated: false)
                -- the switch gives up its swap; b, which began appearing, disappears
                b.viewWillDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                """)
            expectOnlyAShown(tab, a, b, in: second)
            #expect(a.appearanceState == .appearing && b.appearanceState == .disappeared)
            second.runUntilIdle()
            window.runUntilIdle()
            recorder.expect(
                """
                -- the second window's turn: the entry's did-callbacks; the waiting switch has nothing to do
                tab.viewDidAppear(animated: false)
                a.viewDidAppear(animated: false)
                """)
            #expect([tab, a].allSatisfy { $0.appearanceState == .appeared })
            #expect(b.appearanceState == .disappeared && b.view.superview == nil)
            #expect(tab.children.count == 2 && a.parent === tab && b.parent === tab)
            #expect(!second.hasPendingWork && !window.hasPendingWork)
            recorder.finish()
        }
    }
}
