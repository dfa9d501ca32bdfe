// The workloads behind `Benchmarks/instruction-counts`, which runs this program under
// `valgrind --tool=callgrind` with N and then 2N iterations of a case and reports
// (I(2N) − I(N)) / N, the instructions one iteration costs: set-up, the warm-up iteration and the
// process's start and exit cancel out.
//
// Usage: `instruction-counts <case> <iterations>`, or `instruction-counts --list` for the case
// names. It links ContainerKit and the shared stage only (no benchmark library), so that callgrind
// counts the engine and a loop, nothing else.

import BenchmarkStage
import ContainerKit
import ContainerKitTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cases, in the order the script prints them: a name, and a function that builds the case's
/// stage, runs one warm-up iteration, then the number of iterations it is given. An iteration
/// leaves the stage as it found it, so that every iteration does the same work.
let workloads: [(name: String, run: @MainActor (_ iterations: Int) -> Void)] = [
    ("roundtrip", roundTrip),
    ("roundtrip-recorded", recordedRoundTrip),
    ("pushpop", pushAndPop),
    ("tabs", tabSwitch),
]

// In every case, nothing observes the engine (no `Recorder`, no observation scope) and no view is
// given a frame; the stage is a visible window whose first turn is over. The loops run
// `0...iterations`: the first pass is the warm-up, which loads the views the case loads and gives
// the engine's arrays their capacity.

/// **roundtrip** (budgeted): a containment round trip on a visible parent. A `ContainerController`
/// is the root of a visible window; its child, a plain `Controller`, had its view loaded
/// beforehand (`loadViewIfNeeded()`), so no iteration loads a view. One iteration: `addChild`,
/// `addSubview`, `didMove(toParent:)`, `willMove(toParent: nil)`, `removeFromSuperview()`,
/// `removeFromParent()`, then `runUntilIdle()`.
@MainActor
func roundTrip(iterations: Int) {
    roundTrip(iterations: iterations, recordedBy: nil)
}

/// **roundtrip-recorded** (reported, not budgeted): the same round trip inside a `Recorder`'s
/// `record` scope, which keeps every event (seven an iteration) with its cause. What it costs over
/// **roundtrip** is what observing costs: each public call kept for the causes, each event built,
/// and the recorder's own work. The recorder's array of entries grows as it goes.
@MainActor
func recordedRoundTrip(iterations: Int) {
    let recorder = Recorder()
    roundTrip(iterations: iterations, recordedBy: recorder)
    recorder.skipEvents()
    recorder.finish()
}

@MainActor
private func roundTrip(iterations: Int, recordedBy recorder: Recorder?) {
    let parent = ContainerController(name: "parent")
    let window = showInWindow(parent)
    let child = Controller(name: "child")
    child.loadViewIfNeeded()
    let trips = {
        for _ in 0...iterations {
            parent.addChild(child)
            parent.view.addSubview(child.view)
            child.didMove(toParent: parent)
            child.willMove(toParent: nil)
            child.view.removeFromSuperview()
            child.removeFromParent()
            window.runUntilIdle()
        }
    }
    if let recorder { recorder.record(trips) } else { trips() }
}

/// **pushpop** (budgeted): a non-animated push and pop. A `NavigationController` whose root is
/// `a` is the root of a visible window. One iteration: `push(b, animated: false)`,
/// `runUntilIdle()`, `pop(animated: false)`, `runUntilIdle()`. `b`'s view is loaded by the
/// warm-up, not by the measured iterations.
@MainActor
func pushAndPop(iterations: Int) {
    let navigation = NavigationController(name: "nav", rootController: Controller(name: "a"))
    let window = showInWindow(navigation)
    let b = Controller(name: "b")
    for _ in 0...iterations {
        navigation.push(b, animated: false)
        window.runUntilIdle()
        navigation.pop(animated: false)
        window.runUntilIdle()
    }
}

/// **tabs** (reported, not budgeted): a tab switch and back. A `TabBarController` with the tabs
/// `a` and `b`, `a` selected, is the root of a visible window. One iteration: `selectedIndex = 1`,
/// `runUntilIdle()`, `selectedIndex = 0`, `runUntilIdle()`.
@MainActor
func tabSwitch(iterations: Int) {
    let tabs = TabBarController(name: "tabs")
    tabs.controllers = [Controller(name: "a"), Controller(name: "b")]
    let window = showInWindow(tabs)
    for _ in 0...iterations {
        tabs.selectedIndex = 1
        window.runUntilIdle()
        tabs.selectedIndex = 0
        window.runUntilIdle()
    }
}

/// Prints `message` and the usage to the standard error, and exits with status 2.
func usageError(_ message: String) -> Never {
    let names = workloads.map(\.name).joined(separator: "|")
    var text = "instruction-counts: \(message)\n"
    text += "usage: instruction-counts <\(names)> <iterations>\n       instruction-counts --list\n"
    _ = text.withUTF8 { write(2, $0.baseAddress, $0.count) }
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--list"] {
    for workload in workloads { print(workload.name) }
    exit(0)
}
guard arguments.count == 2 else { usageError("expected a case and a number of iterations") }
guard let workload = workloads.first(where: { $0.name == arguments[0] }) else {
    usageError("no case named '\(arguments[0])'")
}
guard let iterations = Int(arguments[1]), iterations >= 0 else {
    usageError("the number of iterations must be a whole number, 0 or more, not '\(arguments[1])'")
}
MainActor.assumeIsolated { workload.run(iterations) }
