import ContainerKitScenarios

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// `containerkit`: lists the scenario catalog, or plays one scenario on the real engine and
/// prints its transcript.
@MainActor
enum Command {
    static let usage = """
        usage: containerkit [<scenario>] [--tree] [--mermaid] [--all-callbacks]

          (no argument)    list the scenarios
          <scenario>       play it and print its transcript, one callback a line
          --tree           also print the controller and view trees afterwards
          --mermaid        print the transcript as a Mermaid sequence diagram instead
          --all-callbacks  also print viewIsAppearing(_:) lines, which the reference leaves out
        """

    static func run(_ arguments: [String]) -> Int32 {
        var name: String?
        var showsTree = false
        var allCallbacks = false
        var mermaid = false
        for argument in arguments {
            switch argument {
            case "--tree": showsTree = true
            case "--all-callbacks": allCallbacks = true
            case "--mermaid": mermaid = true
            case "-h", "--help":
                print(usage)
                return 0
            default:
                guard !argument.hasPrefix("-"), name == nil else {
                    return fail("unknown option or extra argument '\(argument)'")
                }
                name = argument
            }
        }
        guard let name else {
            printCatalog()
            return 0
        }
        guard let scenario = Scenario.catalog.first(where: { $0.name == name }) else {
            return fail("unknown scenario '\(name)'")
        }
        print(scenario.output(Scenario.Options(mermaid: mermaid, tree: showsTree, allCallbacks: allCallbacks)))
        return 0
    }

    static func printCatalog() {
        let width = Scenario.catalog.map(\.name.count).max() ?? 0
        print("Scenarios (run `swift run containerkit <scenario>`):")
        for scenario in Scenario.catalog {
            let padding = String(repeating: " ", count: width - scenario.name.count)
            print("  \(scenario.name)\(padding)  \(scenario.summary) [\(scenario.reference)]")
        }
    }

    static func fail(_ message: String) -> Int32 {
        var text = "containerkit: \(message)\n\(usage)\n\nscenarios: "
        text += Scenario.catalog.map(\.name).joined(separator: ", ") + "\n"
        var bytes = Array(text.utf8)
        _ = write(2, &bytes, bytes.count)
        return 2
    }
}

exit(MainActor.assumeIsolated { Command.run(Array(CommandLine.arguments.dropFirst())) })
