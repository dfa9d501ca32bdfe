import ContainerKit
import ContainerKitTesting
import Testing

/// A leaf presented with `style`.
@MainActor
private func leaf(_ name: String, _ style: ModalPresentationStyle = .automatic) -> Leaf {
    let leaf = Leaf(name: name)
    leaf.modalPresentationStyle = style
    return leaf
}

/// `a`, shown in a window driven by a ``ManualAnimationDriver``, presents the sheet `b` (a form
/// sheet) whose presentation delegate is `delegate`, and the turn ends: a sheet ready to be pulled.
@MainActor
private func presentSheet(delegate: SheetDelegate) -> (Window, ManualAnimationDriver, Leaf, Leaf) {
    let a = Leaf(name: "a")
    let window = show(a)
    let driver = ManualAnimationDriver()
    driver.install(on: window)
    let b = leaf("b", .formSheet)
    a.present(b, animated: false)
    window.runUntilIdle()
    b.presentationDelegate = delegate
    return (window, driver, a, b)
}

/// A presentation delegate that can refuse; its calls are in the transcript as `b.presentationDelegate.…`.
@MainActor
private final class SheetDelegate: PresentationDelegate {
    var allows = true
    var onWillDismiss: (() -> Void)?

    func presentationControllerShouldDismiss(_ presented: Controller) -> Bool { allows }
    func presentationControllerWillDismiss(_ presented: Controller) { onWillDismiss?() }
}

/// Notes `isBeingPresented` and `isBeingDismissed` inside each of its appearance callbacks.
private final class FlagProbe: Controller {
    let notes: Notes
    let label: String

    init(name: String, notes: Notes) {
        self.notes = notes
        label = name
        super.init(name: name)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        note("viewWillAppear")
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
        notes.lines.append("\(label).\(callback) presented=\(isBeingPresented) dismissed=\(isBeingDismissed)")
    }
}

/// A leaf that prefers light status-bar content.
private final class LightLeaf: Controller {
    override var preferredStatusBarStyle: StatusBarStyle { .lightContent }
}

