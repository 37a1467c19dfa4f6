public import Foundation

/// How an element measures its content: the answer of `sizeThatFits(_:)`, as a value.
///
/// Being a value, it is captured when a scheme is compiled, and snapshots can measure
/// content on any thread without calling into the element.
public struct ContentSizing: Sendable {
    enum Storage: Sendable {
        case currentSize
        case fixed(CGSize)
        case aspect(CGSize, maximumHeight: CGFloat)
        case text(TextMetrics)
        case custom(@Sendable (CGSize) -> CGSize)
        case stack(StackMeasure)
    }

    let storage: Storage

    /// The element's current size, whatever is offered (UIKit's default `sizeThatFits`).
    public static let currentSize = ContentSizing(storage: .currentSize)

    /// Always the same size (an intrinsic content size).
    public static func fixed(_ size: CGSize) -> ContentSizing { ContentSizing(storage: .fixed(size)) }

    /// An image shown at its aspect: as wide as the width offered, as high as that width
    /// makes `size`'s aspect (`[1200, 800]` offered 358 points is 358 × 238.67), at most
    /// `maximumHeight` (an extreme aspect must not make a frame of a size no layout can
    /// use). Offered an unbounded width, `size` itself; an empty size fits in zero height.
    public static func aspect(_ size: CGSize, maximumHeight: CGFloat = .greatestFiniteMagnitude) -> ContentSizing {
        ContentSizing(storage: .aspect(size, maximumHeight: maximumHeight))
    }

    /// Monospaced text, wrapped to the offered width.
    public static func text(_ metrics: TextMetrics) -> ContentSizing { ContentSizing(storage: .text(metrics)) }

    /// A user measurement. It must be a pure function of the offered size: snapshots call
    /// it on any thread. `sizeThatFits` via a snapshot of an inner compiled scheme is the
    /// usual example (`CompiledLayoutScheme.contentSizing(measuring:)`).
    public static func custom(_ measure: @escaping @Sendable (CGSize) -> CGSize) -> ContentSizing {
        ContentSizing(storage: .custom(measure))
    }

    /// The size the content wants when offered `size`, for an element now `currentSize` big.
    public func sizeThatFits(_ size: CGSize, currentSize: CGSize) -> CGSize {
        sizeThatFits(size, currentSize: { currentSize })
    }

    /// `sizeThatFits(_:currentSize:)`, reading the current size only when it is the answer:
    /// a snapshot taken beside a layout then never reads a frame that layout is writing.
    @inline(__always)
    func sizeThatFits(_ size: CGSize, currentSize: () -> CGSize) -> CGSize {
        switch storage {
        case .currentSize: currentSize()
        case .fixed(let fixed): fixed
        case .aspect(let natural, let maximumHeight): Self.aspectFit(natural, width: size.width, maximumHeight: maximumHeight)
        case .text(let metrics): metrics.sizeThatFits(size)
        case .custom(let measure): measure(size)
        case .stack(let measure): measure.fallback(size)
        }
    }
}

extension ContentSizing {
    /// `natural` scaled to `width`, its height at most `maximumHeight`; `natural` when the
    /// width is unbounded.
    static func aspectFit(_ natural: CGSize, width: CGFloat, maximumHeight: CGFloat) -> CGSize {
        guard width.isFinite, width < .greatestFiniteMagnitude else { return natural }
        let fitted = Swift.max(0, width)
        guard natural.width > 0 else { return CGSize(width: fitted, height: 0) }
        let height = fitted * natural.height / natural.width
        return CGSize(width: fitted, height: height.isFinite ? Swift.min(height, maximumHeight) : maximumHeight)
    }
}

/// How a stack guide measures itself: its items distributed in the offered size less the
/// insets; the far edges of their frames plus the right and bottom insets.
///
/// Inside a compiled scheme that lays out the items too, a snapshot measures them as that
/// snapshot does (with its content and hidden elements); anywhere else, `fallback` (a
/// snapshot of the stack's own compiled scheme) measures.
struct StackMeasure: Sendable {
    let distribution: StackDistribution
    let insets: EdgeInsets
    /// The items, by identity: the compiler finds their slots.
    let items: [ObjectIdentifier]
    let fallback: @Sendable (CGSize) -> CGSize

    /// The size holding `items` (their slots, the hidden ones left out) when offered `size`:
    /// each measured by `itemSizeThatFits`, as the store running the program measures them.
    @inline(__always)
    func sizeThatFits(_ size: CGSize, items: some Collection<Int32>, itemSizeThatFits: (CGSize, Int32) -> CGSize) -> CGSize {
        let shown = Array(items)
        let space = CGRect(origin: .zero, size: size).inset(by: insets)
        let crossAxis = distribution.crossAxis
        var union: CGRect?
        distribution.distribute(count: shown.count, in: space, direction: .leftToRight) { index, offered in
            itemSizeThatFits(offered, shown[index]).length(crossAxis)
        } body: { _, frame in
            // CGLayout joins the first frame with itself too, so one item is standardized.
            union = (union ?? frame).union(frame)
        }
        // Nothing to hold: as small as the insets.
        guard let union else { return CGSize(width: insets.horizontal, height: insets.vertical) }
        return CGSize(width: union.maxX + insets.right, height: union.maxY + insets.bottom)
    }
}

