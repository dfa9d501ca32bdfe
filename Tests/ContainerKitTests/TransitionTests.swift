import ContainerKit
import ContainerKitTesting
import Testing

/// Holds every animation until the test completes it.
@MainActor
private final class HoldingDriver: AnimationDriver {
    var started: [TransitionAnimation] = []

    func animationDidStart(_ animation: TransitionAnimation, in window: Window) {
        started.append(animation)
    }
}

/// `p` with child `f` shown (in a visible window when `visible`), and a fresh `t`; transcript taken.
@MainActor
private struct Stage {
    let window = makeWindow()
    let p = Parent(name: "p")
    let f = Flagged(name: "f")
    let t = Flagged(name: "t")

    init(_ recorder: Recorder, visible: Bool = true) {
        window.rootController = p
        p.addChild(f)
        p.view.addSubview(f.view)
        f.didMove(toParent: p)
        if visible {
            window.makeKeyAndVisible()
            window.runUntilIdle()
        }
        f.flags.removeAll()
        recorder.skipEvents()
    }

    /// Apple's sample: addChild(t), f.willMove(nil), transition, then didMove/removeFromParent in completion.
    func swap(duration: Double, animations: (() -> Void)? = nil) {
        p.addChild(t)
        f.willMove(toParent: nil)
        p.transition(from: f, to: t, duration: duration, animations: animations) { [p, f, t] _ in
            t.didMove(toParent: p)
            f.removeFromParent()
        }
    }
}

@Suite @MainActor struct TransitionTests {
    @Test func anAnimatedTransitionCompletesAtTheEndOfTheTurn() {  // §5
        let recorder = Recorder()
        recorder.record {
            let stage = Stage(recorder)
            var animationsRan = false
            stage.swap(duration: 0.3) { animationsRan = true }
            #expect(animationsRan)
            #expect(
                stage.p.view.subviews.map(ObjectIdentifier.init)
                    == [stage.f.view, stage.t.view].map(ObjectIdentifier.init))
            #expect(stage.window.animationsInFlight.count == 1)
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                t.viewIsAppearing(animated: true)
                """, filter: .everything)
            stage.window.runUntilIdle()
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect(stage.p.view.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(stage.t.view)])
            #expect(stage.f.view.superview == nil)
            #expect(stage.p.children.map(\.id) == [stage.t.id])
            #expect(stage.window.animationsInFlight.isEmpty)
            #expect(stage.t.flags == ["willAppear toParent=true", "didAppear toParent=true"])
            #expect(stage.f.flags == ["willDisappear fromParent=true", "didDisappear fromParent=true"])
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func theIncomingViewIsLoadedBeforeTheWillCallbacksWhenItIsAlreadyLoaded() {  // §5
        let recorder = Recorder()
        recorder.record {
            let stage = Stage(recorder)
            stage.p.addChild(stage.t)
            stage.t.view.frame = stage.f.view.frame
            stage.f.willMove(toParent: nil)
            recorder.skipEvents()
            stage.p.transition(
                from: stage.f, to: stage.t, duration: 0.25, options: [.transitionCrossDissolve],
                animations: nil, completion: nil)
            let animation = stage.window.animationsInFlight.first
            #expect(animation?.kind == .containerTransition)
            #expect(animation?.container == stage.p.id)
            #expect(animation?.fromControllers == [stage.f.id])
            #expect(animation?.toControllers == [stage.t.id])
            #expect(animation?.duration == 0.25)
            #expect(animation?.options == [.transitionCrossDissolve])
            stage.window.runUntilIdle()
            // No completion closure was passed, so no completion line.
            recorder.expect(
                """
                f.viewWillDisappear(animated: true)
                t.viewWillAppear(animated: true)
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                """)
            #expect(animation?.isComplete == true)
            #expect(animation?.finished == true)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aTransitionWithoutDurationCompletesInsideTheCall() {  // §1: not animated
        let recorder = Recorder()
        recorder.record {
            let stage = Stage(recorder)
            stage.swap(duration: 0)
            #expect(stage.window.animationsInFlight.isEmpty)
            #expect(!stage.window.hasPendingWork)
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: false)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: false)
                t.viewDidAppear(animated: false)
                f.viewDidDisappear(animated: false)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func anOffScreenTransitionHasNoAppearanceCallbacks() {  // §1
        let recorder = Recorder()
        recorder.record {
            let stage = Stage(recorder, visible: false)
            stage.swap(duration: 0.3)
            #expect(stage.window.animationsInFlight.isEmpty)
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                t.loadView()
                t.viewDidLoad()
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect(stage.p.view.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(stage.t.view)])
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aDriverThatHoldsTheAnimationHoldsTheDidCallbacks() {  // §1, §5
        let recorder = Recorder()
        recorder.record {
            let stage = Stage(recorder)
            let driver = HoldingDriver()
            stage.window.animationDriver = driver
            stage.swap(duration: 0.3)
            recorder.skipEvents()
            stage.window.runUntilIdle()
            #expect(recorder.takeTranscript().isEmpty)
            #expect(!stage.window.hasPendingWork)
            #expect(stage.f.appearanceState == .disappearing)
            #expect(stage.t.appearanceState == .appearing)
            #expect(driver.started.count == 1)
            driver.started[0].complete(finished: false)
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                p.completion(finished: false)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            driver.started[0].complete(finished: true)
            #expect(recorder.takeTranscript().isEmpty)
            #expect(driver.started[0].finished == false)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func hidingTheWindowCompletesTheTransitionFirst() {  // §1
        let recorder = Recorder()
        recorder.record {
            let stage = Stage(recorder)
            stage.window.animationDriver = HoldingDriver()
            stage.swap(duration: 0.3)
            recorder.skipEvents()
            stage.window.isHidden = true
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                p.viewWillDisappear(animated: false)
                t.viewWillDisappear(animated: false)
                p.viewDidDisappear(animated: false)
                t.viewDidDisappear(animated: false)
                """)
            #expect(stage.window.animationsInFlight.isEmpty)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func removingTheContainerFromTheWindowCompletesTheTransitionFirst() {  // §1
        let recorder = Recorder()
        recorder.record {
            let stage = Stage(recorder)
            stage.window.animationDriver = HoldingDriver()
            stage.swap(duration: 0.3)
            recorder.skipEvents()
            stage.window.rootController = nil
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                p.viewWillDisappear(animated: false)
                t.viewWillDisappear(animated: false)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func theOutgoingChildsDescendantsFollowIt() {  // F1 inside a transition
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let p = Parent(name: "p")
            let f = Parent(name: "f")
            let inner = Leaf(name: "inner")
            f.addChild(inner)
            f.view.addSubview(inner.view)
            inner.didMove(toParent: f)
            p.addChild(f)
            p.view.addSubview(f.view)
            f.didMove(toParent: p)
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            let t = Leaf(name: "t")
            t.loadViewIfNeeded()
            p.addChild(t)
            f.willMove(toParent: nil)
            recorder.skipEvents()
            p.transition(from: f, to: t, duration: 0.3, animations: nil) { _ in
                t.didMove(toParent: p)
                f.removeFromParent()
            }
            window.runUntilIdle()
            recorder.expect(
                """
                f.viewWillDisappear(animated: true)
                inner.viewWillDisappear(animated: true)
                t.viewWillAppear(animated: true)
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                inner.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }
}
