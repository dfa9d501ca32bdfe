import ContainerKit
import ContainerKitTesting
import Testing

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
            v.modalPresentationStyle = .overCurrentContext
            x.present(v, animated: false)
            window.runUntilIdle()
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
}