/// A monospace text metric: `length` glyphs, each `advance` wide, lines `lineHeight` high.
///
/// `perLine = max(1, floor(width / advance))`, `lines = ceil(length / perLine)`, and the
/// text fits in `(min(length, perLine) · advance, lines · lineHeight)`; no text fits in zero.
public struct TextMetrics: Sendable, Hashable {
    /// Number of glyphs.
    public var length: Int
    /// Width of one glyph.
    public var advance: CGFloat
    /// Height of one line.
    public var lineHeight: CGFloat

    public init(length: Int, advance: CGFloat, lineHeight: CGFloat) {
        self.length = length
        self.advance = advance
        self.lineHeight = lineHeight
    }

    /// Text made of `string`'s characters.
    public init(string: String, advance: CGFloat, lineHeight: CGFloat) {
        self.init(length: string.count, advance: advance, lineHeight: lineHeight)
    }

    /// Where lines may break, for text that wraps between words (`docs/format.md` §1.9, and
    /// the Ahem text of the CSS test suites): the runs between break opportunities. Nil breaks
    /// between any two glyphs, as CGLayout's monospace label does.
    public var words: [Word]?

    /// A run of glyphs no line breaks inside.
    public struct Word: Sendable, Hashable {
        /// Glyphs in the run.
        public var length: Int
        /// Whether a space separates it from the run before (a space takes a glyph's width
        /// between runs on one line, and none at a line's end); U+200B ZERO WIDTH SPACE
        /// separates runs with no width.
        public var afterSpace: Bool
    }

    /// Text made of `string`'s characters that wraps between words: a space or U+200B ZERO
    /// WIDTH SPACE is a break opportunity, U+200B has no width, and lines are filled greedily.
    /// Its min-content width is its longest word, its max-content width all of it on one
    /// line; offered a width, it is that wide clamped between the two.
    public init(wrappingWords string: String, advance: CGFloat, lineHeight: CGFloat) {
        var words: [Word] = []
        var current = 0
        var afterSpace = false
        for character in string {
            if character == " " || character == "\u{200B}" {
                if current > 0 || words.isEmpty { words.append(Word(length: current, afterSpace: afterSpace)) }
                current = 0
                afterSpace = character == " "
            } else {
                current += 1
            }
        }
        words.append(Word(length: current, afterSpace: afterSpace))
        self.init(length: words.reduce(0) { $0 + $1.length }, advance: advance, lineHeight: lineHeight)
        self.words = words
    }

    /// The wrapped size when offered `size`; only the width is read.
    public func sizeThatFits(_ size: CGSize) -> CGSize {
        if let words { return wordsThatFit(words, width: size.width) }
        guard length > 0 else { return .zero }
        let glyphs = CGFloat(length)
        // A non-positive or non-finite advance cannot wrap; the text stays on one line.
        let fitting = advance > 0 ? (size.width / advance).rounded(.down) : glyphs
        let perLine = fitting.isNaN ? glyphs : Swift.max(1, Swift.min(glyphs, fitting))
        let lines = (glyphs / perLine).rounded(.up)
        return CGSize(width: perLine * advance, height: lines * lineHeight)
    }

    /// Words filled greedily into lines of the offered width, clamped between the longest
    /// word and the whole text.
    private func wordsThatFit(_ words: [Word], width offered: CGFloat) -> CGSize {
        guard advance > 0, advance.isFinite else { return CGSize(width: 0, height: words.isEmpty ? 0 : lineHeight) }
        var longest = 0
        var all = 0
        for (index, word) in words.enumerated() {
            longest = Swift.max(longest, word.length)
            all += word.length + (index > 0 && word.afterSpace ? 1 : 0)
        }
        let minimum = CGFloat(longest) * advance
        let maximum = CGFloat(all) * advance
        let width = offered.isNaN ? maximum : Swift.max(Swift.min(offered, maximum), minimum)
        let perLine = Int((width / advance).rounded(.down))
        var lines = 1
        var current = 0
        for word in words {
            let needed = word.length + (current > 0 && word.afterSpace ? 1 : 0)
            if current > 0, current + needed > perLine {
                lines += 1
                current = word.length
            } else {
                current += needed
            }
        }
        return CGSize(width: width, height: CGFloat(lines) * lineHeight)
    }
}
