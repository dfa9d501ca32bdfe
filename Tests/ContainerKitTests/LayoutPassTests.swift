import ContainerKit
import ContainerKitTesting
import Testing

/// Where `viewIsAppearing(_:)` comes in a transition (spec §1, §3 **[rev 2]**): for an animated
/// one, in the layout pass right after its will-callbacks (the navigation delegate's `willShow`
/// included), carrying the transition's flag; for one that is not animated, right before each
/// `viewDidAppear(_:)`. (A tree entering a window: `WindowTests`; a tab switch: `TabBarTests`.)
@Suite @MainActor struct LayoutPassTests {
    @Test(arguments: [true, false])
    func aPushSendsViewIsAppearingAfterWillShow(animated: Bool) {  // §1, §3, §6
        let recorder = Recorder()
        recorder.record {
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "a"))
            let delegate = NavDelegate()
            let window = show(nav)
            nav.delegate = delegate
            let b = Parent(name: "b")
            embed(Leaf(name: "c"), in: b)
            recorder.skipEvents()

            nav.push(b, animated: animated)
            window.runUntilIdle()
            let flag = "animated: \(animated)"
            let layoutPass = """
                b.viewIsAppearing(\(flag))
                c.viewIsAppearing(\(flag))
                """
            recorder.expect(
                """
                b.willMove(toParent: nav)
                a.viewWillDisappear(\(flag))
                b.viewWillAppear(\(flag))
                c.viewWillAppear(\(flag))
                nav.delegate.willShow(b, \(flag))
                \(animated ? layoutPass + "\n" : "")a.viewDidDisappear(\(flag))
                \(animated ? "" : "b.viewIsAppearing(\(flag))\n")b.viewDidAppear(\(flag))
                \(animated ? "" : "c.viewIsAppearing(\(flag))\n")c.viewDidAppear(\(flag))
                b.didMove(toParent: nav)
                nav.delegate.didShow(b, \(flag))
                """, filter: .everything)
            #expect(b.appearanceState == .appeared && nav.controllers.count == 2)
            withExtendedLifetime((window, delegate)) {}
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test(arguments: [0.3, 0])
    func aContainerTransitionSendsViewIsAppearingAfterItsWillCallbacksWhenAnimated(duration: Double) {  // §1, §3, §5
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let f = Leaf(name: "f")
            let t = Leaf(name: "t")
            embed(f, in: p)
            _ = t.view
            let window = show(p)
            recorder.skipEvents()

            swap(f, for: t, in: p, duration: duration)
            window.runUntilIdle()
            let flag = "animated: \(duration > 0)"
            recorder.expect(
                """
                t.willMove(toParent: p)
                f.willMove(toParent: nil)
                f.viewWillDisappear(\(flag))
                t.viewWillAppear(\(flag))
                t.viewIsAppearing(\(flag))
                t.viewDidAppear(\(flag))
                f.viewDidDisappear(\(flag))
                p.completion(finished: true)
                t.didMove(toParent: p)
                f.didMove(toParent: nil)
                """, filter: .everything)
            #expect(t.appearanceState == .appeared && f.appearanceState == .disappeared)
        }
        #expect(recorder.violations.isEmpty)
    }

    /// The layout pass of an animated transition runs once its will-half's own steps have: the
    /// `animations` block has run, and the incoming view is in the window, when `viewIsAppearing`
    /// comes; in `viewWillAppear` it has not.
    @Test func theLayoutPassOfAnAnimatedTransitionComesAfterItsAnimationsBlock() {  // §1, §3, §5
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let f = Leaf(name: "f")
            let t = SpyController(name: "t")
            embed(f, in: p)
            let window = show(p)
            var seen: [String] = []
            var animationsRan = false
            t.onViewWillAppear = { [unowned t] _ in
                seen.append("viewWillAppear: animations \(animationsRan), parent view \(t.view.superview != nil)")
            }
            t.onViewIsAppearing = { [unowned t] _ in
                seen.append("viewIsAppearing: animations \(animationsRan), window \(t.view.window === window)")
            }
            recorder.skipEvents()

            swap(f, for: t, in: p, duration: 0.3) { animationsRan = true }
            #expect(
                seen == [
                    "viewWillAppear: animations false, parent view false",
                    "viewIsAppearing: animations true, window true",
                ])
            window.runUntilIdle()
            t.onViewWillAppear = nil
            t.onViewIsAppearing = nil
            recorder.skipEvents()
        }
        #expect(recorder.violations.isEmpty)
    }
}
