import CGLClient
import CGLDaemonTestSupport
import CGLDocument
import CGLStore
import CGLText
import CGLWire
import CGLayout
import Foundation
import Testing

/// Schemes with real text, served by the daemon: snapshots keyed by the fonts that measured
/// them, and the fonts in use reported by `stats`.
@Suite struct TextServingTests {
    @Test func theSnapshotKeyCarriesTheFontFingerprint() throws {
        let fingerprint = try TextEngine.shared().fontFingerprint
        #expect(fingerprint.count == 16 && fingerprint.allSatisfy(\.isHexDigit))
        #expect(SnapshotVersion.current == "\(LayoutEngine.version)+fonts-\(fingerprint)")
    }

    @Test func anotherFontChangesTheFingerprint() throws {
        // A font installed (here: a fonts directory with one more file) is a new fingerprint,
        // so snapshots measured before it are not served after.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = try TextEngine(configuration: .init(fontsDirectory: folder.path)).fontFingerprint
        #expect(base == (try TextEngine(configuration: .init(fontsDirectory: folder.path)).fontFingerprint))
        let source = try TextEngine.shared().resolve(TextStyle(family: "DejaVu Sans", size: 10)).primary.path
        try FileManager.default.copyItem(atPath: source, toPath: folder.appendingPathComponent("Brand.ttf").path)
        #expect(try TextEngine(configuration: .init(fontsDirectory: folder.path)).fontFingerprint != base)
    }

    @Test func lookupsMeasureRealTextAndStatsNameTheFonts() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let client = daemon.client()
            let snapshot = try await client.lookup("feed-cell", in: .profile("phone-portrait"))
            let document = try SchemeDocument(data: Data(contentsOf: URL(fileURLWithPath: examplePath("feed-cell"))))
            let local = try document.compiled().snapshot(for: try #require(ProfileSet.defaults["phone-portrait"]))
            let body = try #require(snapshot.elements.first { $0.id == "body" })
            let localBody = try #require(local.elements.first { $0.id == "body" })
            #expect(body.frame.height == localBody.frame.size.height)
            #expect(body.frame.height == 72)  // four lines of 18 (ExampleSchemeTests derives it)
            let stats = try await client.stats()
            #expect((stats["fonts.inUse"] ?? 0) >= 2)
            #expect(stats.entries.contains { $0.key.hasPrefix("fonts.file:") && $0.key.hasSuffix("DejaVuSans-Bold.ttf") })
            #expect((stats["text.words.misses"] ?? 0) > 0)
        }
    }
}
