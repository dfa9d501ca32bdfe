import ContainerKit
import ContainerKitTesting
import Testing

/// Notes `didMove(toParent:)` with the parent it names and the one it reads, beside the moving
/// flags its superclass notes inside each appearance callback (R7, R8).
private final class MoveProbe: Flagged {
    override func didMove(toParent parent: ContainerController?) {
        super.didMove(toParent: parent)
        flags.append("didMove(\(parent?.id.name ?? "nil")), parent: \(self.parent?.id.name ?? "nil")")
    }
}

/// A controller whose `viewDidDisappear(_:)` runs a hook after `super`.
private final class DidDisappearHook: Controller {
    var afterDidDisappear: (() -> Void)?

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        let hook = afterDidDisappear
        afterDidDisappear = nil
        hook?()
    }
}

/// A container that drives its children's appearance by hand (F4).
private final class ByHand: ContainerController {
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
}

/// UIKit's repeated `didMove(toParent:)` (spec R7 and R8, revision 2): a custom container's
/// `didMove(toParent:)` that comes while the child is still appearing is followed by a second one
/// right after the child's `viewDidAppear`, naming the parent it has then; a removal that comes
/// while the child is still disappearing, by a second `didMove(toParent: nil)` after its
/// `viewDidDisappear`. The moving flags stay true until the repeat.
@Suite @MainActor struct RepeatedDidMoveTests {
    @Test func anAdditionOnScreenIsRepeatedAfterItsDeferredViewDidAppear() {  // §2.1
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let window = show(p)
            recorder.skipEvents()
            let c = MoveProbe(name: "c")
            embed(c, in: p)
            #expect(c.hierarchyDescription.contains("UIKit's repeated didMove due"))
            window.runUntilIdle()
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                -- the end of the turn
                c.viewIsAppearing(animated: false)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: p)
                """, filter: .everything)
            #expect(
                c.flags == [
                    "willAppear toParent=true", "didMove(p), parent: p", "didAppear toParent=true",
                    "didMove(p), parent: p",
                ])
            // The container's own call is R3's; the second is UIKit's, and says so.
            let moves = recorder.entries.filter { if case .didMove = $0.event { true } else { false } }
            #expect(moves.map { $0.cause?.isRepeatedDidMove } == [false, true])
            #expect(moves.last?.cause?.rule == .repeatedDidMove)
            #expect(!c.hierarchyDescription.contains("repeated") && !c.hierarchyDescription.contains("moving"))
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aDidMoveOnceTheChildHasAppearedIsNotRepeated() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let window = show(p)
            recorder.skipEvents()
            let c = MoveProbe(name: "c")
            p.addChild(c)
            p.view.addSubview(c.view)
            window.runUntilIdle()
            c.didMove(toParent: p)
            window.runUntilIdle()
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.viewIsAppearing(animated: false)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: p)
                """, filter: .everything)
            #expect(c.flags == ["willAppear toParent=true", "didAppear toParent=true", "didMove(p), parent: p"])
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aDidMoveBeforeTheViewEntersIsNotRepeated() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let window = show(p)
            recorder.skipEvents()
            let c = MoveProbe(name: "c")
            p.addChild(c)
            c.didMove(toParent: p)
            p.view.addSubview(c.view)
            window.runUntilIdle()
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.didMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            #expect(c.flags == ["didMove(p), parent: p", "willAppear toParent=false", "didAppear toParent=false"])
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func theRepeatComesBeforeTheChildrenHearTheirViewDidAppear() {  // F1
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let window = show(p)
            let c = Parent(name: "c")
            let g = Leaf(name: "g")
            embed(g, in: c)  // off screen: both moves at once, no repeat
            recorder.skipEvents()
            embed(c, in: p)
            window.runUntilIdle()
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.viewWillAppear(animated: false)
                g.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: p)
                g.viewDidAppear(animated: false)
                """)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// A re-parenting before the repeat is no violation (R7). Its `didMove(toParent: nil)` comes
    /// while `c` appears, not disappears, so the repeat is no longer due, as in UIKit; `q`'s own
    /// `didMove` makes it due again, and the repeat names `q`.
    @Test func aReparentingBeforeTheRepeatIsNoViolationAndTheRepeatNamesTheNewParent() {  // R4
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let p = Parent(name: "p")
            let q = Parent(name: "q")
            embed(p, in: root)
            embed(q, in: root)
            let window = show(root)
            recorder.skipEvents()
            let c = MoveProbe(name: "c")
            embed(c, in: p)
            q.addChild(c)
            q.view.addSubview(c.view)
            c.didMove(toParent: q)
            window.runUntilIdle()
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                c.willMove(toParent: q)
                c.didMove(toParent: q)
                -- the end of the turn
                c.viewDidAppear(animated: false)
                c.didMove(toParent: q)
                """)
            #expect(c.parent === q && c.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// The removal half: a container removes `f` while its `transition(from:to:…)` takes `f`
    /// out, before the animation completes. UIKit repeats `didMove(toParent: nil)` right after
    /// `f`'s `viewDidDisappear`, and `isMovingFromParent` is true in both of `f`'s callbacks.
    @Test func aRemovalWhileTheChildDisappearsIsRepeatedAfterItsViewDidDisappear() {  // §2.2, §5
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let f = MoveProbe(name: "f")
            embed(f, in: p)
            let window = show(p)
            let t = Leaf(name: "t")
            f.flags.removeAll()
            recorder.skipEvents()
            p.addChild(t)
            f.willMove(toParent: nil)
            p.transition(from: f, to: t, duration: 0.3, animations: nil) { _ in t.didMove(toParent: p) }
            f.removeFromParent()
            #expect(f.hierarchyDescription.contains("UIKit's repeated didMove due"))
            window.runUntilIdle()
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                f.didMove(toParent: nil)
                -- the animation completes
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                f.didMove(toParent: nil)
                p.completion(finished: true)
                t.didMove(toParent: p)
                """)
            #expect(
                f.flags == [
                    "willDisappear fromParent=true", "didMove(nil), parent: nil", "didDisappear fromParent=true",
                    "didMove(nil), parent: nil",
                ])
            #expect(p.children.map(\.id) == [t.id] && f.view.superview == nil)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Found by the behaviour corpus (seed 2988898270277327648): a `viewDidDisappear` whose override
    /// embeds its controller in a visible parent makes the repeat due inside the callback. That
    /// did-callback ends no appearance the move caused: the repeat waits for the viewDidAppear of
    /// the appearance the embedding began (R7).
    @Test func aRepeatMadeDueInsideADidCallbackWaitsForTheAppearanceItBegins() {
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let window = show(p)
            let c = DidDisappearHook(name: "c")
            p.view.addSubview(c.view)  // no parent: its view may go anywhere (R6); the window drives it
            window.runUntilIdle()
            recorder.skipEvents()
            c.afterDidDisappear = {
                p.addChild(c)
                p.view.addSubview(c.view)
                c.didMove(toParent: p)
            }
            c.view.removeFromSuperview()
            recorder.expect(
                """
                c.viewWillDisappear(animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewDidDisappear(animated: false)
                c.willMove(toParent: p)
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: p)
                """)
            #expect(c.parent === p && c.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// A container that forwards by hand (F4) calls `didMove` between its child's begin and end:
    /// the repeat follows the `viewDidAppear` that `endAppearanceTransition()` sends, inside that
    /// call.
    @Test func aContainerThatForwardsByHandGetsTheRepeatFromItsEnd() {  // F4
        let recorder = Recorder()
        recorder.record {
            let m = ByHand(name: "m")
            let window = show(m)
            recorder.skipEvents()
            let c = MoveProbe(name: "c")
            m.addChild(c)
            m.view.addSubview(c.view)
            c.beginAppearanceTransition(true, animated: true)
            c.didMove(toParent: m)
            recorder.expect(
                """
                c.willMove(toParent: m)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: true)
                c.didMove(toParent: m)
                """)
            c.endAppearanceTransition()
            recorder.expect(
                """
                c.viewIsAppearing(animated: true)
                c.viewDidAppear(animated: true)
                c.didMove(toParent: m)
                """, filter: .everything)
            #expect(
                c.flags == [
                    "willAppear toParent=true", "didMove(m), parent: m", "didAppear toParent=true",
                    "didMove(m), parent: m",
                ])
            window.runUntilIdle()
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Built-in containers send their children's moves in the orders of §6–§8: a push's
    /// `didMove(toParent: nav)` comes after `viewDidAppear`, once.
    @Test func aBuiltInContainersMovesAreNotRepeated() {  // §6
        let recorder = Recorder()
        recorder.record {
            let a = MoveProbe(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            let window = makeWindow()
            window.rootController = nav
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                a.willMove(toParent: nav)
                nav.loadView()
                nav.viewDidLoad()
                nav.viewWillAppear(animated: false)
                a.loadView()
                a.viewDidLoad()
                a.viewWillAppear(animated: false)
                nav.viewDidAppear(animated: false)
                a.viewDidAppear(animated: false)
                a.didMove(toParent: nav)
                """)
            // The root's move stays open until its first appearance ends (§6).
            #expect(a.flags == ["willAppear toParent=true", "didAppear toParent=true", "didMove(nav), parent: nav"])
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }
}

