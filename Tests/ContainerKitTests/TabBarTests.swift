import ContainerKit
import ContainerKitTesting
import Testing

/// A tab bar delegate that can veto; its calls are in the transcript as `tab.delegate.…`.
@MainActor
final class TabDelegate: TabBarControllerDelegate {
    var allows = true

    func tabBarController(_ tab: TabBarController, shouldSelect controller: Controller) -> Bool { allows }
}

/// Notes, inside each appearance callback, its moving flags (R8) and its transition coordinator;
/// `onWillAppear` runs inside `viewWillAppear`, after `super`.
private final class TabProbe: Controller {
    let notes: Notes
    let label: String
    var onWillAppear: ((TabProbe) -> Void)?

    init(name: String, notes: Notes) {
        self.notes = notes
        label = name
        super.init(name: name)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        note("viewWillAppear")
        onWillAppear?(self)
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
        let coordinator =
            transitionCoordinator.map { "coordinator(animated: \($0.isAnimated), interactive: \($0.isInteractive))" }
            ?? "no coordinator"
        notes.lines.append(
            "\(label).\(callback) toParent=\(isMovingToParent) fromParent=\(isMovingFromParent) \(coordinator)")
    }
}

/// A tab bar controller subclass that notes around its `super.viewWillAppear` / `super.viewDidAppear`.
private final class NotingTabBarController: TabBarController {
    let notes: Notes

    init(name: String, notes: Notes) {
        self.notes = notes
        super.init(name: name)
    }

    override func viewWillAppear(_ animated: Bool) {
        notes.lines.append("tab.viewWillAppear before super")
        super.viewWillAppear(animated)
        notes.lines.append("tab.viewWillAppear after super")
    }

    override func viewDidAppear(_ animated: Bool) {
        notes.lines.append("tab.viewDidAppear before super")
        super.viewDidAppear(animated)
        notes.lines.append("tab.viewDidAppear after super")
    }
}

/// A leaf that notes its appearance callbacks by name, with no flags.
private final class NotingLeaf: Controller {
    let notes: Notes
    let label: String

    init(name: String, notes: Notes) {
        self.notes = notes
        label = name
        super.init(name: name)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        notes.lines.append("\(label).viewWillAppear")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        notes.lines.append("\(label).viewDidAppear")
    }
}

/// A leaf that wants light, hidden status-bar content.
private final class StatusBarLeaf: Controller {
    override var preferredStatusBarStyle: StatusBarStyle { .lightContent }
    override var prefersStatusBarHidden: Bool { true }
}

/// `tab` with `tabs`, `selectedIndex` selected off screen, shown in a visible window, then given
/// `delegate`; the setup transcript is skipped.
@MainActor
private func showTabs(
    _ recorder: Recorder, _ tabs: [Controller], selectedIndex: Int = 0, delegate: TabDelegate? = nil
) -> (tab: TabBarController, window: Window) {
    let tab = TabBarController(name: "tab")
    tab.controllers = tabs
    tab.selectedIndex = selectedIndex
    let window = show(tab)
    tab.delegate = delegate
    recorder.skipEvents()
    return (tab, window)
}

/// Whether `controllers` are `expected`, instance for instance, in order.
@MainActor
private func same(_ controllers: [Controller], _ expected: [Controller]) -> Bool {
    controllers.count == expected.count && zip(controllers, expected).allSatisfy { $0 === $1 }
}

