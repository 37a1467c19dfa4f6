import BenchmarkSupport
import BenchmarkWorkloads
import CGLText
import Foundation

/// One paragraph measured at a new width each time, in every state of the caches, against
/// Pango laying out the same paragraph with a new layout each time (fonts loaded, "warm").
/// Target (the text-measurement issue): at least 10× faster than Pango warm.
func textParagraph(pango: Pango?) {
    let engine: TextEngine
    do { engine = try TextEngine() } catch { fatalError("no text engine: \(error)") }
    let text = benchmarkParagraph, style = benchmarkStyle, widths = benchmarkWidths
    let request = Pango.request(family: "DejaVu Sans", size: 15, width: 180, text: text)

    // Both sides must lay out the same lines, or the comparison means little.
    let prepared = try! engine.paragraph(text, style: style)
    let ours = widths.map { prepared.measure(width: $0) }
    print("text-paragraph: \(text.count) characters, DejaVu Sans 15, widths \(widths.map { Int($0) })")
    print("  ours:  lines \(ours.map(\.lineCount)), widest \(ours.map { String(format: "%.2f", $0.width) })")
    if let pango {
        let theirs = pango.measure(widths.map { Pango.request(family: "DejaVu Sans", size: 15, width: $0, text: text) })
        print("  Pango: lines \(theirs.map(\.lines)), widest \(theirs.map { String(format: "%.2f", $0.width) })")
        let agree = zip(ours, theirs).filter { $0.lineCount == $1.lines && abs($0.width - $1.width) < 0.05 }.count
        print("  same lines and widths (±0.05 pt) at \(agree) of \(widths.count) widths")
    }

    // Measurements keyed by a width never seen before: the ten widths, each nudged by a
    // billionth of a point per call (about 0.001 pt over a run), so the cache always misses.
    var round = 0
    func newWidth(_ i: Int) -> Double {
        round += 1
        return widths[i % 10] + Double(round) * 1e-9
    }
    // Check that it does: a thousand such measurements are a thousand misses.
    let missesBefore = engine.statistics.measurements.misses
    for i in 0..<1_000 { _ = try! engine.measure(text, style: style, width: newWidth(i)) }
    let missed = engine.statistics.measurements.misses - missesBefore
    print("  (c') check: \(missed) measurement-cache misses in 1000 measurements at new widths")
    precondition(missed == 1_000, "the measurement cache was hit at a new width")

    var variants: [Variant] = [
        Variant(name: "(a) cold: removeCachedText() untimed, engine.measure", timing: .eachOperation(
            iterations: 400,
            setup: { _ in engine.removeCachedText() },
            operation: { i in try! engine.measure(text, style: style, width: widths[i % 10]).height })),
        Variant(name: "(b) warm words: removeCachedParagraphs() untimed, measure", timing: .eachOperation(
            iterations: 2_000,
            setup: { _ in engine.removeCachedParagraphs() },
            operation: { i in try! engine.measure(text, style: style, width: widths[i % 10]).height })),
        Variant(name: "(c) warm paragraph: TextParagraph.measure(width:)", timing: .batch(iterations: 200_000) { iterations in
            var sum = 0.0
            for i in 0..<iterations { sum += prepared.measure(width: widths[i % 10]).height }
            return sum
        }),
        Variant(name: "(c') warm paragraph: engine.measure, new width (cache miss)", timing: .batch(iterations: 50_000) { iterations in
            var sum = 0.0
            for i in 0..<iterations { sum += try! engine.measure(text, style: style, width: newWidth(i)).height }
            return sum
        }),
        Variant(name: "ref: engine.measure, 10 widths (measurement cache hit)", timing: .batch(iterations: 200_000) { iterations in
            var sum = 0.0
            for i in 0..<iterations { sum += try! engine.measure(text, style: style, width: widths[i % 10]).height }
            return sum
        }),
        Variant(name: "ref: removeCachedText() + measure, both timed", timing: .batch(iterations: 400) { iterations in
            var sum = 0.0
            for i in 0..<iterations {
                engine.removeCachedText()
                sum += try! engine.measure(text, style: style, width: widths[i % 10]).height
            }
            return sum
        }),
        // What preparing a paragraph spends on the standard library's emoji properties: the
        // font chain asks both of each grapheme cluster's first scalar (FontChain.presentsAsEmoji).
        Variant(name: "ref: isEmojiPresentation + isEmoji of its 182 scalars", timing: .batch(iterations: 2_000) { iterations in
            var count = 0
            for _ in 0..<iterations {
                for scalar in text.unicodeScalars where scalar.properties.isEmojiPresentation || scalar.properties.isEmoji { count += 1 }
            }
            return Double(count)
        }),
        Variant(name: "ref: clock, an empty operation timed as (a) and (b)", timing: .eachOperation(
            iterations: 20_000, setup: { _ in }, operation: { Double($0) })),
    ]
    if let pango {
        variants.append(Variant(name: "(d) Pango warm: pango-measure --bench 1000", timing: .external {
            pango.warmNanosecondsPerLayout(request, iterations: 1_000)
        }))
    }
    let measurements = measure(variants, samples: 21)

    var ratios: [String: Double] = [:]
    var met: [String: Bool] = [:]
    if let pango = measurements.first(where: { $0.name.hasPrefix("(d)") }) {
        for m in measurements where m.name.hasPrefix("(a)") || m.name.hasPrefix("(b)") || m.name.hasPrefix("(c") {
            let key = "Pango warm / " + m.name.prefix(while: { $0 != ":" })
            ratios[key] = pango.medianNanoseconds / m.medianNanoseconds
            met[key] = ratios[key]! >= 10
        }
    }
    report(benchmark: "text-paragraph", measurements: measurements, ratios: ratios,
           target: "at least 10x faster than Pango warm (Pango warm / ours >= 10)", met: met)
}

/// What a profile run empties before each measurement.
enum ProfileMode {
    /// Every cache (`removeCachedText()`): fonts stay, words are shaped again.
    case cold
    /// The paragraph and measurement caches (`removeCachedParagraphs()`): words stay shaped.
    case warmWords
    /// Nothing: each measurement is at a new width, so only the measurement cache misses.
    case newWidth
}

/// Only the measurements of one row of `text-paragraph`, for profilers: `perf record` or
/// `valgrind --tool=callgrind`.
func textMeasureProfile(_ mode: ProfileMode) {
    let engine: TextEngine
    do { engine = try TextEngine() } catch { fatalError("no text engine: \(error)") }
    var sum = 0.0
    var elapsed: UInt64 = 0
    let count = switch mode { case .cold: 20_000; case .warmWords: 50_000; case .newWidth: 1_000_000 }
    for i in 0..<count {
        switch mode {
        case .cold: engine.removeCachedText()
        case .warmWords: engine.removeCachedParagraphs()
        case .newWidth: break
        }
        let width = benchmarkWidths[i % 10] + (mode == .newWidth ? Double(i) * 1e-9 : 0)
        let start = DispatchTime.now().uptimeNanoseconds
        sum += try! engine.measure(benchmarkParagraph, style: benchmarkStyle, width: width).height
        elapsed += DispatchTime.now().uptimeNanoseconds - start
    }
    print("checksum \(sum), \(Double(elapsed) / Double(count)) ns per measurement (\(mode))")
}
