import ContainerKit
import ContainerKitTesting
import Testing

// Spec §10: size changes (window.resize(to:) and viewWillTransition(to:with:)), preferredContentSize,
// and the status-bar delegation chains.

/// Lines appended by overrides and coordinator blocks, to order them against each other.
@MainActor
private final class SizingLog {
    var lines: [String] = []
}

/// A container whose sizing hooks a test can replace. Calls `super` unless `callsSuper` is false.
private final class SizingParent: ContainerController {
    var childSize: ((Controller, Size) -> Size)?
    var onWillTransition: ((Size, any TransitionCoordinator) -> Void)?
    var callsSuper = true

    override func size(forChildContentContainer child: Controller, withParentContainerSize size: Size) -> Size {
        if let childSize { return childSize(child, size) }
        return super.size(forChildContentContainer: child, withParentContainerSize: size)
    }

    override func viewWillTransition(to size: Size, with coordinator: any TransitionCoordinator) {
        onWillTransition?(size, coordinator)
        if callsSuper {
            super.viewWillTransition(to: size, with: coordinator)
        }
    }
}

/// A leaf whose viewWillTransition hook a test can replace; it always calls `super`.
private final class SizingLeaf: Controller {
    var onWillTransition: ((Size, any TransitionCoordinator) -> Void)?

    override func viewWillTransition(to size: Size, with coordinator: any TransitionCoordinator) {
        onWillTransition?(size, coordinator)
        super.viewWillTransition(to: size, with: coordinator)
    }
}

/// A container that logs each child's preferredContentSize change, calling `super`.
private final class PreferenceParent: ContainerController {
    var changes: [String] = []

    override func preferredContentSizeDidChange(forChildContentContainer child: Controller) {
        changes.append("\(child.id): \(child.preferredContentSize)")
        super.preferredContentSizeDidChange(forChildContentContainer: child)
    }
}

/// A container whose status-bar preferences and delegations a test sets (nil delegation means "me").
private final class StatusBarContainer: ContainerController {
    weak var styleChild: Controller?
    weak var hiddenChild: Controller?
    var style: StatusBarStyle = .default
    var hidden = false

    override var childForStatusBarStyle: Controller? { styleChild }
    override var childForStatusBarHidden: Controller? { hiddenChild }
    override var preferredStatusBarStyle: StatusBarStyle { style }
    override var prefersStatusBarHidden: Bool { hidden }
}

/// A leaf whose status-bar preferences a test sets.
private final class StatusBarLeaf: Controller {
    var style: StatusBarStyle = .default
    var hidden = false

    override var preferredStatusBarStyle: StatusBarStyle { style }
    override var prefersStatusBarHidden: Bool { hidden }
}

/// The tree most resize tests use: window 320×480 with root `p`, children `a` (with child `a1`) and `b`.
@MainActor
private struct SizingTree {
    let window: Window
    let p: SizingParent
    let a: SizingParent
    let a1: SizingLeaf
    let b: SizingLeaf

    static let oldFrame = Rect(x: 0, y: 0, width: 320, height: 480)
    static let newSize = Size(width: 480, height: 320)

    /// Builds the tree, shows the window and ends the turn. Every child's root view has the window's
    /// old size, so none is skipped unless the test changes a frame.
    init() {
        window = makeWindow()
        p = SizingParent(name: "p")
        a = SizingParent(name: "a")
        a1 = SizingLeaf(name: "a1")
        b = SizingLeaf(name: "b")
        embed(a, in: p, frame: Self.oldFrame)
        embed(a1, in: a, frame: Self.oldFrame)
        embed(b, in: p, frame: Self.oldFrame)
        window.rootController = p
        window.makeKeyAndVisible()
        window.runUntilIdle()
    }

}

@Suite @MainActor struct SizeAndPreferenceTests {
    // MARK: - Resize (§10, first bullet)

