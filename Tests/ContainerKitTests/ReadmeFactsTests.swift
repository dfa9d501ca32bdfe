import Foundation
import Testing

/// The facts README.md states that a change elsewhere could make stale: its size, and its summary
/// of the evidence behind the catalogued scenarios' transcripts.
@Suite @MainActor struct ReadmeFactsTests {
    /// The README is the front door: short enough to read (details live in the DocC articles).
    @Test func theReadmeStaysUnder12000Bytes() throws {
        let readme = try Data(contentsOf: DocumentationTranscriptTests.packageRoot.appendingPathComponent("README.md"))
        #expect(readme.count < 12_000, "README.md is \(readme.count) bytes; move details to the DocC articles")
    }

    /// The README's fidelity summary counts the rules that `--explain` cites across the catalogued
    /// scenarios (`Tests/Golden/*.explain.txt`, which the golden tests check against the engine):
    /// distinct rules (rule, evidence and reason) by evidence, and the lines resting on MODEL alone.
    @Test func theReadmesFidelitySummaryMatchesTheExplainedScenarios() throws {
        let root = DocumentationTranscriptTests.packageRoot
        let golden = root.appendingPathComponent("Tests/Golden")
        let files = try FileManager.default.contentsOfDirectory(atPath: golden.path)
            .filter { $0.hasSuffix(".explain.txt") }
        var rules: Set<[String]> = []
        var lines = 0
        var modelLines = 0
        for file in files {
            let text = try String(contentsOf: golden.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("!") {
                // callback, rule, evidence, reason and (but for a deallocation) the call that planned
                // it: columns separated by two spaces or more.
                let columns = line.split(separator: "  ", omittingEmptySubsequences: true)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                try #require(columns.count == 4 || columns.count == 5, "\(file): cannot read '\(line)'")
                rules.insert(Array(columns[1...3]))
                lines += 1
                if columns[2] == "MODEL" { modelLines += 1 }
            }
        }
        func count(_ evidence: String) -> Int { rules.filter { $0[1] == evidence }.count }
        let mixed = rules.filter { $0[1].contains("/") }.count
        let summary =
            "`--explain` cites \(rules.count) distinct rules: \(count("DOC")) DOC, \(count("LOG")) LOG, "
            + "\(count("MODEL")) MODEL, and \(mixed) that mix tags. Of the \(lines) lines those scenarios print, "
            + "\(modelLines) rest on a MODEL rule alone."
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let flowing = readme.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let stated = flowing.contains(summary)
        #expect(stated, "README.md's fidelity summary should read: \(summary)")
    }
}
