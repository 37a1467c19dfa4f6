import CGLayout
import Foundation

/// Where the name of each element without text goes in a drawing at its own size: inside
/// the element, in the first corner (top-left, top-right, bottom-left, bottom-right) where
/// it covers no other label and no drawn text; nowhere when no corner is free (the
/// element's tooltip still names it).
///
/// Label widths are estimated (10-point sans-serif, 6 points a character), which errs on
/// the wide side so that a placed label really fits. The HTML page places its labels again
/// in the browser, with measured widths, at the scale the reader chooses.
struct LabelPlacement {
    static let fontSize = 10.0
    static let characterWidth = 6.0
    static let padding = 2.0

    private var taken: [CGRect]

    /// A placement that keeps clear of the lines of `texts` drawn in their elements' frames.
    init(avoiding texts: [String: TextRendering], frames: [String: CGRect]) {
        taken = texts.flatMap { id, text -> [CGRect] in
            guard let frame = frames[id] else { return [] }
            return text.lines.map { line in
                let x = text.rightToLeft ? frame.maxX - line.width : frame.minX
                return CGRect(x: x, y: frame.minY + line.baseline - text.size, width: line.width, height: text.size * 1.25)
            }
        }
    }

    /// The top-left point of `label` in `frame`, and takes its room; `nil` when it fits in no
    /// free corner.
    mutating func place(_ label: String, in frame: CGRect) -> CGPoint? {
        let frame = frame.standardized
        let size = CGSize(width: Double(label.count) * Self.characterWidth, height: Self.fontSize * 1.2)
        let left = frame.minX + Self.padding, right = frame.maxX - Self.padding - size.width
        let top = frame.minY + Self.padding, bottom = frame.maxY - Self.padding - size.height
        guard left <= right, top <= bottom else { return nil }
        for corner in [CGPoint(x: left, y: top), CGPoint(x: right, y: top), CGPoint(x: left, y: bottom), CGPoint(x: right, y: bottom)] {
            let box = CGRect(origin: corner, size: size)
            if !taken.contains(where: { $0.intersects(box) }) {
                taken.append(box)
                return corner
            }
        }
        return nil
    }
}
