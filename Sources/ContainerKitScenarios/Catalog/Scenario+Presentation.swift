import ContainerKit
import ContainerKitTranscripts

/// The scenarios of presentation (§9): full screen, sheets, a dismissed chain and a sheet pulled down.
@MainActor
extension Scenario {
    /// Presentation, in catalog order: from `present-full-screen` to `sheet-pull-down-cancelled`.
    static let presentationScenarios: [Scenario] = [
        Scenario(
            name: "present-full-screen", reference: "§9",
            summary: "a presents b full screen, then b is dismissed: the presented did-callback comes first."
        ) { recorder in
            let a = Controller(name: "a")
            let window = show(a)
            recorder.skipEvents()
            let b = Controller(name: "b")
            b.modalPresentationStyle = .fullScreen
            a.present(b, animated: true)
            window.runUntilIdle()
            b.dismiss(animated: true)
            window.runUntilIdle()
            return Stage(window: window)
        },
        Scenario(
            name: "present-sheet", reference: "§9",
            summary: "a presents b as a page sheet: the presenter gets no appearance callbacks."
        ) { recorder in
            let a = Controller(name: "a")
            let window = show(a)
            recorder.skipEvents()
            a.present(Controller(name: "b"), animated: true)
            window.runUntilIdle()
            a.dismiss(animated: true)
            window.runUntilIdle()
            return Stage(window: window)
        },
        Scenario(
            name: "dismiss-chain", reference: "§9",
            summary: "a presents b presents c (full screen); a dismisses both: only c animates."
        ) { recorder in
            let a = Controller(name: "a")
            let window = show(a)
            let b = Controller(name: "b")
            b.modalPresentationStyle = .fullScreen
            a.present(b, animated: false)
            window.runUntilIdle()
            let c = Controller(name: "c")
            c.modalPresentationStyle = .fullScreen
            b.present(c, animated: false)
            window.runUntilIdle()
            recorder.skipEvents()
            a.dismiss(animated: true)
            window.runUntilIdle()
            return Stage(window: window)
        },
        Scenario(
            name: "sheet-pull-down", reference: "§9",
            summary: "A sheet pulled down and let go: the presentation delegate hears of it, the sheet leaves."
        ) { recorder in
            pullDownSheet(cancelled: false, recorder)
        },
        Scenario(
            name: "sheet-pull-down-cancelled", reference: "§9",
            summary: "A sheet pulled down and released early: it comes back and stays."
        ) { recorder in
            pullDownSheet(cancelled: true, recorder)
        },
    ]

    /// `a` on screen presents `b` as a page sheet with a presentation delegate; then the sheet is
    /// pulled down, and the pull finished or cancelled.
    static func pullDownSheet(cancelled: Bool, _ recorder: Recorder) -> Stage {
        let a = Controller(name: "a")
        let window = show(a)
        let b = Controller(name: "b")
        let delegates = Delegates()
        b.presentationDelegate = delegates
        a.present(b, animated: false)
        window.runUntilIdle()
        recorder.skipEvents()
        let pull = b.beginInteractiveDismissal()
        if cancelled { pull?.cancel() } else { pull?.finish() }
        window.runUntilIdle()
        return Stage(window: window, retaining: [delegates])
    }
}
