// What each break inside a word adds to the line it ends: the hyphen it would show
// (`HyphenBreaks`), and where HarfBuzz shaped across the break, the difference the piece
// before it makes shaped again as Pango shapes it (`BreakCorrection`). Found once per
// paragraph so that every width it is set in reads it.

extension ParagraphBuilder {
    /// Per shaped cluster, what a line broken right before it adds to the advances of its
    /// clusters, in ems: the hyphen it shows, in the font of the text it breaks, and the
    /// run's `corrections` (paragraph cluster indices, ascending); 0 where a break adds
    /// nothing. Empty when no break adds anything.
    func clusterBreakExtras(offsets: [Int32], graphemes: [Cluster], text: UnsafeBufferPointer<UInt16>,
                            corrections: [BreakCorrection]) -> [Float] {
        HyphenBreaks.latinTraits.withUnsafeBufferPointer { latin in
            clusterBreakExtras(offsets: offsets, graphemes: graphemes, text: text, corrections: corrections, latin: latin)
        }
    }

    private func clusterBreakExtras(offsets: [Int32], graphemes: [Cluster], text: UnsafeBufferPointer<UInt16>,
                                    corrections: [BreakCorrection], latin: UnsafeBufferPointer<HyphenBreaks.Traits>) -> [Float] {
        var extras: [Float] = []
        var grapheme = 0
        var nextCorrection = 0
        var before = BaseBefore()
        for index in offsets.indices.dropFirst() {
            while nextCorrection < corrections.count, corrections[nextCorrection].cluster < index { nextCorrection += 1 }
            let correction = nextCorrection < corrections.count && corrections[nextCorrection].cluster == index ? corrections[nextCorrection] : nil
            let extra: Float
            if let hyphen = hyphenAdvance(before: index, offsets: offsets, graphemes: graphemes, text: text, grapheme: &grapheme, base: &before, latin: latin) {
                extra = correction?.hyphenated ?? hyphen
            } else {
                extra = correction?.plain ?? 0
            }
            guard extra != 0 else { continue }
            if extras.isEmpty { extras = [Float](repeating: 0, count: offsets.count) }
            extras[index] = extra
        }
        return extras
    }

    /// The hyphen's advance in ems when a break right before cluster `index` shows one, in
    /// the font of the text before it; nil when it shows none. `grapheme` and `base` walk
    /// forward with `index`.
    private func hyphenAdvance(before index: Int, offsets: [Int32], graphemes: [Cluster], text: UnsafeBufferPointer<UInt16>,
                               grapheme: inout Int, base: inout BaseBefore, latin: UnsafeBufferPointer<HyphenBreaks.Traits>) -> Float? {
        let offset = Int(offsets[index])
        guard offset > 0, offset < text.count else { return nil }
        let previous = HyphenBreaks.traits(Self.scalar(endingAt: offset, in: text), latin: latin)
        // UAX #29 looks through marks and format characters to the letter before them.
        let previousBase = base.traits(before: offset, in: text, latin: latin)
        guard HyphenBreaks.insertsHyphen(previous: previous, previousBase: previousBase,
                                         next: HyphenBreaks.traits(Self.scalar(startingAt: offset, in: text), latin: latin)) else { return nil }
        // The font of the text before the break draws the hyphen.
        if graphemes[grapheme].start >= offset { grapheme = 0 }
        while grapheme + 1 < graphemes.count, graphemes[grapheme + 1].start < offset { grapheme += 1 }
        let face = graphemes[grapheme].face
        guard face >= 0 else { return nil }
        return Float(chain(of: graphemes[grapheme]).hyphenAdvances[face] * scale(of: graphemes[grapheme]))
    }

    static func scalar(startingAt offset: Int, in text: UnsafeBufferPointer<UInt16>) -> Unicode.Scalar {
        let unit = text[offset]
        if UTF16.isLeadSurrogate(unit), offset + 1 < text.count, UTF16.isTrailSurrogate(text[offset + 1]) {
            return UTF16.decode(UTF16.EncodedScalar([unit, text[offset + 1]]))
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }

    static func scalar(endingAt offset: Int, in text: UnsafeBufferPointer<UInt16>) -> Unicode.Scalar {
        let unit = text[offset - 1]
        if UTF16.isTrailSurrogate(unit), offset >= 2, UTF16.isLeadSurrogate(text[offset - 2]) {
            return UTF16.decode(UTF16.EncodedScalar([text[offset - 2], unit]))
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }
}

/// What UAX #29 sees before a position: the last scalar that is neither Extend nor Format
/// (a soft hyphen counts), else the text's first. Found by a scan that only moves forward:
/// looking back from each break through the marks and format characters before it took
/// time quadratic in a long run of them (60,000 U+0600 took minutes).
struct BaseBefore {
    private var scanned = 0
    private var base: HyphenBreaks.Traits?
    private var first: HyphenBreaks.Traits?

    /// The traits before `offset`, which must not be less than the last one asked for.
    mutating func traits(before offset: Int, in text: UnsafeBufferPointer<UInt16>, latin: UnsafeBufferPointer<HyphenBreaks.Traits>) -> HyphenBreaks.Traits {
        if offset < scanned { self = BaseBefore() }
        while scanned < offset {
            let scalar = ParagraphBuilder.scalar(startingAt: scanned, in: text)
            let traits = HyphenBreaks.traits(scalar, latin: latin)
            if first == nil { first = traits }
            if traits.wordClass != .extendOrFormat || traits.isSoftHyphen { base = traits }
            scanned += scalar.value > 0xFFFF ? 2 : 1
        }
        return base ?? first ?? HyphenBreaks.traits(ParagraphBuilder.scalar(endingAt: offset, in: text), latin: latin)
    }
}
