import ContainerKitScenarios
import Foundation
import Testing

/// Every catalogued scenario's output (plain, `--explain` and `--mermaid`) against the committed
/// files in `Tests/Golden`: changing an order, or the rule a line cites, without updating its golden
/// file fails here.
///
/// To update the files after a deliberate change, run
/// `CONTAINERKIT_UPDATE_GOLDEN=1 swift test --filter GoldenScenarioTests` and review the diff.
@Suite @MainActor struct GoldenScenarioTests {
    @Test func everyScenarioMatchesItsGoldenFiles() throws {
        for scenario in Scenario.catalog {
            try check(scenario)
        }
    }

    private func check(_ scenario: Scenario) throws {
        let name = scenario.name
        for (suffix, flag, options) in Self.variants {
            let output = scenario.output(options) + "\n"
            let url = Self.goldenDirectory.appendingPathComponent("\(name).\(suffix)")
            if ProcessInfo.processInfo.environment["CONTAINERKIT_UPDATE_GOLDEN"] == "1" {
                try output.write(to: url, atomically: true, encoding: .utf8)
                continue
            }
            let golden = try String(contentsOf: url, encoding: .utf8)
            #expect(output == golden, "containerkit \(name)\(flag) differs from Tests/Golden/\(name).\(suffix)")
        }
    }

    @Test func everyGoldenFileBelongsToAScenario() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.goldenDirectory.path)
        let expected = Set(
            Scenario.catalog.flatMap { scenario in Self.variants.map { "\(scenario.name).\($0.suffix)" } })
        #expect(Set(files) == expected)
    }

    /// Each golden file's suffix, the command-line flag it stands for, and the options.
    static let variants: [(suffix: String, flag: String, options: Scenario.Options)] = [
        ("txt", "", Scenario.Options()),
        ("explain.txt", " --explain", Scenario.Options(explain: true)),
        ("mermaid", " --mermaid", Scenario.Options(mermaid: true)),
    ]

    /// `Tests/Golden`, found from this file's path.
    static let goldenDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden")
}
