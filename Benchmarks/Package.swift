// swift-tools-version: 6.1
// The benchmarks of ContainerKit: a package of their own, so the root package stays free of
// dependencies. Run from this directory: `swift package --disable-sandbox benchmark`; the
// instruction counts and their budgets: `./instruction-counts` (see README.md).
import PackageDescription

let package = Package(
    name: "ContainerKitBenchmarks",
    platforms: [.macOS(.v13)],
    products: [
        // Not a benchmark of the plugin's (those are the executable targets in `Benchmarks/`): the
        // workloads that `instruction-counts` runs under callgrind. No benchmark library, so that
        // callgrind counts the engine and a loop.
        .executable(name: "instruction-counts", targets: ["InstructionCounts"])
    ],
    dependencies: [
        .package(name: "ContainerKit", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ContainerKitBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkStage",
                .product(name: "ContainerKit", package: "ContainerKit"),
                .product(name: "ContainerKitTesting", package: "ContainerKit"),
            ],
            path: "Benchmarks/ContainerKitBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "InstructionCounts",
            dependencies: [
                "BenchmarkStage", .product(name: "ContainerKit", package: "ContainerKit"),
                .product(name: "ContainerKitTesting", package: "ContainerKit"),
            ],
            path: "Sources/InstructionCounts",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // What both start from: a visible window with a given root.
        .target(
            name: "BenchmarkStage",
            dependencies: [.product(name: "ContainerKit", package: "ContainerKit")],
            path: "Sources/BenchmarkStage",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
