import CGLText
import Foundation
import Testing

@Suite struct ParagraphTests {
    let fontPath = try! engine.resolve(dejaVu).primary.path
    let prose = "The quick brown fox jumps over the lazy dog while the typographer watches the line breaks closely."

    /// The lines a greedy filler makes from words measured one at a time: the oracle for
    /// English text, where UAX #14 breaks after each run of spaces.
    func greedyLines(_ text: String, width: Double) throws -> [String] {
        let words = text.split(separator: " ").map(String.init)
        let space = harfBuzzWidth(" ", fontPath: fontPath, size: 15)
        var lines: [String] = []
        var current: [String] = []
        var currentWidth = 0.0
        for word in words {
            let wordWidth = harfBuzzWidth(word, fontPath: fontPath, size: 15)
            if !current.isEmpty, currentWidth + space + wordWidth > width {
                lines.append(current.joined(separator: " "))
                current = []
                currentWidth = 0
            }
            currentWidth += (current.isEmpty ? 0 : space) + wordWidth
            current.append(word)
        }
        if !current.isEmpty { lines.append(current.joined(separator: " ")) }
        return lines
    }

    // Every word fits these widths (the oracle does not break inside words).
    @Test(arguments: [100.0, 150, 200, 333, 700])
    func linesAreTheGreedyBreaks(width: Double) throws {
        let layout = try engine.layout(prose, style: dejaVu, width: width)
        let expected = try greedyLines(prose, width: width)
        #expect(layout.lines.map { $0.text(in: prose) } == expected)
        #expect(layout.measurement.lineCount == expected.count)
        let widest = expected.map { harfBuzzWidth($0, fontPath: fontPath, size: 15) }.max()!
        #expect(abs(layout.measurement.width - widest) < 1e-6)
        #expect(layout.lines.allSatisfy { $0.width <= width + 1e-6 })
    }

    @Test func breaksFollowUAX14NotSpaces() throws {
        // UAX #14 breaks after a hyphen and never before closing punctuation or inside a
        // number: "well-known" may end a line at "well-", "(1,000)" never splits.
        let text = "well-known (1,000)"
        let widest = try ["well-", "known", "(1,000)"].map { try engine.measure($0, style: dejaVu).width }.max()!
        #expect(try engine.measure("well-known", style: dejaVu).width > widest + 1)
        let layout = try engine.layout(text, style: dejaVu, width: widest + 1)
        #expect(layout.lines.map { $0.text(in: text) } == ["well-", "known", "(1,000)"])
        // A non-breaking space glues its neighbours.
        let glued = "Prix\u{00A0}: 10\u{00A0}€"
        #expect(try engine.measure(glued, style: dejaVu, width: 40).lineCount == 2)
    }

    @Test func theLastSpaceHangsAtASoftBreakAndSpacesCountAtTheEnd() throws {
        let hello = harfBuzzWidth("Hello", fontPath: fontPath, size: 15)
        let space = harfBuzzWidth(" ", fontPath: fontPath, size: 15)
        // At a soft break the last space hangs past the edge; the ones before it take room
        // (as Pango lays them out), so the line is as wide as "Hello" and two spaces.
        let layout = try engine.layout("Hello   world", style: dejaVu, width: hello + 2 * space + 1)
        #expect(layout.lines.map { $0.text(in: "Hello   world") } == ["Hello", "world"])
        #expect(abs(layout.lines[0].width - (hello + 2 * space)) < 1e-9)
        // Spaces that pass the edge break between them (Pango breaks between characters
        // when nothing else fits): the line keeps those that fit, the last of them hanging;
        // the rest make a line of their own, ending before the next word (Pango: 3 lines,
        // the middle one of width 0).
        let spaced = try engine.layout("Hello   world", style: dejaVu, width: hello + space)
        #expect(spaced.lines.map { $0.text(in: "Hello   world") } == ["Hello", "", "world"])
        #expect(spaced.lines.map(\.width).prefix(2).map { ($0 * 1e6).rounded() / 1e6 } == [((hello + space) * 1e6).rounded() / 1e6, 0])
        // At the end of the paragraph and before a hard break, spaces take room.
        #expect(abs(try engine.measure("Hello   ", style: dejaVu).width - (hello + 3 * space)) < 1e-9)
        #expect(abs(try engine.measure("Hello \nx", style: dejaVu).width - (hello + space)) < 1e-9)
        // Leading spaces take room.
        #expect(abs(try engine.measure("  Hello", style: dejaVu).width - (hello + 2 * space)) < 1e-9)
    }

    @Test func hardBreaksAlwaysBreak() throws {
        let style = TextStyle(family: "DejaVu Sans", size: 15, lineHeight: .points(20))
        #expect(try engine.measure("one\ntwo", style: style).lineCount == 2)
        #expect(try engine.measure("one\ntwo", style: style).height == 40)
        #expect(try engine.measure("one\n", style: style).lineCount == 2)
        #expect(try engine.measure("one\r\ntwo\u{2028}three", style: style).lineCount == 3)
        #expect(try engine.measure("one\n\nthree", style: style, width: 1000).lineCount == 3)
        let layout = try engine.layout("short\na much longer line", style: style)
        #expect(layout.measurement.width == layout.lines[1].width)
    }

