/// A piece of text shaped in one font, direction and script: its advance and the advance of
/// each of its clusters (HarfBuzz's, which keep a base with its marks and an emoji sequence
/// together), in ems, in logical order.
struct ShapedWord: Sendable {
    /// The cluster starts, as UTF-16 offsets from the start of the piece, ascending. Runs are
    /// capped in length, but one grapheme cluster (a base with any number of marks) is never
    /// cut, so a piece may be longer than any 16-bit offset.
    var clusterOffsets: [UInt32]
    /// The advance of each cluster, in ems.
    var clusterAdvances: [Double]
    /// The sum of the clusters' advances.
    var advance: Double
    /// What the piece before each cluster boundary where HarfBuzz marks a break unsafe
    /// (kerning or joining across it) measures when shaped on its own, ascending by cluster;
    /// empty for most words (`BreakCorrection`).
    var breakCorrections: [BreakCorrection] = []

    /// What keeping it costs, in bytes, for the cache's budget.
    var cost: Int {
        96 + clusterOffsets.count * (MemoryLayout<UInt32>.stride + MemoryLayout<Double>.stride)
            + breakCorrections.count * MemoryLayout<BreakCorrection>.stride
    }
}

/// How a line broken inside a word, before one of its clusters, differs in width from the
/// word's advances up to there. Pango re-shapes the piece of an item that ends a line
/// (pango/pango-layout.c, `process_item`, 1.50): the piece loses its kerning with the text
/// after the break, and where the break shows a hyphen the hyphen is shaped with it and
/// the text after it no longer counts as context, so an Arabic letter there takes its final
/// form. Only boundaries HarfBuzz flags unsafe to break can differ.
struct BreakCorrection: Sendable {
    /// The cluster before which the break is, as an index into the word's clusters (never 0).
    var cluster: UInt32
    /// The change in ems when the break shows no hyphen (the text after it stays context).
    var plain: Float
    /// The change in ems when it shows one, the hyphen's advance included.
    var hyphenated: Float
}

/// What a shaped word is cached under: the text and everything its shape depends on, but
/// not the point size (shaping happens at the font's design scale).
struct WordKey: CacheKey {
    let face: Int32
    let rightToLeft: Bool
    let script: UInt32
    let text: [UInt16]
    /// Hashed once, as bytes: the cache hashes a key twice (its shard, then its slot), and
    /// hashing words element by element dominated preparing a paragraph from cached words.
    private let hashCode: Int

    init(face: Int32, rightToLeft: Bool, script: UInt32, text: [UInt16]) {
        self.face = face
        self.rightToLeft = rightToLeft
        self.script = script
        self.text = text
        var hasher = Hasher()
        hasher.combine(face)
        hasher.combine(rightToLeft)
        hasher.combine(script)
        text.withUnsafeBytes { hasher.combine(bytes: $0) }
        hashCode = hasher.finalize()
    }

    static func == (lhs: WordKey, rhs: WordKey) -> Bool {
        lhs.hashCode == rhs.hashCode && lhs.face == rhs.face && lhs.rightToLeft == rhs.rightToLeft
            && lhs.script == rhs.script && lhs.text == rhs.text
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hashCode)
    }

    var shardHash: Int { hashCode }

    /// What the key costs in the cache, in bytes.
    var cost: Int { 56 + text.count * MemoryLayout<UInt16>.stride }
}
