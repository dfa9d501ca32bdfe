import Benchmark
import ContainerKit
import Dispatch
import Foundation

/// `CONTAINERKIT_BENCHMARK_QUICK=1`: each benchmark runs once, as a smoke test (what `.ci/run`
/// does), and the big trees stop at 10,000 nodes.
let quick = ProcessInfo.processInfo.environment["CONTAINERKIT_BENCHMARK_QUICK"] != nil

/// The configuration every benchmark starts from.
func configuration(
    metrics extra: [BenchmarkMetric] = [], scalingFactor: BenchmarkScalingFactor = .one, maxIterations: Int = 10_000
) -> Benchmark.Configuration {
    .init(
        metrics: [.wallClock, .mallocCountTotal] + extra,
        timeUnits: .nanoseconds,
        warmupIterations: quick ? 0 : 3,
        scalingFactor: scalingFactor,
        maxDuration: quick ? .milliseconds(1) : .seconds(2),
        maxIterations: quick ? 1 : maxIterations
    )
}

/// Runs `body` on the main actor, where ContainerKit lives, from whichever thread the benchmark
/// runner uses.
func onMainActor<Result: Sendable>(_ body: @MainActor () -> Result) -> Result {
    if Thread.isMainThread { return MainActor.assumeIsolated(body) }
    return DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
}

/// Nanoseconds that `body` takes.
@MainActor
func nanoseconds(_ body: () -> Void) -> Int {
    let clock = ContinuousClock()
    let elapsed = clock.measure(body)
    return Int(elapsed.components.seconds) * 1_000_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000)
}

/// A deterministic generator (SplitMix64), so "random order" is the same order every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The three steps of adding a child, and the three of removing it.
@MainActor
func embed(_ child: Controller, in parent: ContainerController) {
    parent.addChild(child)
    parent.view.addSubview(child.view)
    child.didMove(toParent: parent)
}

@MainActor
func unembed(_ child: Controller) {
    child.willMove(toParent: nil)
    child.view.removeFromSuperview()
    child.removeFromParent()
}

/// A tree of `count` controllers with fan-out 4, built off screen: node `k` is the child of node
/// `(k - 1) / 4`; nodes with children are containers, the rest plain controllers.
@MainActor
func makeTree(count: Int) -> ContainerController {
    var nodes: [Controller] = []
    nodes.reserveCapacity(count)
    for k in 0..<count {
        let node: Controller = 4 * k + 1 < count || k == 0 ? ContainerController() : Controller()
        if k > 0, let parent = nodes[(k - 1) / 4] as? ContainerController { embed(node, in: parent) }
        nodes.append(node)
    }
    return nodes[0] as! ContainerController
}

/// A chain of `depth` containers, each the only child of the one above.
@MainActor
func makeChain(depth: Int) -> ContainerController {
    let root = ContainerController(name: "root")
    var parent = root
    for _ in 1..<depth {
        let child = ContainerController()
        embed(child, in: parent)
        parent = child
    }
    return root
}
