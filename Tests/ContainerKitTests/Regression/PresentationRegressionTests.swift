import ContainerKit
import ContainerKitTesting
import Testing

/// A container that forwards appearance by hand (F4) and forwards nothing: the test drives its child.
private final class ManualContainer: ContainerController {
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
}

/// Regressions of the presentation bugs the randomized tests found (the letters of
/// KnownEngineBugs.swift): each scenario is the shrunk sequence that reached the bug, with the
/// full transcript and the final states the spec requires.
@Suite @MainActor struct PresentationRegressionTests {
    /// A visible window whose root is `other`, holding `parent`'s view, put there by hand, with
    /// `child` embedded in it: `parent` is detached (no parent, not a root). The turn ended.
    private func detached(_ parent: ContainerController, holding child: Controller) -> Window {
        let window = show(Parent(name: "other"))
        embed(child, in: parent)
        window.addSubview(parent.view)
        window.runUntilIdle()
        return window
    }

    /// `caller` presents `presented` with `style`, not animated; the turn ended.
    private func present(
        _ presented: Controller, _ style: ModalPresentationStyle, from caller: Controller, in window: Window
    ) {
        presented.modalPresentationStyle = style
        caller.present(presented, animated: false)
        window.runUntilIdle()
    }

    /// A visible window whose root, `root`, holds `box`, which defines the presentation context and
    /// holds what `fill` puts in it, then presents `h` with `.currentContext`: box's view leaves
    /// root's. The turn ended.
    private func presentingOverContext(
        _ h: Controller, from box: Parent, in root: Parent, fill: (Parent) -> Void = { _ in }
    ) -> Window {
        let window = show(root)
        box.definesPresentationContext = true
        embed(box, in: root)
        fill(box)
        window.runUntilIdle()
        present(h, .currentContext, from: box, in: window)
        return window
    }

    // MARK: - H: presenting a controller above the caller

