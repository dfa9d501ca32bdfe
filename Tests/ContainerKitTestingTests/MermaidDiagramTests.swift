import ContainerKit
import ContainerKitTesting
import Testing

@Suite @MainActor struct MermaidDiagramTests {
    // MARK: - Hand-built entries

    @Test func everySourceANoteAliasesAndEscapes() {
        let window = WindowID(serial: 1, name: "window")
        let unnamedWindow = WindowID(serial: 2, name: nil)
        let p = ControllerID(serial: 1, name: "p", typeName: "Parent")
        let leaf = ControllerID(serial: 7, name: nil, typeName: "Leaf")
        let dotted = ControllerID(serial: 8, name: "one.p", typeName: "Leaf")
        let semicolon = ControllerID(serial: 9, name: "a;b", typeName: "Leaf")
        let q = ControllerID(serial: 10, name: "q", typeName: "Leaf")
        let entries = [
            Recorder.Entry(event: .viewWillAppear(p, animated: false), source: .window(window)),
            Recorder.Entry(event: .willMove(leaf, toParent: p), source: .controller(p)),
            Recorder.Entry(event: .preferredContentSizeDidChange(p, child: leaf), source: .controller(leaf)),
            Recorder.Entry(event: .completion(dotted, finished: nil), source: .external),
            Recorder.Entry(event: .viewDidDisappear(semicolon, animated: true), source: .window(unnamedWindow)),
            Recorder.Entry(event: .didMove(dotted, toParent: semicolon), source: .controller(semicolon)),
            Recorder.Entry(event: .loadView(q), source: .controller(q)),
            Recorder.Entry(event: .viewWillTransition(q, to: Size(width: 320, height: 480)), source: .controller(p)),
            Recorder.Entry(event: .deallocated(leaf), source: .external),
        ]
        #expect(
            MermaidDiagram.render(entries, naming: \.description) == """
                sequenceDiagram
                    participant window
                    participant p
                    participant P1 as Leaf#35;7
                    participant external
                    participant P2 as one.p
                    participant P3 as window#35;2
                    participant P4 as a#59;b
                    participant q
                    window->>p: viewWillAppear(animated: false)
                    p->>P1: willMove(toParent: p)
                    P1->>p: preferredContentSizeDidChange(forChildContentContainer: Leaf#35;7)
                    external->>P2: completion()
                    P3->>P4: viewDidDisappear(animated: true)
                    P4->>P2: didMove(toParent: a#59;b)
                    q->>q: loadView()
                    p->>q: viewWillTransition(to: \(Size(width: 320, height: 480)))
                    Note over P1: deinit
                """)
    }

    @Test func aDeallocationIsANoteThatStillIntroducesItsController() {
        let c = ControllerID(serial: 1, name: "c", typeName: "Leaf")
        let unnamed = ControllerID(serial: 2, name: nil, typeName: "Leaf")
        let entries = [
            Recorder.Entry(event: .deallocated(c), source: .external),
            Recorder.Entry(event: .deallocated(unnamed), source: .external),
        ]
        #expect(
            MermaidDiagram.render(entries, naming: \.description) == """
                sequenceDiagram
                    participant c
                    participant P1 as Leaf#35;2
                    Note over c: deinit
                    Note over P1: deinit
                """)
    }

    @Test func theNamingClosureNamesEveryControllerAndAliasesSkipTakenNames() {
        let p = ControllerID(serial: 1, name: "p", typeName: "Parent")
        let c = ControllerID(serial: 2, name: "c", typeName: "Leaf")
        let names = [p.serial: "P1", c.serial: "child #1"]
        let entries = [
            Recorder.Entry(event: .didMove(c, toParent: nil), source: .controller(p))
        ]
        #expect(
            MermaidDiagram.render(entries, naming: { names[$0.serial]! }) == """
                sequenceDiagram
                    participant P1
                    participant P2 as child #35;1
                    P1->>P2: didMove(toParent: nil)
                """)
    }

    @Test func noEntriesIsAnEmptyDiagram() {
        #expect(MermaidDiagram.render([], naming: \.description) == "sequenceDiagram")
    }

    // MARK: - Recorded scenarios

    @Test func aChildAddedToAVisibleParent() {  // spec §2.1
        let recorder = Recorder()
        recorder.record {
            let window = Window(name: "window", frame: Rect(x: 0, y: 0, width: 320, height: 480))
            let p = ContainerController(name: "p")
            let c = Controller(name: "c")
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.skipEvents()

            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            window.runUntilIdle()

            // Every entry, the skipped set-up included.
            #expect(
                recorder.mermaidDiagram() == """
                    sequenceDiagram
                        participant p
                        participant window
                        participant c
                        p->>p: loadView()
                        p->>p: viewDidLoad()
                        window->>p: viewWillAppear(animated: false)
                        window->>p: viewDidAppear(animated: false)
                        p->>c: willMove(toParent: p)
                        c->>c: loadView()
                        c->>c: viewDidLoad()
                        window->>c: viewWillAppear(animated: false)
                        p->>c: didMove(toParent: p)
                        window->>c: viewDidAppear(animated: false)
                        p->>c: didMove(toParent: p)
                    """)
            // The diagram consumed nothing.
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: p)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func anAnimatedTransition() {  // spec §5
        let recorder = Recorder()
        recorder.record {
            let window = Window(name: "window", frame: Rect(x: 0, y: 0, width: 320, height: 480))
            let p = ContainerController(name: "p")
            let f = Controller(name: "f")
            let t = Controller(name: "t")
            window.rootController = p
            p.addChild(f)
            p.view.addSubview(f.view)
            f.didMove(toParent: p)
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.skipEvents()

            p.addChild(t)
            f.willMove(toParent: nil)
            p.transition(from: f, to: t, duration: 0.3, animations: {}) { _ in
                t.didMove(toParent: p)
                f.removeFromParent()
            }
            window.runUntilIdle()

            #expect(
                recorder.mermaidDiagram() == """
                    sequenceDiagram
                        participant p
                        participant f
                        participant window
                        participant t
                        p->>p: loadView()
                        p->>p: viewDidLoad()
                        p->>f: willMove(toParent: p)
                        f->>f: loadView()
                        f->>f: viewDidLoad()
                        p->>f: didMove(toParent: p)
                        window->>p: viewWillAppear(animated: false)
                        p->>f: viewWillAppear(animated: false)
                        window->>p: viewDidAppear(animated: false)
                        p->>f: viewDidAppear(animated: false)
                        p->>t: willMove(toParent: p)
                        p->>f: willMove(toParent: nil)
                        p->>f: viewWillDisappear(animated: true)
                        t->>t: loadView()
                        t->>t: viewDidLoad()
                        p->>t: viewWillAppear(animated: true)
                        p->>t: viewDidAppear(animated: true)
                        p->>f: viewDidDisappear(animated: true)
                        p->>p: completion(finished: true)
                        p->>t: didMove(toParent: p)
                        p->>f: didMove(toParent: nil)
                    """)
            #expect(
                recorder.mermaidDiagram(filter: .controllers(f, t) && .containment) == """
                    sequenceDiagram
                        participant p
                        participant f
                        participant t
                        p->>f: willMove(toParent: p)
                        p->>f: didMove(toParent: p)
                        p->>t: willMove(toParent: p)
                        p->>f: willMove(toParent: nil)
                        p->>t: didMove(toParent: p)
                        p->>f: didMove(toParent: nil)
                    """)
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }
}
