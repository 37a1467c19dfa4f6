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
            if let slot = element.textSlot, case .text(let text)? = content.values[slot.slot] { styled.string = text }
            let style = base.scaled(by: snapshot.environment.textScale)
            let direction: TextDirection = snapshot.environment.direction == .rightToLeft ? .rightToLeft : .leftToRight
            // A box tree's text is as wide as Chrome measures it (to 1/64 px), and its snapped
            // frame up to half a pixel narrower: it is laid out in a pixel more, so that it
            // breaks where it was measured.
            let inBoxTree = boxed.contains(element.id)
            let pixel = inBoxTree ? 1 / (snapshot.environment.scale ?? 1) : 0
            guard let paragraph = try? engine.paragraph(styled.string, style: style, direction: direction),
                  let resolution = try? engine.resolve(style) else { continue }
            let layout = paragraph.layout(width: frame.size.width + pixel)
            let lineBox = inBoxTree ? paragraph.cssLineBox(pixelScale: snapshot.environment.scale ?? 1) : nil
            let lines = layout.lines.enumerated().map { index, line in
                TextRendering.Line(text: line.text(in: styled.string) + (line.isTruncated ? "…" : ""),
                                   baseline: lineBox.map { $0.baseline + Double(index) * $0.lineHeight } ?? line.baseline, width: line.width)
            }
            renderings[element.id] = TextRendering(family: resolution.primary.family.isEmpty ? "sans-serif" : resolution.primary.family,
                                                   size: style.size, weight: style.weight, italic: style.italic,
                                                   rightToLeft: (style.direction ?? direction) == .rightToLeft, lines: lines)
        }
        return renderings
    }
}
