import ContainerKitScenarios
import Testing

/// `containerkit`'s arguments, output and exit status, run in process.
@Suite @MainActor struct CommandTests {
    static let names = Scenario.catalog.map(\.name)

    @Test func noArgumentListsEveryScenarioWithItsSummaryAndReference() {
        let result = Command.run([])
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == Scenario.catalog.count + 1)
        for (line, scenario) in zip(lines.dropFirst(), Scenario.catalog) {
            #expect(line.hasPrefix("  \(scenario.name) "))
            #expect(line.hasSuffix("\(scenario.summary) [\(scenario.reference)]"))
        }
    }

    @Test func aScenarioPrintsItsOutputWithTheOptionsAsked() {
        let push = Scenario.catalog.first { $0.name == "push" }!
        #expect(Command.run(["push"]) == .init(status: 0, output: push.output() + "\n", error: ""))
        #expect(
            Command.run(["--explain", "push"])
                == .init(status: 0, output: push.output(.init(explain: true)) + "\n", error: ""))
        #expect(
            Command.run(["push", "--mermaid", "--tree"])
                == .init(status: 0, output: push.output(.init(mermaid: true, tree: true)) + "\n", error: ""))
        #expect(
            Command.run(["push", "--all-callbacks"])
                == .init(status: 0, output: push.output(.init(allCallbacks: true)) + "\n", error: ""))
    }

    @Test(arguments: [
        (["nope"], "containerkit: unknown scenario 'nope'"),
        (["push", "--verbose"], "containerkit: unknown option '--verbose'"),
        (["push", "pop"], "containerkit: one scenario at a time: 'push' and 'pop'"),
        (["push", "--explain", "--mermaid"], "containerkit: --explain and --mermaid cannot be combined"),
    ])
    func badInputExitsWithStatus2NamingTheProblemAndTheValidNames(arguments: [String], problem: String) {
        let result = Command.run(arguments)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix(problem + "\n" + Command.usage))
        #expect(result.error.hasSuffix("scenarios: \(Self.names.joined(separator: ", "))\n"))
    }

    @Test func helpPrintsTheUsage() {
        #expect(Command.run(["--help"]) == .init(status: 0, output: Command.usage + "\n", error: ""))
        #expect(Command.run(["push", "-h"]) == .init(status: 0, output: Command.usage + "\n", error: ""))
    }

    @Test func theCatalogCoversTheReferenceWithUniqueNames() {
        #expect(Scenario.catalog.count >= 25)
        #expect(Set(Self.names).count == Self.names.count)
        for scenario in Scenario.catalog {
            #expect(scenario.name.allSatisfy { $0.isLowercase || $0 == "-" }, "\(scenario.name)")
            #expect(scenario.reference.split(separator: ", ").allSatisfy { ["§", "R", "F"].contains($0.first) })
        }
        let sections = Set(Scenario.catalog.flatMap { $0.reference.split(separator: ", ") }.map { $0.prefix(2) })
        for section in ["§1", "§2", "§3", "§4", "§5", "§6", "§7", "§8", "§9"] {
            #expect(sections.contains(Substring(section)), "no scenario shows \(section)")
        }
        #expect(Scenario.catalog.contains { $0.reference.hasPrefix("§10") }, "no scenario shows §10")
    }

    /// Every explained line cites a rule and its evidence, and names the call that planned it:
    /// every line but a deallocation, which happens where the last reference goes.
    @Test func everyExplainedLineCitesARuleItsEvidenceAndItsCall() {
        let tags: Set<Substring> = ["DOC", "LOG", "MODEL", "DOC/LOG", "DOC/MODEL", "LOG/MODEL"]
        for scenario in Scenario.catalog {
            let lines = scenario.output(.init(explain: true)).split(separator: "\n")
                .filter { !$0.hasPrefix("#") && !$0.hasPrefix("!") }
            #expect(
                lines.count
                    == scenario.output().split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("!") }
                    .count)
            for line in lines {
                let columns = line.split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
                let isDeallocation = columns.first?.hasSuffix(".deinit") == true
                #expect(columns.count == (isDeallocation ? 4 : 5), "\(scenario.name): \(line)")
                guard columns.count >= 4 else { continue }
                #expect(columns[1].wholeMatch(of: /§\d+|R\d|F\d/) != nil, "\(scenario.name): \(line)")
                #expect(tags.contains(Substring(columns[2])), "\(scenario.name): \(line)")
                if columns.count == 5 {
                    #expect(columns[4].hasPrefix("← "), "\(scenario.name): \(line)")
                }
            }
        }
    }
}
