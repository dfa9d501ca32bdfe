import ContainerKit
import ContainerKitTesting
import Testing

/// A window of the usual test size.
@MainActor
private func spyTestWindow() -> Window {
    Window(name: "window", frame: Rect(x: 0, y: 0, width: 320, height: 480))
}

/// A visible window whose root is the spy container `p`, with the turn ended, its events skipped
/// and its calls reset.
@MainActor
private func visibleSpyParent(_ recorder: Recorder) -> (Window, SpyContainerController) {
    let window = spyTestWindow()
    let p = SpyContainerController(name: "p")
    window.rootController = p
    window.makeKeyAndVisible()
    window.runUntilIdle()
    recorder.skipEvents()
    p.resetCalls()
    return (window, p)
}

@Suite @MainActor struct SpyTests {
    @Test func aSpyRecordsItsOwnCallsInTheOrderTheRecorderSawThem() {
        let recorder = Recorder()
        recorder.record {
            let (window, p) = visibleSpyParent(recorder)
            let c = SpyController(name: "c")
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            window.runUntilIdle()
            let seen = recorder.pendingEntries.map(\.event).filter { $0.receiver == c.id }
            #expect(c.calls == seen)
            #expect(
                c.transcript() == """
                    c.willMove(toParent: p)
                    c.loadView()
                    c.viewDidLoad()
                    c.viewWillAppear(animated: false)
                    c.didMove(toParent: p)
                    c.viewIsAppearing(animated: false)
                    c.viewDidAppear(animated: false)
                    """)
            #expect(p.calls.isEmpty)
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                c.viewDidAppear(animated: false)
                """)

            c.resetCalls()
            c.willMove(toParent: nil)
            c.view.removeFromSuperview()
            c.removeFromParent()
            #expect(
                c.calls == [
                    .willMove(c.id, toParent: nil), .viewWillDisappear(c.id, animated: false),
                    .viewDidDisappear(c.id, animated: false), .didMove(c.id, toParent: nil),
                ])
            recorder.expect(
                """
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                c.didMove(toParent: nil)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aSpyContainerRecordsItsOwnCallsAndSizeTransitions() {
        let recorder = Recorder()
        recorder.record {
            let window = spyTestWindow()
            let p = SpyContainerController(name: "p")
            let c = SpyController(name: "c")
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            window.resize(to: Size(width: 480, height: 320))
            c.preferredContentSize = Size(width: 100, height: 50)
            #expect(
                p.transcript() == """
                    p.loadView()
                    p.viewDidLoad()
                    p.viewWillAppear(animated: false)
                    p.viewIsAppearing(animated: false)
                    p.viewDidAppear(animated: false)
                    p.viewWillTransition(to: Size(width: 480, height: 320))
                    p.preferredContentSizeDidChange(forChildContentContainer: c)
                    """)
            #expect(p.calls == recorder.events.filter { $0.receiver == p.id })
            #expect(c.calls == recorder.events.filter { $0.receiver == c.id })
            recorder.expect(
                """
                c.willMove(toParent: p)
                p.loadView()
                p.viewDidLoad()
                c.loadView()
                c.viewDidLoad()
                c.didMove(toParent: p)
                p.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                p.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                p.viewWillTransition(to: Size(width: 480, height: 320))
                c.viewWillTransition(to: Size(width: 480, height: 320))
                p.preferredContentSizeDidChange(forChildContentContainer: c)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aHookThatAddsAChildInsideViewWillAppearGivesItEachCallbackOnce() {  // F3
        let recorder = Recorder()
        recorder.record {
            let window = spyTestWindow()
            let p = SpyContainerController(name: "p")
            let c = SpyController(name: "c")
            p.onViewWillAppear = { [unowned p] _ in
                p.addChild(c)
                p.view.addSubview(c.view)
                c.didMove(toParent: p)
            }
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                p.loadView()
                p.viewDidLoad()
                p.viewWillAppear(animated: false)
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                p.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            #expect(p.children.map(\.id) == [c.id])
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func everyHookRunsInsideItsCallbackAfterSuper() {
        let recorder = Recorder()
        recorder.record {
            let (window, p) = visibleSpyParent(recorder)
            let c = SpyController(name: "c")
            var log: [String] = []
            c.onViewDidLoad = { [unowned c] in log.append("didLoad, loaded: \(c.isViewLoaded)") }
            c.onViewWillAppear = { [unowned c] animated in
                log.append("willAppear(\(animated)), state: \(c.appearanceState)")
            }
            c.onViewIsAppearing = { log.append("isAppearing(\($0))") }
            c.onViewDidAppear = { [unowned c] animated in
                log.append("didAppear(\(animated)), state: \(c.appearanceState)")
            }
            c.onViewWillDisappear = { [unowned c] animated in
                log.append("willDisappear(\(animated)), state: \(c.appearanceState)")
            }
            c.onViewDidDisappear = { [unowned c] animated in
                log.append("didDisappear(\(animated)), state: \(c.appearanceState)")
            }
            c.onWillMove = { [unowned c] parent in
                log.append("willMove(\(parent?.id.description ?? "nil")), parent: \(c.parent?.id.description ?? "nil")")
            }
            c.onDidMove = { [unowned c] parent in
                log.append("didMove(\(parent?.id.description ?? "nil")), parent: \(c.parent?.id.description ?? "nil")")
            }
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            window.runUntilIdle()
            c.willMove(toParent: nil)
            c.view.removeFromSuperview()
            c.removeFromParent()
            #expect(
                log == [
                    "willMove(p), parent: nil", "didLoad, loaded: true", "willAppear(false), state: appearing",
                    "didMove(p), parent: p", "isAppearing(false)", "didAppear(false), state: appeared",
                    "willMove(nil), parent: p", "willDisappear(false), state: disappearing",
                    "didDisappear(false), state: disappeared", "didMove(nil), parent: nil",
                ])
            recorder.skipEvents()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func forwardsAppearanceAutomaticallyFalseStopsForwarding() {  // F4
        let recorder = Recorder()
        recorder.record {
            let window = spyTestWindow()
            let p = SpyContainerController(name: "p")
            p.forwardsAppearanceAutomatically = false
            #expect(!p.shouldAutomaticallyForwardAppearanceMethods)
            let c = SpyController(name: "c")
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            recorder.skipEvents()
            c.resetCalls()
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                p.viewWillAppear(animated: false)
                p.viewDidAppear(animated: false)
                """)
            #expect(c.calls.isEmpty)
            #expect(c.appearanceState == .disappeared)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func hooksCanForwardAppearanceByHand() {  // F4
        let recorder = Recorder()
        recorder.record {
            let window = spyTestWindow()
            let p = SpyContainerController(name: "p")
            p.forwardsAppearanceAutomatically = false
            let c = SpyController(name: "c")
            p.onViewWillAppear = { c.beginAppearanceTransition(true, animated: $0) }
            p.onViewDidAppear = { _ in c.endAppearanceTransition() }
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            recorder.skipEvents()
            window.rootController = p
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
        #expect(recorder.violations.isEmpty)
    }

    @Test func aSpyWithoutANameIsNamedByItsTypeAndSerial() {
        let c = SpyController()
        let p = SpyContainerController()
        _ = c.view
        _ = p.view
        #expect(c.transcript() == "SpyController#\(c.id.serial).loadView()\nSpyController#\(c.id.serial).viewDidLoad()")
        #expect(p.calls == [.loadView(p.id), .viewDidLoad(p.id)])
        p.resetCalls()
        #expect(p.transcript().isEmpty)
    }

    @Test func anUnimplementedControllerFailsAtItsCreationWhenTouched() {
        let createdOn = #line + 3
        withKnownIssue {
            let p = SpyContainerController(name: "p")
            let u = UnimplementedController(name: "u")
            p.addChild(u)
            _ = u.view
        } matching: { issue in
            let expected = [
                "u.willMove(toParent: p)", "u.loadView()", "u.viewDidLoad()",
            ].map { "Unimplemented: \($0) was called; this controller must not be touched by the flow under test." }
            return expected.contains(issue.comments.map(\.rawValue).joined())
                && issue.sourceLocation?.line == createdOn
                && issue.sourceLocation?.fileID == #fileID
        }
    }

    @Test func anUnimplementedContainerFailsWhenTouched() {
        withKnownIssue {
            let window = spyTestWindow()
            let u = UnimplementedContainerController(name: "u")
            window.rootController = u
            window.makeKeyAndVisible()
            window.runUntilIdle()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("Unimplemented: u.")
        }
    }

    @Test func anUnimplementedControllerLeftAloneByTheFlowPasses() {
        let recorder = Recorder()
        recorder.record {
            let (window, p) = visibleSpyParent(recorder)
            let a = SpyController(name: "a")
            let b = SpyController(name: "b")
            let u = UnimplementedController(name: "u")
            let v = UnimplementedContainerController(name: "v")
            for child in [a, b] {
                p.addChild(child)
                p.view.addSubview(child.view)
                child.didMove(toParent: p)
            }
            window.runUntilIdle()
            a.willMove(toParent: nil)
            a.view.removeFromSuperview()
            a.removeFromParent()
            window.resize(to: Size(width: 480, height: 320))
            recorder.expect(
                """
                a.willMove(toParent: p)
                a.loadView()
                a.viewDidLoad()
                a.viewWillAppear(animated: false)
                a.didMove(toParent: p)
                b.willMove(toParent: p)
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                b.didMove(toParent: p)
                a.viewDidAppear(animated: false)
                b.viewDidAppear(animated: false)
                a.willMove(toParent: nil)
                a.viewWillDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                a.didMove(toParent: nil)
                p.viewWillTransition(to: Size(width: 480, height: 320))
                b.viewWillTransition(to: Size(width: 480, height: 320))
                """)
            #expect(!u.isViewLoaded)
            #expect(!v.isViewLoaded)
        }
        #expect(recorder.violations.isEmpty)
    }
}
