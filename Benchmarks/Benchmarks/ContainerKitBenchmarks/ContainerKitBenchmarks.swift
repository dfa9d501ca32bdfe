import Benchmark
import BenchmarkStage
import ContainerKit
import ContainerKitTesting

let benchmarks: @Sendable () -> Void = {
    containmentBenchmarks()
    builtInContainerBenchmarks()
    scalingBenchmarks()
    recorderBenchmarks()
}

// MARK: - Containment round trip and its baseline

/// The round trip: `addChild`, `addSubview`, `didMove`, `willMove(nil)`, `removeFromSuperview`,
/// `removeFromParent` on a visible parent, then `runUntilIdle()`; with no observer.
@MainActor
final class RoundTrip {
    let parent = ContainerController(name: "p")
    let child = Controller(name: "c")
    let window: Window

    init() {
        window = showInWindow(parent)
        child.loadViewIfNeeded()
    }

    @inline(never)
    func run() {
        embed(child, in: parent)
        unembed(child)
        window.runUntilIdle()
    }
}

func containmentBenchmarks() {
    Benchmark("Containment round trip (visible parent)", configuration: configuration(scalingFactor: .kilo)) {
        benchmark in
        nonisolated(unsafe) let benchmark = benchmark  // used on the main actor only
        onMainActor {
            let trip = RoundTrip()
            trip.run()  // the first trip makes what later ones reuse
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { trip.run() }
            benchmark.stopMeasurement()
        }
    }

    Benchmark("Baseline round trip (bare tree)", configuration: configuration(scalingFactor: .kilo)) { benchmark in
        let parent = makeBareController(leaf: false)
        let child = makeBareController(leaf: true)
        bareRoundTrip(parent: parent, child: child)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { bareRoundTrip(parent: parent, child: child) }
        benchmark.stopMeasurement()
        blackHole((child as? BareLeaf)?.calls)
    }

    // Both in one iteration, interleaved, so the ratio compares runs under the same conditions; of
    // each, the fastest of ten batches, so a batch the scheduler interrupted (more likely the
    // longer one) does not skew the ratio.
    Benchmark(
        "Round trip / baseline (%)",
        configuration: configuration(metrics: [.custom("ratio to baseline (%)", useScalingFactor: false)])
    ) { benchmark in
        let percent = onMainActor { () -> Int in
            let trip = RoundTrip()
            let parent = makeBareController(leaf: false)
            let child = makeBareController(leaf: true)
            trip.run()
            bareRoundTrip(parent: parent, child: child)
            let rounds = 1_000
            var engine = Int.max
            var bare = Int.max
            for _ in 0..<10 {
                engine = min(engine, nanoseconds { for _ in 0..<rounds { trip.run() } })
                bare = min(bare, nanoseconds { for _ in 0..<rounds { bareRoundTrip(parent: parent, child: child) } })
            }
            return engine * 100 / max(bare, 1)
        }
        benchmark.measurement(.custom("ratio to baseline (%)", useScalingFactor: false), percent)
    }
}

// MARK: - Built-in containers

func builtInContainerBenchmarks() {
    Benchmark("Navigation push and pop (not animated)", configuration: configuration(scalingFactor: .kilo)) {
        benchmark in
        nonisolated(unsafe) let benchmark = benchmark  // used on the main actor only
        onMainActor {
            let nav = NavigationController(name: "nav", rootController: Controller(name: "a"))
            let window = showInWindow(nav)
            let b = Controller(name: "b")
            let trip = { @MainActor in
                nav.push(b, animated: false)
                window.runUntilIdle()
                nav.pop(animated: false)
                window.runUntilIdle()
            }
            trip()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { trip() }
            benchmark.stopMeasurement()
        }
    }

    Benchmark("Tab switch and back", configuration: configuration(scalingFactor: .kilo)) { benchmark in
        nonisolated(unsafe) let benchmark = benchmark  // used on the main actor only
        onMainActor {
            let tab = TabBarController(name: "tab")
            tab.controllers = [Controller(name: "a"), Controller(name: "b")]
            let window = showInWindow(tab)
            let trip = { @MainActor in
                tab.selectedIndex = 1
                window.runUntilIdle()
                tab.selectedIndex = 0
                window.runUntilIdle()
            }
            trip()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { trip() }
            benchmark.stopMeasurement()
        }
    }

    Benchmark("Page forward and back (not animated)", configuration: configuration(scalingFactor: .kilo)) {
        benchmark in
        nonisolated(unsafe) let benchmark = benchmark  // used on the main actor only
        onMainActor {
            let page = PageController(name: "page", transitionStyle: .scroll)
            let pages = [Controller(name: "p0"), Controller(name: "p1")]
            page.setControllers([pages[0]], direction: .forward, animated: false)
            let window = showInWindow(page)
            let trip = { @MainActor in
                page.setControllers([pages[1]], direction: .forward, animated: false)
                window.runUntilIdle()
                page.setControllers([pages[0]], direction: .reverse, animated: false)
                window.runUntilIdle()
            }
            trip()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { trip() }
            benchmark.stopMeasurement()
        }
    }
}

