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
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "CGLayout", targets: ["CGLayout"]),
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "CGLDocument", targets: ["CGLDocument"]),
        .library(name: "CGLWire", targets: ["CGLWire"]),
        .library(name: "CGLStore", targets: ["CGLStore"]),
        .executable(name: "cglctl", targets: ["cglctl"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    ],
    targets: [
        .target(name: "Cassowary", swiftSettings: strictSettings),
        .target(name: "CGLayout", dependencies: ["Cassowary"], swiftSettings: strictSettings),
        .target(
            name: "CGLDocument",
            dependencies: ["CGLayout", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings
        ),
        // The socket protocol on the standard library alone: the daemon and the client library
        // share it, and a client pays for no server dependency.
        .target(name: "CGLWire", swiftSettings: strictSettings),
        // The store: SQLite through GRDB, plain values only (no layout types). Its schema is the
        // top-level migrations/ folder, compiled in by the EmbedMigrations plugin.
        .target(
            name: "CGLStore",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings,
            plugins: ["EmbedMigrations"]
        ),
        .plugin(name: "EmbedMigrations", capability: .buildTool(), dependencies: ["EmbedMigrationsTool"]),
        .executableTarget(name: "EmbedMigrationsTool", path: "Tools/EmbedMigrationsTool", swiftSettings: strictSettings),
        .executableTarget(
            name: "cglctl",
            dependencies: ["CGLDocument", "CGLayout", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strictSettings
        ),
        .executableTarget(name: "FeedCellExample", dependencies: ["CGLayout"], path: "examples/FeedCell", swiftSettings: strictSettings),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary"], swiftSettings: strictSettings),
        .testTarget(name: "CGLayoutTests", dependencies: ["CGLayout"], swiftSettings: strictSettings),
        .testTarget(name: "CGLDocumentTests", dependencies: ["CGLDocument"], swiftSettings: strictSettings),
        .testTarget(name: "CGLWireTests", dependencies: ["CGLWire"], swiftSettings: strictSettings),
        .testTarget(name: "CGLStoreTests", dependencies: ["CGLStore", .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: strictSettings),
        // Runs the built cglctl binary; depending on it makes sure it is built first.
        .testTarget(name: "cglctlTests", dependencies: ["cglctl", "CGLayout"], swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
