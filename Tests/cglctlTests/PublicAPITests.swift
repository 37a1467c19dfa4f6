import Foundation
import Testing

/// The public API of each library product, listed from its symbol graph, against the listing
/// committed in `api/`: growing (or changing) what users may depend on is a decision made in a
/// commit, not a side effect.
///
/// After a deliberate change, `CGL_UPDATE_API=1 swift test --filter PublicAPITests` writes
/// the listings again; the diff is the change of API to review.
@Suite struct PublicAPITests {
    static let products = ["Cassowary", "CGLayout", "CGLValues", "CGLText", "CGLDocument", "CGLWire", "CGLStore", "CGLFleet", "CGLDaemon", "CGLClient",
                           "CGLClientFallback"]
    static let listings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../api").standardized

    @Test(arguments: products)
    func publicAPIIsTheCommittedOne(module: String) throws {
        let listing = try Self.publicAPI(of: module)
        let file = Self.listings.appendingPathComponent("\(module).txt")
        if ProcessInfo.processInfo.environment["CGL_UPDATE_API"] == "1" {
            try FileManager.default.createDirectory(at: Self.listings, withIntermediateDirectories: true)
            try listing.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let committed = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        let now = Set(listing.split(separator: "\n")), before = Set(committed.split(separator: "\n"))
        let added = now.subtracting(before).sorted(), removed = before.subtracting(now).sorted()
        #expect(added.isEmpty && removed.isEmpty, """
            \(module)'s public API is not the one in api/\(module).txt.
            Added (\(added.count)):
            \(added.prefix(40).joined(separator: "\n"))
            Removed (\(removed.count)):
            \(removed.prefix(40).joined(separator: "\n"))
            If the change is meant, run CGL_UPDATE_API=1 swift test --filter PublicAPITests and commit api/ with its reason.
            """)
    }

    /// One line per public declaration of `module` (its extensions of other modules' types
    /// included), sorted: its kind, its path and its declaration.
    static func publicAPI(of module: String) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cgl-api-\(module)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        #if arch(x86_64)
        let target = "x86_64-unknown-linux-gnu"
        #else
        let target = "aarch64-unknown-linux-gnu"
        #endif
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "symbolgraph-extract", "-module-name", module, "-I", productsDirectory.appendingPathComponent("Modules").path,
                             "-target", target, "-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", output.path]
            + cModuleMaps().flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] }
            + (try systemLibraryFlags()).flatMap { ["-Xcc", $0] }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw APIListingError(message: "swift symbolgraph-extract failed for \(module): \(String(decoding: message, as: UTF8.self))")
        }
        var lines: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path) where name.hasSuffix(".symbols.json") {
            // `CGLWire@Swift.symbols.json` holds CGLWire's extensions of the standard library's types.
            let extended = name.dropLast(".symbols.json".count).split(separator: "@").dropFirst().first.map { "\($0) extension: " } ?? ""
            let graph = try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: output.appendingPathComponent(name)))
            for symbol in graph.symbols where symbol.accessLevel == "public" || symbol.accessLevel == "open" {
                let kind = symbol.kind.identifier.replacingOccurrences(of: "swift.", with: "")
                let declaration = symbol.declarationFragments?.map(\.spelling).joined() ?? ""
                lines.insert("\(extended)\(kind) \(symbol.pathComponents.joined(separator: ".")): \(declaration.split(whereSeparator: \.isNewline).joined(separator: " "))")
            }
        }
        return lines.sorted().joined(separator: "\n") + "\n"
    }

    /// The module maps of the C modules the products import, as the build passed them: the
    /// system libraries' (`Sources/C…`), the dependencies' (their checkouts) and those the
    /// build made.
    static func cModuleMaps() -> [String] {
        let files = FileManager.default
        let repository = listings.deletingLastPathComponent()
        let scratch = productsDirectory.deletingLastPathComponent().deletingLastPathComponent()
        var folders = [productsDirectory, repository.appendingPathComponent("Sources")].flatMap { root in
            ((try? files.contentsOfDirectory(atPath: root.path)) ?? []).map { root.appendingPathComponent($0) }
        }
        let checkouts = scratch.appendingPathComponent("checkouts")
        for checkout in (try? files.contentsOfDirectory(atPath: checkouts.path)) ?? [] {
            let sources = checkouts.appendingPathComponent(checkout).appendingPathComponent("Sources")
            for target in (try? files.contentsOfDirectory(atPath: sources.path)) ?? [] {
                folders += [sources.appendingPathComponent(target), sources.appendingPathComponent(target).appendingPathComponent("include")]
            }
        }
        return folders.map { $0.appendingPathComponent("module.modulemap").path }.filter { files.fileExists(atPath: $0) }
    }

    /// The compiler flags of the system libraries (`Package.swift`'s `pkgConfig` names), for
    /// their headers.
    static func systemLibraryFlags() throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--cflags", "harfbuzz", "fontconfig"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let flags = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw APIListingError(message: "pkg-config --cflags harfbuzz fontconfig failed") }
        return String(decoding: flags, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    struct APIListingError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// What the listing reads of a symbol graph.
    struct SymbolGraph: Decodable {
        struct Symbol: Decodable {
            struct Kind: Decodable { let identifier: String }
            struct Fragment: Decodable { let spelling: String }
            let kind: Kind
            let pathComponents: [String]
            let accessLevel: String
            let declarationFragments: [Fragment]?
        }
        let symbols: [Symbol]
    }
}
