import CGLText
import Foundation
import Testing

/// The details of Pango's paragraph layout that CGLText follows (Pango 1.50's source is the
/// reference; `Tests/TextAgreement` checks the whole corpus): which font draws a space, the
/// hyphen a break inside a word shows, and spaces that pass the end of a line. Expected
/// widths come from HarfBuzz shaping the pieces in the fonts Pango draws them in.
@Suite struct PangoDetailsTests {
    let sans = try! engine.resolve(dejaVu).primary.path
    let mono = try! engine.resolve(TextStyle(family: "DejaVu Sans Mono", size: 13)).primary.path
    let hangul = try! engine.resolve(TextStyle(family: "WenQuanYi Micro Hei", size: 13)).primary.path

    /// The spaces between Korean words are the Korean font's: Pango draws a space in the font
    /// of the text before it (13 pt: 330.15 pt, as Pango; 336.19 with DejaVu's spaces).
    @Test func spacesBetweenKoreanWordsAreInTheKoreanFont() throws {
        let words = "오늘 회의는 오후 세 시에 시작합니다 모두 참석해 주세요"
        let measured = try engine.measure(words + ".", style: TextStyle(family: "DejaVu Sans", size: 13))
        let expected = harfBuzzWidth(words, fontPath: hangul, size: 13) + harfBuzzWidth(".", fontPath: sans, size: 13)
        #expect(abs(measured.width - expected) < 0.001, "\(measured.width) vs \(expected)")
    }

    /// Hebrew in DejaVu Sans Mono falls back to DejaVu Sans, and so do the spaces after its
    /// words; the comma and the full stop, which Mono has, and the space after the comma stay
    /// in Mono.
    @Test func spacesFollowTheFallbackFontOfTheWordBeforeThem() throws {
        let text = "שלום עולם, זהו משפט."
        let measured = try engine.measure(text, style: TextStyle(family: "DejaVu Sans Mono", size: 13), direction: .rightToLeft)
        let expected = harfBuzzWidth("שלום עולם", fontPath: sans, size: 13, rightToLeft: true) + harfBuzzWidth(", ", fontPath: mono, size: 13)
            + harfBuzzWidth("זהו משפט", fontPath: sans, size: 13, rightToLeft: true) + harfBuzzWidth(".", fontPath: mono, size: 13)
        #expect(abs(measured.width - expected) < 0.001, "\(measured.width) vs \(expected)")
    }

