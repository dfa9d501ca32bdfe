import ContainerKit
import ContainerKitTesting
import Foundation
import Testing

// README.md's quick start, verbatim from `final class Card` to the end of `cardShowsItsChild`:
// `theReadmeShowsThisFilesCode` fails when the two differ.

final class Card: ContainerController {
    func show(_ child: Controller) {
        addChild(child)  // child.willMove(toParent: self)
        view.addSubview(child.view)  // on screen: child.viewWillAppear, inside the call
        child.didMove(toParent: self)  // the container's own call
    }
}

@Test @MainActor func cardShowsItsChild() {
    let card = Card(name: "card")
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.rootController = card
    window.makeKeyAndVisible()
    window.runUntilIdle()  // ends the turn: card.viewDidAppear
    let recorder = Recorder()
    recorder.record {
        card.show(Controller(name: "c"))
        window.runUntilIdle()  // ends the turn: c.viewDidAppear
        recorder.expect(
            """
            c.willMove(toParent: card)
            c.loadView()
            c.viewDidLoad()
            c.viewWillAppear(animated: false)
            c.didMove(toParent: card)
            c.viewDidAppear(animated: false)
            c.didMove(toParent: card)
            """)
        recorder.finish()
    }
}

@Suite @MainActor struct ReadmeExampleTests {
    /// Each Swift block of README.md marked `<!-- compiled: <file> -->` must appear in that file, line
    /// for line (indentation aside), so the README shows only code that compiles and passes.
    @Test func theReadmeShowsThisFilesCode() throws {
        let blocks = try DocumentationTranscriptTests.compiledBlocks(in: "README.md")
        #expect(!blocks.isEmpty, "README.md lost its compiled quick start")
        for (file, lines) in blocks {
            let source = try String(
                contentsOf: DocumentationTranscriptTests.packageRoot.appendingPathComponent(file), encoding: .utf8)
            let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false).map(Self.trimmed)
            let shown = lines.map(Self.trimmed).filter { !$0.isEmpty && !$0.hasPrefix("import ") }
            let found = sourceLines.indices.contains { start in
                var index = start
                for line in shown {
                    while index < sourceLines.count, sourceLines[index].isEmpty { index += 1 }
                    guard index < sourceLines.count, sourceLines[index] == line else { return false }
                    index += 1
                }
                return true
            }
            #expect(found, "README.md's block marked 'compiled: \(file)' no longer matches that file's code")
        }
    }

    private static func trimmed(_ line: some StringProtocol) -> String {
        line.trimmingCharacters(in: .whitespaces)
    }
}
