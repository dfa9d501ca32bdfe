import ContainerKit
import ContainerKitTesting
import Testing

/// A controller that notes, from inside each appearance callback, where its root view is: its
/// `window` and its `superview`, by name (spec §3 **[rev 2]**).
private final class Placed: Controller {
    let notes: Notes

    /// With `hooked`, its root view notes its own hooks too.
    private let hooked: Bool

    init(name: String, notes: Notes, hooked: Bool = false) {
        self.notes = notes
        self.hooked = hooked
        super.init(name: name)
    }

    /// A hooked root view holds a hooked subview, `inner`.
    override func loadView() {
        guard hooked else {
            view = View()
            return
        }
        let root = HookedView(name: "\(id).view", notes: notes)
        root.addSubview(HookedView(name: "inner", notes: notes))
        view = root
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        note("viewWillAppear")
    }

    override func viewIsAppearing(_ animated: Bool) {
        super.viewIsAppearing(animated)
        note("viewIsAppearing")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        note("viewDidAppear")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        note("viewWillDisappear")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        note("viewDidDisappear")
    }

    private func note(_ callback: String) {
        let window = view.window.map { "\($0.windowID)" } ?? "nil"
        let superview = view.superview.map(placeName) ?? "nil"
        notes.lines.append("\(id).\(callback): window \(window), superview \(superview)")
    }
}

/// A view that notes its hooks, and where it is in each.
private final class HookedView: View {
    let notes: Notes

    init(name: String, notes: Notes) {
        self.notes = notes
        super.init()
        self.name = name
    }

    override func willMove(toSuperview newSuperview: View?) {
        note("willMove(toSuperview: \(newSuperview.map(placeName) ?? "nil"))")
    }

    override func willMove(toWindow newWindow: Window?) {
        note("willMove(toWindow: \(newWindow.map { "\($0.windowID)" } ?? "nil"))")
    }

    override func didMoveToWindow() { note("didMoveToWindow()") }

    override func didMoveToSuperview() { note("didMoveToSuperview()") }

    private func note(_ hook: String) {
        let window = window.map { "\($0.windowID)" } ?? "nil"
        let superview = superview.map(placeName) ?? "nil"
        notes.lines.append("\(name ?? "view").\(hook): window \(window), superview \(superview)")
    }
}

/// A superview's name in the notes: a window's identifier, or the view's name.
@MainActor
private func placeName(_ view: View) -> String {
    (view as? Window).map { "\($0.windowID)" } ?? view.name ?? "unnamed"
}

/// A view named `name`.
@MainActor
private func named(_ name: String) -> View {
    let view = View()
    view.name = name
    return view
}

