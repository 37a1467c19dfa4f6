import CGLText
import CGLayout
import Foundation

/// A text element's lines as a renderer would draw them in its snapshot frame: the resolved
/// font, and each line's text and baseline (from the frame's top).
public struct TextRendering: Sendable, Hashable {
    public struct Line: Sendable, Hashable {
        public var text: String
        /// From the top of the element's frame, in points.
        public var baseline: Double
        public var width: Double
        /// A text in runs: the line's pieces in their runs' fonts, in logical order; empty
        /// for plain text (all of ``text`` in the rendering's font).
        public var spans: [Span] = []
    }

    /// A piece of a line in one run: text in its font, or the room of an inline object.
    public struct Span: Sendable, Hashable {
        /// The text drawn; empty for an inline object.
        public var text: String
        /// The font that measured the text (what fontconfig resolved for the run's style).
        public var family: String
        public var size: Double
        public var weight: Int
        public var italic: Bool
        /// An inline object's width in points (nil for text).
        public var objectWidth: Double?
    }

    /// The family of the font that measured the text (what fontconfig resolved).
    public var family: String
    public var size: Double
    public var weight: Int
    public var italic: Bool
    public var rightToLeft: Bool
    public var lines: [Line]
}

extension SchemeDocument {
    /// The lines of every element whose text measures in a real font, laid out in the width of
    /// its frame in `snapshot`, with the snapshot environment's text scale and direction.
    public func textRenderings(for snapshot: DocumentSnapshot, content: Content = .empty) -> [String: TextRendering] {
        guard let engine = try? TextEngine.shared() else { return [:] }
        let frames = Dictionary(snapshot.elements.map { ($0.id, $0.frame) }, uniquingKeysWith: { first, _ in first })
        // Text in a box tree (of the variants the environment selects, as compiled) is measured
        // in Chrome's line boxes: its lines sit on them.
        let active = variants.filter { $0.conditions.hold(for: snapshot.environment) }
        let boxed = Set(Variants.apply(active, to: blocks).flatMap(\.leaves).flatMap { block -> [String] in
            if case .box(let box) = block { return box.tree }
            return []
        })
        var renderings: [String: TextRendering] = [:]
        for element in elements {
            // A frame without width or height shows no text (a collapsed label draws nothing,
            // not a character a line).
            guard var styled = element.styledText, let base = styles[styled.style], let frame = frames[element.id],
                  frame.size.width > 0, frame.size.height > 0 else { continue }
            if let slot = element.textSlot, let text = content.values[slot.slot] { styled.value = text }
            let style = base.scaled(by: snapshot.environment.textScale)
            // A box tree's text is as wide as Chrome measures it (to 1/64 px), and its snapped
            // frame up to half a pixel narrower: it is laid out in a pixel more, so that it
            // breaks where it was measured.
            let inBoxTree = boxed.contains(element.id)
            let pixel = inBoxTree ? 1 / (snapshot.environment.scale ?? 1) : 0
            guard let paragraph = DocumentCompiler.paragraph(styled.value, style: styled.style, styles: styles, textScale: snapshot.environment.textScale,
                                                             direction: snapshot.environment.direction),
                  let resolution = try? engine.resolve(style) else { continue }
            let layout = paragraph.layout(width: frame.size.width + pixel)
            let lineBox = inBoxTree ? paragraph.cssLineBox(pixelScale: snapshot.environment.scale ?? 1) : nil
            let family = resolution.primary.family.isEmpty ? "sans-serif" : resolution.primary.family
            // Plain text is drawn in one font; runs piece by piece.
            let pieces: RunPieces? = if case .runs(let runs) = styled.value {
                RunPieces(runs, styles: styles, textScale: snapshot.environment.textScale, engine: engine)
            } else { nil }
            let lines = layout.lines.enumerated().map { index, line in
                TextRendering.Line(text: line.text(in: paragraph.string) + (line.isTruncated ? "…" : ""),
                                   baseline: lineBox.map { $0.baseline + Double(index) * $0.lineHeight } ?? line.baseline, width: line.width,
                                   spans: pieces?.spans(in: line, of: paragraph.string, base: style, family: family) ?? [])
            }
            renderings[element.id] = TextRendering(family: family, size: style.size, weight: style.weight, italic: style.italic,
                                                   rightToLeft: (style.direction ?? paragraph.direction) == .rightToLeft, lines: lines)
        }
        return renderings
    }
}

/// A text's runs as a renderer draws them: where each starts in the paragraph (in UTF-16
/// units, an object being one) and the font it resolved to.
private struct RunPieces {
    struct Piece {
        var range: Range<Int>
        var run: SlotValue.Run
        /// The run's style, scaled (nil: the text's own).
        var style: TextStyle?
        var family: String?
    }

    var pieces: [Piece] = []

    init(_ runs: [SlotValue.Run], styles: [String: TextStyle], textScale: Double, engine: TextEngine) {
        var start = 0
        for run in runs {
            switch run {
            case .string(let string, let name):
                let style = name.flatMap { styles[$0] }.map { $0.scaled(by: textScale) }
                let family = style.flatMap { try? engine.resolve($0) }.map { $0.primary.family.isEmpty ? "sans-serif" : $0.primary.family }
                pieces.append(Piece(range: start ..< start + string.utf16.count, run: run, style: style, family: family))
                start += string.utf16.count
            case .atom:
                pieces.append(Piece(range: start ..< start + 1, run: run))
                start += 1
            }
        }
    }

    /// The spans of `line`: each run's part of it, in the run's font.
    func spans(in line: TextLine, of string: String, base: TextStyle, family: String) -> [TextRendering.Span] {
        pieces.compactMap { piece in
            let lower = max(piece.range.lowerBound, line.range.lowerBound), upper = min(piece.range.upperBound, line.range.upperBound)
            guard lower < upper else { return nil }
            let range = lower ..< upper
            let style = piece.style ?? base
            if case .atom(let atom) = piece.run {
                return TextRendering.Span(text: "", family: family, size: base.size, weight: base.weight, italic: base.italic, objectWidth: atom.width)
            }
            return TextRendering.Span(text: TextLine(range: range, width: 0, baseline: 0, isTruncated: false).text(in: string),
                                      family: piece.family ?? family, size: style.size, weight: style.weight, italic: style.italic)
        }
    }
}
