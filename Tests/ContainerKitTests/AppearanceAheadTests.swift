import ContainerKit
import ContainerKitTesting
import Testing

/// Code run from the appearance will-callbacks that a view move sends before it changes the tree
/// (spec §3 **[rev 2]**), which moves other views meanwhile: each controller ends in the state its
/// view's final place calls for, with each callback once.
@Suite @MainActor struct AppearanceAheadTests {

    /// A visible window, and a plain view (the wrapper, in no window) holding the root views of
    /// `c1` and `c2`, controllers with no parent.
    @MainActor private struct Stage {
        let window = makeWindow()
        let c1 = SpyController(name: "c1")
        let c2 = SpyController(name: "c2")
        let wrapper: View

        init(wrapper: View = View()) {
            self.wrapper = wrapper
            window.makeKeyAndVisible()
            wrapper.addSubview(c1.view)
            wrapper.addSubview(c2.view)
        }

        /// Puts the wrapper in the window and ends the turn: `c1` and `c2` appear.
        func showWrapper() {
            window.addSubview(wrapper)
            window.runUntilIdle()
        }
    }

    /// `old`, a root shown in a visible window, the turn ended, and `new` with its view loaded.
    private func replacing(_ old: Controller, with new: Controller...) -> Window {
        let window = show(old)
        for controller in new { controller.loadViewIfNeeded() }
        return window
    }

    @Test func aViewWillAppearThatTakesItsViewOutOfTheEnteringViewDisappearsAgain() {
        let recorder = Recorder()
        recorder.record {
            let stage = Stage()
            let (window, c1, c2) = (stage.window, stage.c1, stage.c2)
            recorder.skipEvents()
            c1.onViewWillAppear = { [unowned c1] _ in
                c1.onViewWillAppear = nil
                c1.view.removeFromSuperview()
            }
            stage.showWrapper()
            recorder.expect(
                """
                c1.viewWillAppear(animated: false)
                -- c1's view leaves the wrapper: it will not enter the window, and c1 disappears
                c1.viewWillDisappear(animated: false)
                c2.viewWillAppear(animated: false)
                -- the end of the turn: c1's did-appear is moot
                c1.viewDidDisappear(animated: false)
                c2.viewDidAppear(animated: false)
                """)
            #expect(recorder.takeViolations().isEmpty)
            #expect(c1.view.superview == nil && c1.appearanceState == .disappeared)
            #expect(c2.view.window === window && c2.appearanceState == .appeared)
        }
    }

    @Test func aViewWillDisappearThatPutsItsViewElsewhereInTheWindowAppearsAgain() {
        let recorder = Recorder()
        recorder.record {
            let stage = Stage()
            let (window, c1, c2) = (stage.window, stage.c1, stage.c2)
            let other = View()
            window.addSubview(other)
            stage.showWrapper()
            recorder.skipEvents()
            c1.onViewWillDisappear = { [unowned c1] _ in
                c1.onViewWillDisappear = nil
                other.addSubview(c1.view)
            }
            stage.wrapper.removeFromSuperview()
            window.runUntilIdle()
            recorder.expect(
                """
                c1.viewWillDisappear(animated: false)
                -- c1's view stays in the window, elsewhere: c1 appears again
                c1.viewWillAppear(animated: false)
                c2.viewWillDisappear(animated: false)
                -- the end of the turn: c1's did-disappear is moot
                c1.viewDidAppear(animated: false)
                c2.viewDidDisappear(animated: false)
                """)
            #expect(recorder.takeViolations().isEmpty)
            #expect(c1.view.superview === other && c1.appearanceState == .appeared)
            #expect(c2.view.window == nil && c2.appearanceState == .disappeared)
        }
    }

    @Test func aViewWillAppearThatTakesTheNewSuperviewOutSparesTheLaterRoots() {
        let recorder = Recorder()
        recorder.record {
            let stage = Stage()
            let (window, c1, c2) = (stage.window, stage.c1, stage.c2)
            let holder = View()
            window.addSubview(holder)
            recorder.skipEvents()
            c1.onViewWillAppear = { _ in holder.removeFromSuperview() }
            holder.addSubview(stage.wrapper)
            window.runUntilIdle()
            recorder.expect(
                """
                c1.viewWillAppear(animated: false)
                -- the holder left the window: the move goes on off screen, c2 is passed over
                c1.viewWillDisappear(animated: false)
                -- the end of the turn
                c1.viewDidDisappear(animated: false)
                """)
            #expect(recorder.takeViolations().isEmpty)
            #expect(stage.wrapper.superview === holder && holder.window == nil)
            #expect(c1.appearanceState == .disappeared && c2.appearanceState == .disappeared)
        }
    }

