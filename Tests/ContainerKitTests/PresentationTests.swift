import ContainerKit
import ContainerKitTesting
import Testing

@Suite @MainActor struct PresentationTests {
    @Test func presentingAndDismissingFullScreen() {  // §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            recorder.skipEvents()
            let b = Leaf(name: "b")
            b.modalPresentationStyle = .fullScreen
            a.present(b, animated: true) {}
            #expect(a.presentedController === b)
            #expect(b.presentingController === a)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                -- the animation completes
                b.viewDidAppear(animated: true)
                a.viewDidDisappear(animated: true)
                a.completion()
                """)
            #expect(a.view.superview == nil)
            b.dismiss(animated: true) {}
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                a.viewDidAppear(animated: true)
                b.viewDidDisappear(animated: true)
                b.completion()
                """)
            #expect(a.presentedController == nil)
            #expect(a.view.superview === window)
            recorder.finish()
        }
    }

    @Test func aSheetLeavesThePresenterAlone() {  // §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            recorder.skipEvents()
            a.present(Leaf(name: "b"), animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                """)
            a.dismiss(animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                b.viewDidDisappear(animated: true)
                b.deinit
                """)
            recorder.finish()
        }
    }
}
