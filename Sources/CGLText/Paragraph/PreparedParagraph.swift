/// A paragraph shaped and cut at its line-break opportunities, independent of the width it
/// will be set in and of the point size (advances are in ems): what every width and every
/// size of the same text in the same fonts reuses.
final class PreparedParagraph: Sendable {
    /// The text between two line-break opportunities: a word and the spaces after it.
    struct Segment: Sendable {
        var start: Int32
        /// Where the trailing whitespace begins.
        var contentEnd: Int32
        var end: Int32
        /// The advance of the text before the trailing whitespace, in ems.
        var content: Double
        /// The advance of the trailing whitespace, in ems.
        var trailing: Double
        /// The advance of the last whitespace character, which hangs past the line's end
        /// when the line breaks after this segment (the rest of the trailing space takes
        /// room, as Pango lays it out).
        var hanging: Double
        /// The indices of the segment's clusters.
        var clusters: Range<Int32>
        /// Whether a line must end after it (a hard break: `\n` and its kin).
        var hardBreak: Bool
        /// What a line ending after it adds to its advances, in ems: the hyphen it shows after
        /// a soft hyphen (U+00AD), and where it ends inside a shaped run, the change shaping
        /// the piece before the break again makes (`BreakCorrection`); 0 for most segments.
        var breakExtra: Double = 0
        /// Whether its trailing whitespace holds a tab, whose width depends on where the line
        /// has got to (`PreparedParagraph.placed(_:at:)`).
        var hasTab = false
    }

    /// The text's length in UTF-16 units.
    let length: Int
    let segments: [Segment]
    /// Every cluster's start (UTF-16 offset) and advance in ems, in logical order.
    let clusterOffsets: [Int32]
    let clusterAdvances: [Double]
    /// Per cluster, what a line broken right before it adds to the advances before it, in
    /// ems: the hyphen it shows (`HyphenBreaks`) and the change shaping the piece before the
    /// break again makes (`BreakCorrection`); 0 where a break adds nothing. Empty when none does.
    let clusterBreakExtras: [Float]
    /// The width of an ellipsis in the paragraph's fonts, in ems.
    let ellipsis: Double
    /// The clusters that are tabs, ascending; and the distance between tab stops, in ems:
    /// eight spaces of the primary font, as Pango's default stops.
    let tabClusters: [Int32]
    let tabStop: Double
    /// A paragraph of runs: each cluster's style run, and each style run's ascent and descent
    /// in ems, for the height of the lines that hold it. Empty in a paragraph of one style.
    let clusterStyles: [UInt16]
    let styleMetrics: [(ascent: Double, descent: Double)]
    /// Whether it is a paragraph of runs (read on every measurement: a flag, not an array).
    let hasRuns: Bool
    /// The font files that shape the text, in the order they first appear.
    let fontFiles: [FontFile]

    init(length: Int, segments: [Segment], clusterOffsets: [Int32], clusterAdvances: [Double], clusterBreakExtras: [Float] = [],
         ellipsis: Double, tabClusters: [Int32] = [], tabStop: Double = 0, clusterStyles: [UInt16] = [],
         styleMetrics: [(ascent: Double, descent: Double)] = [], fontFiles: [FontFile] = []) {
        self.fontFiles = fontFiles
        self.clusterStyles = clusterStyles
        self.styleMetrics = styleMetrics
        hasRuns = !clusterStyles.isEmpty
        self.tabClusters = tabClusters
        self.tabStop = tabStop
        self.clusterBreakExtras = clusterBreakExtras
        self.length = length
        self.segments = segments
        self.clusterOffsets = clusterOffsets
        self.clusterAdvances = clusterAdvances
        self.ellipsis = ellipsis
    }

    /// What keeping it costs, in bytes.
    var cost: Int {
        128 + segments.count * MemoryLayout<Segment>.stride
            + clusterOffsets.count * (MemoryLayout<Int32>.stride + MemoryLayout<Double>.stride) + clusterBreakExtras.count * MemoryLayout<Float>.stride
    }
}

/// A string hashed once: the caches hash each key twice (its shard, then its slot), and one
/// measurement looks the same text up in two caches.
struct HashedText: Hashable, Sendable {
    let string: String
    let hashCode: Int

    init(_ string: String) {
        self.string = string
        hashCode = string.hashValue
    }

    static func == (lhs: HashedText, rhs: HashedText) -> Bool {
        lhs.hashCode == rhs.hashCode && lhs.string == rhs.string
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hashCode)
    }
}

/// What a prepared paragraph is cached under.
struct ParagraphKey: CacheKey {
    var text: HashedText
    var chain: Int32
    var direction: TextDirection

    var shardHash: Int { text.hashCode &+ Int(chain) &* 31 &+ (direction == .rightToLeft ? 1 : 0) }
}
