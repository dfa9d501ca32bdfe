import ContainerKit
import ContainerKitTesting
import Testing

@Suite @MainActor struct SmokeTests {
    @Test func addChildToVisibleParent() {
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let p = Parent(name: "p")
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            _ = recorder.takeTranscript()
            let c = Leaf(name: "c")
            p.addChild(c)
            c.view.frame = Rect(x: 0, y: 0, width: 10, height: 10)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            window.runUntilIdle()
            expectTranscript(
                recorder,
                """
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                c.viewDidAppear(animated: false)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }
}
