import CGLText
import Foundation
import Testing
import CGLValues

/// Paragraphs of runs against Pango laying out the same text with an attribute list (fonts
/// per run, `pango_attr_shape_new` for inline objects): the rich corpus of
/// `Tests/TextAgreement/rich-corpus.tsv` (bold names, mentions, italic quotes, a larger first
/// word, families mixed word by word, objects inline; English, German, Arabic, Hebrew, CJK,
/// Korean, emoji) unwrapped and at 60, 120, 200 and 400 points. A paragraph agrees when every
/// layout has Pango's line count and, on one line, its width within 0.5 pt.
@Suite struct PangoRichAgreementTests {
    struct Paragraph {
        var group: String
        var direction: TextDirection
        var style: TextStyle
        var runs: [TextRun]
        /// The runs as pango-measure reads them.
        var fields: [String]
    }

    static func paragraphs() throws -> [Paragraph] {
        let corpus = try String(contentsOf: PangoAgreementTests.folder.appendingPathComponent("rich-corpus.tsv"), encoding: .utf8)
        return try corpus.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let size = try #require(Double(fields[3]))
            let style = TextStyle(family: fields[2], size: size)
            let runs = try fields[4...].map { field -> TextRun in
                let parts = field.split(separator: "|", maxSplits: field.hasPrefix("a|") ? 3 : 5, omittingEmptySubsequences: false).map(String.init)
                if parts[0] == "a" {
                    return .atom(InlineAtom(width: try #require(Double(parts[1])), height: try #require(Double(parts[2])),
                                            baseline: parts[3] == "-" ? nil : Double(parts[3])))
                }
                let runStyle = TextStyle(family: parts[1].isEmpty ? fields[2] : parts[1], size: parts[2] == "-" ? size : try #require(Double(parts[2])),
                                         weight: try #require(Int(parts[3])), italic: parts[4] == "1")
                return .text(PangoAgreementTests.unescape(parts[5]), style: runStyle)
            }
            return Paragraph(group: fields[0], direction: fields[1] == "rtl" ? .rightToLeft : .leftToRight, style: style, runs: runs,
                             fields: Array(fields[4...]))
        }
    }

    @Test func agreesWithPangoOnTheRichCorpus() throws {
        let paragraphs = try Self.paragraphs()
        #expect(paragraphs.count >= 300)
        let widths: [Double?] = [nil, 60, 120, 200, 400]
        var requests: [String] = []
        for paragraph in paragraphs {
            for width in widths {
                let family = if case .family(let name) = paragraph.style.source { name } else { "" }
                requests.append((["runs", family, "\(paragraph.style.size)", width.map { "\($0)" } ?? "-",
                                  paragraph.direction == .rightToLeft ? "rtl" : "ltr"] + paragraph.fields).joined(separator: "\t"))
            }
        }
        let agreement = PangoAgreementTests()
        let answers = try agreement.runPangoLines(try agreement.buildPangoMeasure(), requests)
        try #require(answers.count == requests.count)
        var disagreeing: [String: [String]] = [:]
        for (index, paragraph) in paragraphs.enumerated() {
            for (offset, width) in widths.enumerated() {
                let answer = answers[index * widths.count + offset]
                let ours = try engine.layout(paragraph.runs, style: paragraph.style, width: width, direction: paragraph.direction)
                var problem: String?
                if ours.measurement.lineCount != answer.lines {
                    problem = "lines \(ours.measurement.lineCount) vs Pango's \(answer.lines)"
                } else if answer.lines == 1, abs(ours.measurement.width - answer.width) > 0.5 {
                    problem = String(format: "width %.2f vs Pango's %.2f", ours.measurement.width, answer.width)
                }
                guard let problem else { continue }
                let at = width.map { String(format: "%g pt", $0) } ?? "unwrapped"
                disagreeing["[\(paragraph.group)] \(paragraph.fields.joined(separator: " · "))", default: []].append(
                    "\(at): \(problem); ours \(ours.lines.map { String(format: "%.1f", $0.width) }), Pango's \(answer.lineWidths.map { String(format: "%.1f", $0) })")
            }
        }
        let share = 1 - Double(disagreeing.count) / Double(paragraphs.count)
        print(String(format: "Pango rich agreement: %d of %d paragraphs agree at every width (%.2f%%); %d requests",
                     paragraphs.count - disagreeing.count, paragraphs.count, share * 100, requests.count))
        for (paragraph, details) in disagreeing.sorted(by: { $0.key < $1.key }) {
            print("  disagrees: \(paragraph)")
            for detail in details { print("    \(detail)") }
        }
        // All 370 agree since lines that end inside a word measure the piece before the break
        // shaped again, as Pango does (a hyphen without its kerning with the letter after it,
        // an Arabic letter in its final form before an inserted hyphen); 99 % leaves room
        // for a HarfBuzz or Pango update to move a line or two.
        #expect(share >= 0.99, "\(disagreeing.count) rich paragraphs disagree with Pango; listed above")
    }
}
