import ContainerKit
import ContainerKitTesting
import Testing

/// Builds `p` with child `c`, both views loaded and in place, off screen; the transcript is taken.
@MainActor
private func parentWithChild(_ recorder: Recorder, parent: String = "p", child: String = "c") -> (Parent, Leaf) {
    let p = Parent(name: parent)
    let c = Leaf(name: child)
    p.addChild(c)
    p.view.addSubview(c.view)
    c.didMove(toParent: p)
    recorder.skipEvents()
    return (p, c)
}

@Suite @MainActor struct WindowTests {
    @Test func aNewWindowIsHiddenUntilShown() {
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let (p, _) = parentWithChild(recorder)
            #expect(window.isHidden)
            window.rootController = p
            window.runUntilIdle()
            #expect(recorder.takeTranscript().isEmpty)
            #expect(p.view.superview === window)
            #expect(p.view.frame == window.bounds)
            #expect(p.view.window === window)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// §1, §3 [rev 2]: the layout pass of a turn reaches every tree that entered the window in it,
    /// in the order they entered, each pre-order, before the first of their `viewDidAppear`s.
    @Test func twoTreesEnteringInOneTurnHearEveryViewIsAppearingBeforeAnyViewDidAppear() {  // §1, §3
        let recorder = Recorder()
        recorder.record {
            let c1 = Parent(name: "c1")
            let (window, _, _) = enterTwoTrees(c1, recorder)
            recorder.expect(
                Self.twoTreesEntered + """

                    c1.viewIsAppearing(animated: false)
                    c1x.viewIsAppearing(animated: false)
                    c2.viewIsAppearing(animated: false)
                    c1.viewDidAppear(animated: false)
                    c1.didMove(toParent: p)
                    c1x.viewDidAppear(animated: false)
                    c2.viewDidAppear(animated: false)
                    c2.didMove(toParent: p)
                    """, filter: .everything)
            withExtendedLifetime(window) {}
        }
        #expect(recorder.violations.isEmpty)
    }

    /// §1, §3 [rev 2]: a `viewIsAppearing` of the layout pass whose override takes its view out of
    /// the window ends that appearance there: it and what is below it begin disappearing at once,
    /// hear no more of the pass and no `viewDidAppear`, and get their did-disappears in the turn's
    /// next round (queued during this one, §1); the pass goes on to the next tree.
    @Test func aViewIsAppearingOfTheLayoutPassThatTakesItsViewOutEndsThatAppearance() {  // §1, §3, F2
        let recorder = Recorder()
        recorder.record {
            let c1 = SpyContainerController(name: "c1")
            c1.onViewIsAppearing = { [unowned c1] _ in c1.view.removeFromSuperview() }
            let (window, c1x, c2) = enterTwoTrees(c1, recorder)
            c1.onViewIsAppearing = nil
            recorder.expect(
                Self.twoTreesEntered + """

                    c1.viewIsAppearing(animated: false)
                    c1.viewWillDisappear(animated: false)
                    c1x.viewWillDisappear(animated: false)
                    c2.viewIsAppearing(animated: false)
                    c2.viewDidAppear(animated: false)
                    c2.didMove(toParent: p)
                    -- the next round: the did-disappears c1's exit queued, and UIKit's repeat (R7)
                    c1.viewDidDisappear(animated: false)
                    c1.didMove(toParent: p)
                    c1x.viewDidDisappear(animated: false)
                    """, filter: .everything)
            #expect(c1.appearanceState == .disappeared && c1x.appearanceState == .disappeared)
            #expect(c2.appearanceState == .appeared)
            withExtendedLifetime(window) {}
        }
        #expect(recorder.violations.isEmpty)
    }

    /// `c1`, with a child `c1x`, and a leaf `c2`, embedded one after the other in a visible root
    /// `p`, in one turn that then ends. Returns the window, which the caller keeps, `c1x` and `c2`.
    private func enterTwoTrees(
        _ c1: ContainerController, _ recorder: Recorder
    ) -> (Window, Controller, Controller) {
        let p = Parent(name: "p")
        let window = show(p)
        let c1x = Leaf(name: "c1x")
        let c2 = Leaf(name: "c2")
        embed(c1x, in: c1)
        _ = c2.view
        recorder.skipEvents()
        embed(c1, in: p)
        embed(c2, in: p)
        window.runUntilIdle()
        return (window, c1x, c2)
    }

    /// What ``enterTwoTrees(_:_:)`` sends inside its calls.
    private static let twoTreesEntered = """
        c1.willMove(toParent: p)
        c1.viewWillAppear(animated: false)
        c1x.viewWillAppear(animated: false)
        c1.didMove(toParent: p)
        c2.willMove(toParent: p)
        c2.viewWillAppear(animated: false)
        c2.didMove(toParent: p)
        """

    @Test func showingAWindowMakesItsTreeAppear() {  // §4 root shown
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let (p, c) = parentWithChild(recorder)
            window.rootController = p
            window.makeKeyAndVisible()
            #expect(!window.isHidden)
            #expect(p.appearanceState == .appearing)
            #expect(c.appearanceState == .appearing)
            recorder.expect(
                """
                p.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                """)
            #expect(window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect(
                """
                p.viewIsAppearing(animated: false)
                c.viewIsAppearing(animated: false)
                p.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                """, filter: .everything)
            #expect(p.appearanceState == .appeared)
            #expect(c.appearanceState == .appeared)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func hidingAWindowSendsEveryWillThenEveryDid() {  // §4 hiding
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let (p, c) = parentWithChild(recorder)
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.skipEvents()
            window.isHidden = true
            recorder.expect(
                """
                p.viewWillDisappear(animated: false)
                c.viewWillDisappear(animated: false)
                p.viewDidDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                """)
            #expect(!window.hasPendingWork)
            #expect(p.appearanceState == .disappeared)
            #expect(c.appearanceState == .disappeared)
            window.isHidden = true
            #expect(recorder.takeTranscript().isEmpty)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func showingAndHidingInOneTurnGivesNoDidAppear() {  // §1 deferred completion
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let (p, _) = parentWithChild(recorder)
            window.rootController = p
            window.makeKeyAndVisible()
            window.isHidden = true
            window.runUntilIdle()
            recorder.expect(
                """
                p.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                p.viewWillDisappear(animated: false)
                c.viewWillDisappear(animated: false)
                p.viewDidDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// The new root's `viewDidLoad()` makes another controller the root: the later set wins. Its
    /// view goes in, and the first one's, loaded, stays out of the window: it gets no appearance
    /// callback, and a later root change has nothing of it to take out.
    @Test func aNewRootWhoseViewDidLoadSetsAnotherRootLeavesItsViewOut() {  // §4 root replaced, §3
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let p = Leaf(name: "p")
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            let q = SpyController(name: "q")
            let r = Leaf(name: "r")
            q.onViewDidLoad = { [unowned window] in window.rootController = r }
            recorder.skipEvents()
            window.rootController = q
            recorder.expect(
                """
                p.viewWillDisappear(animated: false)
                q.loadView()
                q.viewDidLoad()
                -- inside it, r becomes the root: q's view stays out
                r.loadView()
                r.viewDidLoad()
                r.viewWillAppear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                p.viewDidDisappear(animated: false)
                r.viewDidAppear(animated: false)
                """)
            #expect(window.rootController === r)
            #expect(window.subviews.count == 1 && window.subviews.first === r.view && q.view.superview == nil)
            #expect(q.appearanceState == .disappeared && r.appearanceState == .appeared)
            window.rootController = nil
            recorder.expect(
                """
                r.viewWillDisappear(animated: false)
                """)
            #expect(window.subviews.isEmpty)
        }
    }

    @Test func replacingTheRootOfAVisibleWindow() {  // §4 root replaced
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let (p, c) = parentWithChild(recorder)
            let (q, _) = parentWithChild(recorder, parent: "q", child: "d")
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.skipEvents()
            window.rootController = q
            recorder.expect(
                """
                p.viewWillDisappear(animated: false)
                c.viewWillDisappear(animated: false)
                q.viewWillAppear(animated: false)
                d.viewWillAppear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                p.viewDidDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                q.viewDidAppear(animated: false)
                d.viewDidAppear(animated: false)
                """)
            #expect(p.view.superview == nil)
            #expect(c.appearanceState == .disappeared)
            #expect(q.view.superview === window)
            #expect(window.subviews.count == 1)
            window.rootController = nil
            recorder.expect(
                """
                q.viewWillDisappear(animated: false)
                d.viewWillDisappear(animated: false)
                """)
            #expect(window.subviews.isEmpty)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aViewThatEntersAndLeavesInOneTurnGetsNoDidAppear() {  // §1
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let root = Parent(name: "root")
            window.rootController = root
            window.makeKeyAndVisible()
            window.runUntilIdle()
            let c = Leaf(name: "c")
            c.loadViewIfNeeded()
            recorder.skipEvents()
            root.view.addSubview(c.view)
            c.view.removeFromSuperview()
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewWillAppear(animated: false)
                c.viewWillDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                """)
            #expect(c.appearanceState == .disappeared)
            // Back again in the same turn: one did-appear, for the appearance still open.
            root.view.addSubview(c.view)
            c.view.removeFromSuperview()
            root.view.addSubview(c.view)
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewWillAppear(animated: false)
                c.viewWillDisappear(animated: false)
                c.viewWillAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aViewMovedBetweenTwoWindowsFollowsTheSecondWindowsTurn() {  // §1
        let recorder = Recorder()
        recorder.record {
            let first = makeWindow("first")
            let second = makeWindow("second")
            let a = Parent(name: "a")
            let b = Parent(name: "b")
            first.rootController = a
            second.rootController = b
            first.makeKeyAndVisible()
            second.makeKeyAndVisible()
            first.runUntilIdle()
            second.runUntilIdle()
            let c = Leaf(name: "c")
            c.loadViewIfNeeded()
            recorder.skipEvents()

            a.view.addSubview(c.view)
            b.view.addSubview(c.view)
            #expect(c.view.window === second)
            recorder.expect(
                """
                c.viewWillAppear(animated: false)
                c.viewWillDisappear(animated: false)
                c.viewWillAppear(animated: false)
                """)
            first.runUntilIdle()
            #expect(recorder.takeTranscript().isEmpty)
            #expect(c.appearanceState == .appearing)
            second.runUntilIdle()
            recorder.expect("c.viewDidAppear(animated: false)")
            #expect(c.appearanceState == .appeared)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aViewMovedWithinOneWindowGetsNoCallbacks() {  // MODEL: appearance follows window membership
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let root = Parent(name: "root")
            window.rootController = root
            window.makeKeyAndVisible()
            let holder = View()
            root.view.addSubview(holder)
            let c = Leaf(name: "c")
            root.view.addSubview(c.view)
            window.runUntilIdle()
            recorder.skipEvents()
            holder.addSubview(c.view)
            window.runUntilIdle()
            #expect(recorder.takeTranscript().isEmpty)
            #expect(c.view.superview === holder)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func nestedContainersThreeLevelsDeepArePreOrder() {  // F1, F2
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let root = Parent(name: "root")
            let a = Parent(name: "a")
            let a1 = Parent(name: "a1")
            let a1x = Leaf(name: "a1x")
            let b = Leaf(name: "b")
            for (parent, child) in [(a1, a1x), (a, a1), (root, a), (root, b)] as [(ContainerController, Controller)] {
                parent.addChild(child)
                parent.view.addSubview(child.view)
                child.didMove(toParent: parent)
            }
            window.rootController = root
            recorder.skipEvents()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            window.isHidden = true
            recorder.expect(
                """
                root.viewWillAppear(animated: false)
                a.viewWillAppear(animated: false)
                a1.viewWillAppear(animated: false)
                a1x.viewWillAppear(animated: false)
                b.viewWillAppear(animated: false)
                root.viewDidAppear(animated: false)
                a.viewDidAppear(animated: false)
                a1.viewDidAppear(animated: false)
                a1x.viewDidAppear(animated: false)
                b.viewDidAppear(animated: false)
                root.viewWillDisappear(animated: false)
                a.viewWillDisappear(animated: false)
                a1.viewWillDisappear(animated: false)
                a1x.viewWillDisappear(animated: false)
                b.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                a1.viewDidDisappear(animated: false)
                a1x.viewDidDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func forwardingFollowsTheControllerTreeNotTheViewTree() {  // F2: pre-order over controllers
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let root = Parent(name: "root")
            let a = Parent(name: "a")
            let a1 = Leaf(name: "a1")
            let b = Leaf(name: "b")
            root.addChild(a)
            root.addChild(b)
            // b's view sits inside a plain container view that comes before a's view.
            let holder = View()
            root.view.addSubview(holder)
            holder.addSubview(b.view)
            root.view.addSubview(a.view)
            a.addChild(a1)
            a.view.addSubview(a1.view)
            for (child, parent) in [(a1, a), (a, root), (b, root)] as [(Controller, ContainerController)] {
                child.didMove(toParent: parent)
            }
            window.rootController = root
            recorder.skipEvents()
            window.makeKeyAndVisible()
            recorder.expect(
                """
                root.viewWillAppear(animated: false)
                a.viewWillAppear(animated: false)
                a1.viewWillAppear(animated: false)
                b.viewWillAppear(animated: false)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aParentlessControllerMayPutItsViewAnywhere() {  // R6, F2
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let root = Parent(name: "root")
            let loose = Leaf(name: "loose")
            window.rootController = root
            root.view.addSubview(loose.view)
            recorder.skipEvents()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewWillAppear(animated: false)
                loose.viewWillAppear(animated: false)
                root.viewDidAppear(animated: false)
                loose.viewDidAppear(animated: false)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aSecondRunUntilIdleHasNothingToDo() {
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            #expect(!window.hasPendingWork)
            window.runUntilIdle()
            let (p, _) = parentWithChild(recorder)
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.skipEvents()
            window.runUntilIdle()
            #expect(recorder.takeTranscript().isEmpty)
            #expect(!window.hasPendingWork)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func viewHooksRunAroundEachMove() {
        final class HookView: View {
            var log: [String] = []
            override func willMove(toSuperview newSuperview: View?) {
                log.append("willMove(toSuperview: \(newSuperview?.name ?? "nil"))")
            }
            override func didMoveToSuperview() { log.append("didMoveToSuperview \(superview?.name ?? "nil")") }
            override func willMove(toWindow newWindow: Window?) {
                log.append("willMove(toWindow: \(newWindow.map { "\($0.windowID)" } ?? "nil"))")
            }
            override func didMoveToWindow() {
                log.append("didMoveToWindow \(window.map { "\($0.windowID)" } ?? "nil")")
            }
        }
        let window = makeWindow()
        let holder = View()
        holder.name = "holder"
        let hooked = HookView()
        let inner = HookView()
        hooked.addSubview(inner)
        holder.addSubview(hooked)
        window.addSubview(holder)
        hooked.removeFromSuperview()
        #expect(
            hooked.log == [
                "willMove(toSuperview: holder)", "didMoveToSuperview holder",
                "willMove(toWindow: window)", "didMoveToWindow window",
                "willMove(toSuperview: nil)", "willMove(toWindow: nil)", "didMoveToWindow nil",
                "didMoveToSuperview nil",
            ])
        #expect(inner.log.count == 6)
        #expect(
            inner.log.filter { $0.contains("Window") } == [
                "willMove(toWindow: window)", "didMoveToWindow window", "willMove(toWindow: nil)",
                "didMoveToWindow nil",
            ])
    }

    @Test func descriptionsShowBothTrees() {
        let recorder = Recorder()
        recorder.record {
            let window = makeWindow()
            let (p, _) = parentWithChild(recorder)
            let lazy = Leaf(name: "lazy")
            p.addChild(lazy)
            p.view.frame = Rect(x: 0, y: 0, width: 10, height: 10)
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            #expect(
                p.hierarchyDescription == """
                    <Parent p>, state: appeared, view: <View>
                       | <Leaf c>, state: appeared, view: <View>
                       | <Leaf lazy>, state: disappeared, view: (not loaded), moving to parent
                    """)
            #expect(
                window.recursiveDescription == """
                    <Window window; frame = (0, 0, 320, 480)>
                       | <View; frame = (0, 0, 320, 480); controller = p>
                       |    | <View; frame = (0, 0, 0, 0); controller = c>
                    """)
            recorder.skipEvents()
        }
    }
}
