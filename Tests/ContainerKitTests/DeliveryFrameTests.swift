import ContainerKit
import ContainerKitTesting
import Testing

/// A view that runs `onDidMoveToWindow` from its `didMoveToWindow()`.
private final class HookView: View {
    var onDidMoveToWindow: (() -> Void)?

    override func didMoveToWindow() {
        super.didMoveToWindow()
        onDidMoveToWindow?()
    }
}

/// A page data source whose only page after any other is `next`, and that runs `onAsked` when asked.
private final class AskingDataSource: PageControllerDataSource {
    let next: Controller
    let onAsked: () -> Void

    init(next: Controller, onAsked: @escaping () -> Void) {
        self.next = next
        self.onAsked = onAsked
    }

    func pageController(_ page: PageController, controllerAfter controller: Controller) -> Controller? {
        onAsked()
        return controller === next ? nil : next
    }
}

/// A tab bar delegate that runs `onShouldSelect` from `tabBarController(_:shouldSelect:)`, then allows it.
private final class ShouldSelectDelegate: TabBarControllerDelegate {
    var onShouldSelect: (() -> Void)?

    func tabBarController(_ tab: TabBarController, shouldSelect controller: Controller) -> Bool {
        onShouldSelect?()
        return true
    }

    func tabBarController(_ tab: TabBarController, didSelect controller: Controller) {}
}

/// Every call the engine makes out to app code runs in a frame of its own that names the callback
/// (`DeliveryLoop`), and the frame is gone once the callee returns. The frame shows where a call
/// may not be made: `runUntilIdle()` from inside a callback delivered outside a turn returns at
/// once, with a warning naming the callback it was called from (spec §1).
@Suite @MainActor struct DeliveryFrameTests {
    /// The one warning reported since the last take: `runUntilIdle()` called from inside `callback`.
    private func expectNestedRun(
        _ recorder: Recorder, on window: Window, inside callback: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let violations = recorder.takeViolations()
        #expect(violations.count == 1, "\(violations)", sourceLocation: sourceLocation)
        guard let violation = violations.first else { return }
        #expect(violation.kind == .nestedRunUntilIdle, sourceLocation: sourceLocation)
        #expect(violation.severity == .warning, sourceLocation: sourceLocation)
        #expect(violation.controllers.isEmpty, sourceLocation: sourceLocation)
        #expect(
            violation.message.hasPrefix(
                "runUntilIdle() was called on \(window.windowID) from inside \(callback), a callback delivered outside "
                    + "a turn; it returned at once."),
            "\(violation.message)", sourceLocation: sourceLocation)
    }

    @Test func aControllersCallbackIsItsFrameAgainOnceAViewHookInsideItReturns() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let window = show(p)
            window.runUntilIdle()
            let c = SpyController(name: "c")
            let v = HookView()
            v.name = "v"
            c.onWillMove = { [unowned p, weak window] _ in
                p.view.addSubview(v)
                window?.runUntilIdle()
            }
            recorder.skipEvents()
            p.addChild(c)
            recorder.expect("c.willMove(toParent: p)")
            expectNestedRun(recorder, on: window, inside: "c.willMove(toParent:)")
            #expect(c.parent === p)
            #expect(v.superview === p.view)
            recorder.finish()
        }
    }

    @Test func aViewsHookIsAFrame() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p = Parent(name: "p")
            let window = show(p)
            window.runUntilIdle()
            let v = HookView()
            v.name = "v"
            v.onDidMoveToWindow = { [weak window] in window?.runUntilIdle() }
            recorder.skipEvents()
            p.view.addSubview(v)
            expectNestedRun(recorder, on: window, inside: "v.didMoveToWindow()")
            #expect(v.window === window)
            recorder.finish()
        }
    }

    @Test func theAnimationsAndCompletionBlocksOfATransitionAreFrames() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let window = makeWindow()
            let p = Parent(name: "p")
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            embed(a, in: p)
            p.addChild(b)
            recorder.skipEvents()
            var ran: [String] = []
            p.transition(
                from: a, to: b, duration: 0,
                animations: {
                    window.runUntilIdle()
                    ran.append("animations")
                },
                completion: { finished in
                    window.runUntilIdle()
                    ran.append("completion(\(finished))")
                })
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                p.completion(finished: true)
                """)
            #expect(ran == ["animations", "completion(true)"])
            let violations = recorder.takeViolations()
            #expect(violations.map(\.kind) == [.nestedRunUntilIdle, .nestedRunUntilIdle])
            #expect(violations.first?.message.contains("from inside p.animations, a callback") == true)
            #expect(violations.last?.message.contains("from inside p.completion, a callback") == true)
            recorder.finish()
        }
    }

    @Test func aDataSourcesQuestionIsAFrameNamedAfterThePageController() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let p0 = Leaf(name: "p0")
            let p1 = Leaf(name: "p1")
            let page = PageController(name: "page", transitionStyle: .scroll)
            page.setControllers([p0], direction: .forward, animated: false)
            let window = show(page)
            window.runUntilIdle()
            let dataSource = AskingDataSource(next: p1) { window.runUntilIdle() }
            page.dataSource = dataSource
            recorder.skipEvents()
            let swipe = page.beginInteractivePaging(.forward)
            recorder.expect(
                """
                page.dataSource.controllerAfter(p0)
                p1.willMove(toParent: page)
                p1.loadView()
                p1.viewDidLoad()
                p1.viewWillAppear(animated: true)
                p0.viewWillDisappear(animated: true)
                """)
            expectNestedRun(recorder, on: window, inside: "page.dataSource.pageController(_:controllerAfter:)")
            #expect(swipe != nil)
            // The swipe falls back (§8, scroll): the frame was no part of it.
            swipe?.cancel()
            window.runUntilIdle()
            recorder.expect(
                """
                p0.viewWillAppear(animated: true)
                p0.viewDidAppear(animated: true)
                p1.viewWillDisappear(animated: true)
                p1.viewDidDisappear(animated: true)
                p1.didMove(toParent: nil)
                """)
            #expect(page.shownControllers.map(\.id) == [p0.id])
            #expect(page.children.map(\.id) == [p0.id])
            recorder.finish()
        }
    }

    @Test func aTabBarDelegatesQuestionIsAFrameAndItsAnswerStands() {
        let recorder = Recorder()
        recorder.record(violations: .collect) {
            let window = makeWindow()
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            let tabs = TabBarController(name: "tabs")
            tabs.controllers = [a, b]
            let delegate = ShouldSelectDelegate()
            delegate.onShouldSelect = { window.runUntilIdle() }
            tabs.delegate = delegate
            recorder.skipEvents()
            tabs.userDidSelect(b)
            recorder.expect(
                """
                tabs.delegate.shouldSelect(b)
                tabs.delegate.didSelect(b)
                """)
            expectNestedRun(recorder, on: window, inside: "tabs.delegate.tabBarController(_:shouldSelect:)")
            #expect(tabs.selectedController === b)
            recorder.finish()
        }
    }
}