    @Test func aViewWillDisappearThatPutsTheNewSuperviewInTheWindowSparesTheLaterRoots() {
        let recorder = Recorder()
        recorder.record {
            let stage = Stage()
            let (window, c1, c2) = (stage.window, stage.c1, stage.c2)
            stage.showWrapper()
            let shelf = View()
            recorder.skipEvents()
            c1.onViewWillDisappear = { _ in window.addSubview(shelf) }
            shelf.addSubview(stage.wrapper)
            window.runUntilIdle()
            recorder.expect(
                """
                c1.viewWillDisappear(animated: false)
                -- the shelf is in the window: the wrapper stays there, c2 is passed over, c1 appears again
                c1.viewWillAppear(animated: false)
                -- the end of the turn
                c1.viewDidAppear(animated: false)
                """)
            #expect(recorder.takeViolations().isEmpty)
            #expect(stage.wrapper.superview === shelf && shelf.window === window)
            #expect(c1.appearanceState == .appeared && c2.appearanceState == .appeared)
        }
    }

    @Test func aViewHookThatTakesAControllersViewOutOfTheEnteringViewHasItDisappearAgain() {
        let recorder = Recorder()
        recorder.record {
            let wrapper = OnceHookedView()
            let stage = Stage(wrapper: wrapper)
            let (window, c1, c2) = (stage.window, stage.c1, stage.c2)
            recorder.skipEvents()
            // Its will-appears sent, the move tells the wrapper where it goes: the hook takes c1's
            // view out, too late for the move to pass c1 over.
            wrapper.onWillMoveToWindow = { [unowned c1] in c1.view.removeFromSuperview() }
            stage.showWrapper()
            recorder.expect(
                """
                c1.viewWillAppear(animated: false)
                c2.viewWillAppear(animated: false)
                -- the hook takes c1's view out: c1 will not enter the window, and disappears again
                c1.viewWillDisappear(animated: false)
                -- the end of the turn: c1's did-appear is moot
                c2.viewDidAppear(animated: false)
                c1.viewDidDisappear(animated: false)
                """)
            #expect(recorder.takeViolations().isEmpty)
            #expect(c1.view.superview == nil && c1.appearanceState == .disappeared)
            #expect(c2.view.window === window && c2.appearanceState == .appeared)
        }
    }

    // MARK: - A window's root replaced from inside the callbacks of a root replacement

    @Test func aRootReplacedFromTheNewRootsViewWillAppearStaysOut() {
        let recorder = Recorder()
        recorder.record {
            let (old, new, later) = (
                SpyController(name: "old"), SpyController(name: "new"), SpyController(name: "later")
            )
            let window = replacing(old, with: new, later)
            recorder.skipEvents()
            new.onViewWillAppear = { [unowned new] _ in
                new.onViewWillAppear = nil
                window.rootController = later
            }
            window.rootController = new
            window.runUntilIdle()
            recorder.expect(
                """
                old.viewWillDisappear(animated: false)
                new.viewWillAppear(animated: false)
                -- replaced by later: new's view is not added, and new disappears again
                later.viewWillAppear(animated: false)
                new.viewWillDisappear(animated: false)
                -- the end of the turn
                old.viewDidDisappear(animated: false)
                later.viewDidAppear(animated: false)
                new.viewDidDisappear(animated: false)
                """)
            #expect(recorder.takeViolations().isEmpty)
            #expect(window.rootController === later)
            #expect(window.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(later.view)])
            #expect(new.view.superview == nil && new.appearanceState == .disappeared)
            #expect(old.appearanceState == .disappeared && later.appearanceState == .appeared)
        }
    }

    @Test func aRootSetBackFromItsViewWillDisappearStays() {
        let recorder = Recorder()
        recorder.record {
            let (old, new) = (SpyController(name: "old"), SpyController(name: "new"))
            let window = replacing(old, with: new)
            recorder.skipEvents()
            old.onViewWillDisappear = { [unowned old] _ in
                old.onViewWillDisappear = nil
                window.rootController = old
            }
            window.rootController = new
            window.runUntilIdle()
            recorder.expect(
                """
                old.viewWillDisappear(animated: false)
                -- set back: its removal is withdrawn, it appears again, and new is not added
                old.viewWillAppear(animated: false)
                -- the end of the turn
                old.viewDidAppear(animated: false)
                """)
            #expect(recorder.takeViolations().isEmpty)
            #expect(window.rootController === old)
            #expect(window.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(old.view)])
            #expect(new.view.superview == nil && new.appearanceState == .disappeared)
            #expect(old.appearanceState == .appeared)
        }
    }

