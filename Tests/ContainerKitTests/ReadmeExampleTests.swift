import ContainerKit
import ContainerKitTesting
import Foundation
import Testing

/// The README's example, verbatim, so the transcript it shows cannot drift from the engine.
private final class Card: ContainerController {
    func show(_ child: Controller) {
        addChild(child)
        child.view.frame = view.bounds
        view.addSubview(child.view)
        child.didMove(toParent: self)
    }
}

@Suite @MainActor struct ReadmeExampleTests {
    @Test func theReadmeExamplePrintsTheTranscriptItShows() throws {
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let p = Card(name: "p")
        window.rootController = p
        window.makeKeyAndVisible()
        window.runUntilIdle()

        let recorder = Recorder()
        recorder.record {
            p.show(Controller(name: "c"))
            window.runUntilIdle()
        }
        let expected = """
            c.willMove(toParent: p)
            c.loadView()
            c.viewDidLoad()
            c.viewWillAppear(animated: false)
            c.didMove(toParent: p)
            c.viewDidAppear(animated: false)
            """
        recorder.expect(expected)
        #expect(recorder.violations.isEmpty)
        let readme = try String(contentsOfFile: readmePath(), encoding: .utf8)
        #expect(readme.contains("```\n\(expected)\n```"), "README.md no longer shows this transcript")
    }
}

/// The README's testing example, verbatim.
@Test @MainActor func pushShowsB() {
    let recorder = Recorder()
    recorder.record {
        let nav = NavigationController(name: "nav", rootController: Controller(name: "a"))
        let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        window.rootController = nav
        window.makeKeyAndVisible()
        window.runUntilIdle()
        recorder.skipEvents()  // the setup is not what this test is about

        nav.push(Controller(name: "b"), animated: true)
        window.runUntilIdle()
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
            """)
        recorder.finish()
    }
}

/// README.md at the package root, found from this file's path.
private func readmePath(file: String = #filePath) -> String {
    var components = file.split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(3)  // Tests/ContainerKitTests/ReadmeExampleTests.swift
    return components.joined(separator: "/") + "/README.md"
}