    @Test func resizeSendsViewWillTransitionToRootThenChildrenPreOrder() {
        let recorder = Recorder()
        recorder.record {
            let tree = SizingTree()
            recorder.skipEvents()
            tree.window.resize(to: SizingTree.newSize)
            recorder.expect(
                """
                p.viewWillTransition(to: Size(width: 480, height: 320))
                a.viewWillTransition(to: Size(width: 480, height: 320))
                a1.viewWillTransition(to: Size(width: 480, height: 320))
                b.viewWillTransition(to: Size(width: 480, height: 320))
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func resizeSkipsAChildWhoseRootViewAlreadyHasTheSize() {
        let recorder = Recorder()
        recorder.record {
            let tree = SizingTree()
            tree.b.view.frame = Rect(x: 0, y: 0, width: 480, height: 320)
            recorder.skipEvents()
            tree.window.resize(to: SizingTree.newSize)
            recorder.expect(
                """
                p.viewWillTransition(to: Size(width: 480, height: 320))
                a.viewWillTransition(to: Size(width: 480, height: 320))
                a1.viewWillTransition(to: Size(width: 480, height: 320))
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func resizeSkippingAChildSkipsItsSubtree() {
        // The forwarding to a1 is a's own base implementation: a child that is skipped forwards nothing.
        let recorder = Recorder()
        recorder.record {
            let tree = SizingTree()
            tree.a.view.frame = Rect(x: 0, y: 0, width: 480, height: 320)
            recorder.skipEvents()
            tree.window.resize(to: SizingTree.newSize)
            recorder.expect(
                """
                p.viewWillTransition(to: Size(width: 480, height: 320))
                b.viewWillTransition(to: Size(width: 480, height: 320))
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func workAViewWillTransitionStartsIsDoneInsideItBeforeTheNextControllerHearsTheSize() {  // §10, §1
        // The resize plans each controller's step on the delivery loop's agenda; what a1's callback
        // starts (c's addition and appearance walk) plans above them and is done inside the call, before
        // b's step. c was not p's child when p forwarded, so it hears no size.
        let recorder = Recorder()
        recorder.record {
            let tree = SizingTree()
            let c = Leaf(name: "c")
            // p holds a1, which holds the hook: the hook holds p weakly.
            tree.a1.onWillTransition = { [weak p = tree.p] _, _ in
                guard let p else { return }
                embed(c, in: p, frame: SizingTree.oldFrame)
            }
            recorder.skipEvents()
            tree.window.resize(to: SizingTree.newSize)
            recorder.expect(
                """
                p.viewWillTransition(to: Size(width: 480, height: 320))
                a.viewWillTransition(to: Size(width: 480, height: 320))
                a1.viewWillTransition(to: Size(width: 480, height: 320))
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                b.viewWillTransition(to: Size(width: 480, height: 320))
                """)
            tree.window.runUntilIdle()
            recorder.expect(
                """
                c.viewDidAppear(animated: false)
                c.didMove(toParent: p)
                """)
            #expect(tree.p.children.map(\.id.description) == ["a", "b", "c"])
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func sizeForChildContentContainerOverrideChangesWhatThatChildAndItsChildrenReceive() {
        let recorder = Recorder()
        recorder.record {
            let tree = SizingTree()
            var asked: [String] = []
            tree.p.childSize = { child, size in
                asked.append("\(child.id) in \(size)")
                return child.id.name == "a" ? Size(width: size.width / 2, height: size.height) : size
            }
            recorder.skipEvents()
            tree.window.resize(to: SizingTree.newSize)
            recorder.expect(
                """
                p.viewWillTransition(to: Size(width: 480, height: 320))
                a.viewWillTransition(to: Size(width: 240, height: 320))
                a1.viewWillTransition(to: Size(width: 240, height: 320))
                b.viewWillTransition(to: Size(width: 480, height: 320))
                """)
            #expect(
                asked.sorted() == [
                    "a in Size(width: 480, height: 320)", "b in Size(width: 480, height: 320)",
                ])
            tree.p.childSize = nil
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func sizeForChildContentContainerMatchingTheChildsFrameSkipsIt() {
        let recorder = Recorder()
        recorder.record {
            let tree = SizingTree()
            // p keeps b at its current size: b's root view already has it, so b is skipped.
            tree.p.childSize = { child, size in
                child.id.name == "b" ? Size(width: 320, height: 480) : size
            }
            recorder.skipEvents()
            tree.window.resize(to: SizingTree.newSize)
            recorder.expect(
                """
                p.viewWillTransition(to: Size(width: 480, height: 320))
                a.viewWillTransition(to: Size(width: 480, height: 320))
                a1.viewWillTransition(to: Size(width: 480, height: 320))
                """)
            tree.p.childSize = nil
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func viewWillTransitionOverrideWithoutSuperStopsForwardingToItsSubtree() {
        let recorder = Recorder()
        recorder.record {
            let tree = SizingTree()
            tree.a.callsSuper = false
            recorder.skipEvents()
            tree.window.resize(to: SizingTree.newSize)
            recorder.expect(
                """
                p.viewWillTransition(to: Size(width: 480, height: 320))
                a.viewWillTransition(to: Size(width: 480, height: 320))
                b.viewWillTransition(to: Size(width: 480, height: 320))
                """)
        }
        // Not calling super here is allowed (§10): no missingSuperCall is reported.
        #expect(recorder.violations.isEmpty)
    }

    @Test func rootWithoutSuperStopsAllForwarding() {
        let recorder = Recorder()
        recorder.record {
            let tree = SizingTree()
            tree.p.callsSuper = false
            recorder.skipEvents()
            tree.window.resize(to: SizingTree.newSize)
            recorder.expect(
                """
                p.viewWillTransition(to: Size(width: 480, height: 320))
                """)
            #expect(tree.window.frame.size == SizingTree.newSize)
            #expect(tree.p.view.frame == tree.window.bounds)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func viewWillTransitionRunsBeforeAnyFrameChanges() {
        let recorder = Recorder()
        recorder.record {
            let tree = SizingTree()
            let log = SizingLog()
            let window = tree.window
            let rootView = tree.p.view
            let a1View = tree.a1.view
            let frames: (String) -> Void = { [weak window, weak rootView, weak a1View] name in
                log.lines.append("\(name): window \(window?.frame.description ?? "-")")
                log.lines.append("\(name): root view \(rootView?.frame.description ?? "-")")
                log.lines.append("\(name): a1 view \(a1View?.frame.description ?? "-")")
            }
            tree.p.onWillTransition = { _, _ in frames("p") }
            tree.a1.onWillTransition = { _, _ in frames("a1") }
            recorder.skipEvents()
            tree.window.resize(to: SizingTree.newSize)
            recorder.expect(
                """
                p.viewWillTransition(to: Size(width: 480, height: 320))
                a.viewWillTransition(to: Size(width: 480, height: 320))
                a1.viewWillTransition(to: Size(width: 480, height: 320))
                b.viewWillTransition(to: Size(width: 480, height: 320))
                """)
            #expect(
                log.lines == [
                    "p: window (0, 0, 320, 480)", "p: root view (0, 0, 320, 480)", "p: a1 view (0, 0, 320, 480)",
                    "a1: window (0, 0, 320, 480)", "a1: root view (0, 0, 320, 480)", "a1: a1 view (0, 0, 320, 480)",
                ])
            // After the call: the window and its root view have the new size; no autoresizing of children.
            #expect(tree.window.frame == Rect(x: 0, y: 0, width: 480, height: 320))
            #expect(tree.window.frame.size == SizingTree.newSize)
            #expect(tree.p.view.frame == tree.window.bounds)
            #expect(tree.a.view.frame == SizingTree.oldFrame)
            #expect(tree.a1.view.frame == SizingTree.oldFrame)
            #expect(tree.b.view.frame == SizingTree.oldFrame)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func coordinatorIsNotAnimatedAndRunsAlongsideThenCompletionAfterEveryViewWillTransition() {
        let recorder = Recorder()
        recorder.record {
            let tree = SizingTree()
            let log = SizingLog()
            var kept: (any TransitionCoordinator)?
            let register: (String, any TransitionCoordinator) -> Void = { name, coordinator in
                log.lines.append(
                    "\(name).viewWillTransition animated: \(coordinator.isAnimated) "
                        + "interactive: \(coordinator.isInteractive)")
                let accepted = coordinator.animate(
                    alongsideTransition: { _ in log.lines.append("\(name).alongside") },
                    completion: { context in log.lines.append("\(name).completion cancelled: \(context.isCancelled)") }
                )
                #expect(accepted)
                kept = coordinator
            }
            tree.p.onWillTransition = { _, coordinator in register("p", coordinator) }
            tree.a.onWillTransition = { _, coordinator in log.lines.append("a.viewWillTransition") }
            tree.a1.onWillTransition = { _, coordinator in register("a1", coordinator) }
            tree.b.onWillTransition = { _, coordinator in log.lines.append("b.viewWillTransition") }
            recorder.skipEvents()
            tree.window.resize(to: SizingTree.newSize)
            recorder.expect(
                """
                p.viewWillTransition(to: Size(width: 480, height: 320))
                a.viewWillTransition(to: Size(width: 480, height: 320))
                a1.viewWillTransition(to: Size(width: 480, height: 320))
                b.viewWillTransition(to: Size(width: 480, height: 320))
                """)
            #expect(
                log.lines == [
                    "p.viewWillTransition animated: false interactive: false",
                    "a.viewWillTransition",
                    "a1.viewWillTransition animated: false interactive: false",
                    "b.viewWillTransition",
                    "p.alongside",
                    "a1.alongside",
                    "p.completion cancelled: false",
                    "a1.completion cancelled: false",
                ])
            // Once the transition has ended, the coordinator takes no more blocks.
            let late = kept?.animate(
                alongsideTransition: { _ in log.lines.append("late.alongside") },
                completion: { _ in log.lines.append("late.completion") })
            #expect(late == false)
            #expect(log.lines.count == 8)
            kept = nil
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func resizeToTheCurrentSizeDoesNothing() {
        let recorder = Recorder()
        recorder.record {
            let tree = SizingTree()
            let log = SizingLog()
            tree.p.onWillTransition = { size, coordinator in
                log.lines.append("p.viewWillTransition \(size)")
                coordinator.animate(
                    alongsideTransition: { _ in log.lines.append("alongside") },
                    completion: { _ in log.lines.append("completion") })
            }
            recorder.skipEvents()
            tree.window.resize(to: Size(width: 320, height: 480))
            recorder.expect("")
            #expect(log.lines.isEmpty)

            tree.window.resize(to: SizingTree.newSize)
            recorder.expect(
                """
                p.viewWillTransition(to: Size(width: 480, height: 320))
                a.viewWillTransition(to: Size(width: 480, height: 320))
                a1.viewWillTransition(to: Size(width: 480, height: 320))
                b.viewWillTransition(to: Size(width: 480, height: 320))
                """)
            #expect(
                log.lines == ["p.viewWillTransition Size(width: 480, height: 320)", "alongside", "completion"])

            tree.window.resize(to: SizingTree.newSize)
            recorder.expect("")
            #expect(log.lines.count == 3)
            #expect(tree.window.frame.size == SizingTree.newSize)
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - preferredContentSize (§10, second bullet)

    @Test func preferredContentSizeChangeTellsTheParentInsideTheCall() {
        let recorder = Recorder()
        recorder.record {
            let p = PreferenceParent(name: "p")
            let c = Leaf(name: "c")
            p.addChild(c)
            c.didMove(toParent: p)
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.didMove(toParent: p)
                """)

            c.preferredContentSize = Size(width: 100, height: 200)
            // The parent's override already ran, and saw the new value, when the setter returned.
            #expect(p.changes == ["c: Size(width: 100, height: 200)"])
            recorder.expect(
                """
                p.preferredContentSizeDidChange(forChildContentContainer: c)
                """)

            c.preferredContentSize = Size(width: 100, height: 200)
            recorder.expect("")
            #expect(p.changes.count == 1)

            c.preferredContentSize = Size(width: 100, height: 250)
            #expect(p.changes == ["c: Size(width: 100, height: 200)", "c: Size(width: 100, height: 250)"])
            recorder.expect(
                """
                p.preferredContentSizeDidChange(forChildContentContainer: c)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func preferredContentSizeOfAVisibleChildTellsOnlyItsParent() {
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let root = PreferenceParent(name: "root")
            let p = PreferenceParent(name: "p")
            let c = Leaf(name: "c")
            embed(p, in: root, frame: Rect(x: 0, y: 0, width: 320, height: 480))
            embed(c, in: p, frame: Rect(x: 0, y: 0, width: 100, height: 100))
            window.rootController = root
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.skipEvents()

            c.preferredContentSize = Size(width: 50, height: 60)
            recorder.expect(
                """
                p.preferredContentSizeDidChange(forChildContentContainer: c)
                """)
            #expect(p.changes == ["c: Size(width: 50, height: 60)"])
            #expect(root.changes.isEmpty)
            // No autoresizing: the child's frame is whatever code set.
            #expect(c.view.frame == Rect(x: 0, y: 0, width: 100, height: 100))
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func preferredContentSizeOfAParentlessControllerSendsNothing() {
        let recorder = Recorder()
        recorder.record {
            let lone = Leaf(name: "lone")
            lone.preferredContentSize = Size(width: 10, height: 20)
            recorder.expect("")
            #expect(lone.preferredContentSize == Size(width: 10, height: 20))

            // A removed child is parentless too.
            let p = PreferenceParent(name: "p")
            let c = Leaf(name: "c")
            p.addChild(c)
            c.didMove(toParent: p)
            c.willMove(toParent: nil)
            c.removeFromParent()
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.didMove(toParent: p)
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                """)
            c.preferredContentSize = Size(width: 30, height: 40)
            recorder.expect("")
            #expect(p.changes.isEmpty)
            #expect(c.preferredContentSize == Size(width: 30, height: 40))
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - Status bar (§10, third bullet)

    @Test func statusBarWithoutDelegationUsesTheRoot() {
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let r = StatusBarContainer(name: "r")
            r.style = .lightContent
            r.hidden = true
            let c = StatusBarLeaf(name: "c")
            c.style = .darkContent
            embed(c, in: r, frame: .zero)
            window.rootController = r
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                c.willMove(toParent: r)
                c.loadView()
                c.viewDidLoad()
                r.loadView()
                r.viewDidLoad()
                c.didMove(toParent: r)
                r.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                r.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            #expect(window.statusBarStyle == .lightContent)
            #expect(window.isStatusBarHidden == true)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func statusBarFollowsThreeLevelDelegationWithIndependentChains() {
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let r = StatusBarContainer(name: "r")
            let m = StatusBarContainer(name: "m")
            let l = StatusBarLeaf(name: "l")
            let h = StatusBarLeaf(name: "h")
            embed(m, in: r, frame: .zero)
            embed(l, in: m, frame: .zero)
            embed(h, in: r, frame: .zero)
            r.style = .darkContent
            r.hidden = false
            m.style = .darkContent
            m.hidden = false
            l.style = .lightContent
            l.hidden = false
            h.style = .darkContent
            h.hidden = true
            // Style: r → m → l. Hidden: r → h. m answers hidden for itself but is not asked.
            r.styleChild = m
            m.styleChild = l
            r.hiddenChild = h
            m.hiddenChild = nil
            window.rootController = r
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.skipEvents()
            #expect(window.statusBarStyle == .lightContent)
            #expect(window.isStatusBarHidden == true)

            // Move the hidden chain down r → m → l; the style chain is untouched.
            r.hiddenChild = m
            m.hiddenChild = l
            l.setNeedsStatusBarAppearanceUpdate()
            #expect(window.statusBarStyle == .lightContent)
            #expect(window.isStatusBarHidden == false)

            // Cut the style chain at m: m answers for itself.
            m.styleChild = nil
            m.setNeedsStatusBarAppearanceUpdate()
            #expect(window.statusBarStyle == .darkContent)
            #expect(window.isStatusBarHidden == false)
            recorder.expect("")
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func statusBarPreferenceChangesWaitForSetNeedsStatusBarAppearanceUpdate() {
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let r = StatusBarContainer(name: "r")
            let m = StatusBarContainer(name: "m")
            let l = StatusBarLeaf(name: "l")
            let sibling = StatusBarLeaf(name: "sibling")
            embed(m, in: r, frame: .zero)
            embed(l, in: m, frame: .zero)
            embed(sibling, in: r, frame: .zero)
            r.styleChild = m
            m.styleChild = l
            r.hiddenChild = m
            m.hiddenChild = l
            l.style = .lightContent
            window.rootController = r
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.skipEvents()
            #expect(window.statusBarStyle == .lightContent)
            #expect(window.isStatusBarHidden == false)

            // Changing what l prefers changes nothing yet.
            l.style = .darkContent
            l.hidden = true
            #expect(window.statusBarStyle == .lightContent)
            #expect(window.isStatusBarHidden == false)

            // Asking from a controller in another window does not resolve this one.
            let otherWindow = makeWindow("other")
            let stranger = StatusBarLeaf(name: "stranger")
            otherWindow.rootController = stranger
            otherWindow.makeKeyAndVisible()
            otherWindow.runUntilIdle()
            recorder.skipEvents()
            stranger.setNeedsStatusBarAppearanceUpdate()
            #expect(window.statusBarStyle == .lightContent)
            #expect(window.isStatusBarHidden == false)

            // Asking from any controller in the window resolves it again (here not the one that changed).
            sibling.setNeedsStatusBarAppearanceUpdate()
            #expect(window.statusBarStyle == .darkContent)
            #expect(window.isStatusBarHidden == true)

            // A delegation change also waits for the update.
            r.styleChild = nil
            r.style = .lightContent
            #expect(window.statusBarStyle == .darkContent)
            r.setNeedsStatusBarAppearanceUpdate()
            #expect(window.statusBarStyle == .lightContent)
            #expect(window.isStatusBarHidden == true)
            recorder.expect("")
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func showingTheWindowResolvesTheStatusBarAgain() {
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let r = StatusBarContainer(name: "r")
            r.style = .lightContent
            window.rootController = r
            #expect(window.statusBarStyle == .lightContent)
            #expect(window.isStatusBarHidden == false)
            r.style = .darkContent
            r.hidden = true
            #expect(window.statusBarStyle == .lightContent)
            #expect(window.isStatusBarHidden == false)
            window.makeKeyAndVisible()
            #expect(window.statusBarStyle == .darkContent)
            #expect(window.isStatusBarHidden == true)
            window.runUntilIdle()
            recorder.expect(
                """
                r.loadView()
                r.viewDidLoad()
                r.viewWillAppear(animated: false)
                r.viewDidAppear(animated: false)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func replacingTheRootResolvesTheStatusBarAgain() {
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let r1 = StatusBarContainer(name: "r1")
            let l1 = StatusBarLeaf(name: "l1")
            embed(l1, in: r1, frame: .zero)
            r1.styleChild = l1
            l1.style = .lightContent
            window.rootController = r1
            window.makeKeyAndVisible()
            window.runUntilIdle()
            #expect(window.statusBarStyle == .lightContent)
            #expect(window.isStatusBarHidden == false)

            let r2 = StatusBarContainer(name: "r2")
            r2.style = .darkContent
            r2.hidden = true
            r2.loadViewIfNeeded()
            recorder.skipEvents()
            window.rootController = r2
            #expect(window.statusBarStyle == .darkContent)
            #expect(window.isStatusBarHidden == true)
            window.runUntilIdle()
            recorder.expect(
                """
                r1.viewWillDisappear(animated: false)
                l1.viewWillDisappear(animated: false)
                r2.viewWillAppear(animated: false)
                r1.viewDidDisappear(animated: false)
                l1.viewDidDisappear(animated: false)
                r2.viewDidAppear(animated: false)
                """)

            window.rootController = nil
            #expect(window.statusBarStyle == .default)
            #expect(window.isStatusBarHidden == false)
            recorder.expect(
                """
                r2.viewWillDisappear(animated: false)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func statusBarDelegationLoopTerminates() {
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let r = StatusBarContainer(name: "r")
            let m = StatusBarContainer(name: "m")
            embed(m, in: r, frame: .zero)
            r.style = .lightContent
            m.style = .darkContent
            r.hidden = true
            m.hidden = false
            // r → m → r → … for both chains.
            r.styleChild = m
            m.styleChild = r
            r.hiddenChild = m
            m.hiddenChild = r
            window.rootController = r
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.skipEvents()
            // Terminating is what counts; the answer is one of the controllers in the loop.
            #expect([StatusBarStyle.lightContent, .darkContent].contains(window.statusBarStyle))

            // A controller that names itself means "me".
            r.styleChild = nil
            r.hiddenChild = r
            m.styleChild = m
            r.setNeedsStatusBarAppearanceUpdate()
            #expect(window.statusBarStyle == .lightContent)
            #expect(window.isStatusBarHidden == true)
            r.styleChild = m
            m.setNeedsStatusBarAppearanceUpdate()
            #expect(window.statusBarStyle == .darkContent)
            recorder.expect("")
        }
        #expect(recorder.violations.isEmpty)
    }
}

@Suite @MainActor struct SizeForwardingOrderTests {
    /// Logs around its call to super.
    private final class Logging: ContainerController {
        var log: [String] = []
        weak var shared: Logging?

        override func viewWillTransition(to size: Size, with coordinator: any TransitionCoordinator) {
            (shared ?? self).log.append("\(id) before super")
            super.viewWillTransition(to: size, with: coordinator)
            (shared ?? self).log.append("\(id) after super")
        }
    }

    @Test func theBaseImplementationForwardsAfterTheOverrideReturns() {  // MODEL
        let root = Logging(name: "root")
        let child = Logging(name: "child")
        child.shared = root
        embed(child, in: root)
        let window = show(root)
        window.resize(to: Size(width: 480, height: 320))
        #expect(root.log == ["root before super", "root after super", "child before super", "child after super"])
    }
}
