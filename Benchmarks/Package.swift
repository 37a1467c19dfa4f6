// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, which is whatever the checkout is called.
let rootPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

// Benchmarks live in their own package so that the product manifest gains no benchmark
// dependency. Run them with `Benchmarks/run` (release build, allocation counting preloaded).
let package = Package(
    name: "cglayout-benchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        // SHA-256 for the references of lookups sent as bytes (content-batch).
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
    ],
    targets: [
        // The allocation counter's library, preloaded by the scripts, linked by no benchmark.
        .target(
            name: "PreloadedAllocationCounter",
            dependencies: [.product(name: "MallocInterposerSwift", package: "malloc-interposer")]
        ),
        // What every benchmark shares: measurements, allocation counting, the report.
        .target(
            name: "BenchmarkSupport",
            // Not the malloc interposer: the scripts preload it for the runs that count
            // allocations (see Allocations.swift), so that no timed run carries it.
            dependencies: []
        ),
        // The workloads several benchmarks (and the hot-path gate) share.
        .target(
            name: "BenchmarkWorkloads",
            dependencies: [
                .product(name: "CGLayout", package: rootPackage),
                .product(name: "CGLText", package: rootPackage),
                .product(name: "CGLDocument", package: rootPackage),
            ]
        ),
        .executableTarget(
            name: "CGLayoutBenchmarks",
            dependencies: [
                .product(name: "CGLayout", package: rootPackage),
                .product(name: "CGLDocument", package: rootPackage),
                "BenchmarkSupport",
                "BenchmarkWorkloads",
            ]
        ),
        // The hot paths' instruction counts under callgrind, against Thresholds/hot-paths.json
        // (`Benchmarks/run-gate`; CI fails when one grows more than 5 %).
        .executableTarget(
            name: "HotPathGate",
            dependencies: [
                .product(name: "CGLayout", package: rootPackage),
                .product(name: "CGLText", package: rootPackage),
                .product(name: "CGLDocument", package: rootPackage),
                .product(name: "CGLWire", package: rootPackage),
                // Their warm paths, through the probes they offer as SPI (`Benchmarks`).
                .product(name: "CGLDaemon", package: rootPackage),
                .product(name: "CGLClient", package: rootPackage),
                "BenchmarkWorkloads",
            ]
        ),
        // Our side of `Benchmarks/run-cglayout`, against the original CGLayout (cglayout-peer/).
        .executableTarget(
            name: "CGLayoutSideBySide",
            dependencies: [.product(name: "CGLayout", package: rootPackage), "BenchmarkSupport"]
        ),
        // cgld against a bare Unix-socket echo and Redis, run through `Benchmarks/run-daemon`.
        .executableTarget(
            name: "DaemonBenchmarks",
            dependencies: [
                .product(name: "CGLClient", package: rootPackage),
                .product(name: "CGLDocument", package: rootPackage),
                .product(name: "CGLWire", package: rootPackage),
                // The SwiftNIO floor (NIOFloor.swift): the bare server cgld is built on.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                "CHiredis",
            ]
        ),
        // Redis's C client, for a peer that parses MGET's reply into values as a client
        // library does (Benchmarks/run-daemon installs libhiredis-dev when missing).
        // Not through pkg-config: its flags carry -D_FILE_OFFSET_BITS=64, which SwiftPM refuses.
        .systemLibrary(name: "CHiredis", providers: [.apt(["libhiredis-dev"])]),
        // Real text (CGLText) against Pango, and styled against monospace feed cells, run
        // through `Benchmarks/run-text`.
        .executableTarget(
            name: "TextBenchmarks",
            dependencies: [
                .product(name: "CGLText", package: rootPackage),
                .product(name: "CGLDocument", package: rootPackage),
                "BenchmarkSupport",
                "BenchmarkWorkloads",
            ]
        ),
        // Boxes (CSS flexbox) against Taffy and Yoga on the same trees, and the feed card in
        // boxes against the same cell in blocks, run through `Benchmarks/run-boxes`.
        .executableTarget(
            name: "BoxBenchmarks",
            dependencies: [
                .product(name: "CGLayout", package: rootPackage),
                .product(name: "CGLDocument", package: rootPackage),
                "BenchmarkSupport",
                "BenchmarkWorkloads",
            ]
        ),
        // The Cassowary solver against kiwi (C++), alone and under documents of linear
        // equations, run through `Benchmarks/run-solver`.
        .executableTarget(
            name: "SolverBenchmarks",
            dependencies: [
                .product(name: "Cassowary", package: rootPackage),
                .product(name: "CGLDocument", package: rootPackage),
                "BenchmarkSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
