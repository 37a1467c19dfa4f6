import Foundation
import CGLText
import Testing

@Suite struct WordWidthTests {
    let fontPath = try! engine.resolve(dejaVu).primary.path

    @Test func theStyleResolvesToDejaVuSans() throws {
        let resolution = try engine.resolve(dejaVu)
        #expect(resolution.primary.path.hasSuffix("DejaVuSans.ttf"))
        #expect(resolution.primary.family == "DejaVu Sans")
        #expect(resolution.substitutedFamily == nil)
        #expect(!resolution.fallbacks.isEmpty)
    }

    @Test(arguments: ["Hello", "AVATAR", "Typography", "office", "fjord", "WAVE", "1,000,000", "naïve", "straße"])
    func aWordIsAsWideAsItsHarfBuzzAdvances(word: String) throws {
        let measured = try engine.measure(word, style: dejaVu)
        #expect(abs(measured.width - harfBuzzWidth(word, fontPath: fontPath, size: 15)) < 1e-9)
        #expect(measured.lineCount == 1)
    }

    @Test func kerningIsApplied() throws {
        // DejaVu Sans kerns "AV": the pair is narrower than its letters apart.
        let pair = try engine.measure("AV", style: dejaVu).width
        let apart = try engine.measure("A", style: dejaVu).width + engine.measure("V", style: dejaVu).width
        #expect(pair < apart - 0.1)
    }

    @Test func widthsScaleWithTheSize() throws {
        let small = try engine.measure("Typography", style: TextStyle(family: "DejaVu Sans", size: 10)).width
        let large = try engine.measure("Typography", style: TextStyle(family: "DejaVu Sans", size: 30)).width
        #expect(abs(large - 3 * small) < 1e-9)
    }

    @Test func boldIsWiderThanRegular() throws {
        let regular = try engine.measure("Typography", style: dejaVu).width
        var bold = dejaVu
        bold.weight = 700
        #expect(try engine.resolve(bold).primary.path.hasSuffix("DejaVuSans-Bold.ttf"))
        #expect(try engine.measure("Typography", style: bold).width > regular + 1)
    }

    @Test func anUnknownFamilyIsSubstitutedAndSaysSo() throws {
        let resolution = try engine.resolve(TextStyle(family: "No Such Family 42", size: 15))
        #expect(resolution.substitutedFamily != nil)
        #expect(try engine.measure("Hello", style: TextStyle(family: "No Such Family 42", size: 15)).width > 0)
    }

    @Test func aFontFileCanBeNamedRelativeToTheFontsDirectory() throws {
        let directory = (fontPath as NSString).deletingLastPathComponent
        let files = try TextEngine(configuration: .init(fontsDirectory: directory))
        let style = TextStyle(source: .file("DejaVuSans.ttf"), size: 15)
        #expect(try files.resolve(style).primary.path == directory + "/DejaVuSans.ttf")
        #expect(try files.measure("Hello", style: style) == engine.measure("Hello", style: dejaVu))
        #expect(throws: TextError.fontFileNotFound(path: directory + "/Missing.ttf")) {
            try files.measure("Hello", style: TextStyle(source: .file("Missing.ttf"), size: 15))
        }
    }
}
