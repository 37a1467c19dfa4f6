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
        for index in offsets.indices.dropFirst() {
            while nextCorrection < corrections.count, corrections[nextCorrection].cluster < index { nextCorrection += 1 }
            let correction = nextCorrection < corrections.count && corrections[nextCorrection].cluster == index ? corrections[nextCorrection] : nil
            let extra: Float
            if let hyphen = hyphenAdvance(before: index, offsets: offsets, graphemes: graphemes, text: text, grapheme: &grapheme, latin: latin) {
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
    /// the font of the text before it; nil when it shows none. `grapheme` walks forward
    /// with `index`.
    private func hyphenAdvance(before index: Int, offsets: [Int32], graphemes: [Cluster], text: UnsafeBufferPointer<UInt16>,
                               grapheme: inout Int, latin: UnsafeBufferPointer<HyphenBreaks.Traits>) -> Float? {
        let offset = Int(offsets[index])
        guard offset > 0, offset < text.count else { return nil }
        let previousScalar = Self.scalar(endingAt: offset, in: text)
        let previous = HyphenBreaks.traits(previousScalar, latin: latin)
        // UAX #29 looks through marks and format characters to the letter before them.
        var previousBase = previous
        var back = offset - (previousScalar.value > 0xFFFF ? 2 : 1)
        while previousBase.wordClass == .extendOrFormat, !previousBase.isSoftHyphen, back > 0 {
            let scalar = Self.scalar(endingAt: back, in: text)
            previousBase = HyphenBreaks.traits(scalar, latin: latin)
            back -= scalar.value > 0xFFFF ? 2 : 1
        }
        guard HyphenBreaks.insertsHyphen(previous: previous, previousBase: previousBase,
                                         next: HyphenBreaks.traits(Self.scalar(startingAt: offset, in: text), latin: latin)) else { return nil }
        // The font of the text before the break draws the hyphen.
        if graphemes[grapheme].start >= offset { grapheme = 0 }
        while grapheme + 1 < graphemes.count, graphemes[grapheme + 1].start < offset { grapheme += 1 }
        let face = graphemes[grapheme].face
        guard face >= 0 else { return nil }
        return Float(chain(of: graphemes[grapheme]).hyphenAdvances[face] * scale(of: graphemes[grapheme]))
    }

    private static func scalar(startingAt offset: Int, in text: UnsafeBufferPointer<UInt16>) -> Unicode.Scalar {
        let unit = text[offset]
        if UTF16.isLeadSurrogate(unit), offset + 1 < text.count, UTF16.isTrailSurrogate(text[offset + 1]) {
            return UTF16.decode(UTF16.EncodedScalar([unit, text[offset + 1]]))
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }

    private static func scalar(endingAt offset: Int, in text: UnsafeBufferPointer<UInt16>) -> Unicode.Scalar {
        let unit = text[offset - 1]
        if UTF16.isTrailSurrogate(unit), offset >= 2, UTF16.isLeadSurrogate(text[offset - 2]) {
            return UTF16.decode(UTF16.EncodedScalar([text[offset - 2], unit]))
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }
}
