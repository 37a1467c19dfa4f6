import CGLText
import CGLTestSupport
import Foundation
import Testing

/// CGLText against Pango, the reference for paragraph layout on Linux (HarfBuzz shaping,
/// fontconfig fonts), on the corpus in `Tests/TextAgreement` (English, German, French, Arabic,
/// Hebrew, Chinese, Japanese, mixed directions, URLs, emoji) at several widths. Needs
/// `cc` and Debian's `libpango1.0-dev` (installed by `make deps`).
@Suite struct PangoAgreementTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TextAgreement")

    struct Request {
        var family = "DejaVu Sans"
        var group: String
        var direction: TextDirection
        var text: String
        var escaped: String
        var size: Double
        var width: Double?
    }

    /// The families the narrow columns are checked in.
    static let families = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"]

    struct PangoAnswer {
        var width: Double
        var lines: Int
        var lineWidths: [Double]
    }

    @Test func agreesWithPangoOnTheCorpus() throws {
        let tool = try buildPangoMeasure()
        let corpus = try String(contentsOf: Self.folder.appendingPathComponent("corpus.tsv"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        var requests: [Request] = []
        for (index, line) in corpus.enumerated() {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            let escaped = fields.count > 2 ? fields[2] : ""
            let direction: TextDirection = fields[1] == "rtl" ? .rightToLeft : .leftToRight
            for width in [nil, 80, 160, 240, 320] as [Double?] {
                requests.append(Request(group: fields[0], direction: direction, text: Self.unescape(escaped), escaped: escaped, size: 15, width: width))
            }
            if index % 4 == 0 {
                requests.append(Request(group: fields[0], direction: direction, text: Self.unescape(escaped), escaped: escaped, size: 13, width: 160))
            }
            // Narrow columns, where words break inside and show a hyphen, in each DejaVu
            // family (a fallback font draws what the family lacks: Hebrew in Mono, Hangul).
            for family in Self.families {
                for width in (family == "DejaVu Sans" ? [60, 100] : [nil, 60, 100]) as [Double?] {
                    requests.append(Request(family: family, group: fields[0], direction: direction, text: Self.unescape(escaped), escaped: escaped,
                                            size: 13, width: width))
                }
            }
        }
        #expect(corpus.count >= 500)
        let answers = try runPango(tool, requests)
        try #require(answers.count == requests.count)

        var disagreeing: [String: [String]] = [:]   // paragraph → what differed
        for (request, answer) in zip(requests, answers) {
            let style = TextStyle(family: request.family, size: request.size)
            let ours = try engine.layout(request.text, style: style, width: request.width, direction: request.direction)
            var problems: [String] = []
            if ours.measurement.lineCount != answer.lines {
                problems.append("lines \(ours.measurement.lineCount) vs Pango's \(answer.lines)")
            } else if answer.lines == 1, abs(ours.measurement.width - answer.width) > 0.5 {
                problems.append(String(format: "width %.2f vs Pango's %.2f", ours.measurement.width, answer.width))
            }
            guard !problems.isEmpty else { continue }
            let width = request.width.map { String(format: "%g pt", $0) } ?? "unwrapped"
            let detail = "\(request.family), \(width) at \(request.size) pt: \(problems.joined(separator: ", ")); ours \(ours.lines.map { String(format: "%.1f", $0.width) }), Pango's \(answer.lineWidths.map { String(format: "%.1f", $0) }) — \(Self.reason(request, ours: ours))"
            disagreeing["[\(request.group), \(request.direction == .rightToLeft ? "rtl" : "ltr")] \(request.escaped)", default: []].append(detail)
        }
        let agreement = 1 - Double(disagreeing.count) / Double(corpus.count)
        print(String(format: "Pango agreement: %d of %d paragraphs agree at every width (%.2f%%); %d requests", corpus.count - disagreeing.count, corpus.count, agreement * 100, requests.count))
        for (paragraph, details) in disagreeing.sorted(by: { $0.key < $1.key }) {
            print("  disagrees: \(paragraph)")
            for detail in details { print("    \(detail)") }
        }
        #expect(agreement >= 0.99, "\(disagreeing.count) paragraphs disagree with Pango; listed above")
    }

    /// Why a request may disagree, from what the text holds: the known differences between
    /// CGLText and Pango, documented in docs/text.md.
    static func reason(_ request: Request, ours: ParagraphLayout) -> String {
        if request.text.contains("\t") { return "tab: Pango advances to 8-space tab stops, CGLText shapes a tab as the font's own glyph" }

        if request.group == "urls" || request.text.contains(where: { "/:.".contains($0) }) && request.text.contains(where: \.isNumber) {
            return "URL or number: ICU's UAX #14 rules keep numeric sequences (LB25) and some URL parts together where Pango's own breaker allows a break"
        }
        if ["chinese", "japanese"].contains(request.group) { return "CJK: ICU's line-break rules (UAX #14 with CJ tailoring) against Pango's own" }
        if let width = request.width, ours.lines.contains(where: { abs($0.width - width) < 0.05 }) {
            return "a line within 0.05 pt of the width: rounding (Pango rounds each advance to 1/1024 pt)"
        }
        return "unexplained"
    }

    static func unescape(_ text: String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// Compiles `pango-measure.c` into a temporary folder.
    func buildPangoMeasure() throws -> URL {
        // A name of its own: the plain and the rich suites build it at the same time.
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pango-measure-\(UUID().uuidString)")
        let source = Self.folder.appendingPathComponent("pango-measure.c").path
        let status = try run("/bin/sh", ["-c", "cc -O2 -o '\(output.path)' '\(source)' $(pkg-config --cflags --libs pangocairo)"])
        try #require(status == 0, "could not build pango-measure: install cc and libpango1.0-dev (make deps)")
        return output
    }

    func runPango(_ tool: URL, _ requests: [Request]) throws -> [PangoAnswer] {
        try runPangoLines(tool, requests.map { request in
            "\(request.family)\t\(request.size)\t\(request.width.map { "\($0)" } ?? "-")\t\(request.direction == .rightToLeft ? "rtl" : "ltr")\t\(request.escaped)"
        })
    }

    /// Runs `tool` (then removes it) on requests written as pango-measure reads them, a line each.
    func runPangoLines(_ tool: URL, _ requests: [String]) throws -> [PangoAnswer] {
        let input = requests.map { $0 + "\n" }.joined()
        let name = UUID().uuidString
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("pango-requests-\(name).tsv")
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("pango-answers-\(name).tsv")
        defer {
            try? FileManager.default.removeItem(at: inputFile)
            try? FileManager.default.removeItem(at: outputFile)
            try? FileManager.default.removeItem(at: tool)
        }
        try input.write(to: inputFile, atomically: true, encoding: .utf8)
        let status = try run("/bin/sh", ["-c", "'\(tool.path)' < '\(inputFile.path)' > '\(outputFile.path)'"])
        try #require(status == 0)
        return try String(contentsOf: outputFile, encoding: .utf8).split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 4, let width = Double(fields[0]), let lines = Int(fields[1]) else {
                throw PangoError(message: "pango-measure answered '\(line)'")
            }
            return PangoAnswer(width: width, lines: lines, lineWidths: fields[3].split(separator: ",").compactMap { Double($0) })
        }
    }

    struct PangoError: Error { var message: String }

    func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try launch(process)
        process.waitUntilExit()
        return process.terminationStatus
    }
}
