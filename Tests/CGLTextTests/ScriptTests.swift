import CGLText
import Foundation
import Testing

@Suite struct ScriptTests {
    let fontPath = try! engine.resolve(dejaVu).primary.path

    @Test(arguments: ["مرحبا", "السلام عليكم", "كتاب"])
    func arabicMeasuresJoined(text: String) throws {
        let measured = try engine.measure(text, style: dejaVu, direction: .rightToLeft).width
        #expect(abs(measured - harfBuzzWidth(text, fontPath: fontPath, size: 15, rightToLeft: true)) < 1e-9)
        // Letters apart take their isolated forms, which are wider than the joined word.
        let isolated = try text.filter { $0 != " " }.map { try engine.measure(String($0), style: dejaVu).width }.reduce(0, +)
        let spaces = try Double(text.filter { $0 == " " }.count) * engine.measure(" x", style: dejaVu).width
            - Double(text.filter { $0 == " " }.count) * engine.measure("x", style: dejaVu).width
        #expect(abs(measured - (isolated + spaces)) > 0.5)
    }

    @Test(arguments: ["שלום", "עברית"])
    func hebrewMeasuresWithItsAdvances(text: String) throws {
        let measured = try engine.measure(text, style: dejaVu, direction: .rightToLeft).width
        #expect(abs(measured - harfBuzzWidth(text, fontPath: fontPath, size: 15, rightToLeft: true)) < 1e-9)
        #expect(measured > 20)
    }

    @Test func mixedDirectionsMeasureTheSameInEitherParagraphDirection() throws {
        let text = "Hello שלום world مرحبا"
        let ltr = try engine.measure(text, style: dejaVu, direction: .leftToRight)
        let rtl = try engine.measure(text, style: dejaVu, direction: .rightToLeft)
        #expect(abs(ltr.width - rtl.width) < 1e-9)
        #expect(ltr.width > 100)
    }

    @Test func aMissingGlyphFallsBackToAFontThatHasIt() throws {
        let cjk = "你好世界"
        let resolution = try engine.resolve(dejaVu)
        #expect(!resolution.primary.path.lowercased().contains("wqy"))
        let measured = try engine.measure(cjk, style: dejaVu).width
        let notdef = notdefWidth(fontPath: fontPath, size: 15)
        #expect(abs(measured - 4 * notdef) > 1)
        // Ideographs are one em wide in every CJK font.
        #expect(abs(measured - 60) < 0.01)
        // The font that drew the ideographs is the one in use (DejaVu drew nothing here;
        // other tests running at the same time may have used it, so its absence is not checked).
        #expect(engine.fontsInUse.contains { $0.path.lowercased().contains("wqy") })
    }

    @Test func emojiMeasureWithTheEmojiFont() throws {
        let measured = try engine.measure("😀", style: dejaVu).width
        #expect(measured > 10)
        // A ZWJ family is one glyph, not three faces side by side.
        let family = try engine.measure("👨‍👩‍👧", style: dejaVu).width
        #expect(family < 2 * measured)
    }
}