    /// A word broken because nothing else fits shows a hyphen, which takes room: in a
    /// monospaced font whose lines hold 10.5 characters, 9 letters and the hyphen.
    @Test func aWordBrokenInsideShowsAHyphen() throws {
        let style = TextStyle(family: "DejaVu Sans Mono", size: 13)
        let advance = harfBuzzWidth("a", fontPath: mono, size: 13)
        let hyphen = harfBuzzWidth("\u{2010}", fontPath: mono, size: 13)
        let word = "Donaudampfschifffahrtsgesellschaft"
        let layout = try engine.layout(word, style: style, width: 10.5 * advance)
        #expect(layout.lines.map { $0.text(in: word) } == ["Donaudamp", "fschifffa", "hrtsgesel", "lschaft"])
        for line in layout.lines.dropLast() { #expect(abs(line.width - (9 * advance + hyphen)) < 1e-6) }
        #expect(abs(layout.lines[3].width - 7 * advance) < 1e-6)
        // Digits are not written with hyphens: they break without one.
        let digits = "12345678901234567890"
        #expect(try engine.layout(digits, style: style, width: 10.5 * advance).lines.map { $0.text(in: digits) } == ["1234567890", "1234567890"])
    }

    /// A soft hyphen shows a hyphen where the line breaks after it, and nothing elsewhere.
    @Test func aSoftHyphenShowsOnlyWhereTheLineBreaks() throws {
        let text = "Silben\u{00AD}trennung"
        let silben = harfBuzzWidth("Silben", fontPath: sans, size: 15)
        let hyphen = harfBuzzWidth("\u{2010}", fontPath: sans, size: 15)
        let width = max(silben + hyphen, harfBuzzWidth("trennung", fontPath: sans, size: 15)) + 1
        #expect(harfBuzzWidth("Silbentrennung", fontPath: sans, size: 15) > width)
        let broken = try engine.layout(text, style: dejaVu, width: width)
        #expect(broken.lines.map { $0.text(in: text) } == ["Silben\u{00AD}", "trennung"])
        #expect(abs(broken.lines[0].width - (silben + hyphen)) < 1e-6)
        let whole = try engine.measure(text, style: dejaVu)
        #expect(abs(whole.width - harfBuzzWidth("Silbentrennung", fontPath: sans, size: 15)) < 1e-6)
    }

    /// Spaces that pass the end of the line break between them, at the paragraph's end and
    /// before a hard break too (Pango: "spaces " and " ", not one line of "spaces   ").
    @Test func trailingSpacesThatPassTheLineBreakBetweenThem() throws {
        let style = TextStyle(family: "DejaVu Sans Mono", size: 13)
        let advance = harfBuzzWidth("a", fontPath: mono, size: 13)
        for text in ["spaces   ", "spaces  \nnext"] {
            let layout = try engine.layout(text, style: style, width: 7.5 * advance)
            #expect(layout.lines.count == (text.contains("\n") ? 3 : 2), "\(text)")
            #expect(abs(layout.lines[0].width - (text.contains("\n") ? 6 : 7) * advance) < 1e-6, "\(text)")
            #expect(abs(layout.lines[1].width - advance) < 1e-6, "\(text)")
        }
    }
    /// A tab reaches the first of Pango's default stops (every eight spaces) at least a space
    /// past where it starts; at a soft break it hangs like a space.
    @Test func tabsReachPangosStops() throws {
        let space = harfBuzzWidth(" ", fontPath: sans, size: 15)
        let first = harfBuzzWidth("Column A", fontPath: sans, size: 15)
        let stop = ((first + space) / (8 * space)).rounded(.up) * 8 * space
        let text = "Column A\tColumn B"
        let whole = try engine.measure(text, style: dejaVu)
        #expect(abs(whole.width - (stop + harfBuzzWidth("Column B", fontPath: sans, size: 15))) < 1e-6)
        let wrapped = try engine.layout(text, style: dejaVu, width: stop + 10)
        #expect(wrapped.lines.count == 2 && abs(wrapped.lines[0].width - first) < 1e-6)
        // A tab at the start of a line reaches the first stop.
        #expect(abs(try engine.measure("\tx", style: dejaVu).width - (8 * space + harfBuzzWidth("x", fontPath: sans, size: 15))) < 1e-6)
    }

    /// A separator or a slash before digits is a break opportunity outside a number (Pango's
    /// LB25): `localhost:` ends a line before `8080`; inside `1.2.3` nothing breaks.
    @Test func separatorsBreakBeforeDigitsOutsideNumbers() throws {
        let url = "http://localhost:8080/api"
        let host = harfBuzzWidth("http://localhost:", fontPath: sans, size: 15)
        let lines = try engine.layout(url, style: dejaVu, width: host + 5).lines.map { $0.text(in: url) }
        #expect(lines.first == "http://localhost:", "\(lines)")
        let version = "v 1.2.3"
        let prefix = harfBuzzWidth("v 1.2.", fontPath: sans, size: 15)
        #expect(try engine.layout(version, style: dejaVu, width: prefix + 1).lines.map { $0.text(in: version) } == ["v", "1.2.3"])
    }

    /// A line ending inside a shaped word measures the piece before the break shaped on its
    /// own, as Pango shapes it again: "Mecklenburg-" loses the kerning of its hyphen with
    /// the "V" after it and no longer fits 120 pt, so the word breaks before the hyphen, which
    /// takes a line of its own (Pango: 114.58, 5.74 and 116.98 pt).
    @Test func aLineEndingInsideAWordIsShapedAgain() throws {
        let serif = try engine.resolve(TextStyle(family: "DejaVu Serif", size: 17)).primary.path
        let text = "Mecklenburg-Vorpommern."
        let inWord = harfBuzzWidth(text, fontPath: serif, size: 17) - harfBuzzWidth("Vorpommern.", fontPath: serif, size: 17)
        let alone = harfBuzzWidth("Mecklenburg-", fontPath: serif, size: 17)
        #expect(inWord < 120 && alone > 120, "\(inWord) \(alone)")
        let layout = try engine.layout(text, style: TextStyle(family: "DejaVu Serif", size: 17), width: 120)
        #expect(layout.lines.map { $0.text(in: text) } == ["Mecklenburg", "-", "Vorpommern."])
        let expected = ["Mecklenburg", "-", "Vorpommern."].map { harfBuzzWidth($0, fontPath: serif, size: 17) }
        for (line, width) in zip(layout.lines, expected) { #expect(abs(line.width - width) < 1e-4, "\(line.width) vs \(width)") }
    }

    /// An Arabic word broken inside shows a hyphen, before which its letter takes its final
    /// form: "ذهب‐" is wider than its letters in the word and passes 48 pt, so the line
    /// holds "ذه‐" (Pango: 31.92 pt, then 30.81 for "بت", joined to the line before).
    @Test func anArabicWordBrokenInsideEndsInAFinalForm() throws {
        let style = TextStyle(family: "DejaVu Sans", size: 24)
        let text = "ذهبت"
        #expect(harfBuzzWidth("ذهب\u{2010}", fontPath: sans, size: 24, rightToLeft: true) > 48)
        let layout = try engine.layout(text, style: style, width: 48, direction: .rightToLeft)
        #expect(layout.lines.map { $0.text(in: text) } == ["ذه", "بت"])
        let first = harfBuzzWidth("ذه\u{2010}", fontPath: sans, size: 24, rightToLeft: true)
        #expect(abs((layout.lines.first?.width ?? 0) - first) < 1e-4)
        #expect(abs((layout.lines.last?.width ?? 0) - 30.8086) < 1e-3)
    }
}
