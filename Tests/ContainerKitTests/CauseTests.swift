import ContainerKit
import ContainerKitTesting
import Testing

/// Adds a child to itself from inside its own `viewWillAppear`: a call made from a callback.
private final class Embedding: ContainerController {
    let embedded = Leaf(name: "g")

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard embedded.parent == nil else { return }
        addChild(embedded)
        view.addSubview(embedded.view)
        embedded.didMove(toParent: self)
    }
}

/// Receives events through the requirement without a cause only.
private final class CauseBlindObserver: LifecycleObserver, @unchecked Sendable {
    var events: [LifecycleEvent] = []

    func observe(_ event: LifecycleEvent, source: EventSource) {
        events.append(event)
    }
}

/// Every event carries its cause: the rule it follows and the call that planned it
/// (`Recorder.transcript(explained:)`, `containerkit --explain`).
@Suite @MainActor struct CauseTests {
    @Test func anAdditionNamesEachCallAndTheDeferredDidAppearNamesTheViewMove() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let window = show(p)
            recorder.skipEvents()
            embed(Leaf(name: "c"), in: p)
            window.runUntilIdle()
            #expect(
                recorder.takeTranscript(explained: true) == """
                    c.willMove(toParent: p)            R1  DOC  addChild(_:) sends it before the child joins children              ← p.addChild(c)
                    c.loadView()                       §3  DOC  the view loads once, just before the first callback that needs it  ← c.view
                    c.viewDidLoad()                    §3  DOC  the view loads once, just before the first callback that needs it  ← c.view
                    c.viewWillAppear(animated: false)  F2  LOG  a view entering a visible window: inside the call, pre-order       ← p.view.addSubview(c.view)
                    c.didMove(toParent: p)             R3  DOC  the container calls it once the child is in place                  ← c.didMove(toParent: p)
                    c.viewDidAppear(animated: false)   §1  LOG  deferred to the end of the window's turn                           ← p.view.addSubview(c.view)
                    c.didMove(toParent: p)             R7  LOG  UIKit's repeat: the first came while its appearance was open       ← p.view.addSubview(c.view)
                    """)
        }
    }

    @Test func aCallMadeFromACallbackIsACallOfItsOwn() {
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let p = Embedding(name: "p")
            window.rootController = p
            recorder.skipEvents()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            #expect(
                recorder.takeTranscript(explained: true) == """
                    p.viewWillAppear(animated: false)  F2  LOG  a view entering a visible window: inside the call, pre-order       ← window.makeKeyAndVisible()
                    g.willMove(toParent: p)            R1  DOC  addChild(_:) sends it before the child joins children              ← p.addChild(g)
                    g.loadView()                       §3  DOC  the view loads once, just before the first callback that needs it  ← g.view
                    g.viewDidLoad()                    §3  DOC  the view loads once, just before the first callback that needs it  ← g.view
                    g.viewWillAppear(animated: false)  F2  LOG  a view entering a visible window: inside the call, pre-order       ← p.view.addSubview(g.view)
                    g.didMove(toParent: p)             R3  DOC  the container calls it once the child is in place                  ← g.didMove(toParent: p)
                    p.viewDidAppear(animated: false)   §1  LOG  deferred to the end of the window's turn                           ← window.makeKeyAndVisible()
                    g.viewDidAppear(animated: false)   F1  LOG  forwarded after the parent's own callback, in children order       ← window.makeKeyAndVisible()
                    g.didMove(toParent: p)             R7  LOG  UIKit's repeat: the first came while its appearance was open       ← window.makeKeyAndVisible()
                    """)
        }
    }

    @Test func aTransitionsCallbacksNameTheRequestThatPlannedThemAndAGestureItsEnd() throws {
        let recorder = Recorder()
        recorder.record {
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            let window = show(nav)
            nav.push(Leaf(name: "b"), animated: true)
            window.runUntilIdle()
            recorder.skipEvents()
            let pop = nav.beginInteractivePop()
            pop?.cancel()
            window.runUntilIdle()
            #expect(
                recorder.takeTranscript(explained: true) == """
                    b.willMove(toParent: nil)            §6  MODEL  inside beginInteractivePop()                              ← nav.beginInteractivePop()
                    b.viewWillDisappear(animated: true)  §6  LOG    the gesture's order: the top leaves, the one below comes  ← nav.beginInteractivePop()
                    a.viewWillAppear(animated: true)     §6  LOG    the gesture's order: the top leaves, the one below comes  ← nav.beginInteractivePop()
                    a.viewWillDisappear(animated: true)  §6  LOG    the gesture's order: the top leaves, the one below comes  ← transition(of: nav).cancel()
                    a.viewDidDisappear(animated: true)   §6  LOG    when the transition completes                             ← transition(of: nav).cancel()
                    b.viewWillAppear(animated: true)     §6  LOG    the gesture's order: the top leaves, the one below comes  ← transition(of: nav).cancel()
                    b.viewDidAppear(animated: true)      §6  LOG    when the transition completes                             ← transition(of: nav).cancel()
                    b.didMove(toParent: nav)             R7  MODEL  the move ends where the controller ended up               ← transition(of: nav).cancel()
                    """)
        }
    }

    @Test func anAnimatedPushNamesThePushFromItsStartToItsCompletion() {
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            show(nav, in: window)
            recorder.skipEvents()
            nav.push(Leaf(name: "b"), animated: true) {}
            window.runUntilIdle()
            driver.finishAll()
            #expect(
                recorder.takeTranscript(explained: true) == """
                    b.willMove(toParent: nav)            §6  LOG    applying the request, inside the call: the stack changes at once   ← nav.push(b, animated: true)
                    b.loadView()                         §3  DOC    the view loads once, just before the first callback that needs it  ← nav.push(b, animated: true)
                    b.viewDidLoad()                      §3  DOC    the view loads once, just before the first callback that needs it  ← nav.push(b, animated: true)
                    a.viewWillDisappear(animated: true)  §6  LOG    the visible transition starts at the end of the turn               ← nav.push(b, animated: true)
                    b.viewWillAppear(animated: true)     §6  LOG    the visible transition starts at the end of the turn               ← nav.push(b, animated: true)
                    a.viewDidDisappear(animated: true)   §6  LOG    when the transition completes                                      ← nav.push(b, animated: true)
                    b.viewDidAppear(animated: true)      §6  LOG    when the transition completes                                      ← nav.push(b, animated: true)
                    b.didMove(toParent: nav)             §6  LOG    right after its viewDidAppear (or viewDidDisappear)                ← nav.push(b, animated: true)
                    nav.completion()                     §6  MODEL  after didShow, in request order                                    ← nav.push(b, animated: true)
                    """)
        }
    }

    @Test func aDeallocationCitesWhoLetGoAndNamesNoCall() throws {
        let recorder = Recorder()
        let b = try recorder.record { () throws -> ControllerID in
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            let window = show(nav)
            let b = Leaf(name: "b")
            let id = b.id
            nav.push(b, animated: false)
            window.runUntilIdle()
            recorder.skipEvents()
            nav.pop(animated: false)
            window.runUntilIdle()
            recorder.skipEvents()
            return id
        }
        let deallocation = try #require(recorder.entries.first { $0.event == .deallocated(b) })
        #expect(
            deallocation.cause
                == LifecycleCause(
                    rule: LifecycleRule(
                        section: "§6", evidence: [.log], reason: "when nothing else holds it, once its move has ended"),
                    call: nil))
    }

    @Test func anObserverThatIgnoresCausesStillReceivesEveryEvent() {
        let observer = CauseBlindObserver()
        LifecycleObservation.observe(with: observer) {
            let c = Leaf(name: "c")
            c.beginAppearanceTransition(true, animated: false)
            c.endAppearanceTransition()
        }
        #expect(
            observer.events.map(\.description).joined(separator: "\n") == """
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.viewIsAppearing(animated: false)
                c.viewDidAppear(animated: false)
                c.deinit
                """)
    }

    @Test func callsReadAsTheCodeThatMadeThem() {
        let nav = ControllerID(serial: 1, name: "nav", typeName: "NavigationController")
        let b = ControllerID(serial: 2, name: "b", typeName: "Controller")
        let window = WindowID(serial: 1, name: "window")
        let calls: [LifecycleCall] = [
            LifecycleCall(
                target: .controller(nav), name: "push",
                arguments: [(nil, .controller(b)), ("animated", .value("true"))]),
            LifecycleCall(target: .controller(b), name: "view", form: .getter),
            LifecycleCall(target: .window(window), name: "isHidden", form: .setter, arguments: [(nil, .value("true"))]),
            LifecycleCall(
                target: .controller(nav), name: "NavigationController", form: .initializer,
                arguments: [("rootController", .controller(b))]),
            LifecycleCall(target: .view(of: nav), name: "addSubview", arguments: [(nil, .view(of: b))]),
            LifecycleCall(target: .namedView("overlay"), name: "removeFromSuperview"),
            LifecycleCall(target: .transition(of: nav), name: "finish"),
            LifecycleCall(
                target: .controller(nav), name: "setControllers", arguments: [(nil, .controllers([b, nav]))]),
        ]
        #expect(
            calls.map(\.description) == [
                "nav.push(b, animated: true)",
                "b.view",
                "window.isHidden = true",
                "NavigationController(rootController: b)",
                "nav.view.addSubview(b.view)",
                "overlay.removeFromSuperview()",
                "transition(of: nav).finish()",
                "nav.setControllers([b, nav])",
            ])
        #expect(
            calls[0]
                == LifecycleCall(
                    target: .controller(nav), name: "push",
                    arguments: [(nil, .controller(b)), ("animated", .value("true"))]))
        #expect(calls[0] != calls[7])
    }
}

