import ContainerKit
import ContainerKitTesting
import Foundation
import Testing

/// `transition(from:to:…)` whose will-callbacks (or animations block) re-enter the engine and undo
/// what the transition read before calling them: the container's place in the visible window, and
/// the place the incoming view goes to (§1, §5, F7).
@Suite @MainActor struct TransitionReentrancyTests {
    /// `p` shown in a new window, holding `f` embedded in a plain view `slot` of its view (so `slot`
    /// is the outgoing view's superview), the turn ended.
    private func showWithOutgoingViewInSlot(_ f: Controller, of p: Parent) -> (Window, View) {
        let slot = View()
        let window = show(p)
        p.view.addSubview(slot)
        p.addChild(f)
        slot.addSubview(f.view)
        f.didMove(toParent: p)
        window.runUntilIdle()
        return (window, slot)
    }

    /// The one warning these scenarios expect: the transition says what its callbacks changed.
    private func expectTransitionWarnings(_ recorder: Recorder, saying excerpts: [String]) {
        let violations = recorder.violations
        #expect(violations.map(\.kind) == excerpts.map { _ in .invalidTransition })
        #expect(violations.allSatisfy { $0.severity == .warning })
        for (violation, excerpt) in zip(violations, excerpts) {
            #expect(violation.message.contains(excerpt), "\(violation.message)")
        }
    }

