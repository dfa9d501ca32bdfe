import ContainerKit
import ContainerKitTesting
import Testing

/// A navigation delegate; its calls are in the transcript as `nav.delegate.…`.
@MainActor
final class NavDelegate: NavigationControllerDelegate {}

/// Notes, inside each appearance callback, its moving flag (R8) and its transition coordinator, and
/// notes each `didMove(toParent:)`; hooks run inside `viewWillAppear` and `viewWillDisappear`.
private final class Probe: Controller {
    let notes: Notes
    let label: String
    var onWillAppear: ((Probe) -> Void)?
    var onWillDisappear: ((Probe) -> Void)?

    init(name: String, notes: Notes) {
        self.notes = notes
        label = name
        super.init(name: name)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        note("viewWillAppear toParent=\(isMovingToParent)")
        onWillAppear?(self)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        note("viewDidAppear toParent=\(isMovingToParent)")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        note("viewWillDisappear fromParent=\(isMovingFromParent)")
        onWillDisappear?(self)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        note("viewDidDisappear fromParent=\(isMovingFromParent)")
    }

    override func didMove(toParent parent: ContainerController?) {
        super.didMove(toParent: parent)
        notes.lines.append("\(label).didMove(toParent: \(parent.map { $0.id.description } ?? "nil"))")
    }

    private func note(_ text: String) {
        let coordinator =
            transitionCoordinator.map { "coordinator(animated: \($0.isAnimated), interactive: \($0.isInteractive))" }
            ?? "no coordinator"
        notes.lines.append("\(label).\(text) \(coordinator)")
    }

    /// Registers an alongside animation and completion with the coordinator, noting each when it runs.
    func registerAlongside() {
        let notes = notes
        let accepted = transitionCoordinator?.animate(
            alongsideTransition: { context in
                notes.lines.append("alongside animation (animated: \(context.isAnimated))")
            },
            completion: { context in
                notes.lines.append("alongside completion (cancelled: \(context.isCancelled))")
            })
        notes.lines.append("\(label) registered alongside: \(accepted.map { "\($0)" } ?? "no coordinator")")
    }
}

/// The classic swipe-back pattern: editing stops when the view starts to leave, and starts again
/// when the coordinator says the swipe was cancelled.
private final class Editor: Controller {
    var isEditing = true

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        isEditing = false
        transitionCoordinator?.animate(alongsideTransition: nil) { [weak self] context in
            if context.isCancelled { self?.isEditing = true }
        }
    }
}

/// `nav` with root `root` and `pushed` on top (pushed off screen), shown in a visible window, then
/// given `delegate`; the setup transcript is skipped.
@MainActor
private func showStack(
    _ recorder: Recorder, root: Controller = Leaf(name: "a"), _ pushed: [Controller] = [],
    delegate: NavDelegate? = nil
) -> (nav: NavigationController, window: Window) {
    let nav = NavigationController(name: "nav", rootController: root)
    for controller in pushed {
        nav.push(controller, animated: false)
    }
    let window = show(nav)
    nav.delegate = delegate
    recorder.skipEvents()
    return (nav, window)
}

/// The recorder's names of `controllers`, in order.
@MainActor
private func stackNames(_ controllers: [Controller], _ recorder: Recorder) -> [String] {
    controllers.map { recorder.name(for: $0.id) }
}

