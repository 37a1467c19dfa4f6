public import CGLayout
import Foundation

/// What a drawing shows of a box beyond its frame: its border and padding, resolved in
/// points (`docs/format.md` §1.9), so that a person can see where the content box is.
public struct BoxDecoration: Sendable, Hashable {
    /// The border's widths.
    public var border: EdgeInsets
    /// The padding, percentages resolved against the containing block's width.
    public var padding: EdgeInsets
}

extension SchemeDocument {
    /// The border and padding of every element of a box tree that has either, for drawing
    /// `snapshot`. Elements outside box trees are not in the dictionary.
    public func boxDecorations(for snapshot: DocumentSnapshot) -> [String: BoxDecoration] {
        let frames = Dictionary(snapshot.elements.map { ($0.id, $0.frame) }, uniquingKeysWith: { first, _ in first })
        var decorations: [String: BoxDecoration] = [:]
        var contentWidths: [String: CGFloat] = [:]
        for case .box(let block) in blocks.flatMap(\.leaves) + variants.flatMap(\.blocks).flatMap(\.leaves) {
            let container = block.container ?? elements.first { $0.id == block.root }?.parent ?? ReservedID.root
            let containerWidth: CGFloat = switch container {
            case ReservedID.root: snapshot.environment.bounds.width
            case ReservedID.safeArea: snapshot.environment.safeAreaFrame.width
            default: frames[container]?.width ?? 0
            }
            // Parents come before their children in document order.
            for id in block.tree {
                guard let element = elements.first(where: { $0.id == id }), let frame = frames[id] else { continue }
                let style = element.box ?? BoxStyle()
                let base = id == block.root ? containerWidth : contentWidths[element.parent] ?? 0
                func resolve(_ length: BoxLength) -> CGFloat {
                    switch length {
                    case .points(let value): value
                    case .percent(let value): base * value / 100
                    case .auto: 0
                    }
                }
                let border = EdgeInsets(top: style.border.top, left: style.border.left, bottom: style.border.bottom, right: style.border.right)
                let padding = EdgeInsets(top: resolve(style.padding.top), left: resolve(style.padding.left),
                                         bottom: resolve(style.padding.bottom), right: resolve(style.padding.right))
                contentWidths[id] = max(0, frame.width - border.horizontal - padding.horizontal)
                if border != .zero || padding != .zero { decorations[id] = BoxDecoration(border: border, padding: padding) }
            }
        }
        return decorations
    }
}