    /// Hole 1: the outgoing child's `viewWillDisappear` takes the container's view out of the window.
    /// The window's exit begins `p`'s disappearance, whose end waits for the end of the turn (F2, §1);
    /// the container has nothing to show, so `t` does not begin appearing, and the transition
    /// completes inside the call, as off screen, ending `f`'s disappearance.
    @Test func aContainerTakenOutOfTheWindowByTheOutgoingWillDisappearCompletesInsideTheCall() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let f = SpyController(name: "f")
            let t = SpyController(name: "t")
            let (window, root, p) = showContainerInRoot(holding: f)
            f.onViewWillDisappear = { [unowned p] _ in p.view.removeFromSuperview() }
            recorder.skipEvents()
            swap(f, for: t, in: p)
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                -- p's view leaves the window (F2): f is disappearing already (F3)
                p.viewWillDisappear(animated: false)
                -- p is off screen: t does not appear, and the transition completes inside the call
                t.loadView()
                t.viewDidLoad()
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect(window.animationsInFlight.isEmpty)
            // p's did-disappear, queued as its view left the window, comes at the end of the turn.
            #expect(window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect("p.viewDidDisappear(animated: false)")
            #expect([root, p, f, t].map(\.appearanceState) == [.appeared, .disappeared, .disappeared, .disappeared])
            #expect(p.view.superview == nil)
            #expect(t.view.superview === p.view)
            #expect(f.view.superview == nil)
            #expect(p.children.map(\.id) == [t.id])
            #expect(p.parent === root)
        }
        expectTransitionWarnings(recorder, saying: ["p's view left the visible window"])
    }

    /// Hole 1: the incoming child's own `viewWillAppear` takes the container's view out of the
    /// window. `t` has begun appearing, its view is not in `p`'s yet, so the window's exit does not
    /// reach it; the transition completes inside the call and `t` disappears again.
    @Test func aContainerTakenOutOfTheWindowByTheIncomingWillAppearEndsItsAppearance() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let f = SpyController(name: "f")
            let t = SpyController(name: "t")
            let (window, root, p) = showContainerInRoot(holding: f)
            t.onViewWillAppear = { [unowned p] _ in p.view.removeFromSuperview() }
            recorder.skipEvents()
            swap(f, for: t, in: p)
            recorder.expect(Self.incomingWillAppearTakesTheContainerOut)
            #expect(window.animationsInFlight.isEmpty)
            // p's did-disappear, queued as its view left the window, comes at the end of the turn.
            #expect(window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect("p.viewDidDisappear(animated: false)")
            #expect([root, p, f, t].map(\.appearanceState) == [.appeared, .disappeared, .disappeared, .disappeared])
            #expect(p.view.superview == nil)
            #expect(t.view.superview === p.view)
            #expect(f.view.superview == nil)
            #expect(p.children.map(\.id) == [t.id])
        }
        expectTransitionWarnings(recorder, saying: ["p's view left the visible window"])
    }

    /// The transcript of ``aContainerTakenOutOfTheWindowByTheIncomingWillAppearEndsItsAppearance()``,
    /// which the Reentrancy article shows after its `<!-- transition-reentrancy -->` marker.
    static let incomingWillAppearTakesTheContainerOut = """
        t.willMove(toParent: p)
        f.willMove(toParent: nil)
        f.viewWillDisappear(animated: true)
        t.loadView()
        t.viewDidLoad()
        t.viewWillAppear(animated: true)
        -- p's view leaves the window (F2): f is disappearing already (F3)
        p.viewWillDisappear(animated: false)
        f.viewDidDisappear(animated: true)
        -- p is off screen: the transition completes inside the call, t disappears again
        t.viewWillDisappear(animated: true)
        t.viewDidDisappear(animated: true)
        p.completion(finished: true)
        t.didMove(toParent: p)
        f.didMove(toParent: nil)
        """

    /// The Reentrancy article shows the transcript of the test above, narrative aside.
    @Test func theArticleShowsTheTranscriptThisSuiteChecks() throws {
        let article = DocumentationTranscriptTests.packageRoot
            .appendingPathComponent("Sources/ContainerKit/ContainerKit.docc/Reentrancy.md")
        let lines = try String(contentsOf: article, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let marker = try #require(lines.firstIndex(of: "<!-- transition-reentrancy -->"))
        try #require(lines.indices.contains(marker + 1) && lines[marker + 1] == "```")
        let shown = lines[(marker + 2)...].prefix { !$0.hasPrefix("```") }
            .compactMap(DocumentationTranscriptTests.transcriptLine)
        let checked = Self.incomingWillAppearTakesTheContainerOut.split(separator: "\n").map(String.init)
            .compactMap(DocumentationTranscriptTests.transcriptLine)
        #expect(shown == checked)
    }

    /// Hole 1: a child of the incoming controller hides the window in the `viewWillAppear` that `t`
    /// forwards to it (F1). The window's exit reaches what is in it (`root`, `p`, `f`); `t` and `g`
    /// have begun appearing off the window's tree and disappear again when the transition completes,
    /// inside the call.
    @Test func hidingTheWindowInAForwardedWillAppearEndsTheIncomingAppearance() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let root = Parent(name: "root")
            let f = SpyController(name: "f")
            let t = Parent(name: "t")
            let g = SpyController(name: "g")
            embed(f, in: root)
            embed(g, in: t)
            let window = show(root)
            g.onViewWillAppear = { [unowned window] _ in window.isHidden = true }
            recorder.skipEvents()
            swap(f, for: t, in: root)
            recorder.expect(
                """
                t.willMove(toParent: root)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.viewWillAppear(animated: true)
                g.viewWillAppear(animated: true)
                -- the window is hidden (F2): f is disappearing already (F3)
                root.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                f.viewDidDisappear(animated: true)
                -- root is off screen: the transition completes inside the call, t and g disappear again
                t.viewWillDisappear(animated: true)
                g.viewWillDisappear(animated: true)
                t.viewDidDisappear(animated: true)
                g.viewDidDisappear(animated: true)
                root.completion(finished: true)
                t.didMove(toParent: root)
                f.didMove(toParent: nil)
                """)
            #expect(window.animationsInFlight.isEmpty)
            #expect(!window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect("")
            #expect([root, f, t, g].allSatisfy { $0.appearanceState == .disappeared })
            #expect(window.isHidden)
            #expect(t.view.superview === root.view)
            #expect(t.view.window === window)
            #expect(f.view.superview == nil)
            #expect(root.children.map(\.id) == [t.id])
        }
        expectTransitionWarnings(
            recorder, saying: ["root's view left the visible window (or the window was hidden)"])
    }

    /// Hole 1, from the animations block: it takes the container's view out of the window, and the
    /// view comes back before the turn ends. The transition completes inside the call, so no
    /// animation in flight spares `t` when the window drives `p` again (F2, F7): `t` appears with it.
    /// (It used to stay disappeared in the visible window: the animation registered in a window the
    /// container had left kept the window's walk from reaching `t`.)
    @Test func aContainerTakenOutOfTheWindowByTheAnimationsBlockCompletesInsideTheCall() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let f = SpyController(name: "f")
            let t = SpyController(name: "t")
            let (window, root, p) = showContainerInRoot(holding: f)
            recorder.skipEvents()
            swap(f, for: t, in: p) { p.view.removeFromSuperview() }
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                -- the animations block takes p's view out of the window (F2)
                p.viewWillDisappear(animated: false)
                t.viewWillDisappear(animated: false)
                f.viewDidDisappear(animated: true)
                -- p is off screen: the transition completes inside the call
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect(window.animationsInFlight.isEmpty)
            root.view.addSubview(p.view)
            window.runUntilIdle()
            recorder.expect(
                """
                p.viewWillAppear(animated: false)
                t.viewWillAppear(animated: false)
                -- window.runUntilIdle()
                p.viewDidAppear(animated: false)
                t.viewDidAppear(animated: false)
                """)
            #expect([root, p, f, t].map(\.appearanceState) == [.appeared, .appeared, .disappeared, .appeared])
            #expect(t.view.superview === p.view)
            #expect(t.view.window === window)
            #expect(f.view.superview == nil)
        }
        expectTransitionWarnings(recorder, saying: ["p's view left the visible window"])
    }

    /// Hole 2: the incoming child's `viewWillAppear` rearranges the views so that its own view can
    /// no longer go where the outgoing one was: `f`'s view leaves `slot` (and the window), and
    /// `slot` goes into the view of `q`, another child (R6: `t`'s view would sit under `q`'s). The
    /// move is not made (a warning, not the fault a refused move reports), and `t`, whose view is
    /// in no window, disappears again when the animation completes.
    @Test func anIncomingViewWhosePlaceBreaksR6AfterTheCallbacksIsNotAddedAndDisappears() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let f = SpyController(name: "f")
            let q = Leaf(name: "q")
            let t = SpyController(name: "t")
            let (window, slot) = showWithOutgoingViewInSlot(f, of: p)
            embed(q, in: p)
            window.runUntilIdle()
            t.onViewWillAppear = { [unowned f, unowned q] _ in
                f.view.removeFromSuperview()
                q.view.addSubview(slot)  // empty now: allowed
            }
            recorder.skipEvents()
            swap(f, for: t, in: p)
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                -- f's view leaves the window (F2): f is disappearing already (F3)
                """)
            #expect(t.view.superview == nil)
            #expect(window.animationsInFlight.count == 1)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the animation completes: t's view is in no window, t disappears again
                f.viewDidDisappear(animated: true)
                t.viewWillDisappear(animated: true)
                t.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect([p, f, q, t].map(\.appearanceState) == [.appeared, .disappeared, .appeared, .disappeared])
            #expect(t.view.superview == nil)
            #expect(f.view.superview == nil)
            #expect(slot.superview === q.view)
            #expect(slot.subviews.isEmpty)
            #expect(p.children.map(\.id) == [q.id, t.id])
            #expect(window.animationsInFlight.isEmpty)
        }
        expectTransitionWarnings(recorder, saying: ["t's view can no longer go where f's was"])
    }

    /// Hole 2: the incoming child's `viewWillAppear` puts the container's view (which holds the
    /// outgoing view's superview) into its own view, closing a cycle if the transition went on, and
    /// taking the container out of the window. The move is not made, and the transition completes
    /// inside the call: `t` disappears again. (It used to try the move, which reported a fault,
    /// and then leave `t` appeared with its view in no window at the end of the turn.)
    @Test func anIncomingViewThatWouldCloseACycleAfterTheCallbacksIsNotAdded() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let root = Parent(name: "root")
            let p = Parent(name: "p")
            let f = SpyController(name: "f")
            let t = SpyController(name: "t")
            let window = show(root)
            root.view.addSubview(p.view)  // p has no parent: anywhere (R6)
            embed(f, in: p)
            window.runUntilIdle()
            t.onViewWillAppear = { [unowned t, unowned p] _ in t.view.addSubview(p.view) }
            recorder.skipEvents()
            swap(f, for: t, in: p)
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                -- p's view leaves the window, into t's (F2): f is disappearing already (F3)
                p.viewWillDisappear(animated: false)
                f.viewDidDisappear(animated: true)
                -- t's view is not added (a cycle); p is off screen: the transition completes inside the call
                t.viewWillDisappear(animated: true)
                t.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect(window.animationsInFlight.isEmpty)
            window.runUntilIdle()
            recorder.expect("p.viewDidDisappear(animated: false)")
            #expect([root, p, f, t].map(\.appearanceState) == [.appeared, .disappeared, .disappeared, .disappeared])
            #expect(t.view.superview == nil)
            #expect(p.view.superview === t.view)
            #expect(f.view.superview == nil)
            #expect(p.children.map(\.id) == [t.id])
        }
        expectTransitionWarnings(
            recorder, saying: ["t's view can no longer go where f's was", "p's view left the visible window"])
    }

    /// Hole 2, with the container staying on screen: the incoming view is in the window already
    /// (appeared, a warning), and the outgoing child's `viewWillDisappear` puts the container's view
    /// into it. The move that would close the cycle is not made (a warning, not a fault); `t` stays
    /// appeared where it is, in the visible window.
    @Test func anIncomingViewInTheWindowThatWouldCloseACycleStaysWhereItIs() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let root = Parent(name: "root")
            let p = Parent(name: "p")
            let f = SpyController(name: "f")
            let t = Leaf(name: "t")
            let window = show(root)
            window.addSubview(p.view)  // p has no parent: anywhere (R6)
            embed(f, in: p)
            p.addChild(t)
            window.addSubview(t.view)  // t's parent p has no view above it: allowed (R6)
            window.runUntilIdle()
            f.onViewWillDisappear = { [unowned t, unowned p] _ in t.view.addSubview(p.view) }  // stays in the window
            recorder.skipEvents()
            f.willMove(toParent: nil)
            p.transition(from: f, to: t, duration: 0.3, animations: nil) { _ in
                t.didMove(toParent: p)
                f.removeFromParent()
            }
            recorder.expect(
                """
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect([root, p, f, t].map(\.appearanceState) == [.appeared, .appeared, .disappeared, .appeared])
            #expect(t.view.superview === window)
            #expect(p.view.superview === t.view)
            #expect(f.view.superview == nil)
            #expect(p.children.map(\.id) == [t.id])
        }
        #expect(recorder.violations.map(\.kind) == [.transitionViewAlreadyInHierarchy, .invalidTransition])
        #expect(recorder.violations.allSatisfy { $0.severity == .warning })
        #expect(recorder.violations.last?.message.contains("t's view can no longer go where f's was") == true)
    }

    /// Holes 2 and 3: the outgoing child's `viewWillDisappear` takes the outgoing view's superview
    /// (`slot`, with `f`'s view in it) out of the window, while the container stays on screen. The
    /// move is still valid, so `t`'s view goes there, out of any visible window: `t`, which has begun
    /// appearing, disappears again when the animation completes. (It used to end appeared.)
    @Test func anIncomingViewWhosePlaceLeftTheWindowDisappears() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let f = SpyController(name: "f")
            let t = SpyController(name: "t")
            let (window, slot) = showWithOutgoingViewInSlot(f, of: p)
            f.onViewWillDisappear = { _ in slot.removeFromSuperview() }
            recorder.skipEvents()
            swap(f, for: t, in: p)
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                -- slot and f's view leave the window (F2): f is disappearing already (F3)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                """)
            #expect(t.view.superview === slot)
            #expect(window.animationsInFlight.count == 1)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the animation completes: t's view is in no window, t disappears again
                f.viewDidDisappear(animated: true)
                t.viewWillDisappear(animated: true)
                t.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect([p, f, t].map(\.appearanceState) == [.appeared, .disappeared, .disappeared])
            #expect(slot.superview == nil)
            #expect(slot.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(t.view)])
            #expect(t.view.window == nil)
            #expect(f.view.superview == nil)
            #expect(p.children.map(\.id) == [t.id])
        }
        expectTransitionWarnings(
            recorder, saying: ["f's superview left the visible window inside the transition's callbacks"])
    }

    /// Hole 3: the incoming controller leaves the container inside a will-callback while its view
    /// is in the visible window already (put there by hand: a warning), so its view stays there.
    /// It stays appeared, as the window's (F2): the transition ends it by where its view is, not by
    /// whether it is still a child. (It used to disappear with its view on screen.)
    @Test func anIncomingControllerThatLeavesWithItsViewOnScreenStaysAppeared() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let f = SpyController(name: "f")
            let t = Leaf(name: "t")
            embed(f, in: p)
            let window = show(p)
            p.addChild(t)
            window.addSubview(t.view)  // t's parent p has no view above it: allowed (R6)
            window.runUntilIdle()
            f.onViewWillDisappear = { [unowned t] _ in t.removeFromParent() }  // its addition is open: dropped (R7)
            recorder.skipEvents()
            f.willMove(toParent: nil)
            p.transition(from: f, to: t, duration: 0.3, animations: nil) { _ in f.removeFromParent() }
            recorder.expect(
                """
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.didMove(toParent: nil)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the animation completes: t's view is still in the visible window
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                f.didMove(toParent: nil)
                """)
            #expect([p, f, t].map(\.appearanceState) == [.appeared, .disappeared, .appeared])
            #expect(t.parent == nil)
            #expect(t.view.superview === window)
            #expect(f.view.superview == nil)
            #expect(p.children.isEmpty)
        }
        #expect(recorder.violations.map(\.kind) == [.transitionViewAlreadyInHierarchy, .invalidTransition])
        #expect(recorder.violations.allSatisfy { $0.severity == .warning })
        #expect(recorder.violations.last?.message.contains("t left p inside its own callbacks") == true)
    }

    /// Hole 3, already consistent: the outgoing child's `viewWillDisappear` moves its own view to
    /// another place in the visible window. The window takes it over at once (F2: its parent no
    /// longer forwards to it, and no animation is in flight yet), so it appears again (did-appear at
    /// the end of the turn); the transition leaves its view where it was put, and `t` comes in.
    @Test func anOutgoingViewMovedWithinTheWindowByItsWillDisappearAppearsAgain() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let f = SpyController(name: "f")
            let t = Leaf(name: "t")
            embed(f, in: p)
            let window = show(p)
            f.onViewWillDisappear = { [unowned f, unowned window] _ in window.addSubview(f.view) }
            recorder.skipEvents()
            swap(f, for: t, in: p)
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                -- f's view leaves p's view, within the window: the window takes f over (F2)
                f.viewWillAppear(animated: false)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                f.viewDidAppear(animated: false)
                -- the animation completes: f's view stays where it was put
                t.viewDidAppear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect([p, f, t].map(\.appearanceState) == [.appeared, .appeared, .appeared])
            #expect(f.view.superview === window)
            #expect(t.view.superview === p.view)
            #expect(p.children.map(\.id) == [t.id])
            // The window's release at the end of the scope sends f.viewWillDisappear again (§1): the
            // hook, which names the window, must not run then.
            f.onViewWillDisappear = nil
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - The container moved to another visible window

    /// The transition callback that moves the container's view to another visible window.
    enum MovingCallback: String, CaseIterable, CustomTestStringConvertible {
        case outgoingWillDisappear = "f.viewWillDisappear"
        case incomingWillAppear = "t.viewWillAppear"

        var testDescription: String { rawValue }

        /// What the transition call records when this callback moves the container.
        var transcriptInsideTheCall: String {
            switch self {
            case .outgoingWillDisappear:
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                -- p's view leaves a (F2): f is disappearing already (F3); the did-disappears wait
                p.viewWillDisappear(animated: false)
                -- p's view enters b, with f's view in it: the appearance voids them (§1)
                p.viewWillAppear(animated: false)
                f.viewWillAppear(animated: false)
                -- the transition goes on
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                """
            case .incomingWillAppear:
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                -- p's view leaves a, then enters b, with f's view in it (not t's yet): the
                -- appearance voids the did-disappears a's exit would send (§1)
                p.viewWillDisappear(animated: false)
                p.viewWillAppear(animated: false)
                f.viewWillAppear(animated: false)
                """
            }
        }
    }

    /// A callback of a `transition(from: f, to: t, …)` moves the view of the container `p` from the
    /// visible window `a` to the visible window `b`. Decision (MODEL; §1, F2, F3): the move is a
    /// view leaving one window and entering another: `p` begins disappearing from `a`, and begins
    /// appearing in `b` before `a`'s turn ends, which voids the did-disappear `a` queued (§1); the
    /// appearance reaches `f`, still in `p`'s view and disappearing for the transition, but not
    /// `t`, whose view is not in it yet (its appearance is the transition's). The transition
    /// goes on in `b`, with `b`'s driver, and needs no warning: `p` is still on screen. `a`'s turn
    /// has nothing left; `b`'s ends `p`'s appearance, then the animation completes: `f`'s view
    /// leaves (F2, not animated: the transition's own disappearance of `f` has ended) and `t`
    /// appears.
    @Test(arguments: MovingCallback.allCases)
    func aContainerMovedToAnotherWindowByATransitionCallbackGoesOnThere(_ callback: MovingCallback) {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let f = SpyController(name: "f")
            let t = SpyController(name: "t")
            let p = Parent(name: "p")
            embed(f, in: p)
            let a = makeWindow("a")
            a.makeKeyAndVisible()
            a.addSubview(p.view)
            a.runUntilIdle()
            let b = show(Leaf(name: "q"), in: makeWindow("b"))
            let move = { [unowned p, unowned b] in b.addSubview(p.view) }
            switch callback {
            case .outgoingWillDisappear: f.onViewWillDisappear = { _ in move() }
            case .incomingWillAppear: t.onViewWillAppear = { _ in move() }
            }
            recorder.skipEvents()
            swap(f, for: t, in: p)
            recorder.expect(callback.transcriptInsideTheCall)
            // a's queued did-disappear of p is void: p appears in b now (§1).
            #expect(a.animationsInFlight.isEmpty && a.hasPendingWork)
            #expect(b.animationsInFlight.count == 1)
            a.runUntilIdle()
            recorder.expect("")
            b.runUntilIdle()
            recorder.expect(
                """
                p.viewDidAppear(animated: false)
                -- the animation completes: f's view leaves p's
                f.viewWillDisappear(animated: false)
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: false)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect([p, f, t].map(\.appearanceState) == [.appeared, .disappeared, .appeared])
            #expect(p.view.window === b)
            #expect(t.view.superview === p.view)
            #expect(f.view.superview == nil)
            #expect(p.children.map(\.id) == [t.id])
            #expect(b.animationsInFlight.isEmpty)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the soak (seed 1685363024447496112): the window hidden, `root.transition(from: box,
    /// to: g, …)` runs off screen, with no appearance callbacks (§1); putting `g`'s view in loads it,
    /// and `g`'s `viewDidLoad()` shows the window again. `box`'s view then left the visible window,
    /// and `box` disappeared as any view leaving it does (F2), but `g`'s view went in as a
    /// transition's, which drives no appearance (F7): `g` was left disappeared in the visible window.
    /// A transition that began off screen drives no appearance, so its incoming view now enters as
    /// any view does: `g` appears as F2 says, will-appear inside the call, did-appear at the end of
    /// the turn.
    @Test func anOffScreenTransitionWhoseIncomingViewDidLoadShowsTheWindowBringsItOnScreen() {  // §1, F2, F7
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let box = Leaf(name: "box")
            let g = SpyController(name: "g")
            embed(box, in: root)
            let window = show(root)
            window.isHidden = true
            g.onViewDidLoad = { [unowned window] in window.makeKeyAndVisible() }
            root.addChild(g)
            box.willMove(toParent: nil)
            recorder.skipEvents()
            root.transition(from: box, to: g, duration: 0, animations: nil) { _ in
                box.removeFromParent()
                g.didMove(toParent: root)
            }
            recorder.expect(
                """
                g.loadView()
                g.viewDidLoad()
                root.viewWillAppear(animated: false)
                box.viewWillAppear(animated: false)
                g.viewWillAppear(animated: false)
                box.viewWillDisappear(animated: false)
                root.completion(finished: true)
                box.didMove(toParent: nil)
                g.didMove(toParent: root)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewDidAppear(animated: false)
                g.viewDidAppear(animated: false)
                g.didMove(toParent: root)
                box.viewDidDisappear(animated: false)
                box.didMove(toParent: nil)
                """)
            #expect(root.children.map(\.id) == [g.id] && g.view.window === window)
            #expect(g.appearanceState == .appeared && box.appearanceState == .disappeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }
}