/// The containment machine's side of the repeat (R7, R8): the flag a `didMove` accepted while the
/// appearance is open sets, and what reads it.
@Suite("ContainmentStateMachine: UIKit's repeated didMove (R7, R8)")
struct RepeatedDidMoveMachineTests {
    private static let p = ControllerID(serial: 1, name: "p", typeName: "ContainerController")

    private func attachedWhileAppearing() -> ContainmentStateMachine {
        var machine = ContainmentStateMachine()
        _ = machine.addChild(to: Self.p)
        #expect(machine.didMove(to: Self.p, appearing: true) == .accept)
        return machine
    }

    @Test func aDidMoveWhileAppearingMakesTheRepeatDueAndKeepsTheFlag() {
        let machine = attachedWhileAppearing()
        #expect(machine.state == .attached(Self.p))
        #expect(machine.awaitsRepeatedDidMove)
        #expect(machine.reportsMovingToParent && !machine.reportsMovingFromParent)
        // The engine's own reading: the move is complete (R7).
        #expect(!machine.isMovingToParent && machine.isAttached)
    }

    @Test func theRepeatEndsTheFlagAndLeavesTheState() {
        var machine = attachedWhileAppearing()
        machine.repeatedDidMoveSent()
        #expect(machine.state == .attached(Self.p))
        #expect(!machine.awaitsRepeatedDidMove && !machine.reportsMovingToParent)
    }

