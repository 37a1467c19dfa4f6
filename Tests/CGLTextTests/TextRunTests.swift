import CGLText
import Foundation
import Testing
import CGLValues

/// Paragraphs of runs: each run measured in its own font, one paragraph for breaking and
/// bidi, lines as tall as what they hold, objects inline, and bad runs refused with a reason.
@Suite struct TextRunTests {
    let sans = try! engine.resolve(dejaVu).primary.path
    let bold = TextStyle(family: "DejaVu Sans", size: 15, weight: 700)
    var boldPath: String { try! engine.resolve(bold).primary.path }

    @Test func eachRunIsMeasuredInItsOwnFont() throws {
        let runs: [TextRun] = [.text("@ada", style: bold), .text(" shipped it")]
        let measured = try engine.measure(runs, style: dejaVu)
        let expected = harfBuzzWidth("@ada", fontPath: boldPath, size: 15) + harfBuzzWidth(" shipped it", fontPath: sans, size: 15)
        #expect(abs(measured.width - expected) < 1e-6, "\(measured.width) vs \(expected)")
        let plain = try engine.measure("x", style: dejaVu)
        #expect(measured.lineCount == 1 && measured.height == plain.height)
    }

    /// Adjacent runs of one font shape as one: kerning across the split counts.
    @Test func runsOfOneFontShapeAsOne() throws {
        let split = try engine.measure([.text("AV", style: dejaVu), .text("AVA")], style: dejaVu)
        #expect(abs(split.width - harfBuzzWidth("AVAVA", fontPath: sans, size: 15)) < 1e-6)
        #expect(split.width < harfBuzzWidth("AV", fontPath: sans, size: 15) + harfBuzzWidth("AVA", fontPath: sans, size: 15))
    }

    /// A line holding a larger run grows to its ascent and descent; the others keep the
    /// style's line height.
    @Test func aLineWithALargerRunGrows() throws {
        let large = TextStyle(family: "DejaVu Sans", size: 30)
        let runs: [TextRun] = [.text("Big", style: large), .text(" then a long tail of small words that wraps")]
        let layout = try engine.layout(runs, style: dejaVu, width: 150)
        let small = try engine.measure("x", style: dejaVu), tall = try engine.measure("x", style: large)
        #expect(layout.lines.count >= 2)
        #expect(abs(layout.lines[0].baseline - tall.firstBaseline) < 1e-6)
        #expect(abs(layout.lines[1].baseline - (tall.lineHeight + small.firstBaseline)) < 1e-6)
        #expect(abs(layout.measurement.height - (tall.lineHeight + Double(layout.lines.count - 1) * small.lineHeight)) < 1e-6)
    }

    /// An object takes its width, never breaks, and a line may break on either side of it;
    /// one taller than the text makes its line taller by what passes the text's ascent.
    @Test func anObjectSitsInlineOnTheBaseline() throws {
        let atom = InlineAtom(width: 40, height: 40, baseline: 36)
        let word = harfBuzzWidth("word", fontPath: sans, size: 15), space = harfBuzzWidth(" ", fontPath: sans, size: 15)
        let line = try engine.measure([.text("word "), .atom(atom), .text(" word")], style: dejaVu)
        #expect(abs(line.width - (2 * word + 2 * space + 40)) < 1e-6)
        let plain = try engine.measure("word", style: dejaVu)
        let descent = plain.lineHeight - plain.firstBaseline
        #expect(abs(line.height - (36 + Swift.max(4, descent))) < 1e-6 && abs(line.firstBaseline - 36) < 1e-6)
        let wrapped = try engine.layout([.text("word"), .atom(atom), .text("word")], style: dejaVu, width: word + 20)
        #expect(wrapped.lines.count == 3, "\(wrapped.lines)")
    }

    @Test func badRunsAreRefusedWithAReason() {
        let cases: [([TextRun], String)] = [
            (Array(repeating: .text("x"), count: TextRun.maximumCount + 1), "at most"),
            ([.text("a"), .text("")], "run 1 has no text"),
            ([.atom(InlineAtom(width: -1, height: 2))], "run 0 is an atom"),
            ([.atom(InlineAtom(width: .infinity, height: 2))], "finite"),
            ([.atom(InlineAtom(width: 2, height: 2, baseline: 3))], "baseline"),
            ([.text("a", style: TextStyle(family: "DejaVu Sans", size: 0))], "positive"),
        ]
        for (runs, reason) in cases {
            #expect {
                _ = try engine.measure(runs, style: dejaVu)
            } throws: { error in
                guard case .invalidRuns(let message) = error as? TextError else { return false }
                return message.contains(reason)
            }
        }
    }
}