extension CauseTests {
    /// The reconciler row that ends an incoming controller's appearance when its transition's
    /// callbacks took the container off screen keeps the transition's rule and call as the cause of
    /// `t`'s disappearance: it is the transition's did-half, not a window's exit.
    @Test func anIncomingControllerFoundOffScreenDisappearsForItsTransition() {  // §5, F2
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let f = SpyController(name: "f")
            let t = SpyController(name: "t")
            let (window, _, p) = showContainerInRoot(holding: f)
            t.onViewWillAppear = { [unowned p] _ in p.view.removeFromSuperview() }
            recorder.skipEvents()
            swap(f, for: t, in: p)
            window.runUntilIdle()
            #expect(
                recorder.takeTranscript(explained: true) == """
                    t.willMove(toParent: p)               R1  DOC    addChild(_:) sends it before the child joins children              ← p.addChild(t)
                    f.willMove(toParent: nil)             R3  DOC    the container calls it before removeFromParent()                   ← f.willMove(toParent: nil)
                    f.viewWillDisappear(animated: true)   §5  LOG    transition(from:to:…): will-callbacks inside the call              ← p.transition(from: f, to: t, duration: 0.3)
                    t.loadView()                          §3  DOC    the view loads once, just before the first callback that needs it  ← p.transition(from: f, to: t, duration: 0.3)
                    t.viewDidLoad()                       §3  DOC    the view loads once, just before the first callback that needs it  ← p.transition(from: f, to: t, duration: 0.3)
                    t.viewWillAppear(animated: true)      §5  LOG    transition(from:to:…): will-callbacks inside the call              ← p.transition(from: f, to: t, duration: 0.3)
                    p.viewWillDisappear(animated: false)  F2  MODEL  a view leaving, or its window hidden: inside the call, pre-order   ← p.view.removeFromSuperview()
                    f.viewDidDisappear(animated: true)    F2  MODEL  a view leaving, or its window hidden: inside the call, pre-order   ← p.transition(from: f, to: t, duration: 0.3)
                    t.viewWillDisappear(animated: true)   §5  LOG    did-callbacks when the animation completes                         ← p.transition(from: f, to: t, duration: 0.3)
                    t.viewDidDisappear(animated: true)    §5  LOG    did-callbacks when the animation completes                         ← p.transition(from: f, to: t, duration: 0.3)
                    p.completion(finished: true)          §5  LOG    after the did-callbacks, before the container's move calls         ← p.transition(from: f, to: t, duration: 0.3)
                    t.didMove(toParent: p)                R3  DOC    the container calls it from the transition's completion            ← t.didMove(toParent: p)
                    f.didMove(toParent: nil)              R2  DOC    removeFromParent() sends it after the child left children          ← f.removeFromParent()
                    p.viewDidDisappear(animated: false)   §1  LOG    deferred to the end of the window's turn                           ← p.view.removeFromSuperview()
                    """)
            #expect(t.appearanceState == .disappeared)
        }
        #expect(recorder.violations.map(\.kind) == [.invalidTransition])
        #expect(recorder.violations.map(\.severity) == [.warning])
        #expect(recorder.violations.first?.message.contains("p's view left the visible window") == true)
    }
}
