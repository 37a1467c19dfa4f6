// swift-tools-version:5.9
// The original CGLayout's side of `Benchmarks/run-cglayout`: the same layouts as
// CGLayoutSideBySide, written against k-o-d-e-n/CGLayout, which is not part of this
// repository. Its checkout is given by CGLAYOUT_ORIGINAL (run-cglayout sets it).
import Foundation
import PackageDescription

let original = ProcessInfo.processInfo.environment["CGLAYOUT_ORIGINAL"] ?? "../../../CGLayout"
// A package depended on by path is named after its folder.
let identity = URL(fileURLWithPath: original).lastPathComponent

let package = Package(
    name: "cglayout-peer",
    dependencies: [.package(path: original)],
    targets: [
        .executableTarget(name: "CGLayoutPeer", dependencies: [.product(name: "CGLayout", package: identity)]),
    ]
)
