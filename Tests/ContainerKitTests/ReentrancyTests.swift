import ContainerKit
import ContainerKitTesting
import Testing

/// Callbacks that call back into the engine leave every tree and state consistent.
@Suite @MainActor struct ReentrancyTests {
    @Test func aViewPutBackInsideItsOwnViewWillDisappearIsIgnored() {  // §3
        let recorder = Recorder()
        recorder.record {
            let root = ContainerController(name: "root")
            let window = show(root)
            let c = SpyContainerController(name: "c")
            let g = Leaf(name: "g")
            embed(g, in: c)
            root.view.addSubview(c.view)
            window.runUntilIdle()
            recorder.skipEvents()
            c.onViewWillDisappear = { [unowned c, unowned root] _ in
                c.onViewWillDisappear = nil
                // Still in root's view: the removal under way sends this before the tree changes.
                #expect(c.view.superview === root.view)
                root.view.addSubview(c.view)
            }
            recorder.expectViolation(.invalidViewHierarchy) {
                c.view.removeFromSuperview()
            }
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewWillDisappear(animated: false)
                g.viewWillDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                g.viewDidDisappear(animated: false)
                """)
            // The removal went on as asked, and left the trees consistent.
            #expect(c.view.superview == nil)
            #expect(c.appearanceState == .disappeared)
            #expect(g.appearanceState == .disappeared)
        }
    }

    @Test func aChildThatLeavesInsideItsOwnViewWillAppearForwardsNothingStale() {
        let recorder = Recorder()
        recorder.record {
            let p = ContainerController(name: "p")
            let c = SpyContainerController(name: "c")
            let g = Leaf(name: "g")
            embed(g, in: c)
            embed(c, in: p)
            let window = makeWindow()
            window.rootController = p
            recorder.skipEvents()
            c.onViewWillAppear = { [unowned c] _ in
                c.willMove(toParent: nil)
                c.view.removeFromSuperview()
                c.removeFromParent()
            }
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                p.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: false)
                c.didMove(toParent: nil)
                p.viewDidAppear(animated: false)
                c.viewDidDisappear(animated: false)
                c.didMove(toParent: nil)
                """)
            // c left inside its callback, so the stale will-appear was not forwarded to g.
            #expect(c.appearanceState == .disappeared)
            #expect(g.appearanceState == .disappeared)
        }
    }

    @Test func windowRootsComeInPreOrderOverTheControllerTree() {  // F2
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let p = ContainerController(name: "p")
            let c = Leaf(name: "c")
            p.addChild(c)
            c.didMove(toParent: p)
            window.rootController = p
            // c's view sits in the window itself, before p's view.
            window.insertSubview(c.view, at: 0)
            recorder.skipEvents()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                p.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                p.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
        }
    }

    @Test func hidingCompletesTransitionsThatCompletionsStart() {  // §1
        let recorder = Recorder()
        let driver = ManualAnimationDriver()
        recorder.record {
            let p = ContainerController(name: "p")
            let f = Leaf(name: "f")
            embed(f, in: p)
            let window = show(p)
            driver.install(on: window)
            let t = Leaf(name: "t")
            let u = Leaf(name: "u")
            p.addChild(t)
            p.addChild(u)
            p.transition(from: f, to: t, duration: 0.3, animations: nil) { _ in
                p.transition(from: t, to: u, duration: 0.3, animations: nil, completion: nil)
            }
            recorder.skipEvents()
            window.isHidden = true
            #expect(driver.inFlight.isEmpty)
            #expect(!window.hasPendingWork)
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.viewWillDisappear(animated: true)
                u.loadView()
                u.viewDidLoad()
                u.viewWillAppear(animated: true)
                u.viewDidAppear(animated: true)
                t.viewDidDisappear(animated: true)
                p.viewWillDisappear(animated: false)
                u.viewWillDisappear(animated: false)
                p.viewDidDisappear(animated: false)
                u.viewDidDisappear(animated: false)
                """)
        }
    }

    @Test func aWindowDroppedWithATransitionInFlightIsDeallocated() {
        weak var weakWindow: Window?
        weak var weakParent: ContainerController?
        do {
            let p = ContainerController(name: "p")
            let f = Leaf(name: "f")
            embed(f, in: p)
            let window = show(p)
            window.animationDriver = ManualAnimationDriver()
            let t = Leaf(name: "t")
            p.addChild(t)
            p.transition(from: f, to: t, duration: 0.3, animations: nil, completion: nil)
            weakWindow = window
            weakParent = p
        }
        #expect(weakWindow == nil)
        #expect(weakParent == nil)
    }

    @Test func anIncomingControllerThatLeavesDuringItsWillAppearIsNotShown() {  // §5
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = ContainerController(name: "p")
            let f = Leaf(name: "f")
            embed(f, in: p)
            let window = show(p)
            let t = SpyController(name: "t")
            p.addChild(t)
            t.onViewWillAppear = { [unowned t] _ in t.removeFromParent() }
            recorder.skipEvents()
            p.transition(from: f, to: t, duration: 0, animations: nil, completion: nil)
            recorder.expect(
                """
                f.viewWillDisappear(animated: false)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: false)
                t.didMove(toParent: nil)
                t.viewWillDisappear(animated: false)
                t.viewDidDisappear(animated: false)
                f.viewDidDisappear(animated: false)
                """)
            #expect(t.appearanceState == .disappeared)
            #expect(t.view.superview == nil)
            #expect(p.view.subviews.isEmpty)
            #expect(recorder.takeViolations().map(\.kind) == [.invalidTransition])
            window.runUntilIdle()
        }
    }

    @Test func descendantsOfARootAlreadyAppearedCompleteTheirAppearance() {
        let recorder = Recorder()
        recorder.record {
            let root = ContainerController(name: "root")
            let window = show(root)
            let x = ContainerController(name: "x")
            let y = Leaf(name: "y")
            x.beginAppearanceTransition(true, animated: false)
            x.endAppearanceTransition()
            x.addChild(y)
            x.view.addSubview(y.view)
            y.didMove(toParent: x)
            recorder.skipEvents()
            root.view.addSubview(x.view)
            window.runUntilIdle()
            recorder.expect(
                """
                y.viewWillAppear(animated: false)
                y.viewDidAppear(animated: false)
                """)
            #expect(y.appearanceState == .appeared)
        }
    }
}
