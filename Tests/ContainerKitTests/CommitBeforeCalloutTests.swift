import ContainerKit
import ContainerKitTesting
import Testing

/// Notes what an override reads of the step the engine took, first thing inside each callback (before
/// `super`): `appearanceState` in the appearance callbacks, `isViewLoaded` in `viewDidLoad()` and in
/// `loadView()`, before and after it assigns `view`. With `byHand`, it forwards appearance to those
/// children itself (F4), from its own callbacks.
private final class Probe: ContainerController {
    let notes: Notes
    var byHand: [Controller]?

    init(_ name: String, _ notes: Notes) {
        self.notes = notes
        super.init(name: name)
    }

    override var shouldAutomaticallyForwardAppearanceMethods: Bool { byHand == nil }

    override func loadView() {
        let before = isViewLoaded
        view = View()
        notes.lines.append("\(id.name ?? "?").loadView: loaded \(before), then \(isViewLoaded)")
    }

    override func viewDidLoad() {
        note("viewDidLoad", "loaded \(isViewLoaded)")
        super.viewDidLoad()
    }

    override func viewWillAppear(_ animated: Bool) {
        note("viewWillAppear")
        super.viewWillAppear(animated)
        byHand?.forEach { $0.beginAppearanceTransition(true, animated: animated) }
    }

    override func viewIsAppearing(_ animated: Bool) {
        note("viewIsAppearing")
        super.viewIsAppearing(animated)
    }

    override func viewDidAppear(_ animated: Bool) {
        note("viewDidAppear")
        super.viewDidAppear(animated)
        byHand?.forEach { $0.endAppearanceTransition() }
    }

    override func viewWillDisappear(_ animated: Bool) {
        note("viewWillDisappear")
        super.viewWillDisappear(animated)
        byHand?.forEach { $0.beginAppearanceTransition(false, animated: animated) }
    }

    override func viewDidDisappear(_ animated: Bool) {
        note("viewDidDisappear")
        super.viewDidDisappear(animated)
        byHand?.forEach { $0.endAppearanceTransition() }
    }

    private func note(_ callback: String, _ text: String? = nil) {
        notes.lines.append("\(id.name ?? "?").\(callback): \(text ?? "\(appearanceState)")")
    }
}

/// Notes, inside each containment callback of `c`, where it stands toward `p` as the public API
/// reads it: `c.willMove: parent p, in p.children true`.
@MainActor
private func noteStanding(of c: SpyController, in p: ContainerController, _ notes: Notes) {
    let note = { [unowned c, unowned p] (callback: String) in
        let parent = c.parent.map { $0 === p ? "p" : "another" } ?? "nil"
        notes.lines.append("c.\(callback): parent \(parent), in p.children \(p.children.contains { $0 === c })")
    }
    c.onWillMove = { _ in note("willMove") }
    c.onDidMove = { _ in note("didMove") }
}

/// Forgets what was delivered and noted so far: the stage a test sets up.
@MainActor
private func forget(_ recorder: Recorder, _ notes: Notes) {
    recorder.skipEvents()
    _ = notes.take()
}

extension Recorder {
    /// Asserts `transcript` with every event (`viewIsAppearing` too), and the notes taken since: a
    /// line `c.callback(…)  => text` is a callback inside which `c` noted `text`, and nothing else was.
    @MainActor fileprivate func expect(
        _ transcript: String, noted notes: Notes,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let lines = transcript.split(separator: "\n").map {
            $0.split(separator: "=>").map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
        }
        let noted = lines.filter { $0.count == 2 }.map { "\($0[0].prefix { $0 != "(" }): \($0[1])" }
        expect(
            lines.map { $0[0] }.joined(separator: "\n"), filter: .everything, fileID: fileID, filePath: filePath,
            line: line, column: column)
        let location = SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
        #expect(notes.take() == noted, sourceLocation: location)
    }
}

/// The loop commits every step to the node's state machine before it calls out (CONTRIBUTING, "How
/// the engine calls out"). Through the public API alone, a callback reads the state its step led
/// to: `appearanceState` in the appearance callbacks, `parent` and `children` in the engine's
/// containment callbacks, `isViewLoaded` in `loadView()` and `viewDidLoad()`.
@Suite @MainActor struct CommitBeforeCalloutTests {
    @Test func aTreeEnteringAndLeavingAVisibleWindow() {  // §3, §4, F1, F2
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let r = Probe("r", notes)
            embed(Probe("c", notes), in: r)
            let window = makeWindow()
            window.rootController = r
            forget(recorder, notes)
            window.makeKeyAndVisible()
            window.runUntilIdle()
            window.rootController = nil
            window.runUntilIdle()
            recorder.expect(
                """
                r.viewWillAppear(animated: false)     => appearing
                c.viewWillAppear(animated: false)     => appearing
                -- end of turn: the layout pass, then the did-appears; the appearance is open until
                -- viewDidAppear (§3)
                r.viewIsAppearing(animated: false)    => appearing
                c.viewIsAppearing(animated: false)    => appearing
                r.viewDidAppear(animated: false)      => appeared
                c.viewDidAppear(animated: false)      => appeared
                -- window.rootController = nil
                r.viewWillDisappear(animated: false)  => disappearing
                c.viewWillDisappear(animated: false)  => disappearing
                -- end of turn: the did-disappears the exit queued (§1, §4)
                r.viewDidDisappear(animated: false)   => disappeared
                c.viewDidDisappear(animated: false)   => disappeared
                """, noted: notes)
            recorder.finish()
        }
    }