@Suite @MainActor struct TabBarTests {
    @Test func aTapRunsTheFirstHalfOfTheSwitchInsideTheCall() {  // §7, §1
        let recorder = Recorder()
        let delegate = TabDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let tab = TabBarController(name: "tab")
            tab.delegate = delegate
            tab.controllers = [a, b]
            #expect(tab.selectedIndex == 0)
            let window = show(tab)
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
                tab.viewDidAppear(animated: false)
                a.viewDidAppear(animated: false)
                """)
            #expect(!b.isViewLoaded)
            tab.userDidSelect(b)
            recorder.expect(
                """
                tab.delegate.shouldSelect(b)
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                tab.delegate.didSelect(b)
                """)
            #expect(tab.selectedController === b)
            #expect(b.view.superview === tab.view && a.view.superview == nil)
            #expect(window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                """)
            recorder.finish()
        }
    }

    // MARK: - Setting the tabs

    @Test func settingTheTabsMakesEveryTabAChildInsideTheCall() {  // §7, §1
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let c = Leaf(name: "c")
            let tab = TabBarController(name: "tab")
            tab.controllers = [a, b, c]
            recorder.expect(
                """
                a.willMove(toParent: tab)
                a.didMove(toParent: tab)
                b.willMove(toParent: tab)
                b.didMove(toParent: tab)
                c.willMove(toParent: tab)
                c.didMove(toParent: tab)
                """)
            #expect(same(tab.controllers, [a, b, c]))
            #expect(same(tab.children, [a, b, c]))
            #expect(a.parent === tab && b.parent === tab && c.parent === tab)
            #expect(a.tabBarController === tab)
            #expect(tab.selectedIndex == 0)
            #expect(tab.selectedController === a)
            #expect(!tab.isViewLoaded)
            #expect(!a.isViewLoaded && !b.isViewLoaded && !c.isViewLoaded)

            let window = show(tab)
            recorder.expect(
                """
                -- only the selected tab loads and shows
                tab.loadView()
                tab.viewDidLoad()
                tab.viewWillAppear(animated: false)
                a.loadView()
                a.viewDidLoad()
                a.viewWillAppear(animated: false)
                tab.viewDidAppear(animated: false)
                a.viewDidAppear(animated: false)
                """)
            #expect(same(tab.view.subviews.compactMap(\.controller), [a]))
            #expect(a.view.superview === tab.view)
            #expect(a.view.window === window)
            #expect(!b.isViewLoaded && !c.isViewLoaded)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    /// The tab shown first loads its view as the tab bar's own appearance installs it, and its
    /// `viewDidLoad()` selects the other tab: the switch runs inside the call, and the first tab's
    /// view, loaded, stays out of the tab bar's view (it used to be put there all the same, a
    /// disappeared controller's view on screen beside the selected one's).
    @Test func aTabWhoseViewDidLoadSelectsAnotherLeavesItsViewOut() {  // §7, F6
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            let tabs = TabBarController(name: "tabs")
            let a = SpyController(name: "a")
            let b = Leaf(name: "b")
            tabs.controllers = [a, b]
            a.onViewDidLoad = { [unowned tabs] in tabs.selectedIndex = 1 }
            recorder.skipEvents()
            window.rootController = tabs
            window.runUntilIdle()
            recorder.expect(
                """
                tabs.loadView()
                tabs.viewDidLoad()
                tabs.viewWillAppear(animated: false)
                a.loadView()
                a.viewDidLoad()
                -- inside it, b is selected: the switch runs inside the call
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                tabs.viewDidAppear(animated: false)
                b.viewDidAppear(animated: false)
                """)
            #expect(tabs.selectedController === b)
            #expect(tabs.view.subviews.count == 1 && tabs.view.subviews.first === b.view)
            #expect(a.isViewLoaded && a.view.superview == nil)
            #expect(a.appearanceState == .disappeared && b.appearanceState == .appeared)
        }
    }

    @Test func noTabsMeansNoSelection() {  // §7
        let recorder = Recorder()
        recorder.record {
            let tab = TabBarController(name: "tab")
            #expect(tab.controllers.isEmpty)
            #expect(tab.selectedIndex == TabBarController.noSelection)
            #expect(tab.selectedController == nil)
            let a = Leaf(name: "a")
            tab.controllers = [a]
            #expect(tab.selectedIndex == 0)
            tab.controllers = []
            recorder.expect(
                """
                a.willMove(toParent: tab)
                a.didMove(toParent: tab)
                a.willMove(toParent: nil)
                a.didMove(toParent: nil)
                """)
            #expect(tab.selectedIndex == TabBarController.noSelection)
            #expect(tab.selectedController == nil)
            #expect(tab.children.isEmpty)
            #expect(a.parent == nil)
            recorder.finish()
        }
    }

    @Test func settingTheTabsOfAVisibleTabBarController() {  // §7, §1, R7
        let recorder = Recorder()
        recorder.record {
            let tab = TabBarController(name: "tab")
            let window = show(tab)
            recorder.expect(
                """
                tab.loadView()
                tab.viewDidLoad()
                tab.viewWillAppear(animated: false)
                tab.viewDidAppear(animated: false)
                """)
            #expect(tab.selectedIndex == TabBarController.noSelection)

            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            tab.controllers = [a, b]
            recorder.expect(
                """
                a.willMove(toParent: tab)
                a.didMove(toParent: tab)
                b.willMove(toParent: tab)
                b.didMove(toParent: tab)
                -- the switch to the selected tab: its first half inside the setter
                a.loadView()
                a.viewDidLoad()
                a.viewWillAppear(animated: false)
                """)
            #expect(tab.selectedIndex == 0)
            #expect(tab.selectedController === a)
            window.runUntilIdle()
            recorder.expect("a.viewDidAppear(animated: false)")
            #expect(!b.isViewLoaded)

            tab.controllers = []
            recorder.expect(
                """
                a.willMove(toParent: nil)
                b.willMove(toParent: nil)
                b.didMove(toParent: nil)
                a.viewWillDisappear(animated: false)
                """)
            #expect(tab.selectedIndex == TabBarController.noSelection)
            #expect(tab.selectedController == nil)
            window.runUntilIdle()
            recorder.expect(
                """
                -- end of turn: the shown tab's removal ends after the switch that hides it
                a.viewDidDisappear(animated: false)
                a.didMove(toParent: nil)
                """)
            #expect(tab.children.isEmpty)
            #expect(a.view.superview == nil)
            recorder.finish()
        }
    }

    // MARK: - Taps

    @Test func tappingBackToATabDoesNotLoadItsViewAgain() {  // §7
        let recorder = Recorder()
        let delegate = TabDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let (tab, window) = showTabs(recorder, [a, b], delegate: delegate)
            tab.userDidSelect(b)
            window.runUntilIdle()
            recorder.expect(
                """
                tab.delegate.shouldSelect(b)
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                tab.delegate.didSelect(b)
                -- end of turn
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                """)
            #expect(a.view.superview == nil)
            #expect(b.view.superview === tab.view)

            tab.userDidSelect(a)
            recorder.expect(
                """
                tab.delegate.shouldSelect(a)
                -- a's view is loaded already
                a.viewWillAppear(animated: false)
                b.viewWillDisappear(animated: false)
                tab.delegate.didSelect(a)
                """)
            #expect(tab.selectedIndex == 0)
            #expect(tab.selectedController === a)
            #expect(window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewDidDisappear(animated: false)
                a.viewDidAppear(animated: false)
                """)
            #expect(a.view.superview === tab.view)
            #expect(b.view.superview == nil)
            #expect(same(tab.view.subviews.compactMap(\.controller), [a]))
            recorder.finish()
        }
    }

    @Test func aVetoedTapChangesNothing() {  // §7
        let recorder = Recorder()
        let delegate = TabDelegate()
        delegate.allows = false
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let (tab, window) = showTabs(recorder, [a, b], delegate: delegate)
            tab.userDidSelect(b)
            recorder.expect("tab.delegate.shouldSelect(b)")
            #expect(tab.selectedIndex == 0)
            #expect(tab.selectedController === a)
            #expect(!window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect("")
            #expect(!b.isViewLoaded)
            #expect(a.appearanceState == .appeared)
            recorder.finish()
        }
    }

    // MARK: - Programmatic selection

    @Test func programmaticSelectionRunsTheFirstHalfInsideTheSetterWithoutTheDelegate() {  // §7, §1
        let recorder = Recorder()
        let delegate = TabDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let c = Leaf(name: "c")
            let (tab, window) = showTabs(recorder, [a, b, c], delegate: delegate)

            tab.selectedIndex = 1
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                """)
            #expect(tab.selectedIndex == 1)
            #expect(tab.selectedController === b)
            #expect(window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                """)

            tab.selectedController = c
            recorder.expect(
                """
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                b.viewWillDisappear(animated: false)
                """)
            #expect(tab.selectedIndex == 2)
            #expect(tab.selectedController === c)
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewDidDisappear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            #expect(same(tab.view.subviews.compactMap(\.controller), [c]))
            recorder.finish()
        }
    }

    @Test func aSelectionWhileASwitchIsHalfDoneWaitsForItsDidHalf() {  // §7, §1
        let recorder = Recorder()
        let delegate = TabDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let c = Leaf(name: "c")
            let (tab, window) = showTabs(recorder, [a, b, c], delegate: delegate)

            tab.selectedIndex = 1
            tab.selectedController = c
            tab.selectedIndex = 2
            recorder.expect(
                """
                -- the first selection's first half; the later ones wait, the switch being in flight
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                """)
            #expect(tab.selectedController === c)
            #expect(b.view.superview === tab.view)
            #expect(!c.isViewLoaded)
            window.runUntilIdle()
            recorder.expect(
                """
                -- end of turn: the did-half, then one switch, whole, to the last selected
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                b.viewWillDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                c.viewDidAppear(animated: false)
                """)

            // Selections that come back to the tab shown: the first half of the first, then its
            // did-half and one switch back, whole.
            tab.selectedIndex = 0
            tab.selectedController = b
            tab.selectedIndex = 2
            recorder.expect(
                """
                a.viewWillAppear(animated: false)
                c.viewWillDisappear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewDidDisappear(animated: false)
                a.viewDidAppear(animated: false)
                c.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            #expect(!a.view.isDescendant(of: tab.view))
            #expect(c.view.superview === tab.view)
            recorder.finish()
        }
    }

    // MARK: - Re-selecting the selected tab

    @Test func reselectingTheSelectedTabTellsTheDelegateInsideTheCall() {  // §7
        let recorder = Recorder()
        let delegate = TabDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let root = Leaf(name: "root")
            let nav = NavigationController(name: "nav", rootController: root)
            let (tab, window) = showTabs(recorder, [a, nav], delegate: delegate)

            tab.userDidSelect(a)
            recorder.expect(
                """
                tab.delegate.shouldSelect(a)
                tab.delegate.didSelect(a)
                """)
            #expect(!window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect("")

            // A navigation controller at its root is not popped.
            tab.selectedController = nav
            window.runUntilIdle()
            recorder.skipEvents()
            tab.userDidSelect(nav)
            recorder.expect(
                """
                tab.delegate.shouldSelect(nav)
                tab.delegate.didSelect(nav)
                """)
            #expect(!window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect("")
            #expect(same(nav.controllers, [root]))

            // Vetoed: not even didSelect.
            delegate.allows = false
            tab.userDidSelect(nav)
            recorder.expect("tab.delegate.shouldSelect(nav)")
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    @Test func reselectingANavigationTabPopsItToItsRootAnimated() {  // §7, §6
        let recorder = Recorder()
        let delegate = TabDelegate()
        let navDelegate = NavDelegate()
        recorder.record {
            let root = Leaf(name: "root")
            let nav = NavigationController(name: "nav", rootController: root)
            nav.push(Leaf(name: "x"), animated: false)
            nav.push(Leaf(name: "y"), animated: false)
            let (tab, window) = showTabs(recorder, [nav, Leaf(name: "b")], delegate: delegate)
            nav.delegate = navDelegate
            #expect(nav.controllers.count == 3)
            #expect(!root.isViewLoaded)

            tab.userDidSelect(nav)
            recorder.expect(
                """
                tab.delegate.shouldSelect(nav)
                x.willMove(toParent: nil)
                x.didMove(toParent: nil)
                y.willMove(toParent: nil)
                x.deinit
                tab.delegate.didSelect(nav)
                """)
            #expect(same(nav.controllers, [root]))
            #expect(tab.selectedController === nav)
            window.runUntilIdle()
            recorder.expect(
                """
                -- end of turn: the pop, animated
                root.loadView()
                root.viewDidLoad()
                y.viewWillDisappear(animated: true)
                root.viewWillAppear(animated: true)
                nav.delegate.willShow(root, animated: true)
                y.viewDidDisappear(animated: true)
                y.didMove(toParent: nil)
                root.viewDidAppear(animated: true)
                nav.delegate.didShow(root, animated: true)
                y.deinit
                """)
            #expect(same(nav.children, [root]))
            #expect(root.view.superview === nav.view)
            recorder.finish()
        }
    }

    // MARK: - Replacing the tabs

    @Test func replacingTheTabsKeepsTheSelectedControllerSelected() {  // §7
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let c = Leaf(name: "c")
            let d = Leaf(name: "d")
            let (tab, window) = showTabs(recorder, [a, b, c], selectedIndex: 1)
            #expect(tab.selectedController === b)

            tab.controllers = [b, d]
            recorder.expect(
                """
                a.willMove(toParent: nil)
                a.didMove(toParent: nil)
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                d.willMove(toParent: tab)
                d.didMove(toParent: tab)
                """)
            #expect(tab.selectedIndex == 0)
            #expect(tab.selectedController === b)
            #expect(same(tab.controllers, [b, d]))
            #expect(same(tab.children, [b, d]))
            #expect(a.parent == nil && c.parent == nil)
            window.runUntilIdle()
            recorder.expect("")
            #expect(b.appearanceState == .appeared)
            #expect(!d.isViewLoaded)
            #expect(same(tab.view.subviews.compactMap(\.controller), [b]))
            recorder.finish()
        }
    }

    @Test func droppingTheSelectedTabEndsItsRemovalAfterTheSwitchThatHidesIt() {  // §7, R7, R8
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let b = Leaf(name: "b")
            let c = Leaf(name: "c")
            let (tab, window) = showTabs(recorder, [TabProbe(name: "a", notes: notes), b])
            _ = notes.take()

            tab.controllers = [b, c]
            recorder.expect(
                """
                a.willMove(toParent: nil)
                c.willMove(toParent: tab)
                c.didMove(toParent: tab)
                -- the switch's first half
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                """)
            #expect(tab.selectedIndex == 0)
            #expect(tab.selectedController === b)
            #expect(same(tab.controllers, [b, c]))
            window.runUntilIdle()
            recorder.expect(
                """
                -- end of turn: the switch's did-half, then the end of a's removal
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                a.didMove(toParent: nil)
                a.deinit
                """)
            let coordinator = "coordinator(animated: false, interactive: false)"
            #expect(
                notes.take() == [
                    "a.viewWillDisappear toParent=false fromParent=true \(coordinator)",
                    "a.viewDidDisappear toParent=false fromParent=true \(coordinator)",
                ])
            #expect(same(tab.children, [b, c]))
            #expect(same(tab.view.subviews.compactMap(\.controller), [b]))
            recorder.finish()
        }
    }

    @Test func droppingAnUnselectedTabRemovesItInsideTheCall() {  // §7
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let c = Leaf(name: "c")
            let (tab, window) = showTabs(recorder, [a, b, c], selectedIndex: 2)

            tab.controllers = [b, c]
            recorder.expect(
                """
                a.willMove(toParent: nil)
                a.didMove(toParent: nil)
                """)
            #expect(tab.selectedIndex == 1)
            #expect(tab.selectedController === c)
            #expect(a.parent == nil)

            tab.controllers = [c]
            recorder.expect(
                """
                b.willMove(toParent: nil)
                b.didMove(toParent: nil)
                """)
            #expect(tab.selectedIndex == 0)
            #expect(tab.selectedController === c)
            #expect(same(tab.children, [c]))
            window.runUntilIdle()
            recorder.expect("")
            #expect(c.appearanceState == .appeared)
            recorder.finish()
        }
    }

    // MARK: - Off screen

    @Test func offScreenSelectionChangesTheViewsInsideTheCall() {  // §1, §7
        let recorder = Recorder()
        let delegate = TabDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let (tab, window) = showTabs(recorder, [a, b], delegate: delegate)
            window.isHidden = true
            recorder.expect(
                """
                tab.viewWillDisappear(animated: false)
                a.viewWillDisappear(animated: false)
                tab.viewDidDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                """)

            tab.selectedIndex = 1
            recorder.expect(
                """
                -- the view changes inside the call, with no appearance callbacks
                b.loadView()
                b.viewDidLoad()
                """)
            #expect(b.view.superview === tab.view)
            #expect(a.view.superview == nil)
            #expect(!window.hasPendingWork)

            tab.userDidSelect(a)
            recorder.expect(
                """
                tab.delegate.shouldSelect(a)
                tab.delegate.didSelect(a)
                """)
            #expect(a.view.superview === tab.view)
            #expect(b.view.superview == nil)
            #expect(!window.hasPendingWork)

            tab.controllers = [b]
            recorder.expect(
                """
                a.willMove(toParent: nil)
                a.didMove(toParent: nil)
                """)
            #expect(tab.selectedController === b)
            #expect(b.view.superview === tab.view)
            #expect(!window.hasPendingWork)

            window.isHidden = false
            window.runUntilIdle()
            recorder.expect(
                """
                tab.viewWillAppear(animated: false)
                b.viewWillAppear(animated: false)
                tab.viewDidAppear(animated: false)
                b.viewDidAppear(animated: false)
                """)
            recorder.finish()
        }
    }

    @Test func aTabBarControllerWithNoWindowChangesEverythingInsideTheCall() {  // §1, §7
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let tab = TabBarController(name: "tab")
            tab.controllers = [a, b]
            recorder.skipEvents()

            tab.selectedIndex = 1
            recorder.expect("")
            #expect(!a.isViewLoaded && !b.isViewLoaded)

            tab.controllers = [a]
            recorder.expect(
                """
                b.willMove(toParent: nil)
                b.didMove(toParent: nil)
                """)
            #expect(tab.selectedController === a)

            tab.loadViewIfNeeded()
            recorder.expect(
                """
                tab.loadView()
                tab.viewDidLoad()
                """)
            recorder.finish()
        }
    }

    // MARK: - Showing the window

    @Test func showingTheWindowShowsOnlyTheSelectedTab() {  // §4 F6, §7
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let c = Leaf(name: "c")
            let tab = TabBarController(name: "tab")
            tab.controllers = [a, b, c]
            tab.selectedIndex = 1
            recorder.skipEvents()
            let window = show(tab)
            recorder.expect(
                """
                tab.loadView()
                tab.viewDidLoad()
                tab.viewWillAppear(animated: false)
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                -- window.runUntilIdle()
                tab.viewDidAppear(animated: false)
                b.viewDidAppear(animated: false)
                """)
            #expect(!a.isViewLoaded && !c.isViewLoaded)
            #expect(same(tab.view.subviews.compactMap(\.controller), [b]))

            window.isHidden = true
            recorder.expect(
                """
                tab.viewWillDisappear(animated: false)
                b.viewWillDisappear(animated: false)
                tab.viewDidDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                """)
            #expect(a.appearanceState == .disappeared && c.appearanceState == .disappeared)
            recorder.finish()
        }
    }

    @Test func aSubclassCodeAfterSuperRunsAfterTheSelectedTabsCallback() {  // §4 F6
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let tab = NotingTabBarController(name: "tab", notes: notes)
            tab.controllers = [NotingLeaf(name: "a", notes: notes), NotingLeaf(name: "b", notes: notes)]
            recorder.skipEvents()
            let window = makeWindow()
            window.rootController = tab
            window.makeKeyAndVisible()
            #expect(
                notes.take() == [
                    "tab.viewWillAppear before super",
                    "a.viewWillAppear",
                    "tab.viewWillAppear after super",
                ])
            window.runUntilIdle()
            #expect(
                notes.take() == [
                    "tab.viewDidAppear before super",
                    "a.viewDidAppear",
                    "tab.viewDidAppear after super",
                ])
            recorder.expect(
                """
                tab.loadView()
                tab.viewDidLoad()
                tab.viewWillAppear(animated: false)
                a.loadView()
                a.viewDidLoad()
                a.viewWillAppear(animated: false)
                tab.viewDidAppear(animated: false)
                a.viewDidAppear(animated: false)
                """)
            recorder.finish()
        }
    }

    // MARK: - One visible transition at a time

    @Test func aSwitchWaitsForAPushInFlightInTheSameWindow() {  // §1
        let recorder = Recorder()
        let delegate = TabDelegate()
        let navDelegate = NavDelegate()
        recorder.record {
            let root = Leaf(name: "root")
            let nav = NavigationController(name: "nav", rootController: root)
            let b = Leaf(name: "b")
            let (tab, window) = showTabs(recorder, [nav, b], delegate: delegate)
            nav.delegate = navDelegate
            let driver = ManualAnimationDriver()
            driver.install(on: window)

            let x = Leaf(name: "x")
            nav.push(x, animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                x.willMove(toParent: nav)
                -- end of turn: the push starts and is held
                x.loadView()
                x.viewDidLoad()
                root.viewWillDisappear(animated: true)
                x.viewWillAppear(animated: true)
                nav.delegate.willShow(x, animated: true)
                """)
            #expect(driver.inFlight.count == 1)

            tab.userDidSelect(b)
            recorder.expect(
                """
                tab.delegate.shouldSelect(b)
                -- the window is busy: the whole switch waits; didSelect right after the selection changes
                tab.delegate.didSelect(b)
                """)
            #expect(tab.selectedController === b)
            window.runUntilIdle()
            recorder.expect("")
            #expect(!b.isViewLoaded)

            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                root.viewDidDisappear(animated: true)
                x.viewDidAppear(animated: true)
                x.didMove(toParent: nav)
                nav.delegate.didShow(x, animated: true)
                """)
            #expect(window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the end of the turn in which the push completed: the switch, whole, as one step
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                nav.viewWillDisappear(animated: false)
                x.viewWillDisappear(animated: false)
                nav.viewDidDisappear(animated: false)
                x.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                """)
            #expect(driver.inFlight.isEmpty)
            #expect(driver.started.count == 1)
            recorder.finish()
        }
    }

    // MARK: - Transition coordinator

    @Test func theSwitchHasATransitionCoordinatorThatIsNotAnimated() {  // §6, §7
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let a = TabProbe(name: "a", notes: notes)
            let b = TabProbe(name: "b", notes: notes)
            let (tab, window) = showTabs(recorder, [a, b])
            #expect(
                notes.take() == [
                    "a.viewWillAppear toParent=false fromParent=false no coordinator",
                    "a.viewDidAppear toParent=false fromParent=false no coordinator",
                ])
            b.onWillAppear = { probe in
                let notes = probe.notes
                let accepted = probe.transitionCoordinator?.animate(
                    alongsideTransition: { context in
                        notes.lines.append("alongside animation (animated: \(context.isAnimated))")
                    },
                    completion: { context in
                        notes.lines.append("alongside completion (cancelled: \(context.isCancelled))")
                    })
                notes.lines.append("b registered alongside: \(accepted.map(String.init) ?? "no coordinator")")
                notes.lines.append("duration: \(probe.transitionCoordinator?.transitionDuration ?? -1)")
            }

            tab.selectedController = b
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                """)
            let coordinator = "coordinator(animated: false, interactive: false)"
            #expect(
                notes.take() == [
                    "b.viewWillAppear toParent=false fromParent=false \(coordinator)",
                    "b registered alongside: true",
                    "duration: 0.0",
                    "a.viewWillDisappear toParent=false fromParent=false \(coordinator)",
                    "alongside animation (animated: false)",
                ])
            // In flight until its did-half: the coordinator stays, and still takes blocks.
            #expect(tab.transitionCoordinator != nil)
            #expect(b.transitionCoordinator != nil)
            #expect(window.animationsInFlight.map(\.kind) == [.tabSwitch])
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                """)
            #expect(
                notes.take() == [
                    "a.viewDidDisappear toParent=false fromParent=false \(coordinator)",
                    "b.viewDidAppear toParent=false fromParent=false \(coordinator)",
                    "alongside completion (cancelled: false)",
                ])
            #expect(tab.transitionCoordinator == nil)
            #expect(a.transitionCoordinator == nil)
            #expect(b.transitionCoordinator == nil)
            recorder.finish()
        }
    }

    // MARK: - Status bar

    @Test func theSelectedTabDecidesTheStatusBar() {  // §10
        let recorder = Recorder()
        recorder.record {
            let tab = TabBarController(name: "tab")
            #expect(tab.childForStatusBarStyle == nil)
            #expect(tab.childForStatusBarHidden == nil)
            let a = Leaf(name: "a")
            let b = StatusBarLeaf(name: "b")
            tab.controllers = [a, b]
            let window = show(tab)
            recorder.skipEvents()
            #expect(tab.childForStatusBarStyle === a)
            #expect(tab.childForStatusBarHidden === a)
            #expect(window.statusBarStyle == .default)
            #expect(!window.isStatusBarHidden)

            tab.selectedIndex = 1
            #expect(tab.childForStatusBarStyle === b)
            #expect(tab.childForStatusBarHidden === b)
            window.runUntilIdle()
            recorder.skipEvents()
            tab.setNeedsStatusBarAppearanceUpdate()
            #expect(window.statusBarStyle == .lightContent)
            #expect(window.isStatusBarHidden)
            recorder.finish()
        }
    }

    // MARK: - Refusals

    @Test func refusedTabs() {  // §7, §11, R9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let (tab, window) = showTabs(recorder, [a, b])
            let c = Leaf(name: "c")
            let p = Parent(name: "p")
            let y = Leaf(name: "y")
            embed(y, in: p)
            recorder.skipEvents()

            recorder.expectViolation(.invalidContainerContents, unchanged: [tab]) {
                tab.controllers = [a, b, a]
            }
            recorder.expectViolation(.invalidContainerContents, unchanged: [tab, c]) {
                tab.controllers = [a, c, c]
            }
            recorder.expectViolation(.invalidContainerContents, unchanged: [tab, p]) {
                tab.controllers = [a, y]
            }
            #expect(same(tab.controllers, [a, b]))
            #expect(same(tab.children, [a, b]))
            #expect(c.parent == nil)
            #expect(y.parent === p)
            #expect(tab.selectedController === a)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.map(\.severity) == [.fault, .fault, .fault])
    }

    @Test func refusedManualMovesOfTabs() {  // R9, §5, §11
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let (tab, window) = showTabs(recorder, [a, b])
            let x = Leaf(name: "x")
            let q = Parent(name: "q")
            recorder.skipEvents()

            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [tab, x]) {
                tab.addChild(x)
            }
            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [tab]) {
                a.removeFromParent()
            }
            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [tab]) {
                b.removeFromParent()
            }
            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [tab, q]) {
                q.addChild(b)
            }
            recorder.expectViolation(.invalidTransition, unchanged: [tab]) {
                tab.transition(from: a, to: b, duration: 0.3, animations: nil, completion: nil)
            }
            #expect(same(tab.controllers, [a, b]))
            #expect(same(tab.children, [a, b]))
            #expect(x.parent == nil)
            #expect(tab.selectedController === a)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.map(\.severity) == [.fault, .fault, .fault, .fault, .fault])
    }

    @Test func refusedSelections() {  // §7, §11
        let recorder = Recorder()
        let delegate = TabDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let (tab, window) = showTabs(recorder, [a, b], delegate: delegate)
            let stranger = Leaf(name: "stranger")
            let p = Parent(name: "p")
            let y = Leaf(name: "y")
            embed(y, in: p)
            recorder.skipEvents()

            recorder.expectViolation(.invalidTabSelection, unchanged: [tab]) {
                tab.selectedIndex = 2
            }
            recorder.expectViolation(.invalidTabSelection, unchanged: [tab]) {
                tab.selectedIndex = -1
            }
            recorder.expectViolation(.invalidTabSelection, unchanged: [tab]) {
                tab.selectedIndex = TabBarController.noSelection
            }
            recorder.expectViolation(.invalidTabSelection, unchanged: [tab, stranger]) {
                tab.selectedController = stranger
            }
            recorder.expectViolation(.invalidTabSelection, unchanged: [tab, stranger]) {
                tab.userDidSelect(stranger)
            }
            recorder.expectViolation(.invalidTabSelection, unchanged: [tab, p]) {
                tab.userDidSelect(y)
            }
            #expect(tab.selectedIndex == 0)
            #expect(tab.selectedController === a)
            #expect(!window.hasPendingWork)

            let empty = TabBarController(name: "empty")
            recorder.expectViolation(.invalidTabSelection, unchanged: [empty]) {
                empty.selectedIndex = 0
            }
            #expect(empty.selectedIndex == TabBarController.noSelection)
            recorder.finish()
        }
        #expect(recorder.violations.count == 7)
        #expect(recorder.violations.allSatisfy { $0.severity == .fault })
    }

    // MARK: - Deallocation

    @Test func droppedTabsDeallocate() {  // §1, §7
        let recorder = Recorder()
        let tracker = LeakTracker()
        recorder.record {
            let keep = Leaf(name: "keep")
            let tab = TabBarController(name: "tab")
            let window: Window
            do {
                let a = Leaf(name: "a")
                let b = Leaf(name: "b")
                let c = Leaf(name: "c")
                tab.controllers = [a, b, c, keep]
                tab.selectedIndex = 1
                window = show(tab)
                tracker.track(a)
                tracker.track(b)
                tracker.track(b.view)
                tracker.track(c)
                recorder.skipEvents()
            }
            tab.controllers = [keep]
            recorder.expect(
                """
                a.willMove(toParent: nil)
                a.didMove(toParent: nil)
                b.willMove(toParent: nil)
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                a.deinit
                c.deinit
                keep.loadView()
                keep.viewDidLoad()
                keep.viewWillAppear(animated: false)
                b.viewWillDisappear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewDidDisappear(animated: false)
                keep.viewDidAppear(animated: false)
                b.didMove(toParent: nil)
                b.deinit
                """)
            tracker.expectAllDeallocated()
            #expect(same(tab.children, [keep]))
            recorder.finish()
        }
    }
}