    @Test func latinTextTakesTheSameLinesOnTheFastPathAsOnTheGeneralOne() throws {
        // Text below U+0300 is itemized from tables; one Greek letter at the end sends the
        // same text through the general path (grapheme iteration, per-character lookups).
        let latin = prose + " Ça coûte 10 francs - non, 12\u{00A0}francs; «\u{00A0}voilà\u{00A0}»."
        #expect(latin.utf16.allSatisfy { $0 < 0x300 })
        let general = latin + " ψ"
        for width in [60.0, 120, 200, 333] {
            let fast = try engine.layout(latin, style: dejaVu, width: width)
            let slow = try engine.layout(general, style: dejaVu, width: width)
            #expect(Array(slow.lines.map { $0.text(in: general) }.prefix(fast.lines.count - 1)) == Array(fast.lines.map { $0.text(in: latin) }.dropLast()))
            #expect(zip(fast.lines.dropLast(), slow.lines).allSatisfy { abs($0.width - $1.width) < 1e-9 })
        }
        let psi = try engine.measure("ψ", style: dejaVu).width
        let space = harfBuzzWidth(" ", fontPath: fontPath, size: 15)
        #expect(abs(try engine.measure(general, style: dejaVu).width - (engine.measure(latin, style: dejaVu).width + space + psi)) < 1e-9)
    }

    @Test func anEmptyStringIsZeroWideAndOneLineHigh() throws {
        let style = TextStyle(family: "DejaVu Sans", size: 15, lineHeight: .points(18))
        let empty = try engine.measure("", style: style, width: 100)
        #expect(empty.width == 0)
        #expect(empty.lineCount == 1)
        #expect(empty.height == 18)
    }

    @Test func aLongWordBreaksBetweenGraphemes() throws {
        let word = "Donaudampfschifffahrtsgesellschaftskapitän"
        let whole = try engine.measure(word, style: dejaVu).width
        let layout = try engine.layout(word, style: dejaVu, width: whole / 3)
        #expect(layout.lines.count >= 3)
        #expect(layout.lines.map { $0.text(in: word) }.joined() == word)
        #expect(layout.lines.allSatisfy { $0.width <= whole / 3 + 1e-6 })
    }

    @Test func aOnePointColumnTerminatesWithAClusterPerLine() throws {
        let text = "Hi 👨‍👩‍👧 ok"
        let layout = try engine.layout(text, style: dejaVu, width: 1)
        // H, i, the family (one cluster), o, k.
        #expect(layout.lines.map { $0.text(in: text) } == ["H", "i", "👨‍👩‍👧", "o", "k"])
        #expect(try engine.measure(String(repeating: "x", count: 5000), style: dejaVu, width: 1).lineCount == 5000)
        #expect(try engine.measure("abc", style: dejaVu, width: 0).lineCount == 3)
        #expect(try engine.measure("abc", style: dejaVu, width: -5).lineCount == 3)
        #expect(try engine.measure("abc", style: dejaVu, width: .nan).lineCount == 1)
    }

    @Test func maxLinesTruncatesWithAnEllipsis() throws {
        let style = TextStyle(family: "DejaVu Sans", size: 15, lineHeight: .points(20), maxLines: 2)
        let full = try engine.measure(prose, style: TextStyle(family: "DejaVu Sans", size: 15, lineHeight: .points(20)), width: 150)
        let cut = try engine.measure(prose, style: style, width: 150)
        #expect(full.lineCount > 2)
        #expect(cut.lineCount == 2)
        #expect(cut.height == 40)
        #expect(cut.isTruncated)
        #expect(cut.lastBaseline == cut.firstBaseline + 20)
        #expect(cut.width <= 150 + 1e-6)
        let layout = try engine.layout(prose, style: style, width: 150)
        #expect(layout.lines.last?.isTruncated == true)
        #expect(layout.measurement == cut)
        // The ellipsis line is filled nearly to the edge: at most one cluster plus "…" short.
        #expect(layout.lines[1].width > 150 - 2 * harfBuzzWidth("…", fontPath: fontPath, size: 15) - 15)
        // A paragraph that fits is not truncated.
        #expect(try !engine.measure("Short", style: style, width: 150).isTruncated)
    }

    @Test func lineHeightsAndBaselines() throws {
        let font = try engine.measure("Hg", style: dejaVu)
        // DejaVu Sans: ascender 1901, descender -483, line gap 0 per 2048 units (hhea).
        #expect(abs(font.lineHeight - (1901.0 + 483.0) / 2048 * 15) < 1e-9)
        #expect(abs(font.firstBaseline - 1901.0 / 2048 * 15) < 1e-9)
        let fixed = try engine.measure("Hg", style: TextStyle(family: "DejaVu Sans", size: 15, lineHeight: .points(24)))
        #expect(fixed.lineHeight == 24)
        #expect(abs(fixed.firstBaseline - ((24 - font.lineHeight) / 2 + font.firstBaseline)) < 1e-9)
        let multiple = try engine.measure("Hg", style: TextStyle(family: "DejaVu Sans", size: 15, lineHeight: .multiple(1.5)))
        #expect(abs(multiple.lineHeight - 1.5 * font.lineHeight) < 1e-9)
        let scaled = TextStyle(family: "DejaVu Sans", size: 15, lineHeight: .points(20)).scaled(by: 1.5)
        #expect(scaled.size == 22.5)
        #expect(scaled.lineHeight == .points(30))
    }
}
