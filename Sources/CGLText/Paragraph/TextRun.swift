public import CGLValues

/// One piece of a paragraph written as posts are: text in a style of its own (a bold name,
/// a mention, an italic quote), or an object of a fixed size inline (a custom emoji drawn as
/// an image, a chip). A paragraph of runs is laid out as one paragraph, as Pango lays out a
/// text with an attribute list: lines break across runs where UAX #14 allows and on either
/// side of an object, bidi runs over the whole paragraph, and adjacent runs of one style
/// shape as one (kerning across the split counts).
///
/// ```swift
/// let post: [TextRun] = [.text("@ada", style: bold), .text(" shipped it "), .atom(width: 18, height: 18, baseline: 15)]
/// try engine.measure(post, style: body, width: 240)
/// ```
public enum TextRun: Sendable, Hashable {
    /// Text. `style` gives it another font — its family (or file), size, weight and italic;
    /// its other settings are the paragraph's — and `nil` keeps the paragraph's own.
    case text(String, style: TextStyle? = nil)
    /// An object of a fixed size that never breaks, sitting on the baseline.
    case atom(InlineAtom)

    /// The most runs a paragraph holds: a bound on what one request makes the engine do.
    public static let maximumCount = 10_000

    /// An inline object of `width` × `height` points, its baseline `baseline` from its top
    /// (nil: its bottom sits on the line's baseline).
    public static func atom(width: Double, height: Double, baseline: Double? = nil) -> TextRun {
        .atom(InlineAtom(width: width, height: height, baseline: baseline))
    }
}

extension InlineAtom {
    /// Above the baseline, and below it, in points.
    var ascent: Double { baseline ?? height }
    var descent: Double { height - ascent }
}

extension [TextRun] {
    /// Checks a paragraph's runs: at most `TextRun.maximumCount`, no empty text, atoms of
    /// finite sizes of at least 0 with their baseline within them.
    ///
    /// - Throws: `TextError.invalidRuns` naming the first run at fault and what to do.
    func validate() throws(TextError) {
        guard count <= TextRun.maximumCount else {
            throw .invalidRuns("\(count) runs; a paragraph holds at most \(TextRun.maximumCount) (join runs of one style)")
        }
        for (index, run) in enumerated() {
            switch run {
            case .text(let string, let style):
                guard !string.isEmpty else { throw .invalidRuns("run \(index) has no text; leave it out") }
                if let style, !(style.size.isFinite && style.size > 0) {
                    throw .invalidRuns("run \(index)'s style has size \(style.size); use a positive number of points")
                }
            case .atom(let atom):
                guard atom.width.isFinite, atom.height.isFinite, atom.width >= 0, atom.height >= 0 else {
                    throw .invalidRuns("run \(index) is an atom of size \(atom.width) × \(atom.height); use finite sizes of at least 0")
                }
                if let baseline = atom.baseline, !(baseline.isFinite && baseline >= 0 && baseline <= atom.height) {
                    throw .invalidRuns("run \(index) is an atom whose baseline is \(baseline); use a distance from its top between 0 and its height (\(atom.height))")
                }
            }
        }
    }
}
