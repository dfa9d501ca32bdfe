import ContainerKit
import ContainerKitTesting
import Foundation
import Testing

/// A custom container; the recorder sees every callback.
private final class DriverTestContainer: ContainerController {}

/// Adds `child` to `parent` as spec §2's custom container does: `addChild`, the view, `didMove`.
@MainActor
private func placeChild(_ child: Controller, in parent: ContainerController) {
    parent.addChild(child)
    parent.view.addSubview(child.view)
    child.didMove(toParent: parent)
}

/// A visible window named `name` with root `root`, its turn ended, served by `driver`.
@MainActor
private func visibleWindow(_ name: String, root: Controller, driver: ManualAnimationDriver) -> Window {
    let window = Window(name: name, frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.rootController = root
    window.makeKeyAndVisible()
    window.runUntilIdle()
    driver.install(on: window)
    return window
}

/// Apple's sample (spec §5): `addChild(to)`, `from.willMove(toParent: nil)`, the transition, and in
/// its completion `to.didMove(toParent:)`, `from.removeFromParent()`, then `then`.
@MainActor
private func swapChildren(
    of p: ContainerController, from f: Controller, to t: Controller, duration: Double = 0.3,
    then next: @escaping @MainActor () -> Void = {}
) {
    p.addChild(t)
    f.willMove(toParent: nil)
    p.transition(from: f, to: t, duration: duration, animations: nil) { _ in
        t.didMove(toParent: p)
        f.removeFromParent()
        next()
    }
}

/// A custom container `p` showing `f` as root of a visible window (a manual driver installed), and
/// `t` to swap in; the setup's events are skipped.
@MainActor
private struct DriverStage {
    let driver: ManualAnimationDriver
    let window: Window
    let p = DriverTestContainer(name: "p")
    let f = Controller(name: "f")
    let t = Controller(name: "t")

    init(_ recorder: Recorder, driver: ManualAnimationDriver = ManualAnimationDriver(), window name: String = "window")
    {
        self.driver = driver
        placeChild(f, in: p)
        window = visibleWindow(name, root: p, driver: driver)
        recorder.skipEvents()
    }

    func swap(duration: Double = 0.3, then next: @escaping @MainActor () -> Void = {}) {
        swapChildren(of: p, from: f, to: t, duration: duration, then: next)
    }
}

/// The comments of the issues `body` records, all taken as known issues.
@MainActor
private func issuesRecorded(by body: () -> Void) -> [String] {
    let log = DriverIssueLog()
    withKnownIssue {
        body()
    } matching: { issue in
        log.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
        return true
    }
    return log.all
}

/// Issue comments collected by a `withKnownIssue` matcher, which may run on any thread.
private final class DriverIssueLog: @unchecked Sendable {
    private let lock = NSLock()
    private var comments: [String] = []

    func append(_ comment: String) {
        lock.lock()
        defer { lock.unlock() }
        comments.append(comment)
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return comments
    }
}

@Suite @MainActor struct ManualAnimationDriverTests {
    @Test func aHeldTransitionStaysInFlightAcrossTheTurn() {  // §1, §5
        let recorder = Recorder()
        recorder.record {
            let stage = DriverStage(recorder)
            stage.swap()
            stage.window.runUntilIdle()
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                """)
            #expect(!stage.window.hasPendingWork)
            #expect(stage.window.animationsInFlight.count == 1)
            #expect(stage.driver.inFlight.count == 1)
            #expect(stage.driver.started.count == 1)
            #expect(stage.driver.inFlight.first === stage.window.animationsInFlight.first)
            #expect(stage.driver.summary == ["containerTransition of p: f → t"])
            #expect(stage.driver.inFlight(of: stage.p).count == 1)
            #expect(stage.driver.inFlight(of: stage.f).isEmpty)
            #expect(stage.f.appearanceState == .disappearing)
            #expect(stage.t.appearanceState == .appearing)

            stage.window.runUntilIdle()
            #expect(recorder.transcript().isEmpty)
            stage.driver.finish(stage.driver.inFlight[0])
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func finishDeliversTheDidCallbacksAndACompletedCompletion() {  // §5
        let recorder = Recorder()
        recorder.record {
            let stage = DriverStage(recorder)
            stage.swap()
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                """)
            let animation = stage.driver.inFlight[0]
            #expect(animation.kind == .containerTransition)
            #expect(animation.container == stage.p.id)
            #expect(animation.fromControllers == [stage.f.id])
            #expect(animation.toControllers == [stage.t.id])
            #expect(animation.duration == 0.3)
            stage.driver.finish(animation)
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect(animation.isComplete)
            #expect(animation.finished == true)
            #expect(stage.driver.inFlight.isEmpty)
            #expect(stage.driver.summary.isEmpty)
            #expect(stage.driver.started.count == 1)
            #expect(stage.window.animationsInFlight.isEmpty)
            #expect(stage.p.children.map(\.id) == [stage.t.id])
            #expect(stage.f.view.superview == nil)
            #expect(stage.t.appearanceState == .appeared)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func cutShortCompletesWithFinishedFalse() {  // §5
        let recorder = Recorder()
        recorder.record {
            let stage = DriverStage(recorder)
            stage.swap()
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                """)
            let animation = stage.driver.inFlight[0]
            stage.driver.cutShort(animation)
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                p.completion(finished: false)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect(animation.finished == false)
            #expect(stage.driver.inFlight.isEmpty)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func transitionsInTwoContainersFinishInTheOrderTheTestChooses() {  // §1
        let recorder = Recorder()
        recorder.record {
            let driver = ManualAnimationDriver()
            let root = DriverTestContainer(name: "root")
            let p = DriverTestContainer(name: "p")
            let q = DriverTestContainer(name: "q")
            let f = Controller(name: "f")
            let t = Controller(name: "t")
            let g = Controller(name: "g")
            let u = Controller(name: "u")
            placeChild(f, in: p)
            placeChild(g, in: q)
            placeChild(p, in: root)
            placeChild(q, in: root)
            let window = visibleWindow("window", root: root, driver: driver)
            recorder.skipEvents()

            swapChildren(of: p, from: f, to: t)
            swapChildren(of: q, from: g, to: u)
            window.runUntilIdle()
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                u.willMove(toParent: q)
                g.willMove(toParent: nil)
                g.viewWillDisappear(animated: true)
                u.loadView()
                u.viewDidLoad()
                u.viewWillAppear(animated: true)
                """)
            #expect(driver.summary == ["containerTransition of p: f → t", "containerTransition of q: g → u"])
            #expect(driver.inFlight(of: root).isEmpty)

            driver.finish(driver.inFlight(of: q)[0])
            recorder.expect(
                """
                u.viewDidAppear(animated: true)
                g.viewDidDisappear(animated: true)
                q.completion(finished: true)
                u.didMove(toParent: q)
                g.didMove(toParent: nil)
                """)
            #expect(driver.summary == ["containerTransition of p: f → t"])
            #expect(driver.inFlight(of: q).isEmpty)

            driver.finish(driver.inFlight(of: p)[0])
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect(driver.inFlight.isEmpty)
            #expect(driver.started.map(\.container) == [p.id, q.id])
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func finishAllGoesInStartOrderAcrossWindowsAndFinishesWhatCompletionsStart() {  // §1
        let recorder = Recorder()
        recorder.record {
            let driver = ManualAnimationDriver()
            let stage = DriverStage(recorder, driver: driver, window: "first")
            let q = DriverTestContainer(name: "q")
            let g = Controller(name: "g")
            let u = Controller(name: "u")
            let v = Controller(name: "v")
            placeChild(g, in: q)
            let second = visibleWindow("second", root: q, driver: driver)
            recorder.skipEvents()

            // p's completion starts p's next transition, after q's has started.
            stage.swap { swapChildren(of: stage.p, from: stage.t, to: v) }
            swapChildren(of: q, from: g, to: u)
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                u.willMove(toParent: q)
                g.willMove(toParent: nil)
                g.viewWillDisappear(animated: true)
                u.loadView()
                u.viewDidLoad()
                u.viewWillAppear(animated: true)
                """)
            #expect(driver.summary == ["containerTransition of p: f → t", "containerTransition of q: g → u"])

            driver.finishAll()
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                v.willMove(toParent: p)
                t.willMove(toParent: nil)
                t.viewWillDisappear(animated: true)
                v.loadView()
                v.viewDidLoad()
                v.viewWillAppear(animated: true)
                -- q's transition started before p's second one
                u.viewDidAppear(animated: true)
                g.viewDidDisappear(animated: true)
                q.completion(finished: true)
                u.didMove(toParent: q)
                g.didMove(toParent: nil)
                v.viewDidAppear(animated: true)
                t.viewDidDisappear(animated: true)
                p.completion(finished: true)
                v.didMove(toParent: p)
                t.didMove(toParent: nil)
                """)
            #expect(driver.inFlight.isEmpty)
            #expect(driver.started.map(\.container) == [stage.p.id, q.id, stage.p.id])
            #expect(driver.started.allSatisfy { $0.finished == true })
            #expect(stage.window.animationsInFlight.isEmpty)
            #expect(second.animationsInFlight.isEmpty)

            driver.finishAll()  // nothing in flight: nothing happens
            #expect(recorder.transcript().isEmpty)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func finishAllStopsCompletionsThatKeepStartingTransitions() {
        let recorder = Recorder()
        recorder.record {
            let stage = DriverStage(recorder)
            var current: Controller = stage.f
            var started = 0
            var keepGoing = true
            @MainActor func swapAgain() {
                let next = Controller(name: "c\(started)")
                started += 1
                swapChildren(of: stage.p, from: current, to: next) { if keepGoing { swapAgain() } }
                current = next
            }
            swapAgain()
            recorder.skipEvents()
            let issues = issuesRecorded {
                stage.driver.finishAll()
            }
            #expect(
                issues == [
                    """
                    finishAll() finished 10000 animations and completions kept starting new ones; it stopped with 1 \
                    still in flight: containerTransition of p: c9999 → c10000.
                    To fix, look for a completion that starts another transition every time, and finish the \
                    animations one by one with finish(_:).
                    """
                ])
            #expect(started == 10_001)
            #expect(stage.driver.summary == ["containerTransition of p: c9999 → c10000"])
            // The 10,000 transitions ran as any other; their transcript is not what this test is about.
            recorder.skipEvents()

            keepGoing = false
            stage.driver.finishAll()
            recorder.expect(
                """
                c10000.viewDidAppear(animated: true)
                c9999.viewDidDisappear(animated: true)
                p.completion(finished: true)
                c10000.didMove(toParent: p)
                c9999.didMove(toParent: nil)
                c9999.deinit
                """)
            #expect(stage.driver.inFlight.isEmpty)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func hidingTheWindowCompletesTheHeldTransitionAtOnce() {  // §1
        let recorder = Recorder()
        recorder.record {
            let stage = DriverStage(recorder)
            stage.swap()
            recorder.skipEvents()
            let animation = stage.driver.inFlight[0]
            stage.window.isHidden = true
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                p.viewWillDisappear(animated: false)
                t.viewWillDisappear(animated: false)
                p.viewDidDisappear(animated: false)
                t.viewDidDisappear(animated: false)
                """)
            #expect(animation.finished == true)
            #expect(stage.driver.inFlight.isEmpty)
            #expect(stage.driver.summary.isEmpty)
            #expect(stage.driver.started.count == 1)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func finishingAnAnimationTwiceFailsTheTest() {
        let recorder = Recorder()
        recorder.record {
            let stage = DriverStage(recorder)
            stage.swap()
            recorder.skipEvents()
            let animation = stage.driver.inFlight[0]
            stage.driver.finish(animation)
            recorder.skipEvents()

            let issues = issuesRecorded {
                stage.driver.finish(animation)
                stage.driver.cutShort(animation)
            }
            #expect(
                issues.map { $0.split(separator: "\n").first.map(String.init) } == [
                    "finish(_:) was given an animation that is complete already (containerTransition of p: f → t, "
                        + "finished: true); nothing happened.",
                    "cutShort(_:) was given an animation that is complete already (containerTransition of p: f → t, "
                        + "finished: true); nothing happened.",
                ])
            #expect(recorder.transcript().isEmpty)
            #expect(animation.finished == true)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func finishingAnAnimationAnotherDriverHoldsFailsTheTestAndLeavesItInFlight() {
        let recorder = Recorder()
        recorder.record {
            let stage = DriverStage(recorder)
            let other = ManualAnimationDriver()
            stage.swap()
            recorder.skipEvents()
            let animation = stage.driver.inFlight[0]

            let issues = issuesRecorded {
                other.finish(animation)
            }
            #expect(
                issues == [
                    """
                    finish(_:) was given an animation this driver did not start (containerTransition of p: f → t); \
                    it was left as it was.
                    To fix, complete it through the driver installed on its window when it started, or install this \
                    driver with install(on:) before the transition starts.
                    """
                ])
            #expect(recorder.transcript().isEmpty)
            #expect(!animation.isComplete)
            #expect(other.started.isEmpty)
            #expect(stage.driver.inFlight.count == 1)

            stage.driver.finish(animation)
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// Fails a test that waits for an animation which never comes, instead of hanging the run. The
    /// limit counts the time the test waits for the main actor behind the other main-actor tests
    /// running in parallel, not only its own (about 15 s in a plain `swift test`, over a minute
    /// under ThreadSanitizer), hence minutes, not seconds.
    nonisolated static let hangGuard = TimeLimitTrait.timeLimit(.minutes(5))

    @Test(hangGuard) func nextAnimationWaitsForATransitionStartedFromATask() async {  // §1
        let recorder = Recorder()
        await recorder.record {
            let stage = DriverStage(recorder)
            // The task runs once the test suspends in nextAnimation().
            Task { stage.swap() }
            let animation = await stage.driver.nextAnimation()
            #expect(animation.container == stage.p.id)
            #expect(stage.driver.inFlight.first === animation)
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: true)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: true)
                """)

            // The task runs once the test suspends in completion(of:).
            Task { stage.driver.finish(animation) }
            let finished = await stage.driver.completion(of: animation)
            #expect(finished)
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect(await stage.driver.completion(of: animation))  // complete already: at once
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test(hangGuard)
    func nextAnimationReturnsHeldAnimationsOldestFirstOnceEachAndSkipsCompletedOnes() async {  // §1
        let recorder = Recorder()
        await recorder.record {
            let driver = ManualAnimationDriver()
            let stage = DriverStage(recorder, driver: driver, window: "first")
            let q = DriverTestContainer(name: "q")
            let g = Controller(name: "g")
            let u = Controller(name: "u")
            placeChild(g, in: q)
            let second = visibleWindow("second", root: q, driver: driver)
            let r = DriverTestContainer(name: "r")
            let h = Controller(name: "h")
            let w = Controller(name: "w")
            placeChild(h, in: r)
            let third = visibleWindow("third", root: r, driver: driver)
            let v = Controller(name: "v")
            recorder.skipEvents()

            stage.swap()
            swapChildren(of: q, from: g, to: u)
            swapChildren(of: r, from: h, to: w)
            recorder.skipEvents()
            let first = await driver.nextAnimation()
            #expect(first.container == stage.p.id)

            // q's transition completes before anybody asked for it: it is skipped.
            second.isHidden = true
            recorder.expect(
                """
                u.viewDidAppear(animated: true)
                g.viewDidDisappear(animated: true)
                q.completion(finished: true)
                u.didMove(toParent: q)
                g.didMove(toParent: nil)
                q.viewWillDisappear(animated: false)
                u.viewWillDisappear(animated: false)
                q.viewDidDisappear(animated: false)
                u.viewDidDisappear(animated: false)
                """)
            let next = await driver.nextAnimation()
            #expect(next.container == r.id)
            #expect(driver.summary == ["containerTransition of p: f → t", "containerTransition of r: h → w"])

            driver.finish(first)
            driver.cutShort(next)
            recorder.expect(
                """
                t.viewDidAppear(animated: true)
                f.viewDidDisappear(animated: true)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                w.viewDidAppear(animated: true)
                h.viewDidDisappear(animated: true)
                r.completion(finished: false)
                w.didMove(toParent: r)
                h.didMove(toParent: nil)
                """)

            // Nothing held that was not returned: the call waits for the next start.
            Task { swapChildren(of: stage.p, from: stage.t, to: v) }
            let last = await driver.nextAnimation()
            #expect(last.toControllers == [v.id])
            recorder.expect(
                """
                v.willMove(toParent: p)
                t.willMove(toParent: nil)
                t.viewWillDisappear(animated: true)
                v.loadView()
                v.viewDidLoad()
                v.viewWillAppear(animated: true)
                """)

            // However it completes: here the window hides.
            Task { stage.window.isHidden = true }
            #expect(await driver.completion(of: last))
            recorder.expect(
                """
                v.viewDidAppear(animated: true)
                t.viewDidDisappear(animated: true)
                p.completion(finished: true)
                v.didMove(toParent: p)
                t.didMove(toParent: nil)
                p.viewWillDisappear(animated: false)
                v.viewWillDisappear(animated: false)
                p.viewDidDisappear(animated: false)
                v.viewDidDisappear(animated: false)
                """)
            #expect(driver.inFlight.isEmpty)
            #expect(driver.started.count == 4)
            #expect(third.animationsInFlight.isEmpty)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aTransitionWithoutDurationNeverReachesTheDriver() {  // §1: not animated
        let recorder = Recorder()
        recorder.record {
            let stage = DriverStage(recorder)
            stage.swap(duration: 0)
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(animated: false)
                t.loadView()
                t.viewDidLoad()
                t.viewWillAppear(animated: false)
                t.viewDidAppear(animated: false)
                f.viewDidDisappear(animated: false)
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """)
            #expect(stage.driver.started.isEmpty)
            #expect(stage.driver.inFlight.isEmpty)
            #expect(stage.window.animationsInFlight.isEmpty)
            stage.window.runUntilIdle()
            #expect(recorder.transcript().isEmpty)
        }
        #expect(recorder.violations.isEmpty)
    }
}

@Suite @MainActor struct FinishAllWithAGestureTests {
    @Test func finishAllLeavesAGestureInProgressAndFailsOnceNamingIt() {
        let recorder = Recorder()
        recorder.record {
            let driver = ManualAnimationDriver()
            let nav = NavigationController(name: "nav", rootController: Controller(name: "a"))
            let window = visibleWindow("window", root: nav, driver: driver)
            nav.push(Controller(name: "b"), animated: false)
            window.runUntilIdle()
            recorder.skipEvents()

            let handle = nav.beginInteractivePop()
            let comments = issuesRecorded { driver.finishAll() }
            #expect(
                comments == [
                    """
                    finishAll() left 1 animation in flight whose gesture is still in progress: navigation of nav: \
                    b → a.
                    To fix, end each gesture first with finish(_:) or cancel(_:); finishAll() does not end gestures.
                    """
                ])
            #expect(driver.summary == ["navigation of nav: b → a"])
            #expect(recorder.violations.isEmpty)

            handle?.cancel()
            driver.finishAll()
            #expect(driver.inFlight.isEmpty)
            recorder.expect(
                """
                b.willMove(toParent: nil)
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                a.viewWillDisappear(animated: true)
                a.viewDidDisappear(animated: true)
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                """)
            recorder.finish()
        }
    }
}
