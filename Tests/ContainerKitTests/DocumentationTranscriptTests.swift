import ContainerKitScenarios
import ContainerKitTesting
import Foundation
import Testing

/// The transcripts that the README and the DocC articles show, against the engine.
///
/// A code block is checked when the line before its opening fence is a marker naming a catalogued
/// scenario and, optionally, `containerkit` flags:
///
/// ````
/// <!-- containerkit: push -->
/// ```
/// b.willMove(toParent: nav)      -- inside push
/// -- the end of the turn
/// …
/// ```
/// ````
///
/// The block must show the scenario's output line for line. Lines starting with `-- ` are
/// narrative and skipped, as are shell prompts (`$ swift run containerkit push`), as is a trailing `  -- note`; comment lines (`#`, `%%`: the scenario's
/// header, the legend of `--explain`) are left out of the comparison on both sides. GitHub and DocC both hide the marker.
@Suite @MainActor struct DocumentationTranscriptTests {
    /// A checked code block of one document.
    struct Block: CustomStringConvertible {
        let document: String
        let line: Int
        let scenario: String
        let flags: [String]
        let lines: [String]

        var description: String { "\(document):\(line) (containerkit \(([scenario] + flags).joined(separator: " ")))" }
    }

    @Test func everyMarkedTranscriptMatchesTheEngine() throws {
        let blocks = try Self.documents().flatMap { try Self.blocks(in: $0) }
        // The explained push and the unbalanced end; the Mermaid drawing lives in SpiesAndLeaks.md.
        #expect(blocks.filter { $0.document == "README.md" }.count >= 2, "README.md lost its checked transcripts")
        for block in blocks {
            guard let scenario = Scenario.catalog.first(where: { $0.name == block.scenario }) else {
                Issue.record("\(block): no scenario is named '\(block.scenario)'")
                continue
            }
            var options = Scenario.Options()
            for flag in block.flags {
                switch flag {
                case "--explain": options.explain = true
                case "--mermaid": options.mermaid = true
                case "--all-callbacks": options.allCallbacks = true
                default: Issue.record("\(block): unknown flag '\(flag)'")
                }
            }
            let expected = scenario.output(options).split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
                .filter { !$0.hasPrefix("#") && !$0.hasPrefix("%%") }
            let shown = block.lines.compactMap(Self.transcriptLine).filter { !$0.hasPrefix("#") && !$0.hasPrefix("%%") }
            if let diff = TranscriptDiff.message(expected: shown, actual: expected) {
                Issue.record(
                    "\(block): \"expected\" is what the document shows, \"recorded\" what the engine prints.\n\(diff)")
            }
        }
    }

    @Test func narrativeIsStrippedAndTheRestKept() {
        #expect(Self.transcriptLine("b.willMove(toParent: nav)      -- inside push") == "b.willMove(toParent: nav)")
        #expect(Self.transcriptLine("-- the end of the turn") == nil)
        #expect(Self.transcriptLine("    nav->>b: willMove(toParent: nav)") == "    nav->>b: willMove(toParent: nav)")
    }

    /// The transcript line that a line of a code block shows, or nil for narrative.
    static func transcriptLine(_ line: String) -> String? {
        if line.hasPrefix("-- ") || line == "--" || line.hasPrefix("$ ") { return nil }
        var text = line
        if let note = text.range(of: #"\s{2,}-- .*$"#, options: .regularExpression) {
            text.removeSubrange(note)
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The checked blocks of the document at `path` (relative to the package root).
    static func blocks(in path: String) throws -> [Block] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            let marker = lines[index].trimmingCharacters(in: .whitespaces)
            guard marker.hasPrefix("<!-- containerkit:"), marker.hasSuffix("-->") else { continue }
            let words = marker.dropFirst("<!-- containerkit:".count).dropLast("-->".count)
                .split(separator: " ").map(String.init)
            guard let scenario = words.first, index + 1 < lines.count, lines[index + 1].hasPrefix("```") else {
                Issue.record("\(path):\(index + 1): a containerkit marker must name a scenario and precede a fence")
                continue
            }
            var body: [String] = []
            var end = index + 2
            while end < lines.count, !lines[end].hasPrefix("```") {
                body.append(lines[end])
                end += 1
            }
            blocks.append(
                Block(document: path, line: index + 1, scenario: scenario, flags: Array(words.dropFirst()), lines: body)
            )
            index = end
        }
        return blocks
    }

    /// The Swift blocks of the document at `path` marked `<!-- compiled: <file> -->`: the file that
    /// holds the same code, and the block's lines.
    static func compiledBlocks(in path: String) throws -> [(file: String, lines: [String])] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [(file: String, lines: [String])] = []
        for (index, line) in lines.enumerated() where line.hasPrefix("<!-- compiled:") && line.hasSuffix("-->") {
            let file = line.dropFirst("<!-- compiled:".count).dropLast("-->".count)
                .trimmingCharacters(in: .whitespaces)
            let body = lines[(index + 2)...].prefix { !$0.hasPrefix("```") }
            blocks.append((file, Array(body)))
        }
        return blocks
    }

    /// README.md and every Markdown file of the DocC catalogs.
    static func documents() throws -> [String] {
        var documents = ["README.md"]
        let sources = packageRoot.appendingPathComponent("Sources")
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        while let path = enumerator?.nextObject() as? String {
            if path.contains(".docc/"), path.hasSuffix(".md") { documents.append("Sources/\(path)") }
        }
        return documents.sorted()
    }

    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