    @Test func bugH_presentingTheRootOfTheCallersOwnTreeIsRefused() {  // §9, §11
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let box = Parent(name: "box")
            let window = detached(root, holding: box)  // root is not the window's root: not refused as one
            root.modalPresentationStyle = .formSheet
            recorder.skipEvents()
            recorder.expectViolation(.presentingInvalidController, unchanged: [root, box]) {
                // It would resolve to root presenting itself.
                box.present(root, animated: false) { Issue.record("the completion of a refused call ran") }
            }
            window.runUntilIdle()
            recorder.expect("")
            #expect(root.presentedController == nil)
            #expect(root.presentingController == nil)
            #expect(root.appearanceState == .appeared)
            #expect(box.appearanceState == .appeared)
            #expect(recorder.violations.first?.message.contains("it is above box") == true)
            recorder.finish()
        }
    }

    @Test func bugH_presentingTheTopOfThePresentationChainAboveTheCallerIsRefused() {  // §9, §11
        let recorder = Recorder()
        recorder.record {
            let r = Parent(name: "r")
            let x = Parent(name: "x")
            x.definesPresentationContext = true
            let window = detached(r, holding: x)
            let v = Leaf(name: "v")
            recorder.expectViolation(.presentingFromDetachedController) {
                present(v, .overCurrentContext, from: x, in: window)
            }
            recorder.skipEvents()
            recorder.expectViolation(.presentingInvalidController, unchanged: [r, x, v]) {
                v.present(r, animated: false)  // r holds x, which presents v
            }
            window.runUntilIdle()
            recorder.expect("")
            #expect(x.presentedController === v)
            #expect(r.presentingController == nil)
            recorder.finish()
        }
    }

    @Test func aViolationHandlerThatPresentsFromTheDetachedWarningFindsThePresentationMade() {  // §9, §11
        // The detached tree's warning is reported once the presentation's links are made: a handler
        // that presents from the same presenter is refused, and the first presentation goes on.
        let recorder = Recorder()
        recorder.record {
            let r = Parent(name: "r")
            let x = Leaf(name: "x")
            let window = detached(r, holding: x)
            let v = Leaf(name: "v")
            let w = Leaf(name: "w")
            let seen = SeenViolations()
            recorder.skipEvents()
            ContractViolation.withHandler({ violation in
                MainActor.assumeIsolated {
                    seen.list.append("\(violation.kind) \(violation.severity)")
                    if violation.kind == .presentingFromDetachedController {
                        #expect(r.presentedController === v)
                        #expect(v.presentingController === r)
                        x.present(w, animated: false)
                    }
                }
            }) {
                x.present(v, animated: false)
            }
            window.runUntilIdle()
            #expect(
                seen.list == ["presentingFromDetachedController warning", "presentingFromInvalidController warning"])
            recorder.expect(
                """
                v.loadView()
                v.viewDidLoad()
                v.viewWillAppear(animated: false)
                v.viewDidAppear(animated: false)
                """)
            #expect(r.presentedController === v)
            #expect(w.presentingController == nil)
            #expect(w.appearanceState == .disappeared)
            recorder.finish()
        }
    }

    // MARK: - O: a child below what it presents

    @Test func bugO_addingAPresenterAsAChildOfWhatItPresentsIsRefused() {  // §9, §11, DESIGN (ownership)
        let recorder = Recorder()
        recorder.record {
            let window = show(Parent(name: "other"))
            expectDeallocated {
                let root = Parent(name: "root")
                window.addSubview(root.view)  // not the window's root: invalidChild does not apply
                window.runUntilIdle()
                let m = Parent(name: "m")
                recorder.expectViolation(.presentingFromDetachedController) {
                    present(m, .pageSheet, from: root, in: window)
                }
                recorder.skipEvents()
                recorder.expectViolation(.addingToSelfOrDescendant, unchanged: [root, m]) {
                    m.addChild(root)  // root holds m (it presents it): m must not hold root
                }
                #expect(root.parent == nil)
                #expect(m.children.isEmpty)
                root.dismiss(animated: false)
                window.runUntilIdle()
                root.view.removeFromSuperview()
                // root's did-disappear, queued as its view left the window, holds it to the end of
                // the turn (§2.2).
                window.runUntilIdle()
                recorder.expect(
                    """
                    m.viewWillDisappear(animated: false)
                    m.viewDidDisappear(animated: false)
                    root.viewWillDisappear(animated: false)
                    root.viewDidDisappear(animated: false)
                    """)
                return [root, m]
            }
            recorder.expect(
                """
                root.deinit
                m.deinit
                """)
            recorder.finish()
        }
    }

    @Test func bugO_reparentingAPresenterUnderWhatItPresentsIsRefused() {  // R4, §9, §11
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let window = show(root)
            let box = Parent(name: "box")
            box.definesPresentationContext = true
            embed(box, in: root)
            window.runUntilIdle()
            let m = Parent(name: "m")
            present(m, .overCurrentContext, from: box, in: window)
            recorder.skipEvents()
            recorder.expectViolation(.addingToSelfOrDescendant, unchanged: [root, box, m]) {
                m.addChild(box)  // R4 would take box from root, and m, which box presents, would hold it
            }
            recorder.expect("")
            #expect(box.parent === root)
            #expect(box.presentedController === m)
            #expect(m.children.isEmpty)
            #expect(
                recorder.violations.first?.message.contains("m is presented, itself or through an ancestor") == true)
            recorder.finish()
        }
    }

    @Test func bugO_aBuiltInContainerRefusesTheControllerThatPresentsIt() {  // §6, §7, §9, §11
        let recorder = Recorder()
        recorder.record {
            let a = Parent(name: "a")
            let box = Parent(name: "box")
            let window = detached(a, holding: box)
            let nav = NavigationController(name: "nav", rootController: Leaf(name: "top"))
            // Presented from a, the root of box's tree, detached (M69).
            recorder.expectViolation(.presentingFromDetachedController) {
                present(nav, .formSheet, from: box, in: window)
            }
            recorder.skipEvents()
            recorder.expectViolation(.addingToSelfOrDescendant, unchanged: [a, box, nav]) {
                nav.push(a, animated: false)
            }
            a.dismiss(animated: false)
            window.runUntilIdle()
            let tabs = TabBarController(name: "tabs")
            recorder.expectViolation(.presentingFromDetachedController) {
                present(tabs, .formSheet, from: a, in: window)
            }
            recorder.skipEvents()
            recorder.expectViolation(.invalidContainerContents, unchanged: [a, box, tabs]) {
                tabs.controllers = [a]
            }
            recorder.expect("")
            #expect(a.presentedController === tabs)
            #expect(tabs.controllers.isEmpty)
            #expect(a.parent == nil)
            recorder.finish()
        }
    }

    // MARK: - U: a presenter whose place left the visible window

    @Test func bugU_aContextPresentationDismissedUnderAFullScreenOneLeavesItsPresenterOffScreen() {  // §9, F2
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let box = Parent(name: "box")
            let h = Leaf(name: "h")
            let window = presentingOverContext(h, from: box, in: root)
            let f = Leaf(name: "f")
            f.modalPresentationStyle = .fullScreen
            recorder.skipEvents()
            root.present(f, animated: true)
            h.dismiss(animated: true)  // waits behind f's presentation
            window.runUntilIdle()
            recorder.expect(
                """
                f.loadView()
                f.viewDidLoad()
                root.viewWillDisappear(animated: true)
                f.viewWillAppear(animated: true)
                -- the animation completes; root's view leaves the window
                f.viewDidAppear(animated: true)
                root.viewDidDisappear(animated: true)
                -- h's dismissal: box's view goes back into root's, which is out of the window
                h.viewWillDisappear(animated: true)
                -- the animation completes: box does not appear
                h.viewDidDisappear(animated: true)
                """)
            #expect(box.view.superview === root.view)
            #expect(root.view.superview == nil)
            #expect(box.appearanceState == .disappeared)
            #expect(box.presentedController == nil)
            #expect(h.presentingController == nil)
            #expect(root.presentedController === f)
            root.dismiss(animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                f.viewWillDisappear(animated: false)
                root.viewWillAppear(animated: false)
                box.viewWillAppear(animated: false)
                root.viewDidAppear(animated: false)
                box.viewDidAppear(animated: false)
                f.viewDidDisappear(animated: false)
                """)
            #expect(root.view.superview === window)
            #expect(box.appearanceState == .appeared)
            recorder.finish()
        }
    }

    // MARK: - P: views moved by hand while a presentation hides its presenter

    @Test func bugP_dismissingAPresentedControllerWhoseViewWasMovedOutOfTheWindowBringsThePresenterBack() {  // §9, F2
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let window = show(root)
            let h = Leaf(name: "h")
            present(h, .fullScreen, from: root, in: window)  // root's view leaves the window
            let holder = View()
            recorder.skipEvents()
            holder.addSubview(h.view)  // h has no parent: its view may go anywhere (R6)
            recorder.expect(
                """
                h.viewWillDisappear(animated: false)
                """)
            h.dismiss(animated: false)
            recorder.expect("-- nothing inside the call: it runs in the window root's view comes back to")
            window.runUntilIdle()
            recorder.expect(
                """
                h.viewDidDisappear(animated: false)
                root.viewWillAppear(animated: false)
                root.viewDidAppear(animated: false)
                """)
            #expect(root.view.superview === window)
            #expect(root.appearanceState == .appeared)
            #expect(root.presentedController == nil)
            #expect(h.presentingController == nil)
            #expect(h.appearanceState == .disappeared)
            #expect(h.view.superview == nil)  // the dismissal takes the presented view out, wherever it is
            recorder.finish()
        }
    }

    /// Found by the soak (seeds 896364497309913297, 4618180631105656480): a sheet pulled down, its
    /// view taken out of the window by hand, then the pull cancelled. It used to appear again with
    /// its view in no window; its disappearance ends instead, and it appears when its view is back.
    @Test func aCancelledPullDownOfASheetWhoseViewLeftTheWindowEndsItsDisappearance() {  // §9, F1, F2
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let window = show(root)
            let g = Leaf(name: "g")
            present(g, .formSheet, from: root, in: window)
            recorder.skipEvents()
            let handle = g.beginInteractiveDismissal()
            let sheetContainer = g.view.superview
            g.view.removeFromSuperview()  // g has no parent: its view may go anywhere (R6)
            handle?.cancel()
            window.runUntilIdle()
            recorder.expect(
                """
                g.viewWillDisappear(animated: true)
                g.viewDidDisappear(animated: true)
                """)
            #expect(g.appearanceState == .disappeared)
            #expect(g.presentingController === root)
            #expect(root.presentedController === g)
            #expect(root.appearanceState == .appeared)
            sheetContainer?.addSubview(g.view)  // back in the visible window: the window drives it (F2)
            window.runUntilIdle()
            recorder.expect(
                """
                g.viewWillAppear(animated: false)
                g.viewDidAppear(animated: false)
                """)
            #expect(g.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func bugP_aPresenterWhosePlaceWasMovedIntoItsOwnViewIsNotPutBack() {  // §9, §11
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let box = Parent(name: "box")
            let h = Leaf(name: "h")
            let window = presentingOverContext(h, from: box, in: root)
            recorder.skipEvents()
            box.view.addSubview(root.view)  // by hand: the place box's view left is now inside it
            recorder.expect(
                """
                root.viewWillDisappear(animated: false)
                """)
            h.dismiss(animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewDidDisappear(animated: false)
                h.viewWillDisappear(animated: false)
                -- box's view stays out: putting it back would close a cycle, a move the engine refuses
                h.viewDidDisappear(animated: false)
                """)
            #expect(recorder.violations.isEmpty)
            #expect(box.view.superview == nil)
            #expect(root.view.superview === box.view)
            #expect(box.appearanceState == .disappeared)
            #expect(box.presentedController == nil)
            #expect(h.presentingController == nil)
            recorder.finish()
        }
    }

    @Test func bugP_aPresenterWhosePlaceWasMovedUnderAControllerItsStackWillShowIsNotPutBack() {  // §6, §9, §11
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let box = Parent(name: "box")
            let x = Leaf(name: "x")
            let h = Leaf(name: "h")
            let window = presentingOverContext(h, from: box, in: root) { box in
                let nav = NavigationController(name: "nav", rootController: x)
                embed(nav, in: box)
                nav.push(Leaf(name: "y"), animated: false)
            }
            recorder.skipEvents()
            x.view.addSubview(root.view)  // by hand: x's view is in no window while y is on top
            recorder.expect(
                """
                root.viewWillDisappear(animated: false)
                """)
            h.dismiss(animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewDidDisappear(animated: false)
                h.viewWillDisappear(animated: false)
                -- box's view stays out: nav would put x's view, and root's with it, inside box's view
                h.viewDidDisappear(animated: false)
                """)
            #expect(recorder.violations.isEmpty)
            #expect(box.view.superview == nil)
            #expect(root.view.superview === x.view)
            #expect(box.appearanceState == .disappeared)
            #expect(box.presentedController == nil)
            recorder.finish()
        }
    }

    // MARK: - Found by the soak: presenting a controller whose view was put in the window by hand

    /// Found by the soak (seeds 4386363360887908796 and 5844799294080052737): `m`'s view was put
    /// by hand in a view of `root`, holding the view of `d`, a child of `root` (R4 moved no view).
    /// Presenting `m` full screen makes `root` disappear, and `root` forwards the will-disappear to
    /// `d`, whose view is then in `root`'s view hierarchy (F1). The presentation then takes `m`'s view,
    /// and `d`'s with it, out of `root`'s view, so `root`'s did-disappear no longer reaches `d`, which
    /// used to stay disappearing in the window. Decision (MODEL): a transition's move within the
    /// visible window hands the controllers whose root views it takes out of their parent's view to
    /// the window, as a move by hand does (F2, bug V): `d` begins appearing again and gets its
    /// did-appear at the end of the turn; the transition drives only its own controllers (F7).
    @Test func presentingAViewPutInTheWindowByHandHandsTheChildrenRidingInItToTheWindow() {  // §9, F2, F7
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let m = Parent(name: "m")
            let d = Leaf(name: "d")
            let holder = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            root.view.addSubview(holder)
            embed(d, in: m)
            let window = show(root)
            root.addChild(d)  // R4: d leaves m; its view stays in m's view
            d.didMove(toParent: root)
            holder.addSubview(m.view)  // m has no parent: anywhere (R6); m and d appear (F2)
            window.runUntilIdle()
            recorder.skipEvents()
            m.modalPresentationStyle = .fullScreen
            root.present(m, animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewWillDisappear(animated: true)
                d.viewWillDisappear(animated: true)
                -- m's view, d's with it, goes up into the window, out of root's view: d is the window's
                d.viewWillAppear(animated: false)
                -- the window's deferred work, then the animation completes (default driver)
                d.viewDidAppear(animated: false)
                root.viewDidDisappear(animated: true)
                """)
            #expect([root, m, d].map(\.appearanceState) == [.disappeared, .appeared, .appeared])
            #expect(m.presentingController === root && d.parent === root)
            #expect(d.view.window === window && root.view.window == nil)
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - X: presenting from, and dismissing to, a presenter off screen

    @Test func bugX_presentingFromAChildWhoseTreesRootIsOffScreenIsIgnored() {  // §9, §11
        let recorder = Recorder()
        recorder.record {
            let window = show(Parent(name: "other"))
            let r = Parent(name: "r")
            let b = Parent(name: "b")
            embed(b, in: r)
            window.addSubview(b.view)  // R6 lets b's view sit outside r's: r's view is in no window
            window.runUntilIdle()
            let c = Leaf(name: "c")
            c.modalPresentationStyle = .fullScreen
            recorder.skipEvents()
            recorder.expectViolation(.presentingFromInvalidController, unchanged: [r, b, c]) {
                // It would be presented from r, the root of b's tree.
                b.present(c, animated: false) { Issue.record("the completion of an ignored call ran") }
            }
            window.runUntilIdle()
            recorder.expect("")
            let violation = recorder.violations.first
            #expect(violation?.severity == .warning)
            #expect(violation?.controllers == [b.id, c.id, r.id])
            #expect(
                violation?.message.contains("it would be presented from r, whose view is not in a visible window")
                    == true)
            #expect(violation?.message.contains("(§9)") == true)
            #expect(r.presentedController == nil)
            #expect(c.presentingController == nil)
            #expect(!c.isViewLoaded)
            #expect(r.appearanceState == .disappeared)
            #expect(b.appearanceState == .appeared)
            #expect(b.view.superview === window)
            recorder.finish()
        }
    }

    @Test func bugX_aRootReplacedWhileItsPresentationAnimatesDoesNotComeBack() {  // §1, §9, F2 (root replaced)
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let window = show(root)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            let f = Leaf(name: "f")
            f.modalPresentationStyle = .fullScreen
            recorder.skipEvents()
            root.present(f, animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                f.loadView()
                f.viewDidLoad()
                root.viewWillDisappear(animated: true)
                f.viewWillAppear(animated: true)
                """)
            window.rootController = Parent(name: "other")
            window.runUntilIdle()
            recorder.expect(
                """
                -- root's view leaves the window: the presentation completes first, and takes it out
                f.viewDidAppear(animated: true)
                root.viewDidDisappear(animated: true)
                other.loadView()
                other.viewDidLoad()
                other.viewWillAppear(animated: false)
                other.viewDidAppear(animated: false)
                """)
            f.dismiss(animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                f.viewWillDisappear(animated: false)
                -- root is no longer the window's root: its view stays out, and it does not appear
                f.viewDidDisappear(animated: false)
                """)
            #expect(root.view.superview == nil)
            #expect(root.appearanceState == .disappeared)
            #expect(root.presentedController == nil)
            recorder.finish()
        }
    }

    @Test func bugX_aPresenterBroughtBackWhileItsPresentationAnimatesDisappearsAgain() {  // §9, F4, F7
        let recorder = Recorder()
        recorder.record {
            let root = ManualContainer(name: "root")
            let window = show(root)
            let box = Parent(name: "box")
            box.definesPresentationContext = true
            embed(box, in: root)
            box.beginAppearanceTransition(true, animated: false)  // root forwards by hand
            box.endAppearanceTransition()
            window.runUntilIdle()
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            let h = Leaf(name: "h")
            h.modalPresentationStyle = .currentContext
            recorder.skipEvents()
            box.present(h, animated: true)
            window.runUntilIdle()
            box.beginAppearanceTransition(true, animated: false)  // by hand, during the animation
            recorder.expect(
                """
                h.loadView()
                h.viewDidLoad()
                box.viewWillDisappear(animated: true)
                h.viewWillAppear(animated: true)
                box.viewWillAppear(animated: false)
                """)
            driver.finishAll()
            window.runUntilIdle()
            recorder.expect(
                """
                h.viewDidAppear(animated: true)
                -- box's view leaves the window: box disappears again
                box.viewWillDisappear(animated: true)
                box.viewDidDisappear(animated: true)
                """)
            #expect(box.view.superview == nil)
            #expect(box.appearanceState == .disappeared)
            #expect(box.presentedController === h)
            recorder.finish()
        }
    }

    @Test func bugX_aPresentationDismissedOffScreenBeforeItsTurnShowsNothing() {  // §1, §9
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let window = show(root)
            let s = Leaf(name: "s")
            s.modalPresentationStyle = .formSheet
            recorder.skipEvents()
            root.present(s, animated: true)  // waits for the end of the turn
            root.view.removeFromSuperview()  // by hand: root's view is in no window now
            s.dismiss(animated: true)  // off screen: the links are cut inside the call
            recorder.expect(
                """
                root.viewWillDisappear(animated: false)
                """)
            #expect(root.presentedController == nil)
            window.runUntilIdle()
            recorder.expect(
                """
                -- root's did-disappear, queued as its view left the window (§1)
                root.viewDidDisappear(animated: false)
                -- the presentation's turn comes: it has nothing left to show
                """)
            #expect(!s.isViewLoaded)
            #expect(s.presentingController == nil)
            #expect(window.subviews.isEmpty)
            recorder.finish()
        }
    }

    /// Found by the soak (seed 4875866553225930731): `root.present(b, animated: false)` waits for
    /// the end of the turn; the window is hidden meanwhile, so when the presentation's turn comes
    /// it settles off screen, with no appearance callbacks (§1). Putting `b`'s view in the window
    /// loads it, and `b`'s `viewDidLoad()` shows the window again: `root` appears, and `b`'s view
    /// went into the visible window as a transition's, which drives no appearance (F7), so `b` was
    /// left disappeared there. The off-screen presentation's view now enters the window as any
    /// view does: `b` appears, as F2 says for a view entering a visible window.
    @Test func aPresentationSettledOffScreenWhoseViewDidLoadShowsTheWindowAppears() {  // §1, §9, F2
        let recorder = Recorder()
        recorder.record {
            let root = Parent(name: "root")
            let window = show(root)
            let b = SpyController(name: "b")
            b.modalPresentationStyle = .overFullScreen
            b.onViewDidLoad = { [unowned window] in window.makeKeyAndVisible() }
            recorder.skipEvents()
            root.present(b, animated: false)  // waits for the end of the turn
            window.isHidden = true
            window.runUntilIdle()
            recorder.expect(
                """
                root.viewWillDisappear(animated: false)
                root.viewDidDisappear(animated: false)
                -- the presentation's turn comes, the window hidden: it settles off screen
                b.loadView()
                b.viewDidLoad()
                root.viewWillAppear(animated: false)
                b.viewWillAppear(animated: false)
                root.viewDidAppear(animated: false)
                b.viewDidAppear(animated: false)
                """)
            #expect(root.presentedController === b && b.view.superview === window)
            #expect(b.appearanceState == .appeared && root.appearanceState == .appeared)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }
}

/// The violations a handler saw, as `kind severity`.
@MainActor
private final class SeenViolations {
    var list: [String] = []
}
