import CHarfBuzz
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Real text, measured as a renderer on this host draws it: fonts found with fontconfig,
/// shaped with HarfBuzz, broken into lines by UAX #14 (ICU) and laid out by UAX #9 (ICU).
///
/// One engine serves a process: it owns the fonts and the caches — words shaped once per
/// font and reused across paragraphs and sizes (Minikin's idea), paragraphs prepared once per
/// text and fonts, and measurements per width — each bounded in bytes and safe to use from
/// any number of threads at once.
///
/// ```swift
/// let engine = try TextEngine()
/// let body = TextStyle(family: "DejaVu Sans", size: 15, lineHeight: .points(20))
/// let size = try engine.measure("Hello, world", style: body, width: 120)
/// ```
public final class TextEngine: Sendable {
    /// Where fonts come from and how much the caches may hold.
    public struct Configuration: Sendable, Hashable {
        /// A folder of the deployment's own fonts: styles may name a file in it, and its
        /// families resolve like installed ones.
        public var fontsDirectory: String?
        /// Whether fontconfig reads the fonts directory too, so that its families resolve like
        /// installed ones (a folder of fonts); `false` only opens the files styles name.
        public var scansFontsDirectory: Bool
        /// The most bytes of shaped words kept.
        public var wordCacheBytes: Int
        /// The most bytes of prepared paragraphs and measurements kept.
        public var paragraphCacheBytes: Int

        public init(fontsDirectory: String? = nil, scansFontsDirectory: Bool = true, wordCacheBytes: Int = 32 << 20,
                    paragraphCacheBytes: Int = 32 << 20) {
            self.fontsDirectory = fontsDirectory
            self.scansFontsDirectory = scansFontsDirectory
            self.wordCacheBytes = wordCacheBytes
            self.paragraphCacheBytes = paragraphCacheBytes
        }
    }

    private struct MeasurementKey: CacheKey {
        var text: HashedText
        var style: TextStyle
        var direction: TextDirection
        var width: Double?

        var shardHash: Int { text.hashCode &+ (width.map { Int(truncatingIfNeeded: $0.bitPattern) } ?? 0) }
    }

    public let configuration: Configuration
    private let library: FontLibrary
    private let words: BoundedCache<WordKey, ShapedWord>
    private let paragraphs: BoundedCache<ParagraphKey, PreparedParagraph>
    private let measurements: BoundedCache<MeasurementKey, TextMeasurement>
    /// Paragraphs of runs by their runs, ready to measure (their prepared text is in `paragraphs`).
    private let runParagraphs: BoundedCache<RunsKey, TextParagraph>
    private let breaks = LineBreaks()
    private let bidi = BidiLevels()
    private let ellipses = Mutex<[Int32: Double]>([:])

    /// Loads fontconfig's configuration (and the fonts directory's fonts).
    ///
    /// - Throws: `TextError` when fontconfig is missing or knows no font.
    public init(configuration: Configuration = Configuration()) throws(TextError) {
        self.configuration = configuration
        library = try FontLibrary(fontsDirectory: configuration.fontsDirectory, scansFontsDirectory: configuration.scansFontsDirectory)
        words = BoundedCache(capacity: configuration.wordCacheBytes)
        paragraphs = BoundedCache(capacity: configuration.paragraphCacheBytes * 5 / 8)
        runParagraphs = BoundedCache(capacity: configuration.paragraphCacheBytes / 8)
        measurements = BoundedCache(capacity: configuration.paragraphCacheBytes / 4)
    }

    /// The engine of the default configuration, made on first use and shared by the process;
    /// its fonts directory is `CGL_FONTS_DIR` when that is set.
    public static func shared() throws(TextError) -> TextEngine {
        try sharedEngine.get()
    }

    /// A digest of the host's font files (paths, sizes, modification times): a snapshot that
    /// measured text is only valid for the fonts that measured it.
    public var fontFingerprint: String { library.fingerprint }