@Suite @MainActor struct NavigationTests {
    @Test func pushOverAVisibleRoot() {
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            nav.delegate = delegate
            let window = show(nav)
            recorder.expect(
                """
                a.willMove(toParent: nav)
                nav.loadView()
                nav.viewDidLoad()
                nav.viewWillAppear(animated: false)
                a.loadView()
                a.viewDidLoad()
                a.viewWillAppear(animated: false)
                nav.delegate.willShow(a, animated: false)
                nav.viewDidAppear(animated: false)
                a.viewDidAppear(animated: false)
                a.didMove(toParent: nav)
                nav.delegate.didShow(a, animated: false)
                """)
            nav.push(Leaf(name: "b"), animated: true)
            recorder.expect("b.willMove(toParent: nav)")
            #expect(nav.controllers.map { recorder.name(for: $0.id) } == ["a", "b"])
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                nav.delegate.willShow(b, animated: true)
                -- the animation completes
                a.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                nav.delegate.didShow(b, animated: true)
                """)
            nav.pop(animated: true)
            recorder.expect("b.willMove(toParent: nil)")
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                b.viewDidDisappear(animated: true)
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: true)
                nav.delegate.didShow(a, animated: true)
                b.deinit
                """)
            recorder.finish()
        }
    }

    // MARK: - Push and pop

    @Test func pushAndPopWithoutAnimationNeverReachTheDriver() {  // §1, §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, delegate: delegate)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            nav.push(Leaf(name: "b"), animated: false) {}
            recorder.expect("b.willMove(toParent: nav)")
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            #expect(window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect(
                """
                -- end of turn: a transition without animation completes as soon as it starts
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: false)
                b.viewWillAppear(animated: false)
                nav.delegate.willShow(b, animated: false)
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                b.didMove(toParent: nav)
                nav.delegate.didShow(b, animated: false)
                nav.completion()
                """)
            #expect(driver.started.isEmpty)
            let popped = nav.pop(animated: false) {}.map { recorder.name(for: $0.id) }
            #expect(popped == "b")
            recorder.expect("b.willMove(toParent: nil)")
            #expect(stackNames(nav.controllers, recorder) == ["a"])
            #expect(stackNames(nav.children, recorder) == ["a", "b"])
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: false)
                a.viewWillAppear(animated: false)
                nav.delegate.willShow(a, animated: false)
                b.viewDidDisappear(animated: false)
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: false)
                nav.delegate.didShow(a, animated: false)
                nav.completion()
                b.deinit
                """)
            #expect(driver.started.isEmpty)
            #expect(stackNames(nav.children, recorder) == ["a"])
            recorder.finish()
        }
    }

    @Test func anAnimatedPushAndPopCompleteWhenTheDriverCompletesThem() {  // §1, §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, delegate: delegate)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            nav.push(Leaf(name: "b"), animated: true) {}
            recorder.expect("b.willMove(toParent: nav)")
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                nav.delegate.willShow(b, animated: true)
                """)
            #expect(driver.summary == ["navigation of nav: a → b"])
            #expect(!window.hasPendingWork)
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                a.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                nav.delegate.didShow(b, animated: true)
                nav.completion()
                """)
            nav.pop(animated: true) {}
            recorder.expect("b.willMove(toParent: nil)")
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                """)
            #expect(driver.summary == ["navigation of nav: b → a"])
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                b.viewDidDisappear(animated: true)
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: true)
                nav.delegate.didShow(a, animated: true)
                nav.completion()
                b.deinit
                """)
            recorder.finish()
        }
    }

    @Test(arguments: [true, false])
    func movingFlagsAndTheCoordinatorInsideEachCallback(animated: Bool) {  // R8, §6
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let (nav, window) = showStack(recorder, root: Probe(name: "a", notes: notes))
            // The root's first display is no navigation transition, but the root is still moving to the
            // navigation controller then: its didMove comes after its first viewDidAppear (§6, off screen).
            #expect(
                notes.take() == [
                    "a.viewWillAppear toParent=true no coordinator",
                    "a.viewDidAppear toParent=true no coordinator",
                    "a.didMove(toParent: nav)",
                ])
            let coordinator = "coordinator(animated: \(animated), interactive: false)"
            nav.push(Probe(name: "b", notes: notes), animated: animated)
            window.runUntilIdle()
            recorder.expect(
                """
                b.willMove(toParent: nav)
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: \(animated))
                b.viewWillAppear(animated: \(animated))
                a.viewDidDisappear(animated: \(animated))
                b.viewDidAppear(animated: \(animated))
                b.didMove(toParent: nav)
                """)
            #expect(
                notes.take() == [
                    "a.viewWillDisappear fromParent=false \(coordinator)",
                    "b.viewWillAppear toParent=true \(coordinator)",
                    "a.viewDidDisappear fromParent=false \(coordinator)",
                    "b.viewDidAppear toParent=true \(coordinator)",
                    "b.didMove(toParent: nav)",
                ])
            #expect(nav.transitionCoordinator == nil)
            #expect(nav.controllers.allSatisfy { $0.transitionCoordinator == nil })
            nav.pop(animated: animated)
            window.runUntilIdle()
            recorder.expect(
                """
                b.willMove(toParent: nil)
                b.viewWillDisappear(animated: \(animated))
                a.viewWillAppear(animated: \(animated))
                b.viewDidDisappear(animated: \(animated))
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: \(animated))
                b.deinit
                """)
            #expect(
                notes.take() == [
                    "b.viewWillDisappear fromParent=true \(coordinator)",
                    "a.viewWillAppear toParent=false \(coordinator)",
                    "b.viewDidDisappear fromParent=true \(coordinator)",
                    "b.didMove(toParent: nil)",
                    "a.viewDidAppear toParent=false \(coordinator)",
                ])
            #expect(nav.transitionCoordinator == nil)
            #expect(nav.controllers[0].transitionCoordinator == nil)
            recorder.finish()
        }
    }

    @Test(arguments: [true, false])
    func alongsideCompletionsRunAfterTheDidCallbacksAndTheMoves(animated: Bool) {  // §6
        let recorder = Recorder()
        let notes = Notes()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, root: Probe(name: "a", notes: notes), delegate: delegate)
            notes.lines.removeAll()
            let coordinator = "coordinator(animated: \(animated), interactive: false)"
            let b = Probe(name: "b", notes: notes)
            var captured: (any TransitionCoordinator)?
            b.onWillAppear = { probe in
                captured = probe.transitionCoordinator
                probe.registerAlongside()
            }
            b.onWillDisappear = { probe in probe.registerAlongside() }
            nav.push(b, animated: animated)
            window.runUntilIdle()
            recorder.expect(
                """
                b.willMove(toParent: nav)
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: \(animated))
                b.viewWillAppear(animated: \(animated))
                nav.delegate.willShow(b, animated: \(animated))
                a.viewDidDisappear(animated: \(animated))
                b.viewDidAppear(animated: \(animated))
                b.didMove(toParent: nav)
                nav.delegate.didShow(b, animated: \(animated))
                """)
            #expect(
                notes.take() == [
                    "a.viewWillDisappear fromParent=false \(coordinator)",
                    "b.viewWillAppear toParent=true \(coordinator)",
                    "b registered alongside: true",
                    "alongside animation (animated: \(animated))",
                    "a.viewDidDisappear fromParent=false \(coordinator)",
                    "b.viewDidAppear toParent=true \(coordinator)",
                    "b.didMove(toParent: nav)",
                    "alongside completion (cancelled: false)",
                ])
            #expect(captured?.isAnimated == animated)
            #expect(captured?.isInteractive == false)
            #expect(captured?.isCancelled == false)
            // The transition has ended: its coordinator takes no more blocks, and nobody has one.
            #expect(
                captured?.animate(alongsideTransition: nil, completion: { _ in notes.lines.append("late") }) == false)
            #expect(b.transitionCoordinator == nil)
            #expect(nav.transitionCoordinator == nil)
            b.onWillAppear = nil
            nav.pop(animated: animated)
            window.runUntilIdle()
            recorder.expect(
                """
                b.willMove(toParent: nil)
                b.viewWillDisappear(animated: \(animated))
                a.viewWillAppear(animated: \(animated))
                nav.delegate.willShow(a, animated: \(animated))
                b.viewDidDisappear(animated: \(animated))
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: \(animated))
                nav.delegate.didShow(a, animated: \(animated))
                """)
            #expect(
                notes.take() == [
                    "b.viewWillDisappear fromParent=true \(coordinator)",
                    "b registered alongside: true",
                    "a.viewWillAppear toParent=false \(coordinator)",
                    "alongside animation (animated: \(animated))",
                    "b.viewDidDisappear fromParent=true \(coordinator)",
                    "b.didMove(toParent: nil)",
                    "a.viewDidAppear toParent=false \(coordinator)",
                    "alongside completion (cancelled: false)",
                ])
            #expect(b.transitionCoordinator == nil)
            recorder.finish()
        }
    }

    // MARK: - Several requests in one turn

    @Test func twoNonAnimatedPushesInOneTurnShowOneTransition() {  // §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, delegate: delegate)
            let b = Leaf(name: "b")
            let c = Leaf(name: "c")
            var completed: [String] = []
            nav.push(b, animated: false) { completed.append("b") }
            nav.push(c, animated: false) { completed.append("c") }
            recorder.expect(
                """
                b.willMove(toParent: nav)
                -- the second push is applied at once: b is no longer the pending new top (R7)
                c.willMove(toParent: nav)
                b.didMove(toParent: nav)
                """)
            #expect(stackNames(nav.controllers, recorder) == ["a", "b", "c"])
            #expect(stackNames(nav.children, recorder) == ["a", "b", "c"])
            #expect(nav.topController === c)
            window.runUntilIdle()
            recorder.expect(
                """
                -- one transition, from a to c; b is skipped
                c.loadView()
                c.viewDidLoad()
                a.viewWillDisappear(animated: false)
                c.viewWillAppear(animated: false)
                nav.delegate.willShow(c, animated: false)
                a.viewDidDisappear(animated: false)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: nav)
                nav.delegate.didShow(c, animated: false)
                nav.completion()
                nav.completion()
                """)
            #expect(completed == ["b", "c"])
            #expect(!b.isViewLoaded)
            #expect(b.appearanceState == .disappeared)
            #expect(stackNames(nav.children, recorder) == ["a", "b", "c"])
            recorder.finish()
        }
    }

    @Test func aControllerPushedAndPoppedInOneTurnWithoutAnimationGetsOnlyItsMoves() {  // R7, §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, delegate: delegate)
            var completed: [String] = []
            nav.push(Leaf(name: "b"), animated: false) { completed.append("push") }
            recorder.expect("b.willMove(toParent: nav)")
            #expect(nav.pop(animated: false) { completed.append("pop") }.map { recorder.name(for: $0.id) } == "b")
            // No willMove(toParent: nil): the move to nav is still open (R7); it ends at once.
            recorder.expect(
                """
                b.didMove(toParent: nil)
                b.deinit
                """)
            #expect(stackNames(nav.controllers, recorder) == ["a"])
            #expect(stackNames(nav.children, recorder) == ["a"])
            window.runUntilIdle()
            recorder.expect(
                """
                -- nothing to show: no appearance, no delegate calls
                nav.completion()
                nav.completion()
                """)
            #expect(completed == ["push", "pop"])
            #expect(window.animationsInFlight.isEmpty)
            recorder.finish()
        }
    }

    @Test func anAnimatedPopWaitsForThePushItUndoes() {  // §6: waiting
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, delegate: delegate)
            var completed: [String] = []
            nav.push(Leaf(name: "b"), animated: true) { completed.append("push") }
            recorder.expect("b.willMove(toParent: nav)")
            // The pop waits for the push's transition: nothing is popped yet.
            #expect(nav.pop(animated: true) { completed.append("pop") } == nil)
            recorder.expect("")
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                nav.delegate.willShow(b, animated: true)
                a.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                nav.delegate.didShow(b, animated: true)
                nav.completion()
                -- the pop is applied once the push's transition has completed
                b.willMove(toParent: nil)
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                b.viewDidDisappear(animated: true)
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: true)
                nav.delegate.didShow(a, animated: true)
                nav.completion()
                b.deinit
                """)
            #expect(completed == ["push", "pop"])
            recorder.finish()
        }
    }

    // MARK: - Popping several, replacing the stack

    @Test(arguments: [true, false])
    func popToRootOverBuriedControllers(animated: Bool) {  // §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(
                recorder, [Leaf(name: "b"), Leaf(name: "c"), Leaf(name: "d")], delegate: delegate)
            #expect(stackNames(nav.controllers, recorder) == ["a", "b", "c", "d"])
            let popped = stackNames(nav.popToRoot(animated: animated) {}, recorder)
            #expect(popped == ["b", "c", "d"])
            recorder.expect(
                """
                b.willMove(toParent: nil)
                b.didMove(toParent: nil)
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                d.willMove(toParent: nil)
                b.deinit
                c.deinit
                """)
            #expect(stackNames(nav.controllers, recorder) == ["a"])
            #expect(stackNames(nav.children, recorder) == ["a", "d"])
            window.runUntilIdle()
            recorder.expect(
                """
                -- only the visible top and the new top appear or disappear; a was buried when nav was shown
                a.loadView()
                a.viewDidLoad()
                d.viewWillDisappear(animated: \(animated))
                a.viewWillAppear(animated: \(animated))
                nav.delegate.willShow(a, animated: \(animated))
                d.viewDidDisappear(animated: \(animated))
                d.didMove(toParent: nil)
                a.viewDidAppear(animated: \(animated))
                nav.delegate.didShow(a, animated: \(animated))
                nav.completion()
                d.deinit
                """)
            #expect(stackNames(nav.children, recorder) == ["a"])
            // The root is the top now: nothing more to pop.
            #expect(nav.popToRoot(animated: animated).isEmpty)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    @Test(arguments: [true, false])
    func popToAControllerInTheStack(animated: Bool) {  // §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let b = Leaf(name: "b")
            let (nav, window) = showStack(recorder, [b, Leaf(name: "c"), Leaf(name: "d")], delegate: delegate)
            let popped = stackNames(nav.pop(to: b, animated: animated) {}, recorder)
            #expect(popped == ["c", "d"])
            recorder.expect(
                """
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                d.willMove(toParent: nil)
                c.deinit
                """)
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            #expect(stackNames(nav.children, recorder) == ["a", "b", "d"])
            window.runUntilIdle()
            recorder.expect(
                """
                -- b was pushed off screen: its view loads now
                b.loadView()
                b.viewDidLoad()
                d.viewWillDisappear(animated: \(animated))
                b.viewWillAppear(animated: \(animated))
                nav.delegate.willShow(b, animated: \(animated))
                d.viewDidDisappear(animated: \(animated))
                d.didMove(toParent: nil)
                b.viewDidAppear(animated: \(animated))
                nav.delegate.didShow(b, animated: \(animated))
                nav.completion()
                d.deinit
                """)
            #expect(stackNames(nav.children, recorder) == ["a", "b"])
            // Popping to the top pops nothing.
            #expect(nav.pop(to: b, animated: animated).isEmpty)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    @Test(arguments: [true, false])
    func setControllersMovesTheRemovedAndTheAdded(animated: Bool) {  // §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, [Leaf(name: "b")], delegate: delegate)
            let a = nav.controllers[0]
            let c = Leaf(name: "c")
            let d = Leaf(name: "d")
            nav.setControllers([a, c, d], animated: animated) {}
            recorder.expect(
                """
                b.willMove(toParent: nil)
                c.willMove(toParent: nav)
                c.didMove(toParent: nav)
                d.willMove(toParent: nav)
                """)
            #expect(stackNames(nav.controllers, recorder) == ["a", "c", "d"])
            #expect(stackNames(nav.children, recorder) == ["a", "b", "c", "d"])
            window.runUntilIdle()
            recorder.expect(
                """
                -- appearance for the old top (b) and the new top (d) only
                d.loadView()
                d.viewDidLoad()
                b.viewWillDisappear(animated: \(animated))
                d.viewWillAppear(animated: \(animated))
                nav.delegate.willShow(d, animated: \(animated))
                b.viewDidDisappear(animated: \(animated))
                b.didMove(toParent: nil)
                d.viewDidAppear(animated: \(animated))
                d.didMove(toParent: nav)
                nav.delegate.didShow(d, animated: \(animated))
                nav.completion()
                b.deinit
                """)
            #expect(stackNames(nav.children, recorder) == ["a", "c", "d"])
            #expect(!c.isViewLoaded)

            // The same top with a new stack under it: the moves, and nothing to show.
            nav.setControllers([Leaf(name: "e"), d], animated: animated) {}
            recorder.expect(
                """
                a.willMove(toParent: nil)
                a.didMove(toParent: nil)
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                e.willMove(toParent: nav)
                e.didMove(toParent: nav)
                """)
            #expect(stackNames(nav.controllers, recorder) == ["e", "d"])
            window.runUntilIdle()
            recorder.expect(
                """
                nav.completion()
                """)
            #expect(stackNames(nav.children, recorder) == ["d", "e"])
            recorder.finish()
        }
    }

    // MARK: - Requests while a transition is in flight

    @Test func aPushWhileAPushIsInFlightWaitsForIt() {  // §1, §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, delegate: delegate)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            nav.push(Leaf(name: "b"), animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                b.willMove(toParent: nav)
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                nav.delegate.willShow(b, animated: true)
                """)
            nav.push(Leaf(name: "c"), animated: true) {}
            recorder.expect("")
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            window.runUntilIdle()
            recorder.expect("-- the second transition waits")
            #expect(driver.summary == ["navigation of nav: a → b"])
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                a.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                nav.delegate.didShow(b, animated: true)
                c.willMove(toParent: nav)
                """)
            #expect(driver.inFlight.isEmpty)
            #expect(window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the end of the turn in which the first completed
                c.loadView()
                c.viewDidLoad()
                b.viewWillDisappear(animated: true)
                c.viewWillAppear(animated: true)
                nav.delegate.willShow(c, animated: true)
                """)
            #expect(driver.summary == ["navigation of nav: b → c"])
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                b.viewDidDisappear(animated: true)
                c.viewDidAppear(animated: true)
                c.didMove(toParent: nav)
                nav.delegate.didShow(c, animated: true)
                nav.completion()
                """)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    @Test func poppingAControllerWhosePushIsInFlight() {  // R7, §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, delegate: delegate)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            nav.push(Leaf(name: "b"), animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                b.willMove(toParent: nav)
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                nav.delegate.willShow(b, animated: true)
                """)
            let popped = nav.pop(animated: true) {}.map { recorder.name(for: $0.id) }
            #expect(popped == nil)
            recorder.expect("-- the pop waits for the push's transition")
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            #expect(stackNames(nav.children, recorder) == ["a", "b"])
            window.runUntilIdle()
            recorder.expect("")
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                a.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                nav.delegate.didShow(b, animated: true)
                b.willMove(toParent: nil)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                """)
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                b.viewDidDisappear(animated: true)
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: true)
                nav.delegate.didShow(a, animated: true)
                nav.completion()
                b.deinit
                """)
            #expect(stackNames(nav.children, recorder) == ["a"])
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    // MARK: - Interactive pop

    @Test func anInteractivePopThatFinishes() {  // §1, §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, [Leaf(name: "b")], delegate: delegate)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            let handle = nav.beginInteractivePop()
            #expect(handle != nil)
            recorder.expect(
                """
                -- inside beginInteractivePop
                b.willMove(toParent: nil)
                a.loadView()
                a.viewDidLoad()
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                """)
            #expect(stackNames(nav.controllers, recorder) == ["a"])
            #expect(stackNames(nav.children, recorder) == ["a", "b"])
            #expect(driver.inFlight.count == 1)
            #expect(driver.inFlight.first?.isInteractive == true)
            driver.update(driver.inFlight[0], to: 0.6)
            #expect(handle?.percentComplete == 0.6)
            window.runUntilIdle()
            recorder.expect("-- the gesture holds the transition")
            handle?.finish()
            recorder.expect("")
            #expect(driver.inFlight.first?.isInteractive == false)
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                b.viewDidDisappear(animated: true)
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: true)
                nav.delegate.didShow(a, animated: true)
                b.deinit
                """)
            #expect(stackNames(nav.controllers, recorder) == ["a"])
            #expect(stackNames(nav.children, recorder) == ["a"])
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    @Test func anInteractivePopThatIsCancelled() {  // §1, §6, R7
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, [Leaf(name: "b")], delegate: delegate)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            let handle = nav.beginInteractivePop()
            recorder.expect(
                """
                b.willMove(toParent: nil)
                a.loadView()
                a.viewDidLoad()
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                """)
            #expect(stackNames(nav.controllers, recorder) == ["a"])
            #expect(stackNames(nav.children, recorder) == ["a", "b"])
            handle?.cancel()
            recorder.expect("")
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                a.viewWillDisappear(animated: true)
                a.viewDidDisappear(animated: true)
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                nav.delegate.willShow(b, animated: true)
                nav.delegate.didShow(b, animated: true)
                """)
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            #expect(stackNames(nav.children, recorder) == ["a", "b"])
            #expect(!window.hasPendingWork)

            // The slot is free again: a second swipe can begin, and the driver cancels it.
            #expect(nav.beginInteractivePop() != nil)
            recorder.expect(
                """
                b.willMove(toParent: nil)
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                """)
            driver.cancel(driver.inFlight[0])
            recorder.expect(
                """
                a.viewWillDisappear(animated: true)
                a.viewDidDisappear(animated: true)
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                nav.delegate.willShow(b, animated: true)
                nav.delegate.didShow(b, animated: true)
                """)
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            recorder.finish()
        }
    }

    @Test func anInteractivePopWithTheDefaultDriverDeallocatesThePoppedController() {  // §1, §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, [Leaf(name: "b")], delegate: delegate)
            nav.beginInteractivePop()?.finish()
            recorder.expect(
                """
                b.willMove(toParent: nil)
                a.loadView()
                a.viewDidLoad()
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                """)
            #expect(window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewDidDisappear(animated: true)
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: true)
                nav.delegate.didShow(a, animated: true)
                b.deinit
                """)
            #expect(stackNames(nav.children, recorder) == ["a"])
            recorder.finish()
        }
    }

    @Test(arguments: [false, true])
    func aPushDuringTheGestureWaitsUntilItEnds(cancelled: Bool) {  // §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, [Leaf(name: "b")], delegate: delegate)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            let handle = nav.beginInteractivePop()
            recorder.expect(
                """
                b.willMove(toParent: nil)
                a.loadView()
                a.viewDidLoad()
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                """)
            nav.push(Leaf(name: "c"), animated: true) {}
            recorder.expect("-- nothing yet")
            #expect(stackNames(nav.controllers, recorder) == ["a"])
            #expect(stackNames(nav.children, recorder) == ["a", "b"])
            if cancelled {
                handle?.cancel()
            } else {
                handle?.finish()
            }
            recorder.expect("")
            #expect(stackNames(nav.controllers, recorder) == (cancelled ? ["a", "b"] : ["a"]))
            window.runUntilIdle()
            recorder.expect("-- the swipe's transition completes first")
            driver.finish(driver.inFlight[0])
            if cancelled {
                recorder.expect(
                    """
                    a.viewWillDisappear(animated: true)
                    a.viewDidDisappear(animated: true)
                    b.viewWillAppear(animated: true)
                    b.viewDidAppear(animated: true)
                    b.didMove(toParent: nav)
                    nav.delegate.willShow(b, animated: true)
                    nav.delegate.didShow(b, animated: true)
                    c.willMove(toParent: nav)
                    """)
            } else {
                recorder.expect(
                    """
                    b.viewDidDisappear(animated: true)
                    b.didMove(toParent: nil)
                    a.viewDidAppear(animated: true)
                    nav.delegate.didShow(a, animated: true)
                    c.willMove(toParent: nav)
                    b.deinit
                    """)
            }
            #expect(window.hasPendingWork)
            window.runUntilIdle()
            let from = cancelled ? "b" : "a"
            recorder.expect(
                """
                c.loadView()
                c.viewDidLoad()
                \(from).viewWillDisappear(animated: true)
                c.viewWillAppear(animated: true)
                nav.delegate.willShow(c, animated: true)
                """)
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                \(from).viewDidDisappear(animated: true)
                c.viewDidAppear(animated: true)
                c.didMove(toParent: nav)
                nav.delegate.didShow(c, animated: true)
                nav.completion()
                """)
            #expect(stackNames(nav.children, recorder) == (cancelled ? ["a", "b", "c"] : ["a", "c"]))
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    @Test func beginInteractivePopReturnsNilWhenItCannotBegin() {  // §1, §6
        let recorder = Recorder()
        recorder.record {
            // One controller.
            let (nav, window) = showStack(recorder)
            #expect(nav.beginInteractivePop() == nil)

            // Off screen.
            let offScreen = NavigationController(name: "offScreen", rootController: Leaf(name: "x"))
            offScreen.push(Leaf(name: "y"), animated: false)
            recorder.expect(
                """
                x.willMove(toParent: offScreen)
                y.willMove(toParent: offScreen)
                x.didMove(toParent: offScreen)
                """)
            #expect(offScreen.beginInteractivePop() == nil)
            #expect(stackNames(offScreen.controllers, recorder) == ["x", "y"])

            // A transition pending.
            nav.push(Leaf(name: "b"), animated: true)
            recorder.expect("b.willMove(toParent: nav)")
            #expect(nav.beginInteractivePop() == nil)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                a.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                """)

            // A transition in flight.
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            nav.push(Leaf(name: "c"), animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                c.willMove(toParent: nav)
                c.loadView()
                c.viewDidLoad()
                b.viewWillDisappear(animated: true)
                c.viewWillAppear(animated: true)
                """)
            #expect(nav.beginInteractivePop() == nil)
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                b.viewDidDisappear(animated: true)
                c.viewDidAppear(animated: true)
                c.didMove(toParent: nav)
                """)

            // A gesture already in progress.
            let handle = nav.beginInteractivePop()
            recorder.expect(
                """
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                """)
            #expect(nav.beginInteractivePop() == nil)
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            handle?.cancel()
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                b.viewDidDisappear(animated: true)
                c.viewWillAppear(animated: true)
                c.viewDidAppear(animated: true)
                c.didMove(toParent: nav)
                """)
            #expect(stackNames(nav.controllers, recorder) == ["a", "b", "c"])
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test(arguments: [false, true])
    func theCoordinatorOfAnInteractivePop(cancelled: Bool) {  // §6
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let b = Probe(name: "b", notes: notes)
            let (nav, window) = showStack(recorder, root: Probe(name: "a", notes: notes), [b])
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            notes.lines.removeAll()
            b.onWillDisappear = { probe in
                probe.transitionCoordinator?.notifyWhenInteractionChanges { context in
                    let state = "interactive: \(context.isInteractive), cancelled: \(context.isCancelled)"
                    notes.lines.append("interaction changed (\(state))")
                }
                probe.registerAlongside()
            }
            let handle = nav.beginInteractivePop()
            recorder.expect(
                """
                b.willMove(toParent: nil)
                a.loadView()
                a.viewDidLoad()
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                """)
            let interactive = "coordinator(animated: true, interactive: true)"
            let settled = "coordinator(animated: true, interactive: false)"
            #expect(
                notes.take() == [
                    "b.viewWillDisappear fromParent=true \(interactive)",
                    "b registered alongside: true",
                    "a.viewWillAppear toParent=false \(interactive)",
                    "alongside animation (animated: true)",
                ])
            let coordinator = b.transitionCoordinator
            #expect(coordinator?.isInteractive == true)
            #expect(coordinator?.isCancelled == false)
            if cancelled {
                handle?.cancel()
            } else {
                handle?.finish()
            }
            #expect(
                notes.take() == ["interaction changed (interactive: false, cancelled: \(cancelled))"])
            #expect(coordinator?.isInteractive == false)
            #expect(coordinator?.isCancelled == cancelled)
            driver.finish(driver.inFlight[0])
            if cancelled {
                recorder.expect(
                    """
                    a.viewWillDisappear(animated: true)
                    a.viewDidDisappear(animated: true)
                    b.viewWillAppear(animated: true)
                    b.viewDidAppear(animated: true)
                    b.didMove(toParent: nav)
                    """)
                #expect(
                    notes.take() == [
                        "a.viewWillDisappear fromParent=false \(settled)",
                        "a.viewDidDisappear fromParent=false \(settled)",
                        "b.viewWillAppear toParent=false \(settled)",
                        "b.viewDidAppear toParent=false \(settled)",
                        "b.didMove(toParent: nav)",
                        "alongside completion (cancelled: true)",
                    ])
            } else {
                recorder.expect(
                    """
                    b.viewDidDisappear(animated: true)
                    b.didMove(toParent: nil)
                    a.viewDidAppear(animated: true)
                    """)
                #expect(
                    notes.take() == [
                        "b.viewDidDisappear fromParent=true \(settled)",
                        "b.didMove(toParent: nil)",
                        "a.viewDidAppear toParent=false \(settled)",
                        "alongside completion (cancelled: false)",
                    ])
            }
            #expect(b.transitionCoordinator == nil)
            #expect(nav.transitionCoordinator == nil)
            recorder.finish()
        }
    }

    @Test(arguments: [false, true])
    func undoingWhatViewWillDisappearDidWhenTheSwipeIsCancelled(cancelled: Bool) {  // §6
        let recorder = Recorder()
        recorder.record {
            let editor = Editor(name: "editor")
            let (nav, window) = showStack(recorder, [editor])
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            #expect(editor.isEditing)
            let handle = nav.beginInteractivePop()
            recorder.expect(
                """
                editor.willMove(toParent: nil)
                a.loadView()
                a.viewDidLoad()
                editor.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                """)
            #expect(!editor.isEditing)
            if cancelled {
                handle?.cancel()
            } else {
                handle?.finish()
            }
            #expect(!editor.isEditing)
            driver.finish(driver.inFlight[0])
            if cancelled {
                recorder.expect(
                    """
                    a.viewWillDisappear(animated: true)
                    a.viewDidDisappear(animated: true)
                    editor.viewWillAppear(animated: true)
                    editor.viewDidAppear(animated: true)
                    editor.didMove(toParent: nav)
                    """)
            } else {
                recorder.expect(
                    """
                    editor.viewDidDisappear(animated: true)
                    editor.didMove(toParent: nil)
                    a.viewDidAppear(animated: true)
                    """)
            }
            #expect(editor.isEditing == cancelled)
            recorder.finish()
        }
    }

    // MARK: - Off screen

    @Test func offScreenRequestsCompleteInsideTheCall() {  // §1, §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            nav.delegate = delegate
            recorder.expect(
                """
                a.willMove(toParent: nav)
                """)
            var completed: [String] = []
            nav.push(Leaf(name: "b"), animated: true) { completed.append("b") }
            recorder.expect(
                """
                b.willMove(toParent: nav)
                a.didMove(toParent: nav)
                nav.completion()
                """)
            #expect(completed == ["b"])
            nav.push(Leaf(name: "c"), animated: true)
            recorder.expect(
                """
                c.willMove(toParent: nav)
                b.didMove(toParent: nav)
                """)
            let popped = nav.pop(animated: true) { completed.append("pop") }.map { recorder.name(for: $0.id) }
            #expect(popped == "c")
            recorder.expect(
                """
                c.didMove(toParent: nil)
                nav.completion()
                c.deinit
                """)
            #expect(completed == ["b", "pop"])
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            #expect(stackNames(nav.children, recorder) == ["a", "b"])
            #expect(!nav.isViewLoaded)

            let window = show(nav)
            recorder.expect(
                """
                -- the top shows with the navigation controller
                nav.loadView()
                nav.viewDidLoad()
                nav.viewWillAppear(animated: false)
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                nav.delegate.willShow(b, animated: false)
                nav.viewDidAppear(animated: false)
                b.viewDidAppear(animated: false)
                nav.delegate.didShow(b, animated: false)
                """)
            #expect(!nav.controllers[0].isViewLoaded)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    @Test func requestsInAHiddenWindowCompleteInsideTheCall() {  // §1
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, delegate: delegate)
            window.isHidden = true
            recorder.expect(
                """
                nav.viewWillDisappear(animated: false)
                a.viewWillDisappear(animated: false)
                nav.viewDidDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                """)
            nav.push(Leaf(name: "b"), animated: true)
            recorder.expect(
                """
                b.willMove(toParent: nav)
                b.loadView()
                b.viewDidLoad()
                """)
            #expect(!window.hasPendingWork)
            window.isHidden = false
            window.runUntilIdle()
            recorder.expect(
                """
                nav.viewWillAppear(animated: false)
                b.viewWillAppear(animated: false)
                nav.delegate.willShow(b, animated: false)
                nav.viewDidAppear(animated: false)
                b.viewDidAppear(animated: false)
                b.didMove(toParent: nav)
                nav.delegate.didShow(b, animated: false)
                """)
            recorder.finish()
        }
    }

    // MARK: - Refusals

    @Test func refusedPushes() {  // §6, §11
        let recorder = Recorder()
        recorder.record {
            let b = Leaf(name: "b")
            let (nav, window) = showStack(recorder, [b])
            let a = nav.controllers[0]
            let inner = NavigationController(name: "inner", rootController: Leaf(name: "x"))
            let p = Parent(name: "p")
            let y = Leaf(name: "y")
            embed(y, in: p)
            recorder.skipEvents()

            recorder.expectViolation(.pushingControllerInStack, unchanged: [nav]) {
                nav.push(a, animated: true)
            }
            recorder.expectViolation(.pushingControllerInStack, unchanged: [nav]) {
                nav.push(b, animated: false)
            }
            recorder.expectViolation(.pushingNavigationController, unchanged: [nav, inner]) {
                nav.push(inner, animated: true)
            }
            recorder.expectViolation(.pushingControllerWithParent, unchanged: [nav, p]) {
                nav.push(y, animated: true)
            }
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.map(\.severity) == [.fault, .fault, .fault, .fault])
    }

    @Test func refusedManualMovesOfStackMembers() {  // R9, §6, §11
        let recorder = Recorder()
        recorder.record {
            let b = Leaf(name: "b")
            let (nav, window) = showStack(recorder, [b])
            let a = nav.controllers[0]
            let q = Parent(name: "q")
            let x = Leaf(name: "x")
            recorder.skipEvents()

            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [nav, x]) {
                nav.addChild(x)
            }
            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [nav]) {
                b.removeFromParent()
            }
            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [nav]) {
                a.removeFromParent()
            }
            recorder.expectViolation(.builtInContainerChildMovedByHand, unchanged: [nav, q]) {
                q.addChild(b)
            }
            recorder.expectViolation(.invalidTransition, unchanged: [nav]) {
                nav.transition(from: b, to: a, duration: 0.3, animations: nil, completion: nil)
            }
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            #expect(stackNames(nav.children, recorder) == ["a", "b"])
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    @Test func popToAControllerNotInTheStackIsRefused() {  // §6, §11
        let recorder = Recorder()
        recorder.record {
            let (nav, window) = showStack(recorder, [Leaf(name: "b")])
            let stranger = Leaf(name: "stranger")
            let popped = recorder.expectViolation(.poppingToControllerNotInStack, unchanged: [nav]) {
                nav.pop(to: stranger, animated: true)
            }
            #expect(popped.isEmpty)
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    @Test(arguments: [true, false])
    func poppingTheRootReturnsNilAndChangesNothing(animated: Bool) {  // §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, delegate: delegate)
            var completed = false
            #expect(nav.pop(animated: animated, completion: { completed = true }) == nil)
            #expect(nav.popToRoot(animated: animated).isEmpty)
            #expect(nav.pop(to: nav.controllers[0], animated: animated).isEmpty)
            #expect(stackNames(nav.controllers, recorder) == ["a"])
            #expect(!window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect("")
            #expect(!completed)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - Deallocation

    @Test func poppedControllersAndTheirViewsDeallocateAfterTheTransition() {  // §1
        let recorder = Recorder()
        let delegate = NavDelegate()
        let tracker = LeakTracker()
        recorder.record {
            let (nav, window) = showStack(recorder, delegate: delegate)
            do {
                let b = Leaf(name: "b")
                let c = Leaf(name: "c")
                tracker.track(b)
                tracker.track(c)
                nav.push(b, animated: true)
                nav.push(c, animated: true)
                window.runUntilIdle()
                tracker.track(c.view)
                nav.popToRoot(animated: true)
                recorder.skipEvents()
            }
            // The transition that shows the pop holds c until it completes.
            recorder.expect("b.deinit")
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                c.viewDidDisappear(animated: true)
                c.didMove(toParent: nil)
                a.viewDidAppear(animated: true)
                nav.delegate.didShow(a, animated: true)
                c.deinit
                """)
            tracker.expectAllDeallocated()
            recorder.finish()
        }
    }

    @Test func aControllerPoppedWhileItsPushIsHeldDeallocates() {  // §1
        let recorder = Recorder()
        recorder.record {
            expectDeallocated {
                let (nav, window) = showStack(recorder)
                let driver = ManualAnimationDriver()
                driver.install(on: window)
                let b = Leaf(name: "b")
                nav.push(b, animated: true)
                window.runUntilIdle()
                nav.pop(animated: true)
                driver.finishAll()
                window.runUntilIdle()
                driver.finishAll()
                #expect(stackNames(nav.children, recorder) == ["a"])
                recorder.skipEvents()
                return [b, b.view]
            }
            recorder.finish()
        }
    }

    // MARK: - Requests made during an interactive pop

    /// `nav` showing `[a, b, c]` in a visible window with a manual driver, the swipe back from `c`
    /// begun; the transcript up to there is asserted.
    private func beginSwipeOverThree(
        _ recorder: Recorder, delegate: NavDelegate
    ) -> (nav: NavigationController, window: Window, driver: ManualAnimationDriver, handle: InteractiveTransition?) {
        let (nav, window) = showStack(recorder, [Leaf(name: "b"), Leaf(name: "c")], delegate: delegate)
        let driver = ManualAnimationDriver()
        driver.install(on: window)
        let handle = nav.beginInteractivePop()
        recorder.expect(
            """
            c.willMove(toParent: nil)
            b.loadView()
            b.viewDidLoad()
            c.viewWillDisappear(animated: true)
            b.viewWillAppear(animated: true)
            nav.delegate.willShow(b, animated: true)
            """)
        #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
        #expect(stackNames(nav.children, recorder) == ["a", "b", "c"])
        return (nav, window, driver, handle)
    }

    @Test func aPopDuringACancelledSwipeWaitsForTheTopsMoveToEnd() {  // §6, R7
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window, driver, handle) = beginSwipeOverThree(recorder, delegate: delegate)
            #expect(nav.pop(animated: true) {} == nil)
            recorder.expect("-- the pop waits for the gesture")
            handle?.cancel()
            recorder.expect("-- the pop waits for the swipe's transition to complete")
            #expect(stackNames(nav.controllers, recorder) == ["a", "b", "c"])
            #expect(stackNames(nav.children, recorder) == ["a", "b", "c"])
            window.runUntilIdle()
            recorder.expect("-- the swipe's transition completes first")
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                b.viewDidDisappear(animated: true)
                c.viewWillAppear(animated: true)
                c.viewDidAppear(animated: true)
                c.didMove(toParent: nav)
                nav.delegate.willShow(c, animated: true)
                nav.delegate.didShow(c, animated: true)
                c.willMove(toParent: nil)
                """)
            #expect(window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                nav.delegate.willShow(b, animated: true)
                """)
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                c.viewDidDisappear(animated: true)
                c.didMove(toParent: nil)
                b.viewDidAppear(animated: true)
                nav.delegate.didShow(b, animated: true)
                nav.completion()
                c.deinit
                """)
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            #expect(stackNames(nav.children, recorder) == ["a", "b"])
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aPopDuringAFinishedSwipePopsTheControllerBelow() {  // §6, R7
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window, driver, handle) = beginSwipeOverThree(recorder, delegate: delegate)
            #expect(nav.pop(animated: true) {} == nil)
            recorder.expect("-- the pop waits for the gesture")
            handle?.finish()
            recorder.expect("")
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            #expect(stackNames(nav.children, recorder) == ["a", "b", "c"])
            window.runUntilIdle()
            recorder.expect("-- the swipe's transition completes first")
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                c.viewDidDisappear(animated: true)
                c.didMove(toParent: nil)
                b.viewDidAppear(animated: true)
                nav.delegate.didShow(b, animated: true)
                b.willMove(toParent: nil)
                c.deinit
                """)
            #expect(window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect(
                """
                a.loadView()
                a.viewDidLoad()
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                """)
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                b.viewDidDisappear(animated: true)
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: true)
                nav.delegate.didShow(a, animated: true)
                nav.completion()
                b.deinit
                """)
            #expect(stackNames(nav.children, recorder) == ["a"])
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test(arguments: [false, true])
    func aPopToRootDuringTheGestureWaitsUntilItEnds(cancelled: Bool) {  // §6, R7
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window, driver, handle) = beginSwipeOverThree(recorder, delegate: delegate)
            #expect(nav.popToRoot(animated: true) {}.isEmpty)
            recorder.expect("-- the request waits for the gesture")
            if cancelled {
                handle?.cancel()
                recorder.expect(
                    """
                    -- the request waits for the swipe's transition to complete
                    """)
            } else {
                handle?.finish()
                recorder.expect("")
            }
            #expect(stackNames(nav.controllers, recorder) == (cancelled ? ["a", "b", "c"] : ["a", "b"]))
            window.runUntilIdle()
            recorder.expect("-- the swipe's transition completes first")
            driver.finish(driver.inFlight[0])
            if cancelled {
                recorder.expect(
                    """
                    b.viewWillDisappear(animated: true)
                    b.viewDidDisappear(animated: true)
                    c.viewWillAppear(animated: true)
                    c.viewDidAppear(animated: true)
                    c.didMove(toParent: nav)
                    nav.delegate.willShow(c, animated: true)
                    nav.delegate.didShow(c, animated: true)
                    b.willMove(toParent: nil)
                    b.didMove(toParent: nil)
                    c.willMove(toParent: nil)
                    b.deinit
                    """)
            } else {
                recorder.expect(
                    """
                    c.viewDidDisappear(animated: true)
                    c.didMove(toParent: nil)
                    b.viewDidAppear(animated: true)
                    nav.delegate.didShow(b, animated: true)
                    b.willMove(toParent: nil)
                    c.deinit
                    """)
            }
            window.runUntilIdle()
            let from = cancelled ? "c" : "b"
            recorder.expect(
                """
                a.loadView()
                a.viewDidLoad()
                \(from).viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                """)
            driver.finish(driver.inFlight[0])
            if cancelled {
                recorder.expect(
                    """
                    c.viewDidDisappear(animated: true)
                    c.didMove(toParent: nil)
                    a.viewDidAppear(animated: true)
                    nav.delegate.didShow(a, animated: true)
                    nav.completion()
                    c.deinit
                    """)
            } else {
                recorder.expect(
                    """
                    b.viewDidDisappear(animated: true)
                    b.didMove(toParent: nil)
                    a.viewDidAppear(animated: true)
                    nav.delegate.didShow(a, animated: true)
                    nav.completion()
                    b.deinit
                    """)
            }
            #expect(stackNames(nav.children, recorder) == ["a"])
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test(arguments: [false, true])
    func setControllersDuringTheGestureWaitsUntilItEnds(cancelled: Bool) {  // §6, R7
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window, driver, handle) = beginSwipeOverThree(recorder, delegate: delegate)
            let a = nav.controllers[0]
            nav.setControllers([a, Leaf(name: "d")], animated: true) {}
            recorder.expect("-- the request waits for the gesture")
            if cancelled {
                handle?.cancel()
                recorder.expect(
                    """
                    -- the request waits for the swipe's transition to complete
                    """)
            } else {
                handle?.finish()
                recorder.expect(
                    """
                    """)
            }
            #expect(stackNames(nav.controllers, recorder) == (cancelled ? ["a", "b", "c"] : ["a", "b"]))
            window.runUntilIdle()
            recorder.expect("-- the swipe's transition completes first")
            driver.finish(driver.inFlight[0])
            if cancelled {
                recorder.expect(
                    """
                    b.viewWillDisappear(animated: true)
                    b.viewDidDisappear(animated: true)
                    c.viewWillAppear(animated: true)
                    c.viewDidAppear(animated: true)
                    c.didMove(toParent: nav)
                    nav.delegate.willShow(c, animated: true)
                    nav.delegate.didShow(c, animated: true)
                    b.willMove(toParent: nil)
                    b.didMove(toParent: nil)
                    c.willMove(toParent: nil)
                    d.willMove(toParent: nav)
                    b.deinit
                    """)
            } else {
                recorder.expect(
                    """
                    c.viewDidDisappear(animated: true)
                    c.didMove(toParent: nil)
                    b.viewDidAppear(animated: true)
                    nav.delegate.didShow(b, animated: true)
                    b.willMove(toParent: nil)
                    d.willMove(toParent: nav)
                    c.deinit
                    """)
            }
            window.runUntilIdle()
            let from = cancelled ? "c" : "b"
            recorder.expect(
                """
                d.loadView()
                d.viewDidLoad()
                \(from).viewWillDisappear(animated: true)
                d.viewWillAppear(animated: true)
                nav.delegate.willShow(d, animated: true)
                """)
            driver.finish(driver.inFlight[0])
            if cancelled {
                recorder.expect(
                    """
                    c.viewDidDisappear(animated: true)
                    c.didMove(toParent: nil)
                    d.viewDidAppear(animated: true)
                    d.didMove(toParent: nav)
                    nav.delegate.didShow(d, animated: true)
                    nav.completion()
                    c.deinit
                    """)
            } else {
                recorder.expect(
                    """
                    b.viewDidDisappear(animated: true)
                    b.didMove(toParent: nil)
                    d.viewDidAppear(animated: true)
                    d.didMove(toParent: nav)
                    nav.delegate.didShow(d, animated: true)
                    nav.completion()
                    b.deinit
                    """)
            }
            #expect(stackNames(nav.children, recorder) == ["a", "d"])
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test(arguments: [false, true])
    func aPushDuringTheGestureOverThreeWaitsUntilItEnds(cancelled: Bool) {  // §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window, driver, handle) = beginSwipeOverThree(recorder, delegate: delegate)
            nav.push(Leaf(name: "d"), animated: true) {}
            recorder.expect("-- the request waits for the gesture")
            if cancelled {
                handle?.cancel()
            } else {
                handle?.finish()
            }
            recorder.expect("")
            #expect(stackNames(nav.controllers, recorder) == (cancelled ? ["a", "b", "c"] : ["a", "b"]))
            window.runUntilIdle()
            recorder.expect("-- the swipe's transition completes first")
            driver.finish(driver.inFlight[0])
            if cancelled {
                recorder.expect(
                    """
                    b.viewWillDisappear(animated: true)
                    b.viewDidDisappear(animated: true)
                    c.viewWillAppear(animated: true)
                    c.viewDidAppear(animated: true)
                    c.didMove(toParent: nav)
                    nav.delegate.willShow(c, animated: true)
                    nav.delegate.didShow(c, animated: true)
                    d.willMove(toParent: nav)
                    """)
            } else {
                recorder.expect(
                    """
                    c.viewDidDisappear(animated: true)
                    c.didMove(toParent: nil)
                    b.viewDidAppear(animated: true)
                    nav.delegate.didShow(b, animated: true)
                    d.willMove(toParent: nav)
                    c.deinit
                    """)
            }
            window.runUntilIdle()
            let from = cancelled ? "c" : "b"
            recorder.expect(
                """
                d.loadView()
                d.viewDidLoad()
                \(from).viewWillDisappear(animated: true)
                d.viewWillAppear(animated: true)
                nav.delegate.willShow(d, animated: true)
                """)
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                \(from).viewDidDisappear(animated: true)
                d.viewDidAppear(animated: true)
                d.didMove(toParent: nav)
                nav.delegate.didShow(d, animated: true)
                nav.completion()
                """)
            #expect(stackNames(nav.children, recorder) == (cancelled ? ["a", "b", "c", "d"] : ["a", "b", "d"]))
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func pushingTheSwipedControllerBackThenPoppingItDuringTheGesture() {  // §6, R7
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window, driver, handle) = beginSwipeOverThree(recorder, delegate: delegate)
            let c = nav.children[2]
            nav.push(c, animated: true)
            nav.pop(animated: true) {}
            recorder.expect("-- both wait for the gesture")
            handle?.finish()
            recorder.expect("-- both wait for the swipe's transition to complete")
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                c.viewDidDisappear(animated: true)
                c.didMove(toParent: nil)
                b.viewDidAppear(animated: true)
                nav.delegate.didShow(b, animated: true)
                c.willMove(toParent: nav)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the push of c is applied; the pop waits for its transition
                b.viewWillDisappear(animated: true)
                c.viewWillAppear(animated: true)
                nav.delegate.willShow(c, animated: true)
                """)
            #expect(stackNames(nav.children, recorder) == ["a", "b", "c"])
            // The requests still waiting are applied in turn, each after the transition before it.
            window.runUntilIdle()
            while let animation = driver.inFlight.first {
                driver.finish(animation)
                window.runUntilIdle()
            }
            recorder.expect(
                """
                b.viewDidDisappear(animated: true)
                c.viewDidAppear(animated: true)
                c.didMove(toParent: nav)
                nav.delegate.didShow(c, animated: true)
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                nav.delegate.willShow(b, animated: true)
                c.viewDidDisappear(animated: true)
                c.didMove(toParent: nil)
                b.viewDidAppear(animated: true)
                nav.delegate.didShow(b, animated: true)
                nav.completion()
                """)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func pushingBackAndPoppingAgainAControllerWhosePopIsInFlight() {  // §6, R7
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, [Leaf(name: "b")], delegate: delegate)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            let b = nav.children[1]
            nav.pop(animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                b.willMove(toParent: nil)
                a.loadView()
                a.viewDidLoad()
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                """)
            nav.push(b, animated: true)
            nav.pop(animated: true) {}
            recorder.expect("-- both wait for the pop's transition to complete")
            #expect(stackNames(nav.controllers, recorder) == ["a"])
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                b.viewDidDisappear(animated: true)
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: true)
                nav.delegate.didShow(a, animated: true)
                b.willMove(toParent: nav)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                nav.delegate.willShow(b, animated: true)
                """)
            #expect(stackNames(nav.children, recorder) == ["a", "b"])
            // The requests still waiting are applied in turn, each after the transition before it.
            window.runUntilIdle()
            while let animation = driver.inFlight.first {
                driver.finish(animation)
                window.runUntilIdle()
            }
            recorder.expect(
                """
                a.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                nav.delegate.didShow(b, animated: true)
                b.willMove(toParent: nil)
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                b.viewDidDisappear(animated: true)
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: true)
                nav.delegate.didShow(a, animated: true)
                nav.completion()
                """)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aControllerPushedBackInTheTurnOfItsPopAndPoppedAgainInFlight() {  // §6, R7
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, [Leaf(name: "b")], delegate: delegate)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            let b = nav.children[1]
            nav.pop(animated: true)
            nav.push(b, animated: true)
            nav.push(Leaf(name: "c"), animated: true)
            recorder.expect(
                """
                b.willMove(toParent: nil)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                a.loadView()
                a.viewDidLoad()
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                """)
            nav.pop(animated: true)
            nav.pop(animated: true) {}
            recorder.expect("-- both wait for the transition in flight, behind the push of c")
            #expect(stackNames(nav.controllers, recorder) == ["a"])
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                b.viewDidDisappear(animated: true)
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: true)
                nav.delegate.didShow(a, animated: true)
                b.willMove(toParent: nav)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                nav.delegate.willShow(b, animated: true)
                """)
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                a.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                nav.delegate.didShow(b, animated: true)
                c.willMove(toParent: nav)
                """)
            #expect(stackNames(nav.children, recorder) == ["a", "b", "c"])
            #expect(window.hasPendingWork)
            // The requests still waiting are applied in turn, each after the transition before it.
            window.runUntilIdle()
            while let animation = driver.inFlight.first {
                driver.finish(animation)
                window.runUntilIdle()
            }
            recorder.expect(
                """
                c.loadView()
                c.viewDidLoad()
                b.viewWillDisappear(animated: true)
                c.viewWillAppear(animated: true)
                nav.delegate.willShow(c, animated: true)
                b.viewDidDisappear(animated: true)
                c.viewDidAppear(animated: true)
                c.didMove(toParent: nav)
                nav.delegate.didShow(c, animated: true)
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                nav.delegate.willShow(b, animated: true)
                c.viewDidDisappear(animated: true)
                c.didMove(toParent: nil)
                b.viewDidAppear(animated: true)
                nav.delegate.didShow(b, animated: true)
                c.deinit
                b.willMove(toParent: nil)
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                b.viewDidDisappear(animated: true)
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: true)
                nav.delegate.didShow(a, animated: true)
                nav.completion()
                """)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }
}

/// The transcripts of spec §6 (revision 2), line for line: requests applied inside their call or
/// waiting for the transition pending or in flight, the end of a transition, the top's move off
/// screen, the navigation controller's own appearance, the cancelled interactive pop.
@Suite @MainActor struct NavigationSpecTranscriptTests {
    @Test func pushThenPop() {  // §6: push, pop
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, delegate: delegate)
            nav.push(Leaf(name: "b"), animated: true)
            recorder.expect("b.willMove(toParent: nav)")
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                nav.delegate.willShow(b, animated: true)
                a.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                nav.delegate.didShow(b, animated: true)
                """)
            nav.pop(animated: true)
            recorder.expect("b.willMove(toParent: nil)")
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                b.viewDidDisappear(animated: true)
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: true)
                nav.delegate.didShow(a, animated: true)
                b.deinit
                """)
            recorder.finish()
        }
    }

    @Test func twoAnimatedPushesInOneTurnShowTwoTransitions() {  // §6: the second push waits
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, delegate: delegate)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            nav.push(Leaf(name: "b"), animated: true) {}
            nav.push(Leaf(name: "c"), animated: true) {}
            recorder.expect("b.willMove(toParent: nav)")
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                nav.delegate.willShow(b, animated: true)
                """)
            #expect(driver.summary == ["navigation of nav: a → b"])
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                a.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                nav.delegate.didShow(b, animated: true)
                nav.completion()
                c.willMove(toParent: nav)
                """)
            #expect(stackNames(nav.controllers, recorder) == ["a", "b", "c"])
            window.runUntilIdle()
            recorder.expect(
                """
                c.loadView()
                c.viewDidLoad()
                b.viewWillDisappear(animated: true)
                c.viewWillAppear(animated: true)
                nav.delegate.willShow(c, animated: true)
                """)
            #expect(driver.summary == ["navigation of nav: b → c"])
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                b.viewDidDisappear(animated: true)
                c.viewDidAppear(animated: true)
                c.didMove(toParent: nav)
                nav.delegate.didShow(c, animated: true)
                nav.completion()
                """)
            recorder.finish()
        }
    }

    @Test func twoNonAnimatedPushesInOneTurnShowOneTransition() {  // §6: applied at once
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, delegate: delegate)
            nav.push(Leaf(name: "b"), animated: false) {}
            nav.push(Leaf(name: "c"), animated: false) {}
            recorder.expect(
                """
                b.willMove(toParent: nav)
                c.willMove(toParent: nav)
                b.didMove(toParent: nav)
                """)
            #expect(stackNames(nav.controllers, recorder) == ["a", "b", "c"])
            window.runUntilIdle()
            recorder.expect(
                """
                c.loadView()
                c.viewDidLoad()
                a.viewWillDisappear(animated: false)
                c.viewWillAppear(animated: false)
                nav.delegate.willShow(c, animated: false)
                a.viewDidDisappear(animated: false)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: nav)
                nav.delegate.didShow(c, animated: false)
                nav.completion()
                nav.completion()
                """)
            recorder.finish()
        }
    }

    @Test func anAnimatedPushWaitsForAPendingNonAnimatedOne() {  // §6: "an animated one waits"
        let recorder = Recorder()
        recorder.record {
            let (nav, window) = showStack(recorder)
            nav.push(Leaf(name: "b"), animated: false)
            nav.push(Leaf(name: "c"), animated: true)
            recorder.expect("b.willMove(toParent: nav)")
            #expect(stackNames(nav.controllers, recorder) == ["a", "b"])
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: false)
                b.viewWillAppear(animated: false)
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                b.didMove(toParent: nav)
                c.willMove(toParent: nav)
                c.loadView()
                c.viewDidLoad()
                b.viewWillDisappear(animated: true)
                c.viewWillAppear(animated: true)
                b.viewDidDisappear(animated: true)
                c.viewDidAppear(animated: true)
                c.didMove(toParent: nav)
                """)
            recorder.finish()
        }
    }

    @Test(arguments: [true, false])
    func popToRootOverBuriedControllers(animated: Bool) {  // §6: pop to root
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(
                recorder, [Leaf(name: "b"), Leaf(name: "c"), Leaf(name: "d")], delegate: delegate)
            #expect(nav.popToRoot(animated: animated) {}.count == 3)
            recorder.expect(
                """
                b.willMove(toParent: nil)
                b.didMove(toParent: nil)
                c.willMove(toParent: nil)
                c.didMove(toParent: nil)
                d.willMove(toParent: nil)
                b.deinit
                c.deinit
                """)
            #expect(stackNames(nav.controllers, recorder) == ["a"])
            window.runUntilIdle()
            recorder.expect(
                """
                a.loadView()
                a.viewDidLoad()
                d.viewWillDisappear(animated: \(animated))
                a.viewWillAppear(animated: \(animated))
                nav.delegate.willShow(a, animated: \(animated))
                d.viewDidDisappear(animated: \(animated))
                d.didMove(toParent: nil)
                a.viewDidAppear(animated: \(animated))
                nav.delegate.didShow(a, animated: \(animated))
                nav.completion()
                d.deinit
                """)
            recorder.finish()
        }
    }

    @Test(arguments: [true, false])
    func setControllersCompletesAllButTheShownAndTheNewTopInsideTheCall(animated: Bool) {  // §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, [Leaf(name: "b")], delegate: delegate)
            nav.setControllers([Leaf(name: "c"), Leaf(name: "d")], animated: animated) {}
            recorder.expect(
                """
                a.willMove(toParent: nil)
                a.didMove(toParent: nil)
                a.deinit
                b.willMove(toParent: nil)
                c.willMove(toParent: nav)
                c.didMove(toParent: nav)
                d.willMove(toParent: nav)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                d.loadView()
                d.viewDidLoad()
                b.viewWillDisappear(animated: \(animated))
                d.viewWillAppear(animated: \(animated))
                nav.delegate.willShow(d, animated: \(animated))
                b.viewDidDisappear(animated: \(animated))
                b.didMove(toParent: nil)
                d.viewDidAppear(animated: \(animated))
                d.didMove(toParent: nav)
                nav.delegate.didShow(d, animated: \(animated))
                nav.completion()
                b.deinit
                """)
            recorder.finish()
        }
    }

    @Test(arguments: [false, true])
    func anInteractivePop(cancelled: Bool) {  // §6: interactive pop, finished and cancelled
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, [Leaf(name: "top")], delegate: delegate)
            let handle = nav.beginInteractivePop()
            recorder.expect(
                """
                top.willMove(toParent: nil)
                a.loadView()
                a.viewDidLoad()
                top.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                """)
            if cancelled { handle?.cancel() } else { handle?.finish() }
            recorder.expect("")
            window.runUntilIdle()
            recorder.expect(
                cancelled
                    ? """
                    a.viewWillDisappear(animated: true)
                    a.viewDidDisappear(animated: true)
                    top.viewWillAppear(animated: true)
                    top.viewDidAppear(animated: true)
                    top.didMove(toParent: nav)
                    nav.delegate.willShow(top, animated: true)
                    nav.delegate.didShow(top, animated: true)
                    """
                    : """
                    top.viewDidDisappear(animated: true)
                    top.didMove(toParent: nil)
                    a.viewDidAppear(animated: true)
                    nav.delegate.didShow(a, animated: true)
                    top.deinit
                    """)
            recorder.finish()
        }
    }

    @Test func aNavigationControllerMadeWithARootAndShownAtOnce() {  // §6: the root's move, its own appearance
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            nav.delegate = delegate
            recorder.expect("a.willMove(toParent: nav)")
            let window = makeWindow()
            window.rootController = nav
            window.makeKeyAndVisible()
            recorder.expect(
                """
                nav.loadView()
                nav.viewDidLoad()
                nav.viewWillAppear(animated: false)
                a.loadView()
                a.viewDidLoad()
                a.viewWillAppear(animated: false)
                nav.delegate.willShow(a, animated: false)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                nav.viewDidAppear(animated: false)
                a.viewDidAppear(animated: false)
                a.didMove(toParent: nav)
                nav.delegate.didShow(a, animated: false)
                """)
            recorder.finish()
        }
    }

    // MARK: - Decisions where the spec is silent

    @Test func aRequestWaitingForATransitionThatLeavingTheWindowCompletesIsAppliedAsItCompletes() {  // §1, §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let (nav, window) = showStack(recorder, delegate: delegate)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            nav.push(Leaf(name: "b"), animated: true)
            window.runUntilIdle()
            nav.push(Leaf(name: "c"), animated: true) {}
            recorder.skipEvents()
            window.rootController = nil
            recorder.expect(
                """
                a.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                nav.delegate.didShow(b, animated: true)
                c.willMove(toParent: nav)
                nav.viewWillDisappear(animated: false)
                b.viewWillDisappear(animated: false)
                """)
            // The push of c was applied as b's transition completed, before nav left the window.
            #expect(stackNames(nav.controllers, recorder) == ["a", "b", "c"])
            window.runUntilIdle()
            recorder.expect(
                """
                c.loadView()
                c.viewDidLoad()
                nav.completion()
                nav.viewDidDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                """)
            recorder.finish()
        }
    }

    @Test func anOffScreenRequestFirstCompletesATransitionPendingInAWindowTheNavigationControllerLeft() {  // §1, §6
        let recorder = Recorder()
        recorder.record {
            let (nav, window) = showStack(recorder)
            nav.push(Leaf(name: "b"), animated: true)
            recorder.expect("b.willMove(toParent: nav)")
            // nav leaves the window before the push's transition starts.
            window.rootController = nil
            recorder.expect(
                """
                nav.viewWillDisappear(animated: false)
                a.viewWillDisappear(animated: false)
                """)
            // Off screen: the pending transition to b completes first, as an off-screen one does (b's
            // move stays open, waiting for its first appearance), then the push of c is applied.
            nav.push(Leaf(name: "c"), animated: true) {}
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                c.willMove(toParent: nav)
                b.didMove(toParent: nav)
                c.loadView()
                c.viewDidLoad()
                nav.completion()
                """)
            #expect(stackNames(nav.controllers, recorder) == ["a", "b", "c"])
            window.runUntilIdle()
            recorder.expect(
                """
                nav.viewDidDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                """)
            recorder.finish()
        }
    }

    @Test func aSwipeBackCannotBeginWhileTheTopsMoveIsOpen() {  // §6
        let recorder = Recorder()
        recorder.record {
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            nav.push(Leaf(name: "b"), animated: false)
            let window = makeWindow()
            window.rootController = nav
            window.makeKeyAndVisible()
            recorder.skipEvents()
            // b is appearing and its move to nav is open until its first viewDidAppear.
            #expect(nav.beginInteractivePop() == nil)
            recorder.expect("")
            window.runUntilIdle()
            recorder.expect(
                """
                nav.viewDidAppear(animated: false)
                b.viewDidAppear(animated: false)
                b.didMove(toParent: nav)
                """)
            // Appeared, b can be swiped back.
            let handle = nav.beginInteractivePop()
            #expect(handle != nil)
            handle?.cancel()
            window.runUntilIdle()
            recorder.skipEvents()
            recorder.finish()
        }
    }

    @Test func theNavigationControllersOwnDidShowGivesWayToATransitionInTheSameTurn() {  // §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            nav.delegate = delegate
            let window = makeWindow()
            window.rootController = nav
            window.makeKeyAndVisible()
            // A transition of its own is pending from now on: the willShow(a) sent stays, its
            // didShow(a) is replaced by the push's willShow(b) and didShow(b) (no didShow(a)).
            nav.push(Leaf(name: "b"), animated: true)
            recorder.expect(
                """
                a.willMove(toParent: nav)
                nav.loadView()
                nav.viewDidLoad()
                nav.viewWillAppear(animated: false)
                a.loadView()
                a.viewDidLoad()
                a.viewWillAppear(animated: false)
                nav.delegate.willShow(a, animated: false)
                b.willMove(toParent: nav)
                a.didMove(toParent: nav)
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                nav.viewDidAppear(animated: false)
                a.viewDidAppear(animated: false)
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                nav.delegate.willShow(b, animated: true)
                a.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                nav.delegate.didShow(b, animated: true)
                """)
            recorder.finish()
        }
    }

    @Test func aTabSwitchShowingANavigationControllerTellsItsDelegate() {  // §6, §7
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            nav.delegate = delegate
            let tabs = TabBarController(name: "tabs")
            tabs.controllers = [Leaf(name: "first"), nav]
            let window = show(tabs)
            recorder.skipEvents()
            tabs.selectedIndex = 1
            window.runUntilIdle()
            recorder.expect(
                """
                nav.loadView()
                nav.viewDidLoad()
                nav.viewWillAppear(animated: false)
                a.loadView()
                a.viewDidLoad()
                a.viewWillAppear(animated: false)
                nav.delegate.willShow(a, animated: false)
                first.viewWillDisappear(animated: false)
                first.viewDidDisappear(animated: false)
                nav.viewDidAppear(animated: false)
                a.viewDidAppear(animated: false)
                a.didMove(toParent: nav)
                nav.delegate.didShow(a, animated: false)
                """)
            // Once each per appearance: shown again, it tells its delegate again.
            tabs.selectedIndex = 0
            window.runUntilIdle()
            recorder.skipEvents()
            tabs.selectedIndex = 1
            window.runUntilIdle()
            recorder.expect(
                """
                nav.viewWillAppear(animated: false)
                a.viewWillAppear(animated: false)
                nav.delegate.willShow(a, animated: false)
                first.viewWillDisappear(animated: false)
                first.viewDidDisappear(animated: false)
                nav.viewDidAppear(animated: false)
                a.viewDidAppear(animated: false)
                nav.delegate.didShow(a, animated: false)
                """)
            recorder.finish()
        }
    }

    @Test func aWaitingRequestRefusedWhenItIsAppliedIsGivenUpWithAWarning() {  // §6, §11
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let (nav, window) = showStack(recorder)
            let a = nav.controllers[0]
            let b = Leaf(name: "b")
            nav.push(b, animated: true)
            nav.setControllers([a], animated: true)
            // b is in the stack now: accepted; it waits behind setControllers, which takes b out.
            #expect(nav.pop(to: b, animated: true).isEmpty)
            recorder.expect("b.willMove(toParent: nav)")
            #expect(recorder.violations.isEmpty)
            window.runUntilIdle()
            recorder.expect(
                """
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
            #expect(recorder.violations.map(\.kind) == [.poppingToControllerNotInStack])
            #expect(recorder.violations.map(\.severity) == [.warning])
            #expect(recorder.violations.first?.message.contains("was given up") == true)
            #expect(stackNames(nav.controllers, recorder) == ["a"])
            recorder.finish()
        }
    }

    @Test func aPendingTopAppearingOnScreenThatAChangeRemovesLeavesWithTheTransition() {  // §6, R7
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            nav.push(Leaf(name: "b"), animated: false)
            nav.delegate = delegate
            let window = makeWindow()
            window.rootController = nav
            window.makeKeyAndVisible()
            recorder.skipEvents()
            // b appears with nav, its move still open: the pop takes it out with no willMove (R7), and
            // its move ends with the transition that takes it off screen, after its viewDidDisappear.
            #expect(nav.popToRoot(animated: true) {}.count == 1)
            recorder.expect("")
            window.runUntilIdle()
            recorder.expect(
                """
                nav.viewDidAppear(animated: false)
                b.viewDidAppear(animated: false)
                a.loadView()
                a.viewDidLoad()
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                nav.delegate.willShow(a, animated: true)
                b.viewDidDisappear(animated: true)
                b.didMove(toParent: nil)
                a.viewDidAppear(animated: true)
                nav.delegate.didShow(a, animated: true)
                nav.completion()
                b.deinit
                """)
            recorder.finish()
        }
    }
}
