import ContainerKit
import ContainerKitTesting
import Testing

/// A tab bar delegate that can veto; its calls are in the transcript as `tab.delegate.…`.
@MainActor
final class TabDelegate: TabBarControllerDelegate {
    var allows = true

    func tabBarController(_ tab: TabBarController, shouldSelect controller: Controller) -> Bool { allows }
}

@Suite @MainActor struct TabBarTests {
    @Test func aTapSwitchesAtTheEndOfTheTurn() {  // §7
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
            recorder.expect("tab.delegate.shouldSelect(b)")
            #expect(tab.selectedController === b)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                tab.delegate.didSelect(b)
                """)
            recorder.finish()
        }
    }
}