    /// The font files that have measured text so far, sorted by path.
    public var fontsInUse: [FontFile] { library.fontsInUse }

    /// The fonts a style resolves to on this host, and whether its family had to be substituted.
    public func resolve(_ style: TextStyle) throws(TextError) -> FontResolution {
        try library.chain(for: style).resolution
    }

    /// `string` prepared in `style`, for measuring at any width. The paragraph's base
    /// direction is the style's, else `direction`.
    public func paragraph(_ string: String, style: TextStyle, direction: TextDirection = .leftToRight) throws(TextError) -> TextParagraph {
        try paragraph(HashedText(string), style: style, direction: direction)
    }

    private func paragraph(_ text: HashedText, style: TextStyle, direction: TextDirection) throws(TextError) -> TextParagraph {
        let (chain, _) = try library.chain(for: style)
        let direction = style.direction ?? direction
        let key = ParagraphKey(text: text, chain: chain.id, direction: direction)
        let prepared = paragraphs.value(for: key, cost: { $0.cost + text.string.utf8.count + 64 }) {
            let prepared = ParagraphBuilder(chain: chain, words: words, breaks: breaks, bidi: bidi, ellipsis: ellipsis(in: chain))
                .prepare(text.string, direction: direction)
            // The fonts that drew it, fallbacks included: a cached paragraph was noted when made.
            library.noteUse(of: prepared.fontFiles.isEmpty ? [chain.primary.file] : prepared.fontFiles)
            return prepared
        }
        return TextParagraph(string: text.string, style: style, direction: direction, prepared: prepared, primary: chain.primary)
    }

    /// A paragraph of runs prepared in `style`, for measuring at any width: the runs' texts
    /// joined (an inline object as U+FFFC, which `TextLine.range` counts) and laid out as one
    /// paragraph. The style's line height, `maxLines` and direction are the paragraph's;
    /// a run's style changes only its font.
    ///
    /// - Throws: `TextError.invalidRuns` for runs that cannot be laid out (more than
    ///   `TextRun.maximumCount`, an empty text, an object of a negative or infinite size), and
    ///   the font errors of `paragraph(_:style:direction:)`.
    public func paragraph(_ runs: [TextRun], style: TextStyle, direction: TextDirection = .leftToRight) throws(TextError) -> TextParagraph {
        try runs.validate()
        // One run in the paragraph's own font is plain text.
        if runs.count == 1, case .text(let string, let runStyle) = runs[0], runStyle.map({ Self.sameFont($0, style) }) ?? true {
            return try paragraph(string, style: style, direction: direction)
        }
        let runsKey = RunsKey(runs, style: style, direction: direction)
        if let known = runParagraphs.value(for: runsKey) { return known }
        let (chain, _) = try library.chain(for: style)
        let joined = try JoinedRuns(runs, style: style) { (font: TextStyle) throws(TextError) -> FontChain in try library.chain(for: font).chain }
        let direction = style.direction ?? direction
        let key = ParagraphKey(text: HashedText(joined.key), chain: chain.id, direction: direction)
        let prepared = paragraphs.value(for: key, cost: { $0.cost + joined.key.utf8.count + 64 }) {
            var builder = ParagraphBuilder(chain: chain, words: words, breaks: breaks, bidi: bidi, ellipsis: ellipsis(in: chain))
            builder.styles = joined.styles
            let prepared = builder.prepare(joined.string, direction: direction)
            library.noteUse(of: prepared.fontFiles.isEmpty ? [chain.primary.file] : prepared.fontFiles)
            return prepared
        }
        let paragraph = TextParagraph(string: joined.string, style: style, direction: direction, prepared: prepared, primary: chain.primary)
        // The runs' bytes, and the prepared text it keeps alive past `paragraphs`' eviction.
        runParagraphs.store(paragraph, for: runsKey, cost: joined.key.utf8.count + 64 * runs.count + prepared.cost)
        return paragraph
    }

