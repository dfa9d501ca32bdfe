import ContainerKit
import ContainerKitTesting
import Testing

/// Regressions of the engine bugs the randomized tests found in the built-in containers
/// (navigation, tab bar, page); the letters are those of the bugs.
@Suite @MainActor struct BuiltInRegressionTests {
    // MARK: - E: willMove or didMove by hand on a built-in container's child

    @Test func willMoveByHandOnATabIsRefusedAndTheTabLeavesLater() {  // R9, §7
        let recorder = Recorder()
        recorder.record {
            let tabs = TabBarController(name: "tabs")
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            tabs.controllers = [a, b]
            recorder.skipEvents()

            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [tabs]) {
                b.willMove(toParent: nil)
            }
            #expect(recorder.violations.last?.message.contains("b.willMove(toParent: nil) was refused") == true)
            tabs.controllers = [a]  // off screen: the removal completes inside the call
            recorder.expect(
                """
                b.willMove(toParent: nil)
                b.didMove(toParent: nil)
                """)
            #expect(tabs.children.map(\.id) == [a.id])
            #expect(a.parent === tabs)
            recorder.finish()
        }
    }

    @Test func didMoveByHandOnAControllerBeingPushedIsRefused() {  // R9, §6
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let window = show(root)
            let a = Leaf(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            embed(nav, in: root)
            window.runUntilIdle()
            let m = Leaf(name: "m")
            let f = Leaf(name: "f")
            recorder.skipEvents()

            nav.setControllers([m, f], animated: true)
            recorder.expect(
                """
                a.willMove(toParent: nil)
                m.willMove(toParent: nav)
                f.willMove(toParent: nav)
                """)
            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [nav]) {
                m.didMove(toParent: nav)
            }
            window.runUntilIdle()
            recorder.expect(
                """
                f.loadView()
                f.viewDidLoad()
                a.viewWillDisappear(animated: true)
                f.viewWillAppear(animated: true)
                a.viewDidDisappear(animated: true)
                f.viewDidAppear(animated: true)
                a.didMove(toParent: nil)
                m.didMove(toParent: nav)
                f.didMove(toParent: nav)
                """)
            #expect(nav.children.map(\.id) == [m.id, f.id])
            #expect(m.isMovingToParent == false)
            #expect(f.appearanceState == .appeared)
            recorder.finish()
        }
    }
}
