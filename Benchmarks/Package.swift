// swift-tools-version: 6.1
// The benchmarks of ContainerKit: a package of their own, so the root package stays free of
// dependencies. Run from this directory: `swift package --disable-sandbox benchmark`.
import PackageDescription

let package = Package(
    name: "ContainerKitBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "ContainerKit", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "ContainerKitBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ContainerKit", package: "ContainerKit"),
                .product(name: "ContainerKitTesting", package: "ContainerKit"),
            ],
            path: "Benchmarks/ContainerKitBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
