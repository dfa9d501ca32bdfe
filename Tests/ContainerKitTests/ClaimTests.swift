import ContainerKit
import ContainerKitTesting
import Testing

// A navigation controller's request that waits for its transition claims the controllers it
// brings in (R9) until it is applied; then they are the stack's, or free again once the navigation
// controller has gone.

@Suite @MainActor struct ClaimTests {
    @Test func aPushWaitingWhenItsWindowGoesAwayIsAppliedThenItsControllerIsFree() {  // §6, R9
        let recorder = Recorder()
        recorder.record {
            let box = Parent(name: "box")
            let c = Leaf(name: "c")
            expectDeallocated {
                let window = makeWindow()
                let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
                window.rootController = nav
                window.makeKeyAndVisible()
                window.runUntilIdle()
                recorder.skipEvents()
                nav.push(Leaf(name: "b"), animated: true)
                nav.push(c, animated: true)  // waits behind the animated push's pending transition
                recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [box, c, nav]) {
                    box.addChild(c)
                }
                #expect(recorder.violations.last?.message.contains("c waits to join nav's stack") == true)
                return [nav, window]
            }
            // The window's release settles the pending push and applies the one that waited; the
            // navigation controller then goes, and `c`, its child for a moment, is free.
            box.addChild(c)
            recorder.expect(
                """
                b.willMove(toParent: nav)
                nav.viewWillDisappear(animated: false)
                a.viewWillDisappear(animated: false)
                nav.viewDidDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                b.loadView()
                b.viewDidLoad()
                c.willMove(toParent: nav)
                b.didMove(toParent: nav)
                c.loadView()
                c.viewDidLoad()
                nav.deinit
                a.deinit
                b.deinit
                c.willMove(toParent: box)
                """)
            #expect(c.parent === box)
            #expect(box.children.map(\.id) == [c.id])
            recorder.finish()
        }
    }
}