    @Test func aWillMoveToNilBeforeTheRepeatIsAcceptedAndLeavesItDue() {
        var machine = attachedWhileAppearing()
        #expect(machine.willMove(to: nil) == .accept)
        #expect(machine.state == .detaching(Self.p))
        #expect(machine.awaitsRepeatedDidMove)
        #expect(machine.reportsMovingFromParent && !machine.reportsMovingToParent)
        machine.repeatedDidMoveSent()
        #expect(machine.state == .detaching(Self.p), "the repeat ends no move")
    }

    @Test func aStraySecondDidMoveChangesNothing() {
        var machine = attachedWhileAppearing()
        #expect(machine.didMove(to: Self.p, appearing: true) == .reportUnmatchedDidMove)
        #expect(machine.state == .attached(Self.p) && machine.awaitsRepeatedDidMove)
    }

    @Test func aDidMoveOnceTheAppearanceIsOverClearsIt() {
        var machine = attachedWhileAppearing()
        _ = machine.willMove(to: nil)
        // A cancelled removal, accepted while the controller no longer appears: UIKit clears it.
        #expect(machine.didMove(to: Self.p, appearing: false) == .accept)
        #expect(!machine.awaitsRepeatedDidMove)
    }

    @Test(arguments: [true, false])
    func aRemovalMakesItDueOnlyWhileDisappearing(_ disappearing: Bool) {
        var machine = attachedWhileAppearing()
        _ = machine.willMove(to: nil)
        #expect(machine.removeFromParent(disappearing: disappearing) != .none)
        #expect(machine.state == .detached)
        #expect(machine.awaitsRepeatedDidMove == disappearing)
        #expect(machine.reportsMovingFromParent == disappearing)
    }
}