    @Test func aCustomContainersAddAndRemove() {  // §2.1, §2.2, F2
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let root = Parent(name: "root")
            let window = show(root)
            forget(recorder, notes)
            let c = Probe("c", notes)
            embed(c, in: root)
            window.runUntilIdle()
            unembed(c)
            window.runUntilIdle()
            recorder.expect(
                """
                c.willMove(toParent: root)
                c.loadView()                          => loaded false, then true
                c.viewDidLoad()                       => loaded true
                c.viewWillAppear(animated: false)     => appearing
                c.didMove(toParent: root)
                c.viewIsAppearing(animated: false)    => appearing
                c.viewDidAppear(animated: false)      => appeared
                c.didMove(toParent: root)
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: false)  => disappearing
                c.didMove(toParent: nil)
                c.viewDidDisappear(animated: false)   => disappeared
                c.didMove(toParent: nil)
                """, noted: notes)
            recorder.finish()
        }
    }

    @Test(arguments: [true, false])
    func aContainerTransition(animated: Bool) {  // §5
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let p = Parent(name: "p")
            let f = Probe("f", notes)
            embed(f, in: p)
            let window = show(p)
            forget(recorder, notes)
            swap(f, for: Probe("t", notes), in: p, duration: animated ? 0.3 : 0)
            let willHalf = """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: \(animated))  => disappearing
                t.loadView()                                => loaded false, then true
                t.viewDidLoad()                             => loaded true
                t.viewWillAppear(animated: \(animated))     => appearing
                t.viewIsAppearing(animated: \(animated))    => appearing
                """
            let didHalf = """
                t.viewDidAppear(animated: \(animated))     => appeared
                f.viewDidDisappear(animated: \(animated))  => disappeared
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """
            // Animated, the did-half waits for the animation, which the window's default driver
            // completes in runUntilIdle(); not animated, it runs inside the call.
            recorder.expect(animated ? willHalf : willHalf + "\n" + didHalf, noted: notes)
            #expect(window.animationsInFlight.count == (animated ? 1 : 0))
            window.runUntilIdle()
            recorder.expect(animated ? didHalf : "", noted: notes)
            recorder.finish()
        }
    }

    @Test func aNavigationPushAndPop() {  // §6, F6
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let nav = NavigationController(name: "nav", rootController: Probe("a", notes))
            let window = show(nav)
            forget(recorder, notes)
            nav.push(Probe("b", notes), animated: true)
            window.runUntilIdle()
            nav.pop(animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                b.willMove(toParent: nav)
                b.loadView()                         => loaded false, then true
                b.viewDidLoad()                      => loaded true
                a.viewWillDisappear(animated: true)  => disappearing
                b.viewWillAppear(animated: true)     => appearing
                b.viewIsAppearing(animated: true)    => appearing
                a.viewDidDisappear(animated: true)   => disappeared
                b.viewDidAppear(animated: true)      => appeared
                b.didMove(toParent: nav)
                -- nav.pop(animated: true)
                b.willMove(toParent: nil)
                b.viewWillDisappear(animated: true)  => disappearing
                a.viewWillAppear(animated: true)     => appearing
                a.viewIsAppearing(animated: true)    => appearing
                b.viewDidDisappear(animated: true)   => disappeared
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: true)      => appeared
                b.deinit
                """, noted: notes)
            recorder.finish()
        }
    }

    @Test func aTabSwitch() {  // §7, §1
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let tab = TabBarController(name: "tab")
            tab.controllers = [Probe("a", notes), Probe("b", notes)]
            let window = show(tab)
            forget(recorder, notes)
            tab.selectedIndex = 1
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()                          => loaded false, then true
                b.viewDidLoad()                       => loaded true
                b.viewWillAppear(animated: false)     => appearing
                a.viewWillDisappear(animated: false)  => disappearing
                -- end of turn: the layout pass, then the did-half
                b.viewIsAppearing(animated: false)    => appearing
                a.viewDidDisappear(animated: false)   => disappeared
                b.viewDidAppear(animated: false)      => appeared
                """, noted: notes)
            recorder.finish()
        }
    }

    @Test func aPageTurn() {  // §8
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.setControllers([Probe("p0", notes)], direction: .forward, animated: false)
            let window = show(page)
            forget(recorder, notes)
            page.setControllers([Probe("p1", notes)], direction: .forward, animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                p1.willMove(toParent: page)
                p1.loadView()                         => loaded false, then true
                p1.viewDidLoad()                      => loaded true
                p1.viewWillAppear(animated: true)     => appearing
                p0.viewWillDisappear(animated: true)  => disappearing
                p1.viewIsAppearing(animated: true)    => appearing
                p1.viewDidAppear(animated: true)      => appeared
                p0.viewDidDisappear(animated: true)   => disappeared
                p1.didMove(toParent: page)
                p0.willMove(toParent: nil)
                p0.didMove(toParent: nil)
                p0.deinit
                """, noted: notes)
            recorder.finish()
        }
    }

    @Test func aModalPresentAndDismiss() {  // §9
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let a = Probe("a", notes)
            let window = show(a)
            forget(recorder, notes)
            let b = Probe("b", notes)
            b.modalPresentationStyle = .fullScreen
            a.present(b, animated: true)
            window.runUntilIdle()
            a.dismiss(animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()                         => loaded false, then true
                b.viewDidLoad()                      => loaded true
                a.viewWillDisappear(animated: true)  => disappearing
                b.viewWillAppear(animated: true)     => appearing
                b.viewIsAppearing(animated: true)    => appearing
                b.viewDidAppear(animated: true)      => appeared
                a.viewDidDisappear(animated: true)   => disappeared
                -- a.dismiss(animated: true)
                b.viewWillDisappear(animated: true)  => disappearing
                a.viewWillAppear(animated: true)     => appearing
                a.viewIsAppearing(animated: true)    => appearing
                a.viewDidAppear(animated: true)      => appeared
                b.viewDidDisappear(animated: true)   => disappeared
                """, noted: notes)
            recorder.finish()
        }
    }

    @Test func manualBeginAndEndInAContainerThatForwardsByHand() {  // §3, F4
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let m = Probe("m", notes)
            let c = Probe("c", notes)
            embed(c, in: m)
            m.byHand = [c]
            let window = makeWindow()
            window.rootController = m
            forget(recorder, notes)
            window.makeKeyAndVisible()
            window.runUntilIdle()
            window.isHidden = true
            recorder.expect(
                """
                m.viewWillAppear(animated: false)     => appearing
                -- c's by hand, from m's callbacks: begin(true), end() at the end of the turn, begin(false), end()
                c.viewWillAppear(animated: false)     => appearing
                m.viewIsAppearing(animated: false)    => appearing
                m.viewDidAppear(animated: false)      => appeared
                c.viewIsAppearing(animated: false)    => appearing
                c.viewDidAppear(animated: false)      => appeared
                m.viewWillDisappear(animated: false)  => disappearing
                c.viewWillDisappear(animated: false)  => disappearing
                m.viewDidDisappear(animated: false)   => disappeared
                c.viewDidDisappear(animated: false)   => disappeared
                """, noted: notes)
            recorder.finish()
        }
    }

    @Test func theEnginesWillMoveAndDidMoveSeeTheChildBeforeItJoinsAndAfterItLeft() {  // R1, R2, R3, R7
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let p = Parent(name: "p")
            let c = SpyController(name: "c")
            noteStanding(of: c, in: p, notes)
            c.onWillMove = { [unowned c, unowned p, onWillMove = c.onWillMove] parent in
                onWillMove?(parent)
                if parent === p { c.didMove(toParent: p) }
            }
            p.addChild(c)
            recorder.expect(
                """
                c.willMove(toParent: p)  => parent nil, in p.children false
                -- by hand, inside it: accepted with no violation, an early end of the move
                c.didMove(toParent: p)   => parent nil, in p.children false
                """, noted: notes)
            // The early end does not undo the add: c joins once its willMove returns (R1). The
            // container's own didMove after the add (R3) finds no move open and changes nothing.
            #expect(c.parent === p && p.children.count == 1 && p.children.first === c)
            recorder.expectViolation(.unmatchedDidMove) { c.didMove(toParent: p) }
            #expect(recorder.violations.map(\.severity) == [.warning])
            #expect(notes.take() == ["c.didMove: parent p, in p.children true"])
            #expect(c.parent === p && p.children.count == 1)
            c.willMove(toParent: nil)
            c.removeFromParent()
            recorder.expect(
                """
                -- the container's own willMove; removeFromParent()'s didMove, once c has left
                c.willMove(toParent: nil)  => parent p, in p.children true
                c.didMove(toParent: nil)   => parent nil, in p.children false
                """, noted: notes)
            recorder.finish()
        }
    }

    @Test func loadViewSeesTheViewOnceItAssignsItAndAViewAssignedFirstSendsOnlyViewDidLoad() {  // §3
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            Probe("c", notes).loadViewIfNeeded()
            let d = Probe("d", notes)
            let v = View()
            d.view = v
            recorder.expect(
                """
                c.loadView()     => loaded false, then true
                c.viewDidLoad()  => loaded true
                c.deinit
                -- d.view = v, before any read
                d.viewDidLoad()  => loaded true
                """, noted: notes)
            #expect(d.viewIfLoaded === v)
            recorder.finish()
        }
    }
}
