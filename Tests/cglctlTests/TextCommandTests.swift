import CGLText
import Foundation
import Testing

/// `cglctl measure`, and `--text-scale` on `compute` and `render`, run as the built binary.
@Suite struct TextCommandTests {
    let style = TextStyle(family: "DejaVu Sans", size: 15)

    @Test func measurePrintsWhatTheEngineMeasures() throws {
        let result = try cglctl("measure", "--family", "DejaVu Sans", "--size", "15", "--format", "json", "--", "Hello, world")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try result.json() as? [String: Any])
        let measured = try TextEngine.shared().measure("Hello, world", style: style)
        #expect(abs((object["width"] as? Double ?? 0) - measured.width) < 1e-4)
        #expect(abs((object["height"] as? Double ?? 0) - measured.height) < 1e-4)
        #expect(object["lines"] as? Int == 1)
        #expect(abs((object["firstBaseline"] as? Double ?? 0) - measured.firstBaseline) < 1e-4)
        #expect((object["fonts"] as? [String])?.first?.hasSuffix("DejaVuSans.ttf") == true)
    }

    @Test func measureWrapsTruncatesAndNamesFallbackFonts() throws {
        let text = "The quick brown fox jumps over the lazy dog 你好"
        let result = try cglctl("measure", "--family", "DejaVu Sans", "--size", "15", "--width", "120", "--max-lines", "2",
                                "--line-height", "20", "--format", "json", "--", text)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try result.json() as? [String: Any])
        #expect(object["lines"] as? Int == 2)
        #expect(object["height"] as? Double == 40)
        #expect(object["truncated"] as? Bool == true)
        // The ideographs fall back to another font, listed after DejaVu Sans.
        #expect((object["fonts"] as? [String])?.count == 2)
        let plain = try cglctl("measure", "--family", "DejaVu Sans", "--size", "15", "--", text)
        #expect(plain.stdout.contains("width"))
        #expect(plain.stdout.contains("DejaVuSans.ttf"))
    }

    @Test func measureExplainsBadInput() throws {
        let unknown = try cglctl("measure", "--family", "No Such Family 9", "--size", "15", "--", "Hi")
        #expect(unknown.status == 0)
        #expect(unknown.stderr.contains("warning: the family 'No Such Family 9' is not installed; measuring in '"))
        let badSize = try cglctl("measure", "--family", "DejaVu Sans", "--size", "0", "--", "Hi")
        #expect(badSize.status == 64)
        #expect(badSize.stderr.contains("--size must be a number of points greater than 0"))
        let badLineHeight = try cglctl("measure", "--family", "DejaVu Sans", "--size", "15", "--line-height", "tall", "--", "Hi")
        #expect(badLineHeight.status == 64)
        #expect(badLineHeight.stderr.contains("--line-height takes points (20) or a multiple"))
        let missingFile = try cglctl("measure", "--file", "/nonexistent/Brand.ttf", "--size", "15", "--", "Hi")
        #expect(missingFile.status == 66)
        #expect(missingFile.stderr.contains("no font file at '/nonexistent/Brand.ttf'"))
    }

    @Test func textScaleEnlargesTheFeedCellsText() throws {
        func bodyHeight(_ extra: [String]) throws -> Double {
            let result = try runCglctl(["compute", example("feed-cell"), "--profile", "phone-portrait", "--format", "json"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            let frames = try #require((try result.json() as? [String: Any])?["frames"] as? [String: [String: [Double]]])
            return try #require(frames["body"]?["frame"]?[3])
        }
        let normal = try bodyHeight([])
        let large = try bodyHeight(["--text-scale", "1.5"])
        #expect(large > normal)
        let refused = try runCglctl(["compute", example("feed-cell"), "--profile", "phone-portrait", "--text-scale", "5"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("the text scale 5.0 must be between 0.8 and 3.1"))
    }

    @Test func renderTakesASize() throws {
        let svg = try temporaryFile("sized.svg")
        let result = try runCglctl(["render", example("feed-cell"), "--size", "500x300", "--text-scale", "1.2", "--out", svg])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("font-size=\"18\""))  // the headline's 15 × 1.2
    }

    @Test func renderDrawsTextLinesInTheirFont() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cglctl-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("feed.svg").path
        let result = try runCglctl(["render", example("feed-cell"), "--profile", "phone-portrait", "--out", svg])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.contains("font-family=\"DejaVu Sans\" font-size=\"15\" font-weight=\"700\""))
        #expect(text.contains(">Ada Lovelace</text>"))
        #expect(text.components(separatedBy: "font-size=\"13\"").count - 1 == 4)  // the body's four lines
    }
}
