// swift-tools-version: 6.1
import PackageDescription

/// Settings every target of ours builds with: Swift 6 language mode (set below for the
/// whole package), explicit `any`, and imports that are internal unless marked `public`,
/// so that each dependency leaking into an API is visible at its import.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "cglayout",
    products: [
        .library(name: "CGLayout", targets: ["CGLayout"]),
    ],
    targets: [
        .target(name: "CGLayout", swiftSettings: strictSettings),
        .executableTarget(name: "FeedCellExample", dependencies: ["CGLayout"], path: "examples/FeedCell", swiftSettings: strictSettings),
        .testTarget(name: "CGLayoutTests", dependencies: ["CGLayout"], swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