@Suite @MainActor struct BarMetadataTests {
    @Test func barMetadataAreValuesKeptPerController() {
        let a = Leaf(name: "a")
        a.title = "Inbox"
        a.navigationItem.rightItems = [BarButtonItem(title: "Edit", identifier: "edit")]
        a.navigationItem.backButtonTitle = "Back"
        a.toolbarItems = [BarButtonItem(title: "Compose")]
        a.tabBarItem = TabBarItem(title: "Mail", badgeValue: "3")
        let nav = NavigationController(rootController: a)
        let tab = TabBarController()
        tab.controllers = [nav]
        #expect(nav.topController?.navigationItem.rightItems.map(\.identifier) == ["edit"])
        #expect(nav.topController?.toolbarItems.map(\.title) == ["Compose"])
        #expect(tab.selectedController?.tabBarItem == TabBarItem(title: nil, badgeValue: nil))
        #expect(a.tabBarItem.badgeValue == "3")
        var copy = a.navigationItem
        copy.hidesBackButton = true
        #expect(!a.navigationItem.hidesBackButton)
    }
}

/// A tab bar delegate that notes, inside `didSelect`, which tabs' views the tab bar controller's view
/// holds: the views have swapped by then (spec §7).
@MainActor
private final class SwapNotingDelegate: TabBarControllerDelegate {
    let notes: Notes

