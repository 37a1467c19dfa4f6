/// A piece of text shaped in one font, direction and script: its advance and the advance of
/// each of its clusters (HarfBuzz's, which keep a base with its marks and an emoji sequence
/// together), in ems, in logical order.
struct ShapedWord: Sendable {
    /// The cluster starts, as UTF-16 offsets from the start of the piece, ascending.
    var clusterOffsets: [UInt16]
    /// The advance of each cluster, in ems.
    var clusterAdvances: [Double]
    /// The sum of the clusters' advances.
    var advance: Double

    /// What keeping it costs, in bytes, for the cache's budget.
    var cost: Int { 96 + clusterOffsets.count * (MemoryLayout<UInt16>.stride + MemoryLayout<Double>.stride) }
}

/// What a shaped word is cached under: the text and everything its shape depends on, but
/// not the point size (shaping happens at the font's design scale).
struct WordKey: Hashable, Sendable {
    var face: Int32
    var rightToLeft: Bool
    var script: UInt32
    var text: [UInt16]

    /// What the key costs in the cache, in bytes.
    var cost: Int { 48 + text.count * MemoryLayout<UInt16>.stride }
}
