/// The `containerkit` command: lists the scenario catalog, or plays one scenario on the real engine
/// and prints its transcript. A pure function of the arguments, so it is tested in process; the
/// executable only writes the result and exits with its status.
@MainActor
public enum Command {
    /// What a run prints, and its exit status.
    public struct Result: Equatable, Sendable {
        /// The exit status: 0, or 2 for a usage error.
        public var status: Int32
        /// What goes to standard output.
        public var output: String
        /// What goes to standard error.
        public var error: String

        /// Creates a result.
        public init(status: Int32, output: String, error: String) {
            self.status = status
            self.output = output
            self.error = error
        }
    }

    /// The help text.
    public static let usage = """
        usage: containerkit [<scenario>] [--explain | --mermaid] [--tree] [--all-callbacks]

          (no argument)    list the scenarios
          <scenario>       play it and print its transcript, one callback a line
          --explain        cite the rule of the lifecycle reference behind each line (§6, R4, F2),
                           its evidence (DOC, LOG or MODEL) and the call that planned it
          --mermaid        print the transcript as a Mermaid sequence diagram instead
          --tree           also print the controller and view trees afterwards
          --all-callbacks  also print viewIsAppearing(_:) lines, which the reference leaves out
          -h, --help       print this help
        """

    /// Runs the command with `arguments` (without the program's name).
    public static func run(_ arguments: [String]) -> Result {
        var name: String?
        var options = Scenario.Options()
        for argument in arguments {
            switch argument {
            case "--tree": options.tree = true
            case "--all-callbacks": options.allCallbacks = true
            case "--mermaid": options.mermaid = true
            case "--explain": options.explain = true
            case "-h", "--help": return Result(status: 0, output: usage + "\n", error: "")
            default:
                if argument.hasPrefix("-") { return failure("unknown option '\(argument)'") }
                if let name { return failure("one scenario at a time: '\(name)' and '\(argument)'") }
                name = argument
            }
        }
        if options.mermaid && options.explain {
            return failure("--explain and --mermaid cannot be combined")
        }
        guard let name else {
            return Result(status: 0, output: catalogListing(), error: "")
        }
        guard let scenario = Scenario.catalog.first(where: { $0.name == name }) else {
            return failure("unknown scenario '\(name)'")
        }
        return Result(status: 0, output: scenario.output(options) + "\n", error: "")
    }

    /// The catalog, one scenario a line: name, summary, and the reference it shows.
    static func catalogListing() -> String {
        let width = Scenario.catalog.map(\.name.count).max() ?? 0
        var lines = ["Scenarios (run `swift run containerkit <scenario>`; --help for the options):"]
        for scenario in Scenario.catalog {
            let padding = String(repeating: " ", count: width - scenario.name.count)
            lines.append("  \(scenario.name)\(padding)  \(scenario.summary) [\(scenario.reference)]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A usage error: the problem, the help and the valid scenario names, and status 2.
    static func failure(_ problem: String) -> Result {
        let names = Scenario.catalog.map(\.name).joined(separator: ", ")
        return Result(status: 2, output: "", error: "containerkit: \(problem)\n\(usage)\n\nscenarios: \(names)\n")
    }
}