/// Where the view is during the appearance callbacks (spec §3 **[rev 2]**), on every path: in
/// `viewWillAppear(_:)` it is not yet where the change puts it, in `viewIsAppearing(_:)` and
/// `viewDidAppear(_:)` it is; in `viewWillDisappear(_:)` it is still in place, in
/// `viewDidDisappear(_:)` it has left, or its window is hidden. Each test asserts the full
/// transcript, and what each callback read.
@Suite @MainActor struct ViewPlacementTests {
    /// The view hooks come after the will-callbacks and before the did-callbacks (issue 21, point
    /// 2): the move sends its appearance will-callbacks first, as UIKit sends `viewWillAppear(_:)`
    /// from the window-entry hook.
    @Test func aViewAddedToAndRemovedFromAVisibleWindowWithItsHooks() {  // §3
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let window = makeWindow()
            let holder = named("holder")
            window.addSubview(holder)
            window.makeKeyAndVisible()
            let c = Placed(name: "c", notes: notes, hooked: true)
            holder.addSubview(c.view)
            window.runUntilIdle()
            c.view.removeFromSuperview()
            window.runUntilIdle()
            recorder.expect(
                """
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                -- the end of the turn
                c.viewDidAppear(animated: false)
                c.viewWillDisappear(animated: false)
                -- the end of the turn
                c.viewDidDisappear(animated: false)
                """)
            #expect(
                notes.take() == [
                    "inner.willMove(toSuperview: c.view): window nil, superview nil",
                    "inner.didMoveToSuperview(): window nil, superview c.view",
                    "c.viewWillAppear: window nil, superview nil",
                    "c.view.willMove(toWindow: window): window nil, superview nil",
                    "inner.willMove(toWindow: window): window nil, superview c.view",
                    "c.view.willMove(toSuperview: holder): window nil, superview nil",
                    "inner.didMoveToWindow(): window window, superview c.view",
                    "c.view.didMoveToWindow(): window window, superview holder",
                    "c.view.didMoveToSuperview(): window window, superview holder",
                    "c.viewIsAppearing: window window, superview holder",
                    "c.viewDidAppear: window window, superview holder",
                    "c.viewWillDisappear: window window, superview holder",
                    "c.view.willMove(toSuperview: nil): window window, superview holder",
                    "c.view.willMove(toWindow: nil): window window, superview holder",
                    "inner.willMove(toWindow: nil): window window, superview c.view",
                    "inner.didMoveToWindow(): window nil, superview c.view",
                    "c.view.didMoveToWindow(): window nil, superview nil",
                    "c.view.didMoveToSuperview(): window nil, superview nil",
                    "c.viewDidDisappear: window nil, superview nil",
                ])
        }
    }

    @Test func aVisibleWindowsRootReplaced() {  // §3, §4
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let old = Placed(name: "old", notes: notes)
            let window = show(old)
            recorder.skipEvents()
            _ = notes.take()
            let new = Placed(name: "new", notes: notes)
            window.rootController = new
            window.runUntilIdle()
            recorder.expect(
                """
                old.viewWillDisappear(animated: false)
                new.loadView()
                new.viewDidLoad()
                new.viewWillAppear(animated: false)
                old.viewDidDisappear(animated: false)
                new.viewDidAppear(animated: false)
                """)
            #expect(
                notes.take() == [
                    "old.viewWillDisappear: window window, superview window",
                    "new.viewWillAppear: window nil, superview nil",
                    "new.viewIsAppearing: window window, superview window",
                    "old.viewDidDisappear: window nil, superview nil",
                    "new.viewDidAppear: window window, superview window",
                ])
        }
    }

    @Test func aViewMovedBetweenTwoVisibleWindows() {  // §3
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let first = makeWindow("first")
            let second = makeWindow("second")
            first.makeKeyAndVisible()
            second.makeKeyAndVisible()
            let c = Placed(name: "c", notes: notes)
            first.addSubview(c.view)
            first.runUntilIdle()
            recorder.skipEvents()
            _ = notes.take()
            second.addSubview(c.view)
            first.runUntilIdle()
            second.runUntilIdle()
            recorder.expect(
                """
                c.viewWillDisappear(animated: false)
                c.viewWillAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            #expect(
                notes.take() == [
                    "c.viewWillDisappear: window first, superview first",
                    "c.viewWillAppear: window first, superview first",
                    "c.viewIsAppearing: window second, superview second",
                    "c.viewDidAppear: window second, superview second",
                ])
        }
    }

    @Test(arguments: [false, true])
    func aCustomContainersTransition(animated: Bool) {  // §3, §5
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let p = Parent(name: "p")
            p.view.name = "p.view"
            let window = show(p)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            let f = Placed(name: "f", notes: notes)
            embed(f, in: p)
            window.runUntilIdle()
            recorder.skipEvents()
            _ = notes.take()
            let t = Placed(name: "t", notes: notes)
            swap(f, for: t, in: p, duration: animated ? 0.3 : 0)
            if animated { driver.finish(driver.inFlight[0]) }
            window.runUntilIdle()
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: \(animated))
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: \(animated))
                t.viewDidAppear(animated: \(animated))
                f.viewDidDisappear(animated: \(animated))
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect(
                notes.take() == [
                    "f.viewWillDisappear: window window, superview p.view",
                    "t.viewWillAppear: window nil, superview nil",
                    "t.viewIsAppearing: window window, superview p.view",
                    "t.viewDidAppear: window window, superview p.view",
                    "f.viewDidDisappear: window nil, superview nil",
                ])
        }
    }

    @Test func anIncomingViewThatTheTransitionFindsElsewhereIsStillThereInItsWillAppear() {  // §3, §5
        let recorder = Recorder()
        let notes = Notes()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            p.view.name = "p.view"
            let window = show(p)
            let f = Placed(name: "f", notes: notes)
            embed(f, in: p)
            window.runUntilIdle()
            let holder = named("holder")
            let t = Placed(name: "t", notes: notes)
            p.addChild(t)
            holder.addSubview(t.view)
            recorder.skipEvents()
            _ = notes.take()
            f.willMove(toParent: nil)
            p.transition(from: f, to: t, duration: 0, animations: nil) { _ in
                t.didMove(toParent: p)
                f.removeFromParent()
            }
            window.runUntilIdle()
            recorder.expect(
                """
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: false)
                t.viewWillAppear(animated: false)
                t.viewDidAppear(animated: false)
                f.viewDidDisappear(animated: false)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect(recorder.takeViolations().map(\.kind) == [.transitionViewAlreadyInHierarchy])
            #expect(
                notes.take() == [
                    "f.viewWillDisappear: window window, superview p.view",
                    "t.viewWillAppear: window nil, superview holder",
                    "t.viewIsAppearing: window window, superview p.view",
                    "t.viewDidAppear: window window, superview p.view",
                    "f.viewDidDisappear: window nil, superview nil",
                ])
        }
    }

    @Test func aPushAndAPop() {  // §3, §6
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let a = Placed(name: "a", notes: notes)
            let nav = NavigationController(name: "nav", rootController: a)
            nav.view.name = "nav.view"
            let window = show(nav)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            recorder.skipEvents()
            _ = notes.take()
            let b = Placed(name: "b", notes: notes)
            nav.push(b, animated: true)
            window.runUntilIdle()
            driver.finish(driver.inFlight[0])
            _ = nav.pop(animated: true)
            window.runUntilIdle()
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                b.willMove(toParent: nav)
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                a.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                b.willMove(toParent: nil)
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                b.viewDidDisappear(animated: true)
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: true)
                """)
            #expect(
                notes.take() == [
                    "a.viewWillDisappear: window window, superview nav.view",
                    "b.viewWillAppear: window nil, superview nil",
                    "b.viewIsAppearing: window window, superview nav.view",
                    "a.viewDidDisappear: window nil, superview nil",
                    "b.viewDidAppear: window window, superview nav.view",
                    "b.viewWillDisappear: window window, superview nav.view",
                    "a.viewWillAppear: window nil, superview nil",
                    "a.viewIsAppearing: window window, superview nav.view",
                    "b.viewDidDisappear: window nil, superview nil",
                    "a.viewDidAppear: window window, superview nav.view",
                ])
        }
    }

    @Test func aTabSwitch() {  // §3, §7
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let first = Placed(name: "first", notes: notes)
            let second = Placed(name: "second", notes: notes)
            let tabs = TabBarController(name: "tabs")
            tabs.view.name = "tabs.view"
            tabs.controllers = [first, second]
            let window = show(tabs)
            recorder.skipEvents()
            _ = notes.take()
            tabs.selectedIndex = 1
            window.runUntilIdle()
            recorder.expect(
                """
                second.loadView()
                second.viewDidLoad()
                second.viewWillAppear(animated: false)
                first.viewWillDisappear(animated: false)
                first.viewDidDisappear(animated: false)
                second.viewDidAppear(animated: false)
                """)
            #expect(
                notes.take() == [
                    "second.viewWillAppear: window nil, superview nil",
                    "first.viewWillDisappear: window window, superview tabs.view",
                    "second.viewIsAppearing: window window, superview tabs.view",
                    "first.viewDidDisappear: window nil, superview nil",
                    "second.viewDidAppear: window window, superview tabs.view",
                ])
        }
    }

    @Test func aPageTurn() {  // §3, §8
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let x = Placed(name: "x", notes: notes)
            let y = Placed(name: "y", notes: notes)
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.view.name = "page.view"
            page.setControllers([x], direction: .forward, animated: false)
            let window = show(page)
            recorder.skipEvents()
            _ = notes.take()
            page.setControllers([y], direction: .forward, animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                y.willMove(toParent: page)
                y.loadView()
                y.viewDidLoad()
                y.viewWillAppear(animated: false)
                x.viewWillDisappear(animated: false)
                y.viewDidAppear(animated: false)
                x.viewDidDisappear(animated: false)
                y.didMove(toParent: page)
                x.willMove(toParent: nil)
                x.didMove(toParent: nil)
                """)
            #expect(
                notes.take() == [
                    "y.viewWillAppear: window nil, superview nil",
                    "x.viewWillDisappear: window window, superview page.view",
                    "y.viewIsAppearing: window window, superview page.view",
                    "y.viewDidAppear: window window, superview page.view",
                    "x.viewDidDisappear: window nil, superview nil",
                ])
        }
    }

    @Test func aFullScreenPresentationAndItsDismissal() {  // §3, §9
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let a = Placed(name: "a", notes: notes)
            let window = show(a)
            recorder.skipEvents()
            _ = notes.take()
            let b = Placed(name: "b", notes: notes)
            b.modalPresentationStyle = .fullScreen
            a.present(b, animated: true)
            window.runUntilIdle()
            b.dismiss(animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                a.viewDidDisappear(animated: true)
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                a.viewDidAppear(animated: true)
                b.viewDidDisappear(animated: true)
                """)
            #expect(
                notes.take() == [
                    "a.viewWillDisappear: window window, superview window",
                    "b.viewWillAppear: window nil, superview nil",
                    "b.viewIsAppearing: window window, superview window",
                    "b.viewDidAppear: window window, superview window",
                    "a.viewDidDisappear: window nil, superview nil",
                    "b.viewWillDisappear: window window, superview window",
                    "a.viewWillAppear: window nil, superview nil",
                    "a.viewIsAppearing: window window, superview window",
                    "a.viewDidAppear: window window, superview window",
                    "b.viewDidDisappear: window nil, superview nil",
                ])
        }
    }

    @Test func aWindowShownThenHidden() {  // §3: the view does not move
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let window = makeWindow()
            let c = Placed(name: "c", notes: notes)
            window.rootController = c
            window.makeKeyAndVisible()
            window.runUntilIdle()
            window.isHidden = true
            recorder.expect(
                """
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.viewDidAppear(animated: false)
                c.viewWillDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                """)
            #expect(
                notes.take() == [
                    "c.viewWillAppear: window window, superview window",
                    "c.viewIsAppearing: window window, superview window",
                    "c.viewDidAppear: window window, superview window",
                    "c.viewWillDisappear: window window, superview window",
                    "c.viewDidDisappear: window window, superview window",
                ])
        }
    }

    @Test func aVisibleWindowReleased() {  // §3: the window is gone first
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            var window: Window? = makeWindow()
            let c = Placed(name: "c", notes: notes)
            show(c, in: window!)
            recorder.skipEvents()
            _ = notes.take()
            window = nil
            recorder.expect(
                """
                c.viewWillDisappear(animated: false)
                c.viewDidDisappear(animated: false)
                """)
            #expect(
                notes.take() == [
                    "c.viewWillDisappear: window nil, superview window",
                    "c.viewDidDisappear: window nil, superview window",
                ])
        }
    }
}
