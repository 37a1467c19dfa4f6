import BenchmarkSupport
import BenchmarkWorkloads
import CGLDocument
import CGLText
import Foundation

/// The benchmark paragraph in five runs: a bold opening, plain text, an italic serif quote,
/// plain text again, and a larger last word. The same 182 characters as the plain paragraph.
let richRuns: [(text: String, family: String?, size: Double?, weight: Int, italic: Bool)] = [
    ("Spent the afternoon", nil, nil, 700, false),
    (" at the harbour watching the old ships come in. ", nil, nil, 400, false),
    ("The light on the water was unreal,", "DejaVu Serif", nil, 400, true),
    (" and somebody was playing the accordion by the pier. Back tomorrow with a", nil, nil, 400, false),
    (" camera.", nil, 18, 700, false),
]

/// The runs as the engine takes them.
func richTextRuns() -> [TextRun] {
    richRuns.map { run in
        .text(run.text, style: TextStyle(family: run.family ?? "DejaVu Sans", size: run.size ?? 15, weight: run.weight, italic: run.italic))
    }
}

/// The runs as pango-measure reads them (`runs<TAB>…`, attribute lists).
func richPangoRequest(width: Double?) -> String {
    let fields = richRuns.map { run in "t|\(run.family ?? "")|\(run.size.map { "\($0)" } ?? "-")|\(run.weight)|\(run.italic ? 1 : 0)|\(run.text)" }
    return (["runs", "DejaVu Sans", "15", width.map { "\($0)" } ?? "-", "ltr"] + fields).joined(separator: "\t")
}

/// The 182-character paragraph in five runs at a new width each time, beside the same text
/// plain, each against Pango laying out the same (with an attribute list for the runs).
/// Target (the rich-text issue): as far ahead of Pango as plain text is.
func textRichParagraph(pango: Pango?) {
    let engine: TextEngine
    do { engine = try TextEngine() } catch { fatalError("no text engine: \(error)") }
    let runs = richTextRuns(), text = benchmarkParagraph, style = benchmarkStyle, widths = benchmarkWidths
    precondition(runs.reduce(0) { total, run in if case .text(let string, _) = run { total + string.count } else { total } } == text.count)
    let rich = try! engine.paragraph(runs, style: style)
    let plain = try! engine.paragraph(text, style: style)
    let ours = widths.map { rich.measure(width: $0) }
    print("text-rich-paragraph: \(text.count) characters in \(runs.count) runs, DejaVu Sans 15 (bold, Serif italic, 18 pt), widths \(widths.map { Int($0) })")
    print("  ours:  lines \(ours.map(\.lineCount)), widest \(ours.map { String(format: "%.2f", $0.width) })")
    if let pango {
        let theirs = pango.measure(widths.map { richPangoRequest(width: $0) })
        print("  Pango: lines \(theirs.map(\.lines)), widest \(theirs.map { String(format: "%.2f", $0.width) })")
        let agree = zip(ours, theirs).filter { $0.lineCount == $1.lines && abs($0.width - $1.width) < 0.05 }.count
        print("  same lines and widths (±0.05 pt) at \(agree) of \(widths.count) widths")
    }

    var variants: [Variant] = [
        Variant(name: "rich (a) cold: removeCachedText() untimed, measure", timing: .eachOperation(
            iterations: 400,
            setup: { _ in engine.removeCachedText() },
            operation: { i in try! engine.measure(runs, style: style, width: widths[i % 10]).height })),
        Variant(name: "rich (b) warm words: removeCachedParagraphs() untimed", timing: .eachOperation(
            iterations: 2_000,
            setup: { _ in engine.removeCachedParagraphs() },
            operation: { i in try! engine.measure(runs, style: style, width: widths[i % 10]).height })),
        Variant(name: "plain (b) warm words: removeCachedParagraphs() untimed", timing: .eachOperation(
            iterations: 2_000,
            setup: { _ in engine.removeCachedParagraphs() },
            operation: { i in try! engine.measure(text, style: style, width: widths[i % 10]).height })),
        Variant(name: "rich (c) warm paragraph: TextParagraph.measure(width:)", timing: .batch(iterations: 200_000) { iterations in
            var sum = 0.0
            for i in 0..<iterations { sum += rich.measure(width: widths[i % 10]).height }
            return sum
        }),
        Variant(name: "plain (c) warm paragraph: TextParagraph.measure(width:)", timing: .batch(iterations: 200_000) { iterations in
            var sum = 0.0
            for i in 0..<iterations { sum += plain.measure(width: widths[i % 10]).height }
            return sum
        }),
        Variant(name: "rich ref: engine.measure(runs), paragraph cached", timing: .batch(iterations: 50_000) { iterations in
            var sum = 0.0
            for i in 0..<iterations { sum += try! engine.measure(runs, style: style, width: widths[i % 10]).height }
            return sum
        }),
    ]
    if let pango {
        let plainRequest = Pango.request(family: "DejaVu Sans", size: 15, width: 180, text: text)
        variants.append(Variant(name: "rich (d) Pango warm: pango-measure --bench 1000", timing: .external {
            pango.warmNanosecondsPerLayout(richPangoRequest(width: 180), iterations: 1_000)
        }))
        variants.append(Variant(name: "plain (d) Pango warm: pango-measure --bench 1000", timing: .external {
            pango.warmNanosecondsPerLayout(plainRequest, iterations: 1_000)
        }))
    }
    let measurements = measure(variants, samples: 21)
    func median(_ prefix: String) -> Double? { measurements.first { $0.name.hasPrefix(prefix) }?.medianNanoseconds }
    var ratios: [String: Double] = [:]
    var met: [String: Bool] = [:]
    if let pangoRich = median("rich (d)"), let pangoPlain = median("plain (d)") {
        for row in ["(b)", "(c)"] {
            guard let ourRich = median("rich \(row)"), let ourPlain = median("plain \(row)") else { continue }
            let richLead = pangoRich / ourRich, plainLead = pangoPlain / ourPlain
            ratios["Pango warm / ours, rich \(row)"] = richLead
            ratios["Pango warm / ours, plain \(row)"] = plainLead
            ratios["rich lead / plain lead \(row)"] = richLead / plainLead
            met["rich lead / plain lead \(row)"] = richLead >= plainLead
        }
    }
    report(benchmark: "text-rich-paragraph", measurements: measurements, ratios: ratios,
           target: "as far ahead of Pango as plain text is (rich lead / plain lead >= 1)", met: met)
}

