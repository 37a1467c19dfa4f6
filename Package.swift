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
        .library(name: "CGLValues", targets: ["CGLValues"]),
        .library(name: "CGLText", targets: ["CGLText"]),
        .library(name: "CGLDocument", targets: ["CGLDocument"]),
        .library(name: "CGLWire", targets: ["CGLWire"]),
        .library(name: "CGLStore", targets: ["CGLStore"]),
        .library(name: "CGLFleet", targets: ["CGLFleet"]),
        .library(name: "CGLDaemon", targets: ["CGLDaemon"]),
        .library(name: "CGLClient", targets: ["CGLClient"]),
        .library(name: "CGLClientFallback", targets: ["CGLClientFallback"]),
        .executable(name: "cgld", targets: ["cgld"]),
        .executable(name: "cglctl", targets: ["cglctl"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        // `LogHandler.log(event:)`, which cgld's reloadable log handler implements (tested with 1.16.2).
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.8.0"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.5.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        .target(name: "Cassowary", swiftSettings: strictSettings),
        .target(name: "CGLayout", dependencies: ["Cassowary"], swiftSettings: strictSettings),
        // The values a lookup carries and a snapshot answers with, shared by documents, the
        // daemon and the client: content, environments and profiles, issues, inline atoms.
        // Pure Swift on CGLayout, so that the client builds without the text stack and CGLText
        // takes its InlineAtom without more than that.
        .target(
            name: "CGLValues",
            dependencies: ["CGLayout"],
            swiftSettings: strictSettings
        ),
        // Real text: fontconfig finds fonts, HarfBuzz shapes, ICU breaks lines (UAX #14) and
        // orders directions (UAX #9). Debian's -dev packages; `make deps` installs them.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // ICU renames its C functions by version; these wrappers give them stable names.
        .target(name: "CICUText", linkerSettings: [.linkedLibrary("icuuc")]),
        .target(name: "CGLText", dependencies: ["CGLValues", "CHarfBuzz", "CFontconfig", "CICUText"], swiftSettings: strictSettings),
        .target(
            name: "CGLDocument",
            dependencies: ["CGLValues", "CGLayout", "CGLText", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings
        ),
        // The socket protocol on the standard library alone: the daemon and the client library
        // share it, and a client pays for no server dependency.
        .target(name: "CGLWire", swiftSettings: strictSettings),
        // The store: SQLite through GRDB, plain values only (no layout types). Its schema is the
        // top-level migrations/ folder, compiled in by the EmbedMigrations plugin.
        .target(
            name: "CGLStore",
            // GRDBSQLite: SQLite's own API, for the one read GRDB cannot make without writing
            // (DatabasePreflight).
            dependencies: [.product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")],
            swiftSettings: strictSettings,
            plugins: ["EmbedMigrations"]
        ),
        // The fleet's shared registry in PostgreSQL, through postgres-nio. Its schema is the
        // migrations/postgres/ folder, compiled in by the same plugin.
        .target(
            name: "CGLFleet",
            dependencies: [
                "CGLStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings,
            plugins: ["EmbedMigrations"]
        ),
        // Conversions between the values of CGLValues and the wire's, shared by the daemon and
        // the client library so that both read content, an issue or an environment alike.
        .target(name: "CGLBridge", dependencies: ["CGLWire", "CGLValues", "CGLayout", .product(name: "Crypto", package: "swift-crypto")],
                swiftSettings: strictSettings),
        // A document snapshot as the wire carries it, for the daemon, the client's fallback and cglctl.
        .target(name: "CGLDocumentBridge", dependencies: ["CGLBridge", "CGLWire", "CGLDocument", "CGLayout"], swiftSettings: strictSettings),
        // The daemon as a library: configuration, the NIO listener, request handling, the hot
        // cache and the prewarm scheduler. `cgld` only wires it to the process.
        .target(
            name: "CGLDaemon",
            dependencies: [
                "CGLWire", "CGLValues", "CGLDocument", "CGLayout", "CGLStore", "CGLBridge", "CGLDocumentBridge", "CGLText", "CGLFleet",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Configuration", package: "swift-configuration"),
                // FilePath, which swift-configuration's file reader takes.
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "cgld",
            dependencies: [
                "CGLDaemon",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        // The client library on POSIX sockets alone: no NIO, no GRDB, and no text stack (it
        // builds without HarfBuzz, fontconfig and ICU; .ci/check-consumer checks it).
        .target(name: "CGLClient", dependencies: ["CGLWire", "CGLValues", "CGLayout", "CGLBridge"], swiftSettings: strictSettings),
        // The client's offline fallback, which lays out from local documents: opt-in, as it
        // brings CGLDocument and the text stack.
        .target(name: "CGLClientFallback", dependencies: ["CGLClient", "CGLDocument", "CGLDocumentBridge", "CGLWire", "CGLValues"],
                swiftSettings: strictSettings),
        .plugin(name: "EmbedMigrations", capability: .buildTool(), dependencies: ["EmbedMigrationsTool"]),
        .executableTarget(name: "EmbedMigrationsTool", path: "Tools/EmbedMigrationsTool", swiftSettings: strictSettings),
        .executableTarget(
            name: "cglctl",
            dependencies: ["CGLDocument", "CGLValues", "CGLayout", "CGLText", "CGLClient", "CGLClientFallback", "CGLWire", "CGLBridge", "CGLDocumentBridge", "CGLStore", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strictSettings
        ),
        .executableTarget(name: "FeedCellExample", dependencies: ["CGLayout"], path: "examples/FeedCell", swiftSettings: strictSettings),
        // What several test targets share: SplitMix64, the seeded generator of random cases
        // (replayable from a printed seed), and bytes written as hex.
        .target(name: "CGLTestSupport", path: "Tests/CGLTestSupport", swiftSettings: strictSettings),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary", "CGLTestSupport"], swiftSettings: strictSettings),
        // Fixtures/ holds the Chrome-measured flexbox cases, read through #filePath (not a bundle).
        .testTarget(name: "CGLayoutTests", dependencies: ["CGLayout", "Cassowary", "CGLTestSupport"], exclude: ["Fixtures"],
                    swiftSettings: strictSettings),
        // Measures with the host's real fonts (fonts-dejavu-core and a CJK font, installed by `make deps`)
        // and checks single words against HarfBuzz's advances directly.
        .testTarget(name: "CGLTextTests", dependencies: ["CGLText", "CGLValues", "CHarfBuzz", "CGLTestSupport"], swiftSettings: strictSettings),
        // Fixtures/ holds the list of known differences of the flexbox fixtures, read through #filePath.
        .testTarget(name: "CGLDocumentTests", dependencies: ["CGLDocument", "CGLText", "CGLTestSupport"], exclude: ["Fixtures"],
                    swiftSettings: strictSettings),
        .testTarget(name: "CGLWireTests", dependencies: ["CGLWire", "CGLTestSupport"], swiftSettings: strictSettings),
        // Starts a real PostgreSQL from Debian's packages in a temporary folder.
        .target(name: "PostgresTestSupport", dependencies: ["CGLTestSupport"], path: "Tests/PostgresTestSupport", swiftSettings: strictSettings),
        .testTarget(
            name: "CGLFleetTests",
            dependencies: ["CGLFleet", "CGLStore", "PostgresTestSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "CGLStoreTests", dependencies: ["CGLStore", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto")],
                    swiftSettings: strictSettings),
        // Runs an in-process daemon on a socket in a temporary folder, for the daemon's and the
        // client's tests.
        .target(
            name: "CGLDaemonTestSupport",
            dependencies: [
                "CGLDaemon", "CGLClient", "CGLWire", "CGLDocument", "CGLTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/CGLDaemonTestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CGLDaemonTests",
            dependencies: [
                "CGLDaemon", "CGLDaemonTestSupport", "CGLClient", "CGLClientFallback", "CGLWire", "CGLDocument", "CGLStore", "CGLBridge",
                "CGLDocumentBridge", "CGLayout", "CGLText", "CGLTestSupport", "CGLFleet",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CGLClientTests",
            dependencies: ["CGLClient", "CGLClientFallback", "CGLDaemon", "CGLDaemonTestSupport", "CGLWire", "CGLDocument", "CGLayout", "CGLBridge"],
            swiftSettings: strictSettings
        ),
        // Runs the built cglctl and cgld binaries; depending on them makes sure they are built first.
        .testTarget(name: "cglctlTests", dependencies: ["cglctl", "cgld", "CGLayout", "CGLText", "CGLValues", "CGLStore", "CGLClient", "CGLWire", "CGLDaemonTestSupport",
                                                    "CGLDocument", "PostgresTestSupport"],
                    swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