    init(notes: Notes) {
        self.notes = notes
    }

    func tabBarController(_ tab: TabBarController, didSelect controller: Controller) {
        let shown = tab.view.subviews.compactMap(\.controller).map { $0.id.name ?? "?" }
        notes.lines.append("didSelect(\(controller.id.name ?? "?")): tab.view holds \(shown)")
    }
}

/// A container whose appearance callbacks run hooks after `super`.
private final class Hooked: Controller {
    var onWillAppear: (() -> Void)?
    var onDidAppear: (() -> Void)?

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        onWillAppear?()
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        onDidAppear?()
    }
}

/// The tab switch of spec §7 **[rev 2]** and §1: the first half inside the call on an idle window,
/// the did-half at the end of the turn, the switch in flight meanwhile; on a busy window, the whole
/// switch waits for its turn.
@Suite @MainActor struct TabSwitchTurnTests {
    @Test func theSpecTranscriptOfAUserSelectionFirstTimeAndLater() {  // §7
        let recorder = Recorder()
        let notes = Notes()
        let delegate = SwapNotingDelegate(notes: notes)
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let tab = TabBarController(name: "tab")
            tab.controllers = [a, b]
            let window = show(tab)
            tab.delegate = delegate
            recorder.skipEvents()

            tab.userDidSelect(b)
            recorder.expect(
                """
                tab.delegate.shouldSelect(b)
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                tab.delegate.didSelect(b)
                """)
            #expect(notes.take() == ["didSelect(b): tab.view holds [\"b\"]"])
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                """)

            // Later: b's view is loaded already.
            tab.userDidSelect(a)
            recorder.expect(
                """
                tab.delegate.shouldSelect(a)
                a.viewWillAppear(animated: false)
                b.viewWillDisappear(animated: false)
                tab.delegate.didSelect(a)
                """)
            #expect(notes.take() == ["didSelect(a): tab.view holds [\"a\"]"])
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewDidDisappear(animated: false)
                a.viewDidAppear(animated: false)
                """)
            recorder.finish()
        }
    }

    @Test func theSpecTranscriptOfAProgrammaticSelectionFirstTimeAndLater() {  // §7
        let recorder = Recorder()
        let notes = Notes()
        let delegate = SwapNotingDelegate(notes: notes)
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let tab = TabBarController(name: "tab")
            tab.controllers = [a, b]
            let window = show(tab)
            tab.delegate = delegate
            recorder.skipEvents()

            tab.selectedIndex = 1
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                """)
            #expect(same(tab.view.subviews.compactMap(\.controller), [b]))
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                """)

            tab.selectedController = a
            recorder.expect(
                """
                a.viewWillAppear(animated: false)
                b.viewWillDisappear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewDidDisappear(animated: false)
                a.viewDidAppear(animated: false)
                """)
            #expect(notes.take().isEmpty)
            recorder.finish()
        }
    }

    @Test func onABusyWindowTheWholeSwitchWaitsAndATapIsToldAtOnce() {  // §7, §1
        let recorder = Recorder()
        let notes = Notes()
        let delegate = SwapNotingDelegate(notes: notes)
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let tab = TabBarController(name: "tab")
            tab.controllers = [a, b]
            let window = show(tab)
            tab.delegate = delegate
            recorder.skipEvents()

            // A presentation pending: the window is busy, first time for b.
            a.present(Leaf(name: "sheet"), animated: true)
            tab.userDidSelect(b)
            recorder.expect(
                """
                tab.delegate.shouldSelect(b)
                tab.delegate.didSelect(b)
                """)
            #expect(notes.take() == ["didSelect(b): tab.view holds [\"a\"]"])
            #expect(tab.selectedController === b)
            #expect(!b.isViewLoaded)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the presentation first
                sheet.loadView()
                sheet.viewDidLoad()
                sheet.viewWillAppear(animated: true)
                sheet.viewIsAppearing(animated: true)
                sheet.viewDidAppear(animated: true)
                -- then the switch, whole, as one step: the layout pass before its did-half
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                b.viewIsAppearing(animated: false)
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                """, filter: .everything)

            // Later, programmatic: a dismissal pending.
            tab.dismiss(animated: true)
            tab.selectedIndex = 0
            recorder.expect("")
            window.runUntilIdle()
            recorder.expect(
                """
                sheet.viewWillDisappear(animated: true)
                sheet.viewDidDisappear(animated: true)
                sheet.deinit
                a.viewWillAppear(animated: false)
                b.viewWillDisappear(animated: false)
                a.viewIsAppearing(animated: false)
                b.viewDidDisappear(animated: false)
                a.viewDidAppear(animated: false)
                """, filter: .everything)
            #expect(notes.take().isEmpty)
            recorder.finish()
        }
    }

    @Test func theIncomingTabsLayoutPassComesAtTheEndOfTheTurnBeforeTheDidHalf() {  // §1, §3, §7
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Parent(name: "b")
            embed(Leaf(name: "b1"), in: b)
            let (tab, window) = showTabs(recorder, [a, b])

            tab.selectedIndex = 1
            recorder.expect(
                """
                b.viewWillAppear(animated: false)
                b1.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                """, filter: .everything)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the layout pass, pre-order, then the did-half
                b.viewIsAppearing(animated: false)
                b1.viewIsAppearing(animated: false)
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                b1.viewDidAppear(animated: false)
                """, filter: .everything)
            recorder.finish()
        }
    }
}
