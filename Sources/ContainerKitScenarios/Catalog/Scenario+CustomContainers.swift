import ContainerKit
import ContainerKitTranscripts

/// The scenarios of custom containers and windows: containment (§2), windows and turns (§4, §1),
/// appearance forwarding (F1, F2, F4) and transitions (§3), `transition(from:to:…)` (§5) and size
/// changes (§10), with the setups they share.
@MainActor
extension Scenario {
    /// Custom containers and windows, in catalog order: from `add-child` to `preferred-content-size`.
    static let customContainerScenarios: [Scenario] = [
        Scenario(
            name: "add-child", reference: "§2.1",
            summary: "A custom container adds a child to itself while on screen."
        ) { recorder in
            let p = Container(name: "p")
            let window = show(p)
            recorder.skipEvents()
            embed(Controller(name: "c"), in: p)
            window.runUntilIdle()
            return Stage(window: window)
        },
        Scenario(
            name: "remove-child", reference: "§2.2",
            summary: "A custom container removes a child while on screen."
        ) { recorder in
            playWithChild(recorder) { _, c in
                c.willMove(toParent: nil)
                c.view.removeFromSuperview()
                c.removeFromParent()
            }
        },
        Scenario(
            name: "embed-off-screen", reference: "§2.3",
            summary: "Children embedded while off screen appear with their parent."
        ) { _ in
            let p = Container(name: "p")
            embed(Controller(name: "c"), in: p)
            return Stage(window: show(p))
        },
        Scenario(
            name: "reparent", reference: "R4",
            summary: "addChild(_:) on a controller that has another parent removes it first."
        ) { recorder in
            let q = Container(name: "q")
            let p = Container(name: "p")
            let c = Controller(name: "c")
            embed(c, in: q)
            let root = Container(name: "root")
            embed(q, in: root)
            embed(p, in: root)
            let window = show(root)
            recorder.skipEvents()
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            window.runUntilIdle()
            return Stage(window: window)
        },
        Scenario(
            name: "show-window", reference: "§4",
            summary: "A window is shown with a root container and its child."
        ) { recorder in
            let p = Container(name: "p")
            embed(Controller(name: "c"), in: p)
            let window = makeWindow()
            window.rootController = p
            recorder.skipEvents()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            return Stage(window: window)
        },
        Scenario(
            name: "hide-window", reference: "§4",
            summary: "A visible window is hidden: every will-disappear, then every did-disappear."
        ) { recorder in
            let p = Container(name: "p")
            embed(Controller(name: "c"), in: p)
            let window = show(p)
            recorder.skipEvents()
            window.isHidden = true
            return Stage(window: window)
        },
        Scenario(
            name: "replace-root", reference: "§4",
            summary: "The root of a visible window is replaced."
        ) { recorder in
            let old = Container(name: "old")
            embed(Controller(name: "a"), in: old)
            let new = Container(name: "new")
            embed(Controller(name: "b"), in: new)
            let window = show(old)
            recorder.skipEvents()
            window.rootController = new
            window.runUntilIdle()
            return Stage(window: window)
        },
        Scenario(
            name: "enter-and-leave", reference: "§1",
            summary: "A view enters and leaves a visible window in the same turn: no did-appear."
        ) { recorder in
            let root = Container(name: "root")
            let window = show(root)
            let c = Controller(name: "c")
            c.loadViewIfNeeded()
            recorder.skipEvents()
            root.view.addSubview(c.view)
            c.view.removeFromSuperview()
            window.runUntilIdle()
            return Stage(window: window)
        },
        Scenario(
            name: "move-between-windows", reference: "§1",
            summary: "A view moves from one visible window to another; the second window's turn completes it."
        ) { recorder in
            let first = Container(name: "first")
            let second = Container(name: "second")
            let firstWindow = show(first)
            let secondWindow = show(second)
            let c = Controller(name: "c")
            c.loadViewIfNeeded()
            recorder.skipEvents()
            first.view.addSubview(c.view)
            second.view.addSubview(c.view)
            firstWindow.runUntilIdle()
            secondWindow.runUntilIdle()
            return Stage(window: secondWindow)
        },
        Scenario(
            name: "nested-containers", reference: "F1, F2",
            summary: "Three levels of containers are shown and hidden: pre-order over the controller tree."
        ) { recorder in
            let root = Container(name: "root")
            let a = Container(name: "a")
            let a1 = Container(name: "a1")
            embed(Controller(name: "a1x"), in: a1)
            embed(a1, in: a)
            embed(a, in: root)
            embed(Controller(name: "b"), in: root)
            let window = makeWindow()
            window.rootController = root
            recorder.skipEvents()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            window.isHidden = true
            return Stage(window: window)
        },
        Scenario(
            name: "manual-forwarding", reference: "F4",
            summary: "A container that forwards appearance by hand drives one child from its own callbacks."
        ) { recorder in
            let p = ManualContainer(name: "p")
            let c = Controller(name: "c")
            embed(c, in: p)
            embed(Controller(name: "ignored"), in: p)
            p.driven = c
            let window = makeWindow()
            window.rootController = p
            recorder.skipEvents()
            window.makeKeyAndVisible()
            window.runUntilIdle()
            window.isHidden = true
            return Stage(window: window)
        },
        Scenario(
            name: "appearance-transitions", reference: "§3",
            summary: "begin(true), begin(false), begin(true), then one end(): one end closes whatever is open."
        ) { recorder in
            driveByHand(recorder) { c in
                c.beginAppearanceTransition(true, animated: false)
                c.beginAppearanceTransition(false, animated: false)
                c.beginAppearanceTransition(true, animated: false)
                c.endAppearanceTransition()
            }
        },
        Scenario(
            name: "unbalanced-end", reference: "§3, §11",
            summary: "endAppearanceTransition() with no begin: nothing fires, and a warning names the rule."
        ) { recorder in
            driveByHand(recorder) { c in c.endAppearanceTransition() }
        },
        Scenario(
            name: "transition", reference: "§5",
            summary: "transition(from:to:duration:…) swaps two children with an animation, as in Apple's sample."
        ) { recorder in
            swapChildren(duration: 0.3, recorder)
        },
        Scenario(
            name: "transition-not-animated", reference: "§5, §1",
            summary: "transition(from:to:duration: 0, …) completes inside the call."
        ) { recorder in
            swapChildren(duration: 0, recorder)
        },
        Scenario(
            name: "resize", reference: "§10",
            summary: "The window is resized: viewWillTransition(to:with:) down the tree, parent first."
        ) { recorder in
            let root = Container(name: "root")
            let a = Container(name: "a")
            embed(Controller(name: "a1"), in: a)
            embed(a, in: root)
            embed(Controller(name: "b"), in: root)
            let window = show(root)
            recorder.skipEvents()
            window.resize(to: Size(width: 844, height: 390))
            return Stage(window: window)
        },
        Scenario(
            name: "preferred-content-size", reference: "§10",
            summary: "A child sets a new preferredContentSize: its parent hears of it inside the setter."
        ) { recorder in
            playWithChild(recorder) { _, c in c.preferredContentSize = Size(width: 320, height: 200) }
        },
    ]

