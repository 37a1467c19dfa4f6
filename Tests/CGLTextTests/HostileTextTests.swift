import CGLText
import Foundation
import Testing

/// Inputs that once crashed, hung or misled: long grapheme clusters, font files that are not
/// font files, truncation at the edges.
@Suite struct HostileTextTests {
    @Test func longGraphemeClustersMeasureWithoutOverflow() throws {
        // One Swift grapheme cluster longer than any 16-bit offset (Hangul leading jamo join),
        // and a base with 70 000 combining marks (one HarfBuzz cluster of 70 000 glyphs).
        let jamo = try engine.measure(String(repeating: "\u{1100}", count: 70_000) + " x", style: dejaVu, width: 100)
        #expect(jamo.width > 0 && jamo.lineCount >= 2)
        let marks = try engine.measure("e" + String(repeating: "\u{0301}", count: 70_000), style: dejaVu)
        #expect(marks.lineCount == 1 && marks.width.isFinite)
        let prepend = try engine.measure(String(repeating: "\u{0600}", count: 70_000) + "a", style: dejaVu, width: 50)
        #expect(prepend.width.isFinite)
    }

    @Test func fontFilesMustBeRegularFilesInsideTheFontsDirectory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let dejaVuPath = try engine.resolve(dejaVu).primary.path
        try FileManager.default.copyItem(atPath: dejaVuPath, toPath: folder.appendingPathComponent("Brand.ttf").path)
        #expect(mkfifo(folder.appendingPathComponent("fifo.ttf").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("outside.ttf").path, withDestinationPath: dejaVuPath)
        // Not scanned: fontconfig would open the FIFO and wait for a writer.
        let files = try TextEngine(configuration: .init(fontsDirectory: folder.path, scansFontsDirectory: false))
        func measure(_ file: String) throws -> TextMeasurement {
            try files.measure("Hi", style: TextStyle(source: .file(file), size: 15))
        }
        #expect(try measure("Brand.ttf").width > 0)
        #expect(throws: TextError.fontFileOutsideFontsDirectory(path: dejaVuPath)) { try measure(dejaVuPath) }
        #expect(throws: TextError.fontFileOutsideFontsDirectory(path: "../Brand.ttf")) { try measure("../Brand.ttf") }
        #expect(throws: TextError.fontFileOutsideFontsDirectory(path: "outside.ttf")) { try measure("outside.ttf") }
        #expect(throws: TextError.unreadableFontFile(path: folder.appendingPathComponent("fifo.ttf").path)) { try measure("fifo.ttf") }
        #expect(throws: TextError.noFontsDirectory(path: "Brand.ttf")) {
            try TextEngine(configuration: .init(fontsDirectory: nil)).measure("Hi", style: TextStyle(source: .file("Brand.ttf"), size: 15))
        }
    }

    @Test func aTruncatedLineEndsWhereItsWidthEnds() throws {
        let style = TextStyle(family: "DejaVu Sans", size: 15, maxLines: 1)
        let text = "aaaa bbbb cccc dddd eeee ffff"
        let layout = try engine.layout(text, style: style, width: 120)
        let line = try #require(layout.lines.first)
        #expect(line.isTruncated && layout.lines.count == 1)
        // What is drawn, the line's text and an ellipsis, is as wide as the line says.
        let drawn = try engine.measure(line.text(in: text) + "…", style: TextStyle(family: "DejaVu Sans", size: 15)).width
        #expect(abs(drawn - line.width) < 0.5)
        #expect(line.width <= 120)
        #expect(line.text(in: text).count > "aaaa".count)
    }

    @Test func aClosingNewlineIsNotHiddenText() throws {
        let style = TextStyle(family: "DejaVu Sans", size: 15, maxLines: 1)
        let closed = try engine.measure("Hello\n", style: style)
        #expect(!closed.isTruncated)
        #expect(closed.width == (try engine.measure("Hello", style: dejaVu).width))
        #expect(try engine.measure("Hello\nworld", style: style).isTruncated)
    }

    @Test func nonFiniteWidthsShareOneCacheEntry() throws {
        let fresh = try TextEngine()
        for width in [Double.nan, .nan, .infinity, -.infinity] { _ = try fresh.measure("Hello world", style: dejaVu, width: width) }
        _ = try fresh.measure("Hello world", style: dejaVu)
        #expect(fresh.statistics.measurements.entries == 1)
    }
}

@Suite struct FontChainBoundTests {
    @Test func manyFamiliesStayBoundedAndNeverShareAChainsParagraphs() throws {
        // Documents may name any number of families; past the bound the chains are resolved
        // again, and a new chain must not be taken for an old one by the paragraph cache.
        let fresh = try TextEngine()
        let text = "Hello, world"
        _ = try fresh.measure(text, style: dejaVu)
        for index in 0..<4100 { _ = try fresh.resolve(TextStyle(family: "No Such Family \(index)", size: 15)) }
        let mono = TextStyle(family: "DejaVu Sans Mono", size: 15)
        #expect(try fresh.measure(text, style: mono) == (try TextEngine().measure(text, style: mono)))
        #expect(try fresh.measure(text, style: mono).width != (try fresh.measure(text, style: dejaVu).width))
    }
}
