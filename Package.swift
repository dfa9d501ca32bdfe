// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ContainerKit",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "ContainerKit", targets: ["ContainerKit"]),
        .library(name: "ContainerKitTesting", targets: ["ContainerKitTesting"]),
        .executable(name: "containerkit", targets: ["containerkit"]),
    ],
    targets: [
        .target(name: "ContainerKit"),
        // Recording and rendering transcripts, with no test framework: the explorer links it, and
        // ContainerKitTesting re-exports it with the assertions on top (CONTRIBUTING.md).
        .target(name: "ContainerKitTranscripts", dependencies: ["ContainerKit"]),
        .target(name: "ContainerKitTesting", dependencies: ["ContainerKit", "ContainerKitTranscripts"]),
        .target(name: "ContainerKitScenarios", dependencies: ["ContainerKit", "ContainerKitTranscripts"]),
        .executableTarget(name: "containerkit", dependencies: ["ContainerKitScenarios"]),
        .testTarget(
            name: "ContainerKitTests", dependencies: ["ContainerKit", "ContainerKitTesting", "ContainerKitScenarios"]),
        .testTarget(name: "ContainerKitTestingTests", dependencies: ["ContainerKit", "ContainerKitTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