/// The feed cell (`examples/schemes/feed-cell.json`) laid out with a post's content: its body
/// as a plain string, and as the same text in five runs of the document's styles, compiled
/// once and snapshotted for widths 320–400.
/// Target (the rich-text issue): rich bodies within 1.5× of plain bodies.
func feedCellRich() {
    let compiled: CompiledDocument
    do { compiled = try SchemeDocument(json: feedCellDocumentText()).compiled() } catch { fatalError("feed-cell.json is invalid: \(error)") }
    // Not the document's default body (which is the benchmark paragraph): content equal to
    // the default is the document's own snapshot, which would skip measuring the body.
    let styles = ["headline", nil, "caption", nil, "headline"]
    let texts = richRuns.map { $0.text.replacingOccurrences(of: "camera.", with: "camera!") }
    let runs = zip(texts, styles).map { text, style in SlotValue.Run.string(text, style: style) }
    let plain: Content = ["body": .text(texts.joined())]
    let rich: Content = ["body": .runs(runs)]
    precondition(compiled.document.slots.first { $0.name == "body" }?.defaultValue != plain.values["body"], "the plain body is the default")
    func environment(_ i: Int) -> LayoutEnvironment { LayoutEnvironment(width: 320 + Double(i % 81), height: 844, scale: 3) }
    for (name, content) in [("plain", plain), ("rich", rich)] {
        let body = try! compiled.snapshot(for: environment(55), content: content)["body"]!.frame
        print("feed-cell-rich, width 375, \(name) body: \(body.size.width) × \(body.size.height)")
    }
    let variants: [Variant] = [
        Variant(name: "plain body: snapshot(for:content:)", timing: .batch(iterations: 20_000) { iterations in
            var sum = 0.0
            for i in 0..<iterations { sum += try! compiled.snapshot(for: environment(i), content: plain).size.height }
            return sum
        }),
        Variant(name: "rich body (5 runs): snapshot(for:content:)", timing: .batch(iterations: 20_000) { iterations in
            var sum = 0.0
            for i in 0..<iterations { sum += try! compiled.snapshot(for: environment(i), content: rich).size.height }
            return sum
        }),
    ]
    let measurements = measure(variants, samples: 21)
    let ratio = measurements[1].medianNanoseconds / measurements[0].medianNanoseconds
    report(benchmark: "feed-cell-rich", measurements: measurements, ratios: ["rich / plain": ratio],
           target: "rich bodies within 1.5x of plain bodies", met: ["rich / plain": ratio <= 1.5])
}

/// Only the rich paragraph's preparation from cached words (row (b) of `text-rich-paragraph`),
/// for profilers.
func textRichWordsProfile() {
    let engine: TextEngine
    do { engine = try TextEngine() } catch { fatalError("no text engine: \(error)") }
    let runs = richTextRuns()
    var sum = 0.0
    for i in 0..<20_000 {
        engine.removeCachedParagraphs()
        sum += try! engine.measure(runs, style: benchmarkStyle, width: benchmarkWidths[i % 10]).height
    }
    print("checksum \(sum)")
}
