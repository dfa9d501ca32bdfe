import ContainerKit
import ContainerKitTesting
import Testing

/// A window of the usual test size.
@MainActor
private func spyTestWindow() -> Window {
    Window(name: "window", frame: Rect(x: 0, y: 0, width: 320, height: 480))
}

/// A visible window whose root is the spy container `p`, with the turn ended, its events skipped
/// and its calls reset.
@MainActor
private func visibleSpyParent(_ recorder: Recorder) -> (Window, SpyContainerController) {
    let window = spyTestWindow()
    let p = SpyContainerController(name: "p")
    window.rootController = p
    window.makeKeyAndVisible()
    window.runUntilIdle()
    recorder.skipEvents()
    p.resetCalls()
    return (window, p)
}

@Suite @MainActor struct SpyTests {
    @Test func aSpyRecordsItsOwnCallsInTheOrderTheRecorderSawThem() {
        let recorder = Recorder()
        recorder.record {
            let (window, p) = visibleSpyParent(recorder)
            let c = SpyController(name: "c")
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            window.runUntilIdle()
            let seen = recorder.pendingEntries.map(\.event).filter { $0.receiver == c.id }
            #expect(c.calls == seen)
            #expect(
                c.transcript() == """
                    c.willMove(toParent: p)
                    c.loadView()
                    c.viewDidLoad()
                    c.viewWillAppear(animated: false)
                    c.didMove(toParent: p)
                    c.viewIsAppearing(animated: false)
                    c.viewDidAppear(animated: false)
                    c.didMove(toParent: p)
                    """)
            #expect(p.calls.isEmpty)
            recorder.expect(
                """
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: p)
                """)

            c.resetCalls()
            c.willMove(toParent: nil)
            c.view.removeFromSuperview()
            c.removeFromParent()
            window.runUntilIdle()
            #expect(
                c.calls == [
                    .willMove(c.id, toParent: nil), .viewWillDisappear(c.id, animated: false),
                    .didMove(c.id, toParent: nil), .viewDidDisappear(c.id, animated: false),
                    .didMove(c.id, toParent: nil),
                ])
            recorder.expect(
                """
                c.willMove(toParent: nil)
                c.viewWillDisappear(animated: false)
                c.didMove(toParent: nil)
                c.viewDidDisappear(animated: false)
                c.didMove(toParent: nil)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aSpyContainerRecordsItsOwnCallsAndSizeTransitions() {
        let recorder = Recorder()
        recorder.record {
            let window = spyTestWindow()
            let p = SpyContainerController(name: "p")
            let c = SpyController(name: "c")
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            window.resize(to: Size(width: 480, height: 320))
            c.preferredContentSize = Size(width: 100, height: 50)
            #expect(
                p.transcript() == """
                    p.loadView()
                    p.viewDidLoad()
                    p.viewWillAppear(animated: false)
                    p.viewIsAppearing(animated: false)
                    p.viewDidAppear(animated: false)
                    p.viewWillTransition(to: Size(width: 480, height: 320))
                    p.preferredContentSizeDidChange(forChildContentContainer: c)
                    """)
            #expect(p.calls == recorder.events.filter { $0.receiver == p.id })
            #expect(c.calls == recorder.events.filter { $0.receiver == c.id })
            recorder.expect(
                """
                c.willMove(toParent: p)
                p.loadView()
                p.viewDidLoad()
                c.loadView()
                c.viewDidLoad()
                c.didMove(toParent: p)
                p.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                p.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                p.viewWillTransition(to: Size(width: 480, height: 320))
                c.viewWillTransition(to: Size(width: 480, height: 320))
                p.preferredContentSizeDidChange(forChildContentContainer: c)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aHookThatAddsAChildInsideViewWillAppearGivesItEachCallbackOnce() {  // F3
        let recorder = Recorder()
        recorder.record {
            let window = spyTestWindow()
            let p = SpyContainerController(name: "p")
            let c = SpyController(name: "c")
            p.onViewWillAppear = { [unowned p] _ in
                p.addChild(c)
                p.view.addSubview(c.view)
                c.didMove(toParent: p)
            }
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                p.loadView()
                p.viewDidLoad()
                p.viewWillAppear(animated: false)
                c.willMove(toParent: p)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.didMove(toParent: p)
                p.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: p)
                """)
            #expect(p.children.map(\.id) == [c.id])
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func everyHookRunsInsideItsCallbackAfterSuper() {
        let recorder = Recorder()
        recorder.record {
            let (window, p) = visibleSpyParent(recorder)
            let c = SpyController(name: "c")
            var log: [String] = []
            c.onViewDidLoad = { [unowned c] in log.append("didLoad, loaded: \(c.isViewLoaded)") }
            c.onViewWillAppear = { [unowned c] animated in
                log.append("willAppear(\(animated)), state: \(c.appearanceState)")
            }
            c.onViewIsAppearing = { log.append("isAppearing(\($0))") }
            c.onViewDidAppear = { [unowned c] animated in
                log.append("didAppear(\(animated)), state: \(c.appearanceState)")
            }
            c.onViewWillDisappear = { [unowned c] animated in
                log.append("willDisappear(\(animated)), state: \(c.appearanceState)")
            }
            c.onViewDidDisappear = { [unowned c] animated in
                log.append("didDisappear(\(animated)), state: \(c.appearanceState)")
            }
            c.onWillMove = { [unowned c] parent in
                log.append("willMove(\(parent?.id.description ?? "nil")), parent: \(c.parent?.id.description ?? "nil")")
            }
            c.onDidMove = { [unowned c] parent in
                log.append("didMove(\(parent?.id.description ?? "nil")), parent: \(c.parent?.id.description ?? "nil")")
            }
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            window.runUntilIdle()
            c.willMove(toParent: nil)
            c.view.removeFromSuperview()
            c.removeFromParent()
            window.runUntilIdle()
            #expect(
                log == [
                    "willMove(p), parent: nil", "didLoad, loaded: true", "willAppear(false), state: appearing",
                    "didMove(p), parent: p", "isAppearing(false)", "didAppear(false), state: appeared",
                    "didMove(p), parent: p", "willMove(nil), parent: p", "willDisappear(false), state: disappearing",
                    "didMove(nil), parent: nil", "didDisappear(false), state: disappeared", "didMove(nil), parent: nil",
                ])
            recorder.skipEvents()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func forwardsAppearanceAutomaticallyFalseStopsForwarding() {  // F4
        let recorder = Recorder()
        recorder.record {
            let window = spyTestWindow()
            let p = SpyContainerController(name: "p")
            p.forwardsAppearanceAutomatically = false
            #expect(!p.shouldAutomaticallyForwardAppearanceMethods)
            let c = SpyController(name: "c")
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            recorder.skipEvents()
            c.resetCalls()
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                p.viewWillAppear(animated: false)
                p.viewDidAppear(animated: false)
                """)
            #expect(c.calls.isEmpty)
            #expect(c.appearanceState == .disappeared)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func hooksCanForwardAppearanceByHand() {  // F4
        let recorder = Recorder()
        recorder.record {
            let window = spyTestWindow()
            let p = SpyContainerController(name: "p")
            p.forwardsAppearanceAutomatically = false
            let c = SpyController(name: "c")
            p.onViewWillAppear = { c.beginAppearanceTransition(true, animated: $0) }
            p.onViewDidAppear = { _ in c.endAppearanceTransition() }
            p.addChild(c)
            p.view.addSubview(c.view)
            c.didMove(toParent: p)
            recorder.skipEvents()
            window.rootController = p
            window.makeKeyAndVisible()
            window.runUntilIdle()
            recorder.expect(
                """
                p.viewWillAppear(animated: false)
                c.viewWillAppear(animated: false)
                p.viewDidAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aSpyWithoutANameIsNamedByItsTypeAndSerial() {
        let c = SpyController()
        let p = SpyContainerController()
        _ = c.view
        _ = p.view
        #expect(c.transcript() == "SpyController#\(c.id.serial).loadView()\nSpyController#\(c.id.serial).viewDidLoad()")
        #expect(p.calls == [.loadView(p.id), .viewDidLoad(p.id)])
        p.resetCalls()
        #expect(p.transcript().isEmpty)
    }

    @Test func anUnimplementedControllerFailsAtItsCreationWhenTouched() {
        let createdOn = #line + 3
        withKnownIssue {
            let p = SpyContainerController(name: "p")
            let u = UnimplementedController(name: "u")
            p.addChild(u)
            _ = u.view
        } matching: { issue in
            let expected = [
                "u.willMove(toParent: p)", "u.loadView()", "u.viewDidLoad()",
            ].map { "Unimplemented: \($0) was called; this controller must not be touched by the flow under test." }
            return expected.contains(issue.comments.map(\.rawValue).joined())
                && issue.sourceLocation?.line == createdOn
                && issue.sourceLocation?.fileID == #fileID
        }
    }

    @Test func anUnimplementedContainerFailsWhenTouched() {
        withKnownIssue {
            let window = spyTestWindow()
            let u = UnimplementedContainerController(name: "u")
            window.rootController = u
            window.makeKeyAndVisible()
            window.runUntilIdle()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("Unimplemented: u.")
        }
    }

    @Test func anUnimplementedControllerLeftAloneByTheFlowPasses() {
        let recorder = Recorder()
        recorder.record {
            let (window, p) = visibleSpyParent(recorder)
            let a = SpyController(name: "a")
            let b = SpyController(name: "b")
            let u = UnimplementedController(name: "u")
            let v = UnimplementedContainerController(name: "v")
            for child in [a, b] {
                p.addChild(child)
                p.view.addSubview(child.view)
                child.didMove(toParent: p)
            }
            window.runUntilIdle()
            a.willMove(toParent: nil)
            a.view.removeFromSuperview()
            a.removeFromParent()
            window.resize(to: Size(width: 480, height: 320))
            recorder.expect(
                """
                a.willMove(toParent: p)
                a.loadView()
                a.viewDidLoad()
                a.viewWillAppear(animated: false)
                a.didMove(toParent: p)
                b.willMove(toParent: p)
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                b.didMove(toParent: p)
                a.viewDidAppear(animated: false)
                a.didMove(toParent: p)
                b.viewDidAppear(animated: false)
                b.didMove(toParent: p)
                a.willMove(toParent: nil)
                a.viewWillDisappear(animated: false)
                a.didMove(toParent: nil)
                p.viewWillTransition(to: Size(width: 480, height: 320))
                b.viewWillTransition(to: Size(width: 480, height: 320))
                """)
            #expect(!u.isViewLoaded)
            #expect(!v.isViewLoaded)
        }
        #expect(recorder.violations.isEmpty)
    }
}

/// Lines that hooks of several spies append to, in the order the hooks run.
@MainActor
private final class HookLog {
    var lines: [String] = []

    /// Makes `spy`'s appearance hooks append `name.callback(animated)` lines.
    func logAppearanceHooks(of spy: some LifecycleSpy, as name: String) {
        spy.onViewWillAppear = { [unowned self] in lines.append("\(name).onViewWillAppear(\($0))") }
        spy.onViewDidAppear = { [unowned self] in lines.append("\(name).onViewDidAppear(\($0))") }
        spy.onViewWillDisappear = { [unowned self] in lines.append("\(name).onViewWillDisappear(\($0))") }
        spy.onViewDidDisappear = { [unowned self] in lines.append("\(name).onViewDidDisappear(\($0))") }
    }
}

@Suite @MainActor struct BuiltInSpyTests {
    @Test func aSpyNavigationControllerRecordsItsOwnCallsInTheOrderTheRecorderSawThem() {
        let recorder = Recorder()
        recorder.record {
            let root = SpyController(name: "root")
            let nav = SpyNavigationController(name: "nav", rootController: root)
            #expect(nav.calls.isEmpty)
            let window = show(nav)
            let b = SpyController(name: "b")
            nav.push(b, animated: true)
            window.runUntilIdle()
            b.preferredContentSize = Size(width: 100, height: 50)
            window.resize(to: Size(width: 480, height: 320))
            window.isHidden = true
            #expect(
                nav.transcript() == """
                    nav.loadView()
                    nav.viewDidLoad()
                    nav.viewWillAppear(animated: false)
                    nav.viewIsAppearing(animated: false)
                    nav.viewDidAppear(animated: false)
                    nav.preferredContentSizeDidChange(forChildContentContainer: b)
                    nav.viewWillTransition(to: Size(width: 480, height: 320))
                    nav.viewWillDisappear(animated: false)
                    nav.viewDidDisappear(animated: false)
                    """)
            for spy in [nav, root, b] as [any LifecycleSpy] {
                #expect(spy.calls == recorder.events.filter { $0.receiver == spy.id })
            }
            recorder.expect(
                """
                root.willMove(toParent: nav)
                nav.loadView()
                nav.viewDidLoad()
                nav.viewWillAppear(animated: false)
                root.loadView()
                root.viewDidLoad()
                root.viewWillAppear(animated: false)
                nav.viewDidAppear(animated: false)
                root.viewDidAppear(animated: false)
                root.didMove(toParent: nav)
                b.willMove(toParent: nav)
                b.loadView()
                b.viewDidLoad()
                root.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                root.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                nav.preferredContentSizeDidChange(forChildContentContainer: b)
                nav.viewWillTransition(to: Size(width: 480, height: 320))
                root.viewWillTransition(to: Size(width: 480, height: 320))
                b.viewWillTransition(to: Size(width: 480, height: 320))
                nav.viewWillDisappear(animated: false)
                b.viewWillDisappear(animated: false)
                nav.viewDidDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                """)
            nav.resetCalls()
            #expect(nav.calls.isEmpty)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aSpyTabBarControllerRecordsItsOwnCallsInTheOrderTheRecorderSawThem() {
        let recorder = Recorder()
        recorder.record {
            let a = SpyController(name: "a")
            let b = SpyController(name: "b")
            let tab = SpyTabBarController(name: "tab")
            tab.controllers = [a, b]
            let window = show(tab)
            tab.selectedIndex = 1
            window.runUntilIdle()
            window.resize(to: Size(width: 480, height: 320))
            window.rootController = nil
            window.runUntilIdle()
            #expect(
                tab.transcript() == """
                    tab.loadView()
                    tab.viewDidLoad()
                    tab.viewWillAppear(animated: false)
                    tab.viewIsAppearing(animated: false)
                    tab.viewDidAppear(animated: false)
                    tab.viewWillTransition(to: Size(width: 480, height: 320))
                    tab.viewWillDisappear(animated: false)
                    tab.viewDidDisappear(animated: false)
                    """)
            for spy in [tab, a, b] as [any LifecycleSpy] {
                #expect(spy.calls == recorder.events.filter { $0.receiver == spy.id })
            }
            recorder.expect(
                """
                a.willMove(toParent: tab)
                a.didMove(toParent: tab)
                b.willMove(toParent: tab)
                b.didMove(toParent: tab)
                tab.loadView()
                tab.viewDidLoad()
                tab.viewWillAppear(animated: false)
                a.loadView()
                a.viewDidLoad()
                a.viewWillAppear(animated: false)
                tab.viewDidAppear(animated: false)
                a.viewDidAppear(animated: false)
                -- selectedIndex = 1, then the end of the turn
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                b.viewDidAppear(animated: false)
                tab.viewWillTransition(to: Size(width: 480, height: 320))
                a.viewWillTransition(to: Size(width: 480, height: 320))
                b.viewWillTransition(to: Size(width: 480, height: 320))
                tab.viewWillDisappear(animated: false)
                b.viewWillDisappear(animated: false)
                -- the end of the turn: the did-disappears the root's exit queued (§4)
                tab.viewDidDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                """)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aSpyPageControllerRecordsItsOwnCallsInTheOrderTheRecorderSawThem() {
        let recorder = Recorder()
        recorder.record {
            let one = SpyController(name: "one")
            let two = SpyController(name: "two")
            let page = SpyPageController(name: "page", transitionStyle: .scroll)
            page.setControllers([one], direction: .forward, animated: false)
            let window = show(page)
            page.setControllers([two], direction: .forward, animated: true)
            window.runUntilIdle()
            window.isHidden = true
            #expect(
                page.transcript() == """
                    page.loadView()
                    page.viewDidLoad()
                    page.viewWillAppear(animated: false)
                    page.viewIsAppearing(animated: false)
                    page.viewDidAppear(animated: false)
                    page.viewWillDisappear(animated: false)
                    page.viewDidDisappear(animated: false)
                    """)
            for spy in [page, one, two] as [any LifecycleSpy] {
                #expect(spy.calls == recorder.events.filter { $0.receiver == spy.id })
            }
            recorder.expect(
                """
                one.willMove(toParent: page)
                one.didMove(toParent: page)
                page.loadView()
                page.viewDidLoad()
                page.viewWillAppear(animated: false)
                one.loadView()
                one.viewDidLoad()
                one.viewWillAppear(animated: false)
                page.viewDidAppear(animated: false)
                one.viewDidAppear(animated: false)
                two.willMove(toParent: page)
                -- end of turn
                two.loadView()
                two.viewDidLoad()
                two.viewWillAppear(animated: true)
                one.viewWillDisappear(animated: true)
                -- the animation completes
                two.viewDidAppear(animated: true)
                one.viewDidDisappear(animated: true)
                two.didMove(toParent: page)
                one.willMove(toParent: nil)
                one.didMove(toParent: nil)
                page.viewWillDisappear(animated: false)
                two.viewWillDisappear(animated: false)
                page.viewDidDisappear(animated: false)
                two.viewDidDisappear(animated: false)
                """)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aSpyNavigationControllersHooksRunAfterItsShownControllersCallbacks() {  // F6
        let recorder = Recorder()
        recorder.record {
            let log = HookLog()
            let root = SpyController(name: "root")
            let nav = SpyNavigationController(name: "nav", rootController: root)
            log.logAppearanceHooks(of: root, as: "root")
            log.logAppearanceHooks(of: nav, as: "nav")
            let window = show(nav)
            window.isHidden = true
            #expect(
                log.lines == [
                    "root.onViewWillAppear(false)", "nav.onViewWillAppear(false)",
                    "root.onViewDidAppear(false)", "nav.onViewDidAppear(false)",
                    "root.onViewWillDisappear(false)", "nav.onViewWillDisappear(false)",
                    "root.onViewDidDisappear(false)", "nav.onViewDidDisappear(false)",
                ])
            recorder.expect(
                """
                root.willMove(toParent: nav)
                nav.loadView()
                nav.viewDidLoad()
                nav.viewWillAppear(animated: false)
                root.loadView()
                root.viewDidLoad()
                root.viewWillAppear(animated: false)
                nav.viewDidAppear(animated: false)
                root.viewDidAppear(animated: false)
                root.didMove(toParent: nav)
                nav.viewWillDisappear(animated: false)
                root.viewWillDisappear(animated: false)
                nav.viewDidDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                """)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func theHooksOfEveryBuiltInSpyRunAfterSuperAndACustomContainersBeforeItsChildren() {  // F3, F6
        let recorder = Recorder()
        recorder.record {
            let log = HookLog()
            let tab = SpyTabBarController(name: "tab")
            let tabbed = SpyController(name: "tabbed")
            tab.controllers = [tabbed]
            let page = SpyPageController(name: "page", transitionStyle: .pageCurl)
            let paged = SpyController(name: "paged")
            page.setControllers([paged], direction: .forward, animated: false)
            let custom = SpyContainerController(name: "custom")
            let child = SpyController(name: "child")
            custom.addChild(child)
            custom.view.addSubview(child.view)
            child.didMove(toParent: custom)
            let spies: [(any LifecycleSpy, String)] = [
                (tab, "tab"), (tabbed, "tabbed"), (page, "page"), (paged, "paged"), (custom, "custom"),
                (child, "child"),
            ]
            for (spy, name) in spies {
                log.logAppearanceHooks(of: spy, as: name)
            }
            recorder.skipEvents()
            for root in [tab, page, custom] as [Controller] {
                let window = show(root)
                window.isHidden = true
            }
            #expect(
                log.lines == [
                    "tabbed.onViewWillAppear(false)", "tab.onViewWillAppear(false)",
                    "tabbed.onViewDidAppear(false)", "tab.onViewDidAppear(false)",
                    "tabbed.onViewWillDisappear(false)", "tab.onViewWillDisappear(false)",
                    "tabbed.onViewDidDisappear(false)", "tab.onViewDidDisappear(false)",
                    "paged.onViewWillAppear(false)", "page.onViewWillAppear(false)",
                    "paged.onViewDidAppear(false)", "page.onViewDidAppear(false)",
                    "paged.onViewWillDisappear(false)", "page.onViewWillDisappear(false)",
                    "paged.onViewDidDisappear(false)", "page.onViewDidDisappear(false)",
                    "custom.onViewWillAppear(false)", "child.onViewWillAppear(false)",
                    "custom.onViewDidAppear(false)", "child.onViewDidAppear(false)",
                    "custom.onViewWillDisappear(false)", "child.onViewWillDisappear(false)",
                    "custom.onViewDidDisappear(false)", "child.onViewDidDisappear(false)",
                ])
            recorder.expect(
                """
                tab.loadView()
                tab.viewDidLoad()
                tab.viewWillAppear(animated: false)
                tabbed.loadView()
                tabbed.viewDidLoad()
                tabbed.viewWillAppear(animated: false)
                tab.viewDidAppear(animated: false)
                tabbed.viewDidAppear(animated: false)
                tab.viewWillDisappear(animated: false)
                tabbed.viewWillDisappear(animated: false)
                tab.viewDidDisappear(animated: false)
                tabbed.viewDidDisappear(animated: false)
                page.loadView()
                page.viewDidLoad()
                page.viewWillAppear(animated: false)
                paged.loadView()
                paged.viewDidLoad()
                paged.viewWillAppear(animated: false)
                page.viewDidAppear(animated: false)
                paged.viewDidAppear(animated: false)
                page.viewWillDisappear(animated: false)
                paged.viewWillDisappear(animated: false)
                page.viewDidDisappear(animated: false)
                paged.viewDidDisappear(animated: false)
                custom.viewWillAppear(animated: false)
                child.viewWillAppear(animated: false)
                custom.viewDidAppear(animated: false)
                child.viewDidAppear(animated: false)
                custom.viewWillDisappear(animated: false)
                child.viewWillDisappear(animated: false)
                custom.viewDidDisappear(animated: false)
                child.viewDidDisappear(animated: false)
                """)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aHookThatPushesFromViewDidAppearOfTheNavigationSpysRootWorks() {
        let recorder = Recorder()
        recorder.record {
            let root = SpyController(name: "root")
            let b = SpyController(name: "b")
            let nav = SpyNavigationController(name: "nav", rootController: root)
            root.onViewDidAppear = { [unowned root, unowned nav] _ in
                root.onViewDidAppear = nil
                nav.push(b, animated: true)
            }
            let window = show(nav)
            #expect(nav.topController === b)
            #expect(root.appearanceState == .disappeared)
            #expect(b.appearanceState == .appeared)
            #expect(!window.hasPendingWork)
            #expect(nav.calls == recorder.events.filter { $0.receiver == nav.id })
            recorder.expect(
                """
                root.willMove(toParent: nav)
                nav.loadView()
                nav.viewDidLoad()
                nav.viewWillAppear(animated: false)
                root.loadView()
                root.viewDidLoad()
                root.viewWillAppear(animated: false)
                nav.viewDidAppear(animated: false)
                root.viewDidAppear(animated: false)
                b.willMove(toParent: nav)
                root.didMove(toParent: nav)
                b.loadView()
                b.viewDidLoad()
                root.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                root.viewDidDisappear(animated: true)
                b.viewDidAppear(animated: true)
                b.didMove(toParent: nav)
                """)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func unnamedBuiltInSpiesAreNamedByTheirTypeAndSerial() {
        let root = Controller(name: "root")
        let nav = SpyNavigationController(rootController: root)
        let emptyNav = SpyNavigationController()
        let tab = SpyTabBarController()
        let page = SpyPageController(transitionStyle: .pageCurl, spineLocation: .mid)
        #expect(nav.topController === root)
        #expect(emptyNav.controllers.isEmpty)
        #expect(page.pagesShownAtOnce == 2)
        #expect(SpyPageController(name: "scroll", transitionStyle: .scroll).spineLocation == SpineLocation.none)
        _ = nav.view
        _ = tab.view
        _ = page.view
        #expect(
            nav.transcript()
                == "SpyNavigationController#\(nav.id.serial).loadView()\n"
                + "SpyNavigationController#\(nav.id.serial).viewDidLoad()")
        #expect(tab.transcript().hasPrefix("SpyTabBarController#\(tab.id.serial).loadView()"))
        #expect(page.calls == [.loadView(page.id), .viewDidLoad(page.id)])
        #expect(emptyNav.calls.isEmpty)
    }

    @Test func aSpyLogRecordsTheEventThenRunsSuperThenTheHookItHoldsAfterSuper() {
        let c = Controller(name: "c")
        let log = SpyLog()
        var order: [String] = []
        log.onViewDidLoad = { order.append("replaced hook") }
        log.record(
            .viewDidLoad(c.id),
            super: { [unowned log] in
                order.append("super, calls: \(log.calls.count)")
                log.onViewDidLoad = { [unowned log] in order.append("hook, calls: \(log.calls.count)") }
            }
        ) { $0.onViewDidLoad?() }
        log.record(.loadView(c.id), super: { order.append("super without a hook") })
        #expect(order == ["super, calls: 1", "hook, calls: 1", "super without a hook"])
        #expect(log.calls == [.viewDidLoad(c.id), .loadView(c.id)])
        #expect(log.transcript() == "c.viewDidLoad()\nc.loadView()")
        log.resetCalls()
        #expect(log.calls.isEmpty)
        #expect(log.onViewDidLoad != nil)
    }
}
