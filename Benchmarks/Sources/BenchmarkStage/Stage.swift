// The stage that the benchmarks (Benchmarks/ContainerKitBenchmarks) and the instruction counts
// (Sources/InstructionCounts) both start from, kept in one place so that they measure the same thing.
import ContainerKit

/// A visible window of a phone's size with `root` as its root, its first turn over.
@MainActor
public func showInWindow(_ root: Controller) -> Window {
    let window = Window(name: "window", frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.rootController = root
    window.makeKeyAndVisible()
    window.runUntilIdle()
    return window
}
