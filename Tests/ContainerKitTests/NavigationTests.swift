import ContainerKit
import ContainerKitTesting
import Testing

/// A navigation delegate; its calls are in the transcript as `nav.delegate.…`.
@MainActor
final class NavDelegate: NavigationControllerDelegate {}

@Suite @MainActor struct NavigationTests {
    @Test func pushOverAVisibleRoot() {
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            nav.delegate = delegate
            let window = show(nav)
            recorder.expect(
                """
                a.willMove(toParent: nav)
                a.didMove(toParent: nav)
                nav.loadView()
                nav.viewDidLoad()
                nav.viewWillAppear(animated: false)
                a.loadView()
                a.viewDidLoad()
                a.viewWillAppear(animated: false)
                nav.viewDidAppear(animated: false)
                a.viewDidAppear(animated: false)
                """)
            nav.push(Leaf(name: "b"), animated: true)
            recorder.expect("b.willMove(toParent: nav)")
            #expect(nav.controllers.map { recorder.name(for: $0.id) } == ["a", "b"])
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                nav.delegate.willShow(b, animated: true)
                -- the animation completes
                a.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                nav.delegate.didShow(b, animated: true)
                """)
            nav.pop(animated: true)
            recorder.expect("b.willMove(toParent: nil)")
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                b.viewDidDisappear(animated: true)
                a.viewDidAppear(animated: true)
                b.didMove(toParent: nil)
                nav.delegate.didShow(a, animated: true)
                b.deinit
                """)
            recorder.finish()
        }
    }
}