    /// Apple's sample: `addChild(t)` and `f.willMove(toParent: nil)`, the transition, then
    /// `t.didMove(toParent: p)` and `f.removeFromParent()` in the completion; then the end of the turn.
    static func swapChildren(duration: Double, _ recorder: Recorder) -> Stage {
        let p = Container(name: "p")
        let f = Controller(name: "f")
        embed(f, in: p)
        let window = show(p)
        let t = Controller(name: "t")
        recorder.skipEvents()
        p.addChild(t)
        f.willMove(toParent: nil)
        p.transition(from: f, to: t, duration: duration, animations: {}) { _ in
            t.didMove(toParent: p)
            f.removeFromParent()
        }
        window.runUntilIdle()
        return Stage(window: window)
    }

    /// A visible custom container `p` with a child `c`, as the setup; then `action` and the end of
    /// the turn.
    static func playWithChild(_ recorder: Recorder, _ action: (Container, Controller) -> Void) -> Stage {
        let p = Container(name: "p")
        let c = Controller(name: "c")
        embed(c, in: p)
        let window = show(p)
        recorder.skipEvents()
        action(p, c)
        window.runUntilIdle()
        return Stage(window: window)
    }

    /// A controller `c` with its view loaded and no parent or window, driven by `action` with
    /// `beginAppearanceTransition` / `endAppearanceTransition`.
    static func driveByHand(_ recorder: Recorder, _ action: (Controller) -> Void) -> Stage {
        let window = show(Container(name: "root"))
        let c = Controller(name: "c")
        c.loadViewIfNeeded()
        recorder.skipEvents()
        action(c)
        return Stage(window: window, retaining: [c])
    }
}
