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
        .target(name: "ContainerKitTesting", dependencies: ["ContainerKit"]),
        .executableTarget(name: "containerkit", dependencies: ["ContainerKit", "ContainerKitTesting"]),
        .testTarget(name: "ContainerKitTests", dependencies: ["ContainerKit", "ContainerKitTesting"]),
        .testTarget(name: "ContainerKitTestingTests", dependencies: ["ContainerKit", "ContainerKitTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
