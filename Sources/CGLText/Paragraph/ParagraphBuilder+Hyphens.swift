// The hyphen each break inside a word would show (`HyphenBreaks`), found once per paragraph
// so that every width it is set in reads it.

extension ParagraphBuilder {
    /// Per shaped cluster, the hyphen a line broken right before it shows, in ems, in the
    /// font of the text it breaks; 0 where a break shows none. Empty when no break would.
    func clusterHyphens(offsets: [Int32], graphemes: [Cluster], text: UnsafeBufferPointer<UInt16>) -> [Float] {
        HyphenBreaks.latinTraits.withUnsafeBufferPointer { latin in
            clusterHyphens(offsets: offsets, graphemes: graphemes, text: text, latin: latin)
        }
    }

    private func clusterHyphens(offsets: [Int32], graphemes: [Cluster], text: UnsafeBufferPointer<UInt16>,
                                latin: UnsafeBufferPointer<HyphenBreaks.Traits>) -> [Float] {
        var hyphens: [Float] = []
        var grapheme = 0
        for index in offsets.indices.dropFirst() {
            let offset = Int(offsets[index])
            guard offset > 0, offset < text.count else { continue }
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
                                             next: HyphenBreaks.traits(Self.scalar(startingAt: offset, in: text), latin: latin)) else { continue }
            // The font of the text before the break draws the hyphen.
            if graphemes[grapheme].start >= offset { grapheme = 0 }
            while grapheme + 1 < graphemes.count, graphemes[grapheme + 1].start < offset { grapheme += 1 }
            let face = graphemes[grapheme].face
            guard face >= 0 else { continue }
            if hyphens.isEmpty { hyphens = [Float](repeating: 0, count: offsets.count) }
            hyphens[index] = Float(chain(of: graphemes[grapheme]).hyphenAdvances[face] * scale(of: graphemes[grapheme]))
        }
        return hyphens
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
