import ContainerKit
import ContainerKitTesting
import Testing

/// Regressions of the engine bugs the randomized tests found in custom containment,
/// `transition(from:to:…)` and views moved by hand (the letters of issue 8).
@Suite @MainActor struct ContainmentRegressionTests {
    /// Bug J: a controller taken out of its parent while it appears still gets its did-appear: its
    /// view stays in the visible window, and the window drives it from then on (F2).
    @Test func aChildRemovedWhileItAppearsGetsItsDidAppearAtTheEndOfTheTurn() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let c = Leaf(name: "c")
            embed(c, in: root)
            let window = makeWindow()
            window.rootController = root
            recorder.skipEvents()
            window.makeKeyAndVisible()
            c.willMove(toParent: nil)
            c.removeFromParent()  // R2 moves no view: c's view stays in root's view, in the window
            recorder.expect(
                """
                root.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            #expect(root.appearanceState == .appeared)
            #expect(c.appearanceState == .appeared)
            #expect(c.parent == nil)
            #expect(c.view.window === window)
        }
        #expect(recorder.violations.isEmpty)
    }
}
