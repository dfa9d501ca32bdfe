import ContainerKit
import ContainerKitTesting
import Testing

/// Counts the events its recorder had seen when each override ran.
private final class Witness: Controller {
    let recorder: Recorder
    var seen: [Int] = []

    init(name: String, recorder: Recorder) {
        self.recorder = recorder
        super.init(name: name)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        seen.append(recorder.events.count)
    }
}

@Suite @MainActor struct ObservationTests {
    @Test func eachEventIsDeliveredBeforeTheOverrideRuns() {
        let recorder = Recorder()
        recorder.record {
            let c = Witness(name: "c", recorder: recorder)
            c.beginAppearanceTransition(true, animated: false)
            // loadView, viewDidLoad and viewWillAppear were recorded before viewWillAppear's body ran.
            #expect(c.seen == [3])
            recorder.skipEvents()
        }
    }

    @Test func eventsNameWhoDroveThem() {  // the source of each event
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let p = Parent(name: "p")
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            let c = Leaf(name: "c")
            let t = Leaf(name: "t")
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            p.addChild(t)
            c.willMove(toParent: nil)
            p.transition(from: c, to: t, duration: 0, animations: nil) { _ in
                t.didMove(toParent: p)
                c.removeFromParent()
            }
            let lines = recorder.pendingEntries.map { entry in
                let source: String
                switch entry.source {
                case .window(let id): source = "\(id)"
                case .controller(let id): source = "\(id)"
                case .external: source = "external"
                }
                return "\(source) -> \(entry.event)"
            }
            #expect(
                lines == [
                    "p -> p.loadView()",
                    "p -> p.viewDidLoad()",
                    "window -> p.viewWillAppear(animated: false)",
                    "window -> p.viewIsAppearing(animated: false)",
                    "window -> p.viewDidAppear(animated: false)",
                    "p -> c.willMove(toParent: p)",
                    "c -> c.loadView()",
                    "c -> c.viewDidLoad()",
                    "window -> c.viewWillAppear(animated: false)",
                    "p -> c.didMove(toParent: p)",
                    "p -> t.willMove(toParent: p)",
                    "p -> c.willMove(toParent: nil)",
                    "p -> c.viewWillDisappear(animated: false)",
                    "t -> t.loadView()",
                    "t -> t.viewDidLoad()",
                    "p -> t.viewWillAppear(animated: false)",
                    "p -> t.viewIsAppearing(animated: false)",
                    "p -> t.viewDidAppear(animated: false)",
                    "p -> c.viewDidDisappear(animated: false)",
                    // UIKit's repeat (R7): c's didMove came while it was appearing.
                    "p -> c.didMove(toParent: p)",
                    "p -> p.completion(finished: true)",
                    "p -> t.didMove(toParent: p)",
                    "p -> c.didMove(toParent: nil)",
                ])
            recorder.skipEvents()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func deallocationIsReportedFromOutsideTheTree() {
        let recorder = Recorder()
        let id = recorder.record { () -> ControllerID in
            let c = Leaf(name: "gone")
            return c.id
        }
        let released = LifecycleCause(
            rule: LifecycleRule(
                section: "§1", evidence: [.model], reason: "nothing holds it once the turn of its removal is over"),
            call: nil)
        #expect(recorder.entries == [Recorder.Entry(event: .deallocated(id), source: .external, cause: released)])
        #expect(recorder.transcript() == "gone.deinit")
    }

    @Test func nestedScopesBothObserveAndNothingLeaksOut() {
        let outer = Recorder()
        let inner = Recorder()
        #expect(!LifecycleObservation.isObserving)
        outer.record {
            #expect(LifecycleObservation.isObserving)
            Leaf(name: "a").loadViewIfNeeded()
            inner.record {
                Leaf(name: "b").loadViewIfNeeded()
            }
        }
        #expect(!LifecycleObservation.isObserving)
        Leaf(name: "c").loadViewIfNeeded()
        #expect(
            outer.takeTranscript() == """
                a.loadView()
                a.viewDidLoad()
                a.deinit
                b.loadView()
                b.viewDidLoad()
                b.deinit
                """)
        #expect(
            inner.takeTranscript() == """
                b.loadView()
                b.viewDidLoad()
                b.deinit
                """)
    }

    @Test func concurrentScopesNeverSeeEachOthersEvents() async {
        func play(_ name: String) async -> String {
            let recorder = Recorder()
            await LifecycleObservation.observe(with: recorder) {
                let window = makeWindow(name)
                let p = Parent(name: "\(name).p")
                window.rootController = p
                await Task.yield()
                window.makeKeyAndVisible()
                await Task.yield()
                window.runUntilIdle()
            }
            return recorder.takeTranscript()
        }
        async let first = play("one")
        async let second = play("two")
        let transcripts = await [first, second]
        for name in ["one", "two"] {
            #expect(
                transcripts.contains(
                    """
                    \(name).p.loadView()
                    \(name).p.viewDidLoad()
                    \(name).p.viewWillAppear(animated: false)
                    \(name).p.viewDidAppear(animated: false)
                    \(name).p.viewWillDisappear(animated: false)
                    \(name).p.viewDidDisappear(animated: false)
                    \(name).p.deinit
                    """))
        }
    }

    @Test func violationHandlersAreScopedToo() {
        let recorder = Recorder()
        let p = Parent(name: "p")
        recorder.record(violations: .collect) {
            p.addChild(p)
        }
        #expect(recorder.violations.map(\.kind) == [.addingToSelfOrDescendant])
        #expect(recorder.violations.first?.description == "fault: p cannot be added as a child of itself.")
    }

    @Test func eventsRenderInTheReferenceNotation() {
        let a = ControllerID(serial: 1, name: "a", typeName: "Controller")
        let anonymous = ControllerID(serial: 7, name: nil, typeName: "Leaf")
        let cases: [(LifecycleEvent, String)] = [
            (.loadView(a), "a.loadView()"),
            (.viewDidLoad(a), "a.viewDidLoad()"),
            (.viewWillAppear(a, animated: true), "a.viewWillAppear(animated: true)"),
            (.viewIsAppearing(a, animated: false), "a.viewIsAppearing(animated: false)"),
            (.viewDidAppear(a, animated: true), "a.viewDidAppear(animated: true)"),
            (.viewWillDisappear(a, animated: false), "a.viewWillDisappear(animated: false)"),
            (.viewDidDisappear(a, animated: true), "a.viewDidDisappear(animated: true)"),
            (.willMove(a, toParent: anonymous), "a.willMove(toParent: Leaf#7)"),
            (.didMove(a, toParent: nil), "a.didMove(toParent: nil)"),
            (
                .viewWillTransition(a, to: Size(width: 320.5, height: 480)),
                "a.viewWillTransition(to: Size(width: 320.5, height: 480))"
            ),
            (
                .preferredContentSizeDidChange(anonymous, child: a),
                "Leaf#7.preferredContentSizeDidChange(forChildContentContainer: a)"
            ),
            (.completion(a, finished: false), "a.completion(finished: false)"),
            (.completion(a, finished: nil), "a.completion()"),
            (.deallocated(a), "a.deinit"),
        ]
        for (event, text) in cases {
            #expect(event.description == text)
            #expect(event.receiver == (text.hasPrefix("Leaf") ? anonymous : a))
        }
        #expect(LifecycleEvent.viewIsAppearing(a, animated: true).isAppearanceCallback)
        #expect(!LifecycleEvent.willMove(a, toParent: nil).isAppearanceCallback)
        #expect(ControllerID(serial: 3, name: nil, typeName: "Parent").description == "Parent#3")
    }
}