// MARK: - Scaling

/// The trees are built once per size, off the clock, and kept for every iteration.
@MainActor var trees: [String: ContainerController] = [:]

@MainActor
func tree(_ key: String, _ make: () -> ContainerController) -> ContainerController {
    if let tree = trees[key] { return tree }
    let tree = make()
    trees[key] = tree
    return tree
}

func scalingBenchmarks() {
    let sizes = quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]
    for count in sizes {
        showAndHide("Show and hide a window, tree of \(count)", key: "tree-\(count)", nodes: count) {
            makeTree(count: count)
        }
    }
    let depth = quick ? 10_000 : 100_000
    showAndHide("Show and hide a window, chain \(depth) deep", key: "chain-\(depth)", nodes: depth) {
        makeChain(depth: depth)
    }

    let nsPerOperation = BenchmarkMetric.custom("ns per operation", useScalingFactor: false)
    for count in [1_000, 10_000] {
        Benchmark(
            "Add then remove \(count) children in random order", configuration: configuration(metrics: [nsPerOperation])
        ) { benchmark in
            let perOperation = onMainActor { () -> Int in
                let parent = ContainerController(name: "p")
                let window = showInWindow(parent)
                let children = (0..<count).map { _ in Controller() }
                for child in children { child.loadViewIfNeeded() }
                var generator = SplitMix64(state: UInt64(count))
                let removalOrder = children.shuffled(using: &generator)
                let elapsed = nanoseconds {
                    for child in children { embed(child, in: parent) }
                    window.runUntilIdle()
                    for child in removalOrder { unembed(child) }
                    window.runUntilIdle()
                }
                return elapsed / (2 * count)
            }
            benchmark.measurement(nsPerOperation, perOperation)
        }
    }
}

/// Shows a window over the tree `make` builds (once, off the clock), ends the turn and hides it:
/// every controller appears and disappears once. Reports the time per node.
func showAndHide(_ name: String, key: String, nodes: Int, _ make: @escaping @MainActor () -> ContainerController) {
    let nsPerNode = BenchmarkMetric.custom("ns per node", useScalingFactor: false)
    Benchmark(name, configuration: configuration(metrics: [nsPerNode])) { benchmark in
        let perNode = onMainActor { () -> Int in
            let root = tree(key, make)
            let window = Window(name: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844))
            window.rootController = root
            let elapsed = nanoseconds {
                window.makeKeyAndVisible()
                window.runUntilIdle()
                window.isHidden = true
            }
            window.rootController = nil
            return elapsed / nodes
        }
        benchmark.measurement(nsPerNode, perNode)
    }
}

// MARK: - Recorder

func recorderBenchmarks() {
    let eventsPerSecond = BenchmarkMetric.custom("events per second", polarity: .prefersLarger, useScalingFactor: false)
    // 7 events a round trip (willMove, viewWillAppear, didMove, willMove, viewWillDisappear,
    // viewDidDisappear, didMove), 1,000 round trips an iteration: bytes per event are the malloc
    // bytes divided by 7,000.
    Benchmark(
        "Recorder: 1,000 round trips recorded",
        configuration: configuration(metrics: [.mallocBytesCount, eventsPerSecond])
    ) { benchmark in
        let perSecond = onMainActor { () -> Int in
            let trip = RoundTrip()
            trip.run()
            let recorder = Recorder()
            var events = 0
            let elapsed = nanoseconds {
                recorder.record {
                    for _ in 0..<1_000 { trip.run() }
                }
            }
            events = recorder.pendingEntries.count
            recorder.skipEvents()
            recorder.finish()
            return events * 1_000_000_000 / max(elapsed, 1)
        }
        benchmark.measurement(eventsPerSecond, perSecond)
    }
}