@Suite @MainActor struct PresentationTests {
    @Test func presentingAndDismissingFullScreen() {  // §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            recorder.skipEvents()
            let b = Leaf(name: "b")
            b.modalPresentationStyle = .fullScreen
            a.present(b, animated: true) {}
            #expect(a.presentedController === b)
            #expect(b.presentingController === a)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                -- the animation completes
                b.viewDidAppear(animated: true)
                a.viewDidDisappear(animated: true)
                a.completion()
                """)
            #expect(a.view.superview == nil)
            b.dismiss(animated: true) {}
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                a.viewDidAppear(animated: true)
                b.viewDidDisappear(animated: true)
                b.completion()
                """)
            #expect(a.presentedController == nil)
            #expect(a.view.superview === window)
            recorder.finish()
        }
    }

    @Test func aSheetLeavesThePresenterAlone() {  // §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            recorder.skipEvents()
            a.present(Leaf(name: "b"), animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                """)
            a.dismiss(animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                b.viewDidDisappear(animated: true)
                b.deinit
                """)
            recorder.finish()
        }
    }

    // MARK: - Styles

    @Test(arguments: [ModalPresentationStyle.fullScreen, .currentContext], [true, false])
    func fullScreenStylesHideThePresenter(style: ModalPresentationStyle, animated: Bool) {  // §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            recorder.skipEvents()
            a.present(leaf("b", style), animated: animated) {}
            recorder.expect("-- nothing inside the call")
            #expect(a.presentedController?.presentingController === a)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: \(animated))
                b.viewWillAppear(animated: \(animated))
                -- the animation completes: the presented controller's did-callback first
                b.viewDidAppear(animated: \(animated))
                a.viewDidDisappear(animated: \(animated))
                a.completion()
                """)
            #expect(a.view.superview == nil)
            #expect(a.presentedController?.view.superview === window)
            a.dismiss(animated: animated) {}
            recorder.expect("-- nothing inside the call")
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: \(animated))
                a.viewWillAppear(animated: \(animated))
                a.viewDidAppear(animated: \(animated))
                b.viewDidDisappear(animated: \(animated))
                a.completion()
                b.deinit
                """)
            #expect(a.presentedController == nil)
            #expect(a.view.superview === window)
            #expect(a.appearanceState == .appeared)
            recorder.finish()
        }
    }

    @Test(
        arguments: [ModalPresentationStyle.automatic, .pageSheet, .formSheet, .overFullScreen, .overCurrentContext],
        [true, false])
    func sheetAndOverStylesLeaveThePresenterAlone(style: ModalPresentationStyle, animated: Bool) {  // §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            recorder.skipEvents()
            a.present(leaf("b", style), animated: animated) {}
            recorder.expect("-- nothing inside the call")
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: \(animated))
                b.viewDidAppear(animated: \(animated))
                a.completion()
                """)
            #expect(a.view.superview === window)
            #expect(a.appearanceState == .appeared)
            #expect(a.presentedController?.presentingController === a)
            a.dismiss(animated: animated) {}
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: \(animated))
                b.viewDidDisappear(animated: \(animated))
                a.completion()
                b.deinit
                """)
            #expect(a.presentedController == nil)
            #expect(a.appearanceState == .appeared)
            recorder.finish()
        }
    }

    @Test func automaticResolvesToPageSheet() {  // §9: `.automatic` resolves to `.pageSheet`
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            recorder.skipEvents()
            let b = Leaf(name: "b")
            #expect(b.modalPresentationStyle == .automatic)
            a.present(b, animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                -- as a page sheet: the presenter gets nothing
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                """)
            #expect(a.view.superview === window)
            #expect(window.statusBarStyle == .default)
            // A page sheet can be pulled down.
            let handle = b.beginInteractiveDismissal()
            #expect(handle != nil)
            recorder.expect("b.viewWillDisappear(animated: true)")
            handle?.cancel()
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                """)
            #expect(b.presentingController === a)
            recorder.finish()
        }
    }

    // MARK: - Completion

    @Test func theCompletionIsNamedByTheControllerWhoseCallTookIt() {  // §9, transcript notation
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            embed(c, in: p)
            let window = show(p)
            recorder.skipEvents()
            c.present(Leaf(name: "b"), animated: false) {}
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                b.viewDidAppear(animated: false)
                -- c called present, p presents
                c.completion()
                """)
            #expect(p.presentedController?.presentingController === p)
            p.presentedController?.dismiss(animated: false) {}
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                -- b called dismiss
                b.completion()
                b.deinit
                """)
            recorder.finish()
        }
    }

    // MARK: - isBeingPresented / isBeingDismissed

    @Test func beingPresentedAndDismissedAreTrueOnlyInsideThePresentedControllersCallbacks() {  // §9
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let a = FlagProbe(name: "a", notes: notes)
            let window = show(a)
            _ = notes.take()
            recorder.skipEvents()
            let b = FlagProbe(name: "b", notes: notes)
            b.modalPresentationStyle = .fullScreen
            #expect(!b.isBeingPresented && !b.isBeingDismissed)
            a.present(b, animated: true)
            #expect(!b.isBeingPresented && !b.isBeingDismissed)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                a.viewDidDisappear(animated: true)
                """)
            #expect(
                notes.take() == [
                    "a.viewWillDisappear presented=false dismissed=false",
                    "b.viewWillAppear presented=true dismissed=false",
                    "b.viewDidAppear presented=true dismissed=false",
                    "a.viewDidDisappear presented=false dismissed=false",
                ])
            #expect(!b.isBeingPresented && !b.isBeingDismissed)
            #expect(!a.isBeingPresented && !a.isBeingDismissed)
            b.dismiss(animated: true)
            #expect(!b.isBeingPresented && !b.isBeingDismissed)
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                a.viewDidAppear(animated: true)
                b.viewDidDisappear(animated: true)
                """)
            #expect(
                notes.take() == [
                    "b.viewWillDisappear presented=false dismissed=true",
                    "a.viewWillAppear presented=false dismissed=false",
                    "a.viewDidAppear presented=false dismissed=false",
                    "b.viewDidDisappear presented=false dismissed=true",
                ])
            #expect(!b.isBeingPresented && !b.isBeingDismissed)
            recorder.finish()
        }
    }

    @Test func aSheetIsBeingPresentedAndDismissedInsideItsCallbacks() {  // §9
        let recorder = Recorder()
        let notes = Notes()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            recorder.skipEvents()
            let b = FlagProbe(name: "b", notes: notes)
            a.present(b, animated: false)
            window.runUntilIdle()
            #expect(
                notes.take() == [
                    "b.viewWillAppear presented=true dismissed=false",
                    "b.viewDidAppear presented=true dismissed=false",
                ])
            let handle = b.beginInteractiveDismissal()
            #expect(!b.isBeingPresented && !b.isBeingDismissed)
            handle?.finish()
            window.runUntilIdle()
            #expect(
                notes.take() == [
                    "b.viewWillDisappear presented=false dismissed=true",
                    "b.viewDidDisappear presented=false dismissed=true",
                ])
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                b.viewDidAppear(animated: false)
                b.viewWillDisappear(animated: true)
                b.viewDidDisappear(animated: true)
                """)
            #expect(a.presentedController == nil)
            recorder.finish()
        }
    }

    // MARK: - Resolving the presenter

    @Test func fullScreenFromAChildPresentsFromTheRoot() {  // §9
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            embed(c, in: p)
            c.definesPresentationContext = true
            let window = show(p)
            recorder.skipEvents()
            c.present(leaf("b", .fullScreen), animated: true) {}
            #expect(c.presentedController == nil)
            #expect(p.presentedController?.presentingController === p)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                p.viewWillDisappear(animated: true)
                c.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                p.viewDidDisappear(animated: true)
                c.viewDidDisappear(animated: true)
                c.completion()
                """)
            #expect(p.view.superview == nil)
            #expect(c.view.superview === p.view)
            p.dismiss(animated: true) {}
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                p.viewWillAppear(animated: true)
                c.viewWillAppear(animated: true)
                p.viewDidAppear(animated: true)
                c.viewDidAppear(animated: true)
                b.viewDidDisappear(animated: true)
                p.completion()
                b.deinit
                """)
            #expect(p.view.superview === window)
            #expect(c.appearanceState == .appeared)
            recorder.finish()
        }
    }

    @Test func aSheetFromAChildPresentsFromTheRoot() {  // §9
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            embed(c, in: p)
            let window = show(p)
            recorder.skipEvents()
            c.present(leaf("b", .formSheet), animated: true) {}
            #expect(c.presentedController == nil)
            #expect(p.presentedController?.presentingController === p)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                c.completion()
                """)
            p.dismiss(animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                b.viewDidDisappear(animated: true)
                b.deinit
                """)
            recorder.finish()
        }
    }

    @Test func currentContextCoversTheNearestAncestorThatDefinesTheContext() {  // §9
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let q = Parent(name: "q")
            let c = Leaf(name: "c")
            embed(q, in: p)
            embed(c, in: q)
            q.definesPresentationContext = true
            let window = show(p)
            recorder.skipEvents()
            c.present(leaf("b", .currentContext), animated: true) {}
            #expect(c.presentedController == nil)
            #expect(p.presentedController == nil)
            #expect(q.presentedController?.presentingController === q)
            window.runUntilIdle()
            recorder.expect(
                """
                -- q's subtree disappears; p is left alone
                b.loadView()
                b.viewDidLoad()
                q.viewWillDisappear(animated: true)
                c.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                q.viewDidDisappear(animated: true)
                c.viewDidDisappear(animated: true)
                c.completion()
                """)
            #expect(q.view.superview == nil)
            #expect(p.view.superview === window)
            #expect(p.appearanceState == .appeared)
            q.dismiss(animated: true) {}
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                q.viewWillAppear(animated: true)
                c.viewWillAppear(animated: true)
                q.viewDidAppear(animated: true)
                c.viewDidAppear(animated: true)
                b.viewDidDisappear(animated: true)
                q.completion()
                b.deinit
                """)
            #expect(q.view.superview === p.view)
            recorder.finish()
        }
    }

    @Test func overCurrentContextCoversTheContextAsASheetDoes() {  // §9
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let q = Parent(name: "q")
            let c = Leaf(name: "c")
            embed(q, in: p)
            embed(c, in: q)
            q.definesPresentationContext = true
            let window = show(p)
            recorder.skipEvents()
            c.present(leaf("b", .overCurrentContext), animated: true) {}
            #expect(q.presentedController?.presentingController === q)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                c.completion()
                """)
            #expect(q.view.superview === p.view)
            q.dismiss(animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                b.viewDidDisappear(animated: true)
                b.deinit
                """)
            recorder.finish()
        }
    }

    @Test func theContextStylesResolveTheirPresenter() {  // §9
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let q = Parent(name: "q")
            let c = Leaf(name: "c")
            embed(q, in: p)
            embed(c, in: q)
            let window = show(p)
            recorder.skipEvents()

            // No ancestor defines a context: the root.
            c.present(leaf("b", .overCurrentContext), animated: false)
            #expect(p.presentedController?.presentingController === p)
            window.runUntilIdle()
            p.dismiss(animated: false)
            window.runUntilIdle()

            // The caller itself is the context.
            c.definesPresentationContext = true
            c.present(leaf("b", .overCurrentContext), animated: false)
            #expect(c.presentedController?.presentingController === c)
            window.runUntilIdle()
            c.dismiss(animated: false)
            window.runUntilIdle()

            // The nearest one wins.
            c.definesPresentationContext = false
            q.definesPresentationContext = true
            p.definesPresentationContext = true
            c.present(leaf("b", .currentContext), animated: false)
            #expect(q.presentedController?.presentingController === q)
            #expect(p.presentedController == nil)
            window.runUntilIdle()
            q.dismiss(animated: false)
            window.runUntilIdle()

            // The other styles ignore the context.
            c.present(leaf("b", .pageSheet), animated: false)
            #expect(p.presentedController?.presentingController === p)
            #expect(q.presentedController == nil)
            window.runUntilIdle()
            p.dismiss(animated: false)
            window.runUntilIdle()
            recorder.skipEvents()
            recorder.finish()
        }
    }

    // MARK: - Chains

    @Test func dismissingAChainOfFullScreenPresentationsAnimatesOnlyTheTop() {  // §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            recorder.skipEvents()
            a.present(leaf("b", .fullScreen), animated: false)
            window.runUntilIdle()
            a.presentedController?.present(leaf("c", .fullScreen), animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: false)
                b.viewWillAppear(animated: false)
                b.viewDidAppear(animated: false)
                a.viewDidDisappear(animated: false)
                c.loadView()
                c.viewDidLoad()
                b.viewWillDisappear(animated: false)
                c.viewWillAppear(animated: false)
                c.viewDidAppear(animated: false)
                b.viewDidDisappear(animated: false)
                """)
            #expect(a.presentedController?.presentedController?.presentingController === a.presentedController)
            let tracker = LeakTracker()
            if let b = a.presentedController, let c = b.presentedController {
                tracker.track(b)
                tracker.track(c)
            }
            #expect(driver.started.isEmpty)
            a.dismiss(animated: true) {}
            window.runUntilIdle()
            recorder.expect(
                """
                -- only c is showing; then the presenter, which had disappeared
                c.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                """)
            #expect(driver.inFlight.count == 1)
            #expect(driver.inFlight.first?.kind == .dismissal)
            driver.finish(driver.inFlight[0])
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewDidAppear(animated: true)
                c.viewDidDisappear(animated: true)
                a.completion()
                c.deinit
                b.deinit
                """)
            tracker.expectAllDeallocated()
            #expect(driver.started.count == 1)
            #expect(a.presentedController == nil)
            #expect(a.view.superview === window)
            recorder.finish()
        }
    }

    @Test func dismissingAChainOfSheetsSendsWillCallbacksTopDown() {  // §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            recorder.skipEvents()
            a.present(leaf("b", .pageSheet), animated: false)
            window.runUntilIdle()
            a.presentedController?.present(leaf("c", .formSheet), animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                b.viewDidAppear(animated: false)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            a.dismiss(animated: true) {}
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewWillDisappear(animated: true)
                b.viewWillDisappear(animated: true)
                """)
            #expect(driver.inFlight.count == 1)
            driver.finish(driver.inFlight[0])
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewDidDisappear(animated: true)
                b.viewDidDisappear(animated: true)
                a.completion()
                c.deinit
                b.deinit
                """)
            #expect(driver.started.count == 1)
            recorder.finish()
        }
    }

    @Test func dismissingAMixedChainBringsThePresenterBackAfterTheShowingOnes() {  // §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            recorder.skipEvents()
            a.present(leaf("b", .fullScreen), animated: false)
            window.runUntilIdle()
            a.presentedController?.present(leaf("c", .pageSheet), animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: false)
                b.viewWillAppear(animated: false)
                b.viewDidAppear(animated: false)
                a.viewDidDisappear(animated: false)
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            a.dismiss(animated: true) {}
            window.runUntilIdle()
            recorder.expect(
                """
                c.viewWillDisappear(animated: true)
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                """)
            #expect(driver.inFlight.count == 1)
            driver.finish(driver.inFlight[0])
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewDidAppear(animated: true)
                c.viewDidDisappear(animated: true)
                b.viewDidDisappear(animated: true)
                a.completion()
                c.deinit
                b.deinit
                """)
            recorder.finish()
        }
    }

    @Test func dismissOnAPresenterDismissesWhatItPresents() {  // §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            let b = leaf("b", .pageSheet)
            a.present(b, animated: false)
            window.runUntilIdle()
            b.present(Leaf(name: "c"), animated: false)
            window.runUntilIdle()
            recorder.skipEvents()
            b.dismiss(animated: true) {}
            window.runUntilIdle()
            recorder.expect(
                """
                -- b presents c: c goes, b stays
                c.viewWillDisappear(animated: true)
                c.viewDidDisappear(animated: true)
                b.completion()
                c.deinit
                """)
            #expect(b.presentingController === a)
            #expect(b.presentedController == nil)
            recorder.finish()
        }
    }

    @Test func dismissOnAPresentedControllerWithNothingAboveForwardsToItsPresenter() {  // §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            a.present(leaf("b", .fullScreen), animated: true)
            window.runUntilIdle()
            recorder.skipEvents()
            a.presentedController?.dismiss(animated: true) {}
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                a.viewDidAppear(animated: true)
                b.viewDidDisappear(animated: true)
                b.completion()
                b.deinit
                """)
            #expect(a.presentedController == nil)
            recorder.finish()
        }
    }

    // MARK: - Interactive dismissal

    @Test func pullingASheetDownDismissesIt() {  // §9
        let recorder = Recorder()
        let delegate = SheetDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            recorder.skipEvents()
            a.present(Leaf(name: "b"), animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                b.viewDidAppear(animated: false)
                """)
            a.presentedController?.presentationDelegate = delegate
            let handle = a.presentedController?.beginInteractiveDismissal()
            #expect(handle != nil)
            recorder.expect(
                """
                -- inside the call
                b.presentationDelegate.shouldDismiss()
                b.presentationDelegate.willDismiss()
                b.viewWillDisappear(animated: true)
                """)
            handle?.update(0.6)
            recorder.expect("-- nothing while the finger moves")
            handle?.finish()
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewDidDisappear(animated: true)
                b.presentationDelegate.didDismiss()
                b.deinit
                """)
            #expect(a.presentedController == nil)
            recorder.finish()
        }
    }

    @Test func aCancelledPullLeavesTheSheetUp() {  // §9
        let recorder = Recorder()
        let delegate = SheetDelegate()
        recorder.record {
            let (window, driver, a, b) = presentSheet(delegate: delegate)
            recorder.skipEvents()
            let handle = b.beginInteractiveDismissal()
            #expect(handle != nil)
            recorder.expect(
                """
                b.presentationDelegate.shouldDismiss()
                b.presentationDelegate.willDismiss()
                b.viewWillDisappear(animated: true)
                """)
            #expect(driver.inFlight.count == 1)
            #expect(driver.inFlight.first?.kind == .dismissal)
            #expect(driver.inFlight.first?.isInteractive == true)
            driver.cancel(driver.inFlight[0])
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                """)
            #expect(a.presentedController === b)
            #expect(b.presentingController === a)
            #expect(b.appearanceState == .appeared)
            recorder.finish()
        }
    }

    @Test func theDelegateCanRefuseThePull() {  // §9
        let recorder = Recorder()
        let delegate = SheetDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            let b = Leaf(name: "b")
            a.present(b, animated: false)
            window.runUntilIdle()
            recorder.skipEvents()
            b.presentationDelegate = delegate
            delegate.allows = false
            #expect(b.beginInteractiveDismissal() == nil)
            recorder.expect(
                """
                b.presentationDelegate.shouldDismiss()
                b.presentationDelegate.didAttemptToDismiss()
                """)
            #expect(a.presentedController === b)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    /// The delegate's `presentationControllerWillDismiss` takes the sheet's view out of the window:
    /// the pull is given up with a warning (M110) before `b.viewWillDisappear(animated: true)`;
    /// `b`, out of the window, disappears as any view leaving it does (F2: its did-disappear waits
    /// for the end of the turn), and stays presented. Put back before the turn ends, it appears
    /// again with no did-disappear (§1). The window's slot for visible transitions is free again:
    /// the next pull runs.
    @Test func aPullWhoseSheetTheDelegateTakesOutIsGivenUp() {  // §9, F2, M110
        let recorder = Recorder()
        let delegate = SheetDelegate()
        recorder.record(violations: .collect) {
            let (window, driver, a, b) = presentSheet(delegate: delegate)
            delegate.onWillDismiss = { [unowned b] in b.view.removeFromSuperview() }
            recorder.skipEvents()
            #expect(b.beginInteractiveDismissal() == nil)
            recorder.expect(
                """
                b.presentationDelegate.shouldDismiss()
                b.presentationDelegate.willDismiss()
                b.viewWillDisappear(animated: false)
                """)
            #expect(a.presentedController === b && b.appearanceState == .disappearing)
            #expect(driver.inFlight.isEmpty && window.hasPendingWork)
            delegate.onWillDismiss = nil
            window.addSubview(b.view)
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillAppear(animated: false)
                b.viewDidAppear(animated: false)
                """)
            #expect(b.beginInteractiveDismissal() != nil)
            recorder.expect(
                """
                b.presentationDelegate.shouldDismiss()
                b.presentationDelegate.willDismiss()
                b.viewWillDisappear(animated: true)
                """)
            driver.cancel(driver.inFlight[0])
            window.runUntilIdle()
            recorder.skipEvents()
        }
        #expect(recorder.violations.map(\.kind) == [.invalidTransition])
        #expect(recorder.violations.first?.message.hasPrefix("The pull of b was given up") == true)
        #expect(recorder.violations.first?.message.contains("presentationControllerWillDismiss(_:)") == true)
    }

    @Test func aSheetThatIsModalInPresentationCannotBePulledDown() {  // §9
        let recorder = Recorder()
        let delegate = SheetDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            let b = Leaf(name: "b")
            b.isModalInPresentation = true
            a.present(b, animated: false)
            window.runUntilIdle()
            recorder.skipEvents()
            #expect(b.beginInteractiveDismissal() == nil)
            recorder.expect("-- no delegate: nothing to tell")
            b.presentationDelegate = delegate
            #expect(b.beginInteractiveDismissal() == nil)
            recorder.expect(
                """
                b.presentationDelegate.shouldDismiss()
                b.presentationDelegate.didAttemptToDismiss()
                """)
            #expect(a.presentedController === b)
            #expect(b.appearanceState == .appeared)
            recorder.finish()
        }
    }

    @Test(arguments: [ModalPresentationStyle.fullScreen, .currentContext, .overFullScreen])
    func onlySheetsCanBePulledDown(style: ModalPresentationStyle) {  // §9
        let recorder = Recorder()
        let delegate = SheetDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            let b = leaf("b", style)
            a.present(b, animated: false)
            window.runUntilIdle()
            b.presentationDelegate = delegate
            recorder.skipEvents()
            #expect(b.beginInteractiveDismissal() == nil)
            #expect(a.beginInteractiveDismissal() == nil)
            recorder.expect("-- nothing: the delegate is not asked")
            #expect(b.presentingController === a)
            recorder.finish()
        }
    }

    @Test func noPullWhileATransitionIsPendingOrInFlight() {  // §9, §1
        let recorder = Recorder()
        let delegate = SheetDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            recorder.skipEvents()
            let b = Leaf(name: "b")
            b.presentationDelegate = delegate
            a.present(b, animated: true)
            #expect(b.beginInteractiveDismissal() == nil)  // the presentation is pending
            window.runUntilIdle()
            #expect(b.beginInteractiveDismissal() == nil)  // the presentation is in flight
            driver.finish(driver.inFlight[0])
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                """)
            a.dismiss(animated: true)
            #expect(b.beginInteractiveDismissal() == nil)  // a dismissal is pending
            window.runUntilIdle()
            #expect(b.beginInteractiveDismissal() == nil)  // the dismissal is in flight
            recorder.expect("b.viewWillDisappear(animated: true)")
            driver.finish(driver.inFlight[0])
            window.runUntilIdle()
            recorder.expect("b.viewDidDisappear(animated: true)")
            #expect(b.beginInteractiveDismissal() == nil)  // not presented any more
            recorder.expect("-- the delegate was never asked")
            recorder.finish()
        }
    }

    @Test func noPullWhileAnotherVisibleTransitionIsPending() {  // §1
        let recorder = Recorder()
        let delegate = SheetDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            let window = show(nav)
            let b = Leaf(name: "b")
            a.present(b, animated: false)
            window.runUntilIdle()
            b.presentationDelegate = delegate
            recorder.skipEvents()
            nav.push(Leaf(name: "c"), animated: false)
            recorder.expect("c.willMove(toParent: nav)")
            #expect(b.beginInteractiveDismissal() == nil)
            window.runUntilIdle()
            recorder.expect(
                """
                c.loadView()
                c.viewDidLoad()
                a.viewWillDisappear(animated: false)
                c.viewWillAppear(animated: false)
                a.viewDidDisappear(animated: false)
                c.viewDidAppear(animated: false)
                c.didMove(toParent: nav)
                """)
            recorder.finish()
        }
    }

    // MARK: - Status bar and size

    @Test func aFullScreenPresentationTakesTheStatusBarAndHearsResizes() {  // §9, §10
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            recorder.skipEvents()
            #expect(window.statusBarStyle == .default)
            let b = LightLeaf(name: "b")
            b.modalPresentationStyle = .fullScreen
            a.present(b, animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                a.viewDidDisappear(animated: true)
                """)
            #expect(window.statusBarStyle == .lightContent)
            window.resize(to: Size(width: 480, height: 320))
            recorder.expect(
                """
                -- inside the call, the root first
                a.viewWillTransition(to: Size(width: 480, height: 320))
                b.viewWillTransition(to: Size(width: 480, height: 320))
                """)
            b.dismiss(animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                a.viewDidAppear(animated: true)
                b.viewDidDisappear(animated: true)
                """)
            #expect(window.statusBarStyle == .default)
            recorder.finish()
        }
    }

    @Test func aSheetLeavesTheStatusBarToWhatItCoversButHearsResizes() {  // §9, §10
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            recorder.skipEvents()
            let b = LightLeaf(name: "b")
            a.present(b, animated: false)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                b.viewDidAppear(animated: false)
                """)
            #expect(window.statusBarStyle == .default)
            window.resize(to: Size(width: 480, height: 320))
            recorder.expect(
                """
                a.viewWillTransition(to: Size(width: 480, height: 320))
                b.viewWillTransition(to: Size(width: 480, height: 320))
                """)
            recorder.finish()
        }
    }

    // MARK: - Violations

    @Test func presentingFromAControllerNotInAVisibleWindowIsIgnored() {  // §9, §11
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let b = Leaf(name: "b")
            recorder.expectViolation(.presentingFromInvalidController) {
                a.present(b, animated: true)
            }
            recorder.expect("-- nothing")
            #expect(a.presentedController == nil)
            #expect(b.presentingController == nil)
            #expect(!b.isViewLoaded)

            let window = show(a)
            window.isHidden = true
            recorder.skipEvents()
            recorder.expectViolation(.presentingFromInvalidController) {
                a.present(b, animated: true)
            }
            #expect(a.presentedController == nil)
            #expect(b.presentingController == nil)
            #expect(!window.hasPendingWork)
            recorder.expect("-- nothing")
            recorder.finish()
        }
    }

    @Test func presentingFromAControllerThatPresentsAlreadyIsIgnored() {  // §9, §11
        let recorder = Recorder()
        recorder.record {
            let p = Parent(name: "p")
            let x = Leaf(name: "x")
            embed(x, in: p)
            let window = show(p)
            let b = Leaf(name: "b")
            let c = Leaf(name: "c")
            p.present(b, animated: false)
            // Pending: p presents b already.
            recorder.expectViolation(.presentingFromInvalidController) {
                p.present(c, animated: false)
            }
            window.runUntilIdle()
            recorder.skipEvents()
            recorder.expectViolation(.presentingFromInvalidController) {
                p.present(c, animated: true)
            }
            // From a child: the root presents already.
            recorder.expectViolation(.presentingFromInvalidController) {
                x.present(c, animated: true)
            }
            recorder.expect("-- nothing")
            #expect(p.presentedController === b)
            #expect(c.presentingController == nil)
            #expect(!c.isViewLoaded)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    @Test func presentingAControllerThatIsPresentedAlreadyIsRefused() {  // §9, §11
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            let d = Leaf(name: "d")
            let other = show(d, in: makeWindow("other"))
            let b = Leaf(name: "b")
            a.present(b, animated: false)
            window.runUntilIdle()
            recorder.skipEvents()
            recorder.expectViolation(.presentingInvalidController, unchanged: [a, b, d]) {
                d.present(b, animated: true)
            }
            #expect(b.presentingController === a)
            #expect(d.presentedController == nil)
            #expect(!other.hasPendingWork)
            recorder.finish()
        }
    }

    @Test func presentingAControllerThatHasAParentIsRefused() {  // §9, §11
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            let p = Parent(name: "p")
            let c = Leaf(name: "c")
            embed(c, in: p)
            recorder.skipEvents()
            recorder.expectViolation(.presentingInvalidController, unchanged: [a, p, c]) {
                a.present(c, animated: true)
            }
            #expect(a.presentedController == nil)
            #expect(c.presentingController == nil)
            #expect(c.parent === p)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    // MARK: - Turns and the animation driver

    @Test func theManualDriverHoldsPresentationsAndDismissalsWait() {  // §1, §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            recorder.skipEvents()
            a.present(leaf("b", .fullScreen), animated: true) {}
            #expect(driver.inFlight.isEmpty)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                """)
            #expect(driver.inFlight.count == 1)
            #expect(driver.inFlight.first?.kind == .presentation)
            // A dismissal asked for while the presentation is in flight waits for it.
            a.dismiss(animated: true) {}
            window.runUntilIdle()
            recorder.expect("-- nothing: one visible transition at a time")
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                b.viewDidAppear(animated: true)
                a.viewDidDisappear(animated: true)
                a.completion()
                """)
            #expect(driver.inFlight.isEmpty)
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                """)
            #expect(driver.inFlight.count == 1)
            #expect(driver.inFlight.first?.kind == .dismissal)
            driver.finish(driver.inFlight[0])
            window.runUntilIdle()
            recorder.expect(
                """
                a.viewDidAppear(animated: true)
                b.viewDidDisappear(animated: true)
                a.completion()
                b.deinit
                """)
            #expect(driver.started.count == 2)
            recorder.finish()
        }
    }

    @Test func aPresentationWithoutAnimationDoesNotReachTheDriver() {  // §1
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            recorder.skipEvents()
            a.present(Leaf(name: "b"), animated: false) {}
            window.runUntilIdle()
            a.dismiss(animated: false) {}
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: false)
                b.viewDidAppear(animated: false)
                a.completion()
                b.viewWillDisappear(animated: false)
                b.viewDidDisappear(animated: false)
                a.completion()
                b.deinit
                """)
            #expect(driver.started.isEmpty)
            recorder.finish()
        }
    }

    // MARK: - show(_:sender:)

    @Test func showPushesInsideANavigationController() {  // §9, §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            let window = show(nav)
            nav.delegate = delegate
            recorder.skipEvents()
            a.show(Leaf(name: "b"), sender: nil)
            recorder.expect("b.willMove(toParent: nav)")
            #expect(a.presentedController == nil)
            #expect(nav.presentedController == nil)
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
            #expect(nav.controllers.count == 2)
            recorder.finish()
        }
    }

    @Test func showPresentsOutsideANavigationController() {  // §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            recorder.skipEvents()
            let b = Leaf(name: "b")
            a.show(b, sender: nil)
            #expect(b.presentingController === a)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                """)
            recorder.finish()
        }
    }

    // MARK: - Containers

    @Test func presentingFromInsideANavigationControllerPresentsFromIt() {  // §9, §6
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            let window = show(nav)
            recorder.skipEvents()
            a.present(leaf("b", .fullScreen), animated: true) {}
            #expect(a.presentedController == nil)
            #expect(nav.presentedController?.presentingController === nav)
            #expect(nav.visibleController === nav.presentedController)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                nav.viewWillDisappear(animated: true)
                a.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                nav.viewDidDisappear(animated: true)
                a.viewDidDisappear(animated: true)
                a.completion()
                """)
            #expect(nav.visibleController === nav.presentedController)
            #expect(nav.topController === a)
            nav.presentedController?.dismiss(animated: true) {}
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                nav.viewWillAppear(animated: true)
                a.viewWillAppear(animated: true)
                nav.viewDidAppear(animated: true)
                a.viewDidAppear(animated: true)
                b.viewDidDisappear(animated: true)
                b.completion()
                b.deinit
                """)
            #expect(nav.visibleController === a)
            recorder.finish()
        }
    }

    @Test func aPushWhileASheetIsUpHappensUnderTheSheet() {  // §9, §6
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            let window = show(nav)
            nav.delegate = delegate
            recorder.skipEvents()
            let b = Leaf(name: "b")
            a.present(b, animated: true)
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                """)
            #expect(nav.visibleController === b)
            nav.push(Leaf(name: "c"), animated: true)
            recorder.expect("c.willMove(toParent: nav)")
            window.runUntilIdle()
            recorder.expect(
                """
                -- under the sheet: b gets nothing
                c.loadView()
                c.viewDidLoad()
                a.viewWillDisappear(animated: true)
                c.viewWillAppear(animated: true)
                nav.delegate.willShow(c, animated: true)
                a.viewDidDisappear(animated: true)
                c.viewDidAppear(animated: true)
                c.didMove(toParent: nav)
                nav.delegate.didShow(c, animated: true)
                """)
            #expect(nav.visibleController === b)
            #expect(nav.topController !== a)
            #expect(b.appearanceState == .appeared)
            recorder.finish()
        }
    }

    @Test func aDismissalAndATabSwitchInOneTurnRunOneAfterTheOther() {  // §1, §7, §9
        let recorder = Recorder()
        let delegate = TabDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let c = Leaf(name: "c")
            let tab = TabBarController(name: "tab")
            tab.controllers = [a, c]
            let window = show(tab)
            tab.delegate = delegate
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            recorder.skipEvents()
            a.present(Leaf(name: "b"), animated: true) {}
            #expect(tab.presentedController?.presentingController === tab)
            window.runUntilIdle()
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                a.completion()
                """)
            tab.dismiss(animated: true) {}
            tab.userDidSelect(c)
            recorder.expect(
                """
                tab.delegate.shouldSelect(c)
                -- the dismissal is pending: the whole switch waits; didSelect right after the selection changes
                tab.delegate.didSelect(c)
                """)
            #expect(tab.selectedController === c)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the dismissal first; the switch waits for it
                b.viewWillDisappear(animated: true)
                """)
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                b.viewDidDisappear(animated: true)
                tab.completion()
                b.deinit
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            recorder.finish()
        }
    }

    @Test func aTabSwitchUnderAFullScreenPresentationCompletesInsideTheCall() {  // §1, §7, §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let c = Leaf(name: "c")
            let tab = TabBarController(name: "tab")
            tab.controllers = [a, c]
            let window = show(tab)
            tab.present(leaf("b", .fullScreen), animated: false)
            window.runUntilIdle()
            recorder.skipEvents()
            tab.dismiss(animated: true) {}
            tab.selectedIndex = 1
            recorder.expect(
                """
                -- the tab is out of the window: the switch completes inside the call, with no appearance callbacks
                c.loadView()
                c.viewDidLoad()
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the dismissal brings the tab back with c
                b.viewWillDisappear(animated: true)
                tab.viewWillAppear(animated: true)
                c.viewWillAppear(animated: true)
                tab.viewDidAppear(animated: true)
                c.viewDidAppear(animated: true)
                b.viewDidDisappear(animated: true)
                tab.completion()
                b.deinit
                """)
            #expect(tab.selectedController === c)
            #expect(a.appearanceState == .disappeared)
            recorder.finish()
        }
    }

    @Test func aSheetDismissalAndATabSwitchInOneTurnRunInRequestOrder() {  // §1, §7, §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let c = Leaf(name: "c")
            let tab = TabBarController(name: "tab")
            tab.controllers = [a, c]
            let window = show(tab)
            tab.present(leaf("b", .pageSheet), animated: false)
            window.runUntilIdle()
            recorder.skipEvents()
            tab.dismiss(animated: true) {}
            tab.selectedIndex = 1
            recorder.expect("-- nothing inside the calls")
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                b.viewDidDisappear(animated: true)
                tab.completion()
                b.deinit
                -- then the switch
                c.loadView()
                c.viewDidLoad()
                c.viewWillAppear(animated: false)
                a.viewWillDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                c.viewDidAppear(animated: false)
                """)
            recorder.finish()
        }
    }

    @Test func aPresentationAndAPushInOneTurnRunInRequestOrder() {  // §1, §6, §9
        let recorder = Recorder()
        let delegate = NavDelegate()
        recorder.record {
            let a = Leaf(name: "a")
            let nav = NavigationController(name: "nav", rootController: a)
            let window = show(nav)
            nav.delegate = delegate
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            recorder.skipEvents()
            a.present(Leaf(name: "b"), animated: true) {}
            nav.push(Leaf(name: "c"), animated: true)
            recorder.expect("c.willMove(toParent: nav)")
            window.runUntilIdle()
            recorder.expect(
                """
                b.loadView()
                b.viewDidLoad()
                b.viewWillAppear(animated: true)
                """)
            #expect(driver.inFlight.count == 1)
            #expect(driver.inFlight.first?.kind == .presentation)
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                b.viewDidAppear(animated: true)
                a.completion()
                """)
            window.runUntilIdle()
            recorder.expect(
                """
                c.loadView()
                c.viewDidLoad()
                a.viewWillDisappear(animated: true)
                c.viewWillAppear(animated: true)
                nav.delegate.willShow(c, animated: true)
                """)
            #expect(driver.inFlight.first?.kind == .navigation)
            driver.finishAll()
            recorder.expect(
                """
                a.viewDidDisappear(animated: true)
                c.viewDidAppear(animated: true)
                c.didMove(toParent: nav)
                nav.delegate.didShow(c, animated: true)
                """)
            window.runUntilIdle()
            recorder.finish()
        }
    }

    // MARK: - Dismissing while a transition of the chain waits

    @Test func aDismissalAskedForWhileThePresentationWaitsRunsAfterIt() {  // §1, §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            recorder.skipEvents()
            var dismissed = false
            a.present(leaf("z", .fullScreen), animated: true) {}
            a.dismiss(animated: true) { dismissed = true }
            recorder.expect("-- nothing inside the calls")
            #expect(a.presentedController.map { recorder.name(for: $0.id) } == "z")
            window.runUntilIdle()
            recorder.expect(
                """
                z.loadView()
                z.viewDidLoad()
                a.viewWillDisappear(animated: true)
                z.viewWillAppear(animated: true)
                """)
            #expect(driver.inFlight.map(\.kind) == [.presentation])
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                z.viewDidAppear(animated: true)
                a.viewDidDisappear(animated: true)
                -- the presentation's completion
                a.completion()
                """)
            #expect(!dismissed)
            #expect(window.hasPendingWork)
            window.runUntilIdle()
            recorder.expect(
                """
                -- the dismissal's turn: one visible transition at a time, in request order (§1)
                z.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                """)
            #expect(driver.inFlight.map(\.kind) == [.dismissal])
            driver.finish(driver.inFlight[0])
            recorder.expect(
                """
                a.viewDidAppear(animated: true)
                z.viewDidDisappear(animated: true)
                -- the dismissal's completion
                a.completion()
                z.deinit
                """)
            #expect(dismissed)
            #expect(a.presentedController == nil)
            #expect(a.view.superview === window)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aControllerDismissingItselfBeforeItsPresentationRuns() {  // §1, §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            recorder.skipEvents()
            do {
                let z = leaf("z")
                a.present(z, animated: true)
                z.dismiss(animated: false) {}
            }
            recorder.expect("-- nothing inside the calls")
            window.runUntilIdle()
            recorder.expect(
                """
                z.loadView()
                z.viewDidLoad()
                z.viewWillAppear(animated: true)
                z.viewDidAppear(animated: true)
                z.viewWillDisappear(animated: false)
                z.viewDidDisappear(animated: false)
                z.completion()
                z.deinit
                """)
            #expect(a.presentedController == nil)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func theAsyncDismissReturnsOnceThePresentationItWaitedForIsDismissed() async {  // §1, §9
        let recorder = Recorder()
        await recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            recorder.skipEvents()
            a.present(leaf("z", .fullScreen), animated: true)
            await a.async.dismiss(animated: true)
            #expect(a.presentedController == nil)
            #expect(!window.hasPendingWork)
            recorder.expect(
                """
                z.loadView()
                z.viewDidLoad()
                a.viewWillDisappear(animated: true)
                z.viewWillAppear(animated: true)
                z.viewDidAppear(animated: true)
                a.viewDidDisappear(animated: true)
                z.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                a.viewDidAppear(animated: true)
                z.viewDidDisappear(animated: true)
                a.completion()
                z.deinit
                """)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aDismissalFromBelowAfterOneFromAboveTakesWhatIsLeft() {  // §1, §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            do {
                let b = leaf("b", .fullScreen)
                a.present(b, animated: false)
                window.runUntilIdle()
                b.present(leaf("c", .fullScreen), animated: false)
                window.runUntilIdle()
                recorder.skipEvents()
                b.dismiss(animated: true) {}
                a.dismiss(animated: true) {}
            }
            recorder.expect("-- nothing inside the calls")
            window.runUntilIdle()
            recorder.expect(
                """
                -- b.dismiss: c goes, b comes back
                c.viewWillDisappear(animated: true)
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                c.viewDidDisappear(animated: true)
                b.completion()
                c.deinit
                -- a.dismiss, at its turn: what a presents then is b alone
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                a.viewDidAppear(animated: true)
                b.viewDidDisappear(animated: true)
                a.completion()
                b.deinit
                """)
            #expect(a.presentedController == nil)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    @Test func aDismissalInAHiddenWindowWaitsBehindThePresentation() {  // §1, §9
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            recorder.skipEvents()
            var dismissed = false
            a.present(leaf("z", .fullScreen), animated: true)
            window.isHidden = true
            recorder.expect(
                """
                a.viewWillDisappear(animated: false)
                a.viewDidDisappear(animated: false)
                """)
            a.dismiss(animated: true) { dismissed = true }
            recorder.expect("-- behind the presentation, which still waits")
            #expect(!dismissed)
            #expect(a.presentedController != nil)
            window.runUntilIdle()
            recorder.expect(
                """
                -- both settle in request order, without appearance callbacks
                z.loadView()
                z.viewDidLoad()
                a.completion()
                z.deinit
                """)
            #expect(dismissed)
            #expect(a.presentedController == nil)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
        #expect(recorder.violations.isEmpty)
    }

    // MARK: - Dismissing what is being dismissed

    @Test func aSecondDismissalOfTheSameChainIsIgnoredWithAWarning() {  // §9, §11
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let b = leaf("b", .fullScreen)
            let window = show(a)
            a.present(b, animated: false)
            window.runUntilIdle()
            recorder.skipEvents()
            var completions: [String] = []
            a.dismiss(animated: true) { completions.append("first") }
            let before = [window.recursiveDescription, a.hierarchyDescription, b.hierarchyDescription]
            recorder.expectViolation(.dismissingDuringDismissal) {
                a.dismiss(animated: true) { completions.append("second, from a") }
            }
            recorder.expectViolation(.dismissingDuringDismissal) {
                b.dismiss(animated: true) { completions.append("second, from b") }
            }
            recorder.expect("-- nothing fires")
            #expect([window.recursiveDescription, a.hierarchyDescription, b.hierarchyDescription] == before)
            #expect(a.presentedController === b)
            #expect(b.presentingController === a)
            let violations = recorder.violations.suffix(2)
            #expect(violations.map(\.severity) == [.warning, .warning])
            #expect(violations.map(\.controllers) == [[a.id, b.id], [b.id]])
            #expect(
                violations.first?.message
                    == "dismiss(animated:) on a was ignored: b is being dismissed already (a dismissal waits for its "
                    + "turn or runs, or the sheet is being pulled down), and one dismissal takes a controller away "
                    + "once (UIKit logs \"Attempt to dismiss from view controller … while a presentation or dismiss "
                    + "is in progress\"). Its completion will not run.")
            window.runUntilIdle()
            recorder.expect(
                """
                -- one dismissal
                b.viewWillDisappear(animated: true)
                a.viewWillAppear(animated: true)
                a.viewDidAppear(animated: true)
                b.viewDidDisappear(animated: true)
                a.completion()
                """)
            #expect(completions == ["first"])
            #expect(a.presentedController == nil)
            #expect(!window.hasPendingWork)
            // Afterwards there is nothing to dismiss: no violation, nothing fires.
            a.dismiss(animated: true) { completions.append("third") }
            window.runUntilIdle()
            recorder.expect("")
            #expect(completions == ["first"])
            recorder.finish()
        }
        #expect(recorder.violations.map(\.kind) == [.dismissingDuringDismissal, .dismissingDuringDismissal])
    }

    @Test func aDismissalWhileTheDismissalRunsIsIgnoredWithAWarning() {  // §9, §11
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            let driver = ManualAnimationDriver()
            driver.install(on: window)
            a.present(leaf("b"), animated: false)
            window.runUntilIdle()
            recorder.skipEvents()
            a.dismiss(animated: true)
            window.runUntilIdle()
            recorder.expect("b.viewWillDisappear(animated: true)")
            #expect(driver.inFlight.map(\.kind) == [.dismissal])
            recorder.expectViolation(.dismissingDuringDismissal) {
                a.dismiss(animated: true) {}
            }
            driver.finish(driver.inFlight[0])
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewDidDisappear(animated: true)
                b.deinit
                """)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    @Test func aDismissalDuringASheetPullIsIgnoredWithAWarning() {  // §9, §11
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let window = show(a)
            let b = leaf("b")
            a.present(b, animated: false)
            window.runUntilIdle()
            recorder.skipEvents()
            let pull = b.beginInteractiveDismissal()
            recorder.expect("b.viewWillDisappear(animated: true)")
            recorder.expectViolation(.dismissingDuringDismissal) {
                b.dismiss(animated: true) {}
            }
            pull?.cancel()
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillAppear(animated: true)
                b.viewDidAppear(animated: true)
                """)
            #expect(a.presentedController === b)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }

    @Test func presentingFromAControllerBeingDismissedIsIgnored() {  // §9, §11
        let recorder = Recorder()
        recorder.record {
            let a = Leaf(name: "a")
            let b = leaf("b")
            let c = leaf("c")
            let window = show(a)
            a.present(b, animated: false)
            window.runUntilIdle()
            recorder.skipEvents()
            a.dismiss(animated: true)
            recorder.expectViolation(.presentingFromInvalidController) {
                b.present(c, animated: true)
            }
            #expect(b.presentedController == nil)
            #expect(c.presentingController == nil)
            window.runUntilIdle()
            recorder.expect(
                """
                b.viewWillDisappear(animated: true)
                b.viewDidDisappear(animated: true)
                """)
            #expect(!c.isViewLoaded)
            #expect(a.presentedController == nil)
            #expect(!window.hasPendingWork)
            recorder.finish()
        }
    }
}