    /// The size of a paragraph of runs in `style` when lines may be `width` points wide
    /// (`nil`: unwrapped). See `paragraph(_:style:direction:)`.
    public func measure(_ runs: [TextRun], style: TextStyle, width: Double? = nil,
                        direction: TextDirection = .leftToRight) throws(TextError) -> TextMeasurement {
        try paragraph(runs, style: style, direction: direction).measure(width: width)
    }

    /// The lines of a paragraph of runs in `style` when lines may be `width` points wide.
    public func layout(_ runs: [TextRun], style: TextStyle, width: Double? = nil,
                       direction: TextDirection = .leftToRight) throws(TextError) -> ParagraphLayout {
        try paragraph(runs, style: style, direction: direction).layout(width: width)
    }

    /// Whether a run's style draws in the paragraph's font.
    private static func sameFont(_ run: TextStyle, _ paragraph: TextStyle) -> Bool {
        run.source == paragraph.source && run.size == paragraph.size && run.weight == paragraph.weight && run.italic == paragraph.italic
    }

    /// The size of `string` in `style` when lines may be `width` points wide (`nil`:
    /// unwrapped), from the measurement cache when it was measured so before.
    public func measure(_ string: String, style: TextStyle, width: Double? = nil,
                        direction: TextDirection = .leftToRight) throws(TextError) -> TextMeasurement {
        // Widths that do not wrap all measure alike: one key for them (NaN never equals itself).
        let text = HashedText(string)
        let key = MeasurementKey(text: text, style: style, direction: style.direction ?? direction,
                                 width: width.flatMap { $0.isFinite ? $0 : nil })
        if let cached = measurements.value(for: key) { return cached }
        let measured = try paragraph(text, style: style, direction: direction).measure(width: width)
        measurements.store(measured, for: key, cost: string.utf8.count + 160)
        return measured
    }

    /// The lines of `string` in `style` when lines may be `width` points wide.
    public func layout(_ string: String, style: TextStyle, width: Double? = nil,
                       direction: TextDirection = .leftToRight) throws(TextError) -> ParagraphLayout {
        try paragraph(string, style: style, direction: direction).layout(width: width)
    }

    /// How the caches have done.
    public var statistics: TextEngineStatistics {
        TextEngineStatistics(words: words.statistics, paragraphs: paragraphs.statistics, measurements: measurements.statistics)
    }

    /// Empties every cache (fonts stay loaded): for benchmarks that measure cold.
    public func removeCachedText() {
        words.removeAll()
        paragraphs.removeAll()
        runParagraphs.removeAll()
        measurements.removeAll()
    }

    /// Empties the paragraph and measurement caches but keeps shaped words.
    public func removeCachedParagraphs() {
        paragraphs.removeAll()
        runParagraphs.removeAll()
        measurements.removeAll()
    }

    /// The width of "…" in a chain's fonts, in ems, shaped once per chain.
    private func ellipsis(in chain: FontChain) -> Double {
        if let known = ellipses.withLock({ $0[chain.id] }) { return known }
        let mark = "\u{2026}"
        let face = chain.faces[chain.faceIndex(for: mark.unicodeScalars)]
        let width = Array(mark.utf16).withUnsafeBufferPointer { text in
            Shaper.shape(text, face: face, rightToLeft: false, script: HB_SCRIPT_COMMON).advance
        }
        ellipses.withLock { widths in
            // Bounded like the chains it follows.
            if widths.count >= 4096 { widths.removeAll(keepingCapacity: true) }
            widths[chain.id] = width
        }
        return width
    }
}

/// How the text engine's caches have done.
public struct TextEngineStatistics: Sendable, Hashable {
    /// Shaped words.
    public var words: CacheStatistics
    /// Prepared paragraphs.
    public var paragraphs: CacheStatistics
    /// Measurements by width.
    public var measurements: CacheStatistics
}

private let sharedEngine = Result { () throws(TextError) -> TextEngine in
    try TextEngine(configuration: .init(fontsDirectory: getenv("CGL_FONTS_DIR").map { String(cString: $0) }))
}
