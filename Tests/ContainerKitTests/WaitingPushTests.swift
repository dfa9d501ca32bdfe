import ContainerKit
import ContainerKitTesting
import Testing

// A push that waits behind an animated push, while its controller's root view is shown by hand.

@Suite @MainActor struct WaitingPushTests {
    /// A controller whose push waits behind an animated push, and whose root view is put in the
    /// visible window by hand meanwhile, appears there (F2). When the push is applied, the adoption
    /// takes its view out of the window: it disappears inside the call (will-disappear, then
    /// did-disappear), before the navigation controller's transition brings it in again (§6).
    @Test func aWaitingPushWhoseViewWasShownByHandDisappearsAsItIsAdopted() {  // §6, F2
        let recorder = Recorder()
        recorder.record {
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            let window = show(nav)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            let c = Leaf(name: "c")
            c.loadViewIfNeeded()
            recorder.skipEvents()
            nav.push(Leaf(name: "b"), animated: true)
            window.runUntilIdle()
            nav.push(c, animated: true)  // waits for b's transition
            window.addSubview(c.view)
            window.runUntilIdle()
            driver.finishAll()
            window.runUntilIdle()
            driver.finishAll()
            window.runUntilIdle()
            recorder.expect(
                """
                b.willMove(toParent: nav)
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                c.viewWillAppear(animated: false)
                c.viewDidAppear(animated: false)
                a.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                c.willMove(toParent: nav)
                c.viewWillDisappear(animated: false)
                b.viewWillDisappear(animated: true)
                c.viewWillAppear(animated: true)
                b.viewDidDisappear(animated: true)
                c.viewDidAppear(animated: true)
                c.didMove(toParent: nav)
                """)
            #expect(nav.controllers.map { recorder.name(for: $0.id) } == ["a", "b", "c"])
            #expect(c.view.superview === nav.view)
            #expect(c.appearanceState == .appeared)
            recorder.finish()
        }
    }
}