    /// A root set that cannot take over a move of either root's view under way is refused (a
    /// fault), and changes nothing: that move goes on.
    /// What a view hook of a root move sets the window's root to.
    enum HookSet: CaseIterable {
        case anotherRoot, theRootBack, noRoot
    }

    @Test(arguments: HookSet.allCases)
    func aRootSetFromAViewHookOfARootMoveIsRefused(_ set: HookSet) {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let (old, new, later) = (HookedRoot(name: "old"), HookedRoot(name: "new"), SpyController(name: "later"))
            let window = replacing(old, with: new, later)
            recorder.skipEvents()
            // The move's view hooks have been told where the view goes: too late to withdraw it.
            switch set {
            case .anotherRoot: new.hookedView.onWillMoveToWindow = { window.rootController = later }
            case .theRootBack: old.hookedView.onWillMoveToWindow = { [unowned old] in window.rootController = old }
            case .noRoot: new.hookedView.onWillMoveToWindow = { window.rootController = nil }
            }
            window.rootController = new
            window.runUntilIdle()
            recorder.expect(
                """
                old.viewWillDisappear(animated: false)
                new.viewWillAppear(animated: false)
                -- the end of the turn
                old.viewDidDisappear(animated: false)
                new.viewDidAppear(animated: false)
                """)
            let violations = recorder.takeViolations()
            #expect(violations.map(\.kind) == [.invalidRootController])
            #expect(violations.first?.severity == .fault)
            #expect(window.rootController === new)
            #expect(window.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(new.view)])
            #expect(old.view.superview == nil && later.view.superview == nil)
        }
    }

    /// A set from the hook of a subview's move, whose view the set would have to move: the set's
    /// own move would be ignored as nested, so the set is refused before it changes anything.
    @Test(arguments: [false, true])
    func aRootSetFromTheHookOfASubviewsMoveIsRefused(inTheNewRoot: Bool) {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let (a, b) = (SpyController(name: "a"), SpyController(name: "b"))
            let window = replacing(a, with: b)
            let subview = OnceHookedView()
            (inTheNewRoot ? b : a).view.addSubview(subview)
            recorder.skipEvents()
            subview.onWillMoveToSuperview = { window.rootController = b }
            subview.removeFromSuperview()
            window.runUntilIdle()
            recorder.expect("")
            #expect(recorder.takeViolations().map(\.kind) == [.invalidRootController])
            #expect(window.rootController === a && a.appearanceState == .appeared)
            #expect(window.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(a.view)])
            #expect(b.view.superview == nil && b.appearanceState == .disappeared)
        }
    }

    @Test func aRootSetFromTheCallbacksOfAnotherWindowsRootMoveIsRefused() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let (a, b) = (SpyController(name: "a"), SpyController(name: "b"))
            let first = replacing(a, with: b)
            let second = makeWindow("second")
            second.makeKeyAndVisible()
            recorder.skipEvents()
            // a's view is leaving first: second cannot take it in meanwhile.
            a.onViewWillDisappear = { [unowned a] _ in
                a.onViewWillDisappear = nil
                second.rootController = a
            }
            first.rootController = b
            first.runUntilIdle()
            recorder.expect(
                """
                a.viewWillDisappear(animated: false)
                b.viewWillAppear(animated: false)
                -- the end of the turn
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                """)
            #expect(recorder.takeViolations().map(\.kind) == [.invalidRootController])
            #expect(first.rootController === b && second.rootController == nil)
            #expect(first.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(b.view)])
            #expect(a.view.superview == nil && second.subviews.isEmpty)
        }
    }

    @Test func aRootSetFromTheCallbacksOfAMoveByHandIsRefused() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let (a, b) = (SpyController(name: "a"), SpyController(name: "b"))
            let window = show(a)
            let holder = View()
            window.addSubview(holder)
            recorder.skipEvents()
            // b's view is going into the holder by hand: the set cannot take it into the window.
            b.onViewWillAppear = { [unowned b] _ in
                b.onViewWillAppear = nil
                window.rootController = b
            }
            holder.addSubview(b.view)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                -- the end of the turn
                b.viewDidAppear(animated: false)
                """)
            #expect(recorder.takeViolations().map(\.kind) == [.invalidRootController])
            #expect(window.rootController === a && b.view.superview === holder)
            #expect(b.appearanceState == .appeared)
        }
    }

    @Test func aRootSetFromItsOwnAdditionByHandKeepsThatMoveAndTakesTheWindowsBounds() {
        let recorder = Recorder()
        recorder.record {
            let (a, b) = (SpyController(name: "a"), SpyController(name: "b"))
            let window = replacing(a, with: b)
            b.view.frame = Rect(x: 0, y: 0, width: 10, height: 10)
            recorder.skipEvents()
            b.onViewWillAppear = { [unowned b] _ in
                b.onViewWillAppear = nil
                window.rootController = b
            }
            window.addSubview(b.view)
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillAppear(animated: false)
                -- the set: a leaves; b's addition, under way, goes on
                a.viewWillDisappear(animated: false)
                -- the end of the turn
                b.viewDidAppear(animated: false)
                a.viewDidDisappear(animated: false)
                """)
            #expect(recorder.takeViolations().isEmpty)
            #expect(window.rootController === b && b.view.frame == window.bounds)
            #expect(window.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(b.view)])
        }
    }

    @Test func aRootSetBackFromTheCallbacksOfTheRootThatReplacedItIsAddedAfterAll() {
        let recorder = Recorder()
        recorder.record {
            let (a, b, c) = (SpyController(name: "a"), SpyController(name: "b"), SpyController(name: "c"))
            let window = replacing(a, with: b, c)
            recorder.skipEvents()
            b.onViewWillAppear = { [unowned b] _ in
                b.onViewWillAppear = nil
                window.rootController = c
            }
            c.onViewWillAppear = { [unowned c, unowned b] _ in
                c.onViewWillAppear = nil
                window.rootController = b
            }
            window.rootController = b
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewWillDisappear(animated: false)
                b.viewWillAppear(animated: false)
                -- replaced by c: b's addition is withdrawn
                c.viewWillAppear(animated: false)
                -- b set again: c's addition is withdrawn, b's goes on
                c.viewWillDisappear(animated: false)
                -- the end of the turn: c's did-appear is replaced by its did-disappear
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                c.viewDidDisappear(animated: false)
                """)
            #expect(recorder.takeViolations().isEmpty)
            #expect(window.rootController === b)
            #expect(window.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(b.view)])
            #expect(b.appearanceState == .appeared && c.appearanceState == .disappeared)
        }
    }

    @Test func aRootSetBackThenReplacedAgainLeaves() {
        let recorder = Recorder()
        recorder.record {
            let (a, b) = (SpyController(name: "a"), SpyController(name: "b"))
            let window = replacing(a, with: b)
            recorder.skipEvents()
            a.onViewWillDisappear = { [unowned a, unowned b] _ in
                a.onViewWillDisappear = nil
                window.rootController = a
                window.rootController = b
            }
            window.rootController = b
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewWillDisappear(animated: false)
                -- set back, then replaced by b again: a's removal goes on, and b's view goes in
                b.viewWillAppear(animated: false)
                -- the end of the turn
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                """)
            #expect(recorder.takeViolations().isEmpty)
            #expect(window.rootController === b)
            #expect(window.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(b.view)])
            #expect(a.view.superview == nil && a.appearanceState == .disappeared)
        }
    }

    @Test func aRootSetBackSparesTheControllersItsRemovalHasNotReached() {
        let recorder = Recorder()
        recorder.record {
            let (a, b, x) = (SpyContainerController(name: "a"), SpyController(name: "b"), SpyController(name: "x"))
            let window = replacing(a, with: b)
            // x has no parent: the window drives it, after a.
            a.view.addSubview(x.view)
            window.runUntilIdle()
            recorder.skipEvents()
            a.onViewWillDisappear = { [unowned a] _ in
                a.onViewWillDisappear = nil
                window.rootController = a
            }
            window.rootController = b
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewWillDisappear(animated: false)
                -- set back: the removal is withdrawn, x is passed over, a appears again
                a.viewWillAppear(animated: false)
                -- the end of the turn
                a.viewDidAppear(animated: false)
                """)
            #expect(recorder.takeViolations().isEmpty)
            #expect(window.rootController === a && x.appearanceState == .appeared)
        }
    }

    @Test func aTransitionStartedBeforeTheRootIsSetBackStaysInFlight() {
        let recorder = Recorder()
        recorder.record {
            let (a, b) = (SpyContainerController(name: "a"), SpyController(name: "b"))
            let (f, t) = (SpyController(name: "f"), SpyController(name: "t"))
            let window = replacing(a, with: b)
            embed(f, in: a)
            window.runUntilIdle()
            recorder.skipEvents()
            a.onViewWillDisappear = { [unowned a] _ in
                a.onViewWillDisappear = nil
                swap(f, for: t, in: a)
                window.rootController = a
            }
            window.rootController = b
            // a stays in the window: the transition it started is not completed for it.
            #expect(window.animationsInFlight.count == 1)
            recorder.expect(
                """
                a.viewWillDisappear(animated: false)
                t.willMove(toParent: a)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                -- a's will-disappear reaches its children after its override: t, appearing
                t.viewWillDisappear(animated: false)
                -- set back: a appears again, and its forwarding reaches both children (F1)
                a.viewWillAppear(animated: false)
                f.viewWillAppear(animated: false)
                t.viewWillAppear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the transition completes at the end of the turn: f, brought back, leaves again
                f.viewWillDisappear(animated: false)
                t.viewDidAppear(animated: false)
                f.viewDidDisappear(animated: false)
                a.completion(finished: true)
                t.didMove(toParent: a)
                f.didMove(toParent: nil)
                a.viewDidAppear(animated: false)
                """)
            #expect(recorder.takeViolations().isEmpty)
            #expect(window.rootController === a && a.appearanceState == .appeared)
            #expect(a.children.map(\.id) == [t.id] && t.appearanceState == .appeared)
        }
    }

    @Test func aViewWillAppearThatPutsItsViewInAHiddenWindowDisappearsAgain() {
        let recorder = Recorder()
        recorder.record {
            let stage = Stage()
            let (window, c1, c2) = (stage.window, stage.c1, stage.c2)
            let hidden = makeWindow("hidden")
            recorder.skipEvents()
            c1.onViewWillAppear = { [unowned c1] _ in
                c1.onViewWillAppear = nil
                hidden.addSubview(c1.view)
            }
            stage.showWrapper()
            hidden.runUntilIdle()
            recorder.expect(
                """
                c1.viewWillAppear(animated: false)
                -- c1's view went into a hidden window: it will not enter the visible one
                c1.viewWillDisappear(animated: false)
                c2.viewWillAppear(animated: false)
                -- the end of the turn
                c1.viewDidDisappear(animated: false)
                c2.viewDidAppear(animated: false)
                """)
            #expect(recorder.takeViolations().isEmpty)
            #expect(c1.view.window === hidden && c1.appearanceState == .disappeared)
            #expect(c2.view.window === window && c2.appearanceState == .appeared)
        }
    }

    // MARK: - A transition started inside a view leaving the window

    @Test func aTransitionStartedInTheViewWillDisappearOfALeavingContainerCompletesBeforeItLeaves() {
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let window = show(root)
            let p = SpyContainerController(name: "p")
            let f = SpyController(name: "f")
            let t = SpyController(name: "t")
            root.view.addSubview(p.view)
            p.addChild(f)
            p.view.addSubview(f.view)
            f.didMove(toParent: p)
            window.runUntilIdle()
            recorder.skipEvents()
            p.onViewWillDisappear = { [unowned p] _ in
                p.onViewWillDisappear = nil
                p.addChild(t)
                f.willMove(toParent: nil)
                p.transition(from: f, to: t, duration: 0.3, animations: nil) { [unowned p] _ in
                    t.didMove(toParent: p)
                    f.removeFromParent()
                }
            }
            p.view.removeFromSuperview()
            #expect(window.animationsInFlight.isEmpty)
            recorder.expect(
                """
                p.viewWillDisappear(animated: false)
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                -- p's own will-disappear reaches its children after its override: t, appearing
                t.viewWillDisappear(animated: false)
                -- p's view is still leaving the window: the transition completes before it leaves
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                p.viewDidDisappear(animated: false)
                t.viewDidDisappear(animated: false)
                """)
            #expect(recorder.takeViolations().isEmpty)
            #expect(
                p.children.map(\.id) == [t.id]
                    && p.view.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(t.view)])
            #expect(p.appearanceState == .disappeared && t.appearanceState == .disappeared)
        }
    }
}

/// A spy whose root view runs `onWillMoveToWindow` once, from its `willMove(toWindow:)`
/// (``OnceHookedView``).
private final class HookedRoot: SpyController {
    let hookedView = OnceHookedView()

    override func loadView() {
        super.loadView()
        view = hookedView
    }
}
