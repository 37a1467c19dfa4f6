// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, which is whatever the checkout is called.
let rootPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

// libFuzzer targets for the decoders that read untrusted bytes: the socket protocol (what
// any local process may send cgld) and scheme documents (what `register` accepts). Their
// own package, built with `-sanitize=fuzzer,address` by `Fuzz/run`; never part of
// `swift test`. Crashes they find become regression tests in Tests/.
let package = Package(
    name: "cglayout-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(name: "FuzzWire", dependencies: [.product(name: "CGLWire", package: rootPackage)]),
        .executableTarget(
            name: "FuzzEquations",
            dependencies: [
                .product(name: "CGLDocument", package: rootPackage),
                .product(name: "CGLayout", package: rootPackage),
            ]
        ),
        .executableTarget(
            name: "FuzzDocument",
            dependencies: [
                .product(name: "CGLDocument", package: rootPackage),
                .product(name: "CGLayout", package: rootPackage),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
