import CGLayout
import Foundation

/// A list of `count` rows in a container, each a label measuring its text below the row
/// before it: the shape of a settings screen or a feed, at any size.
public final class RowList {
    public let container: LayoutView
    public let rows: [LayoutLabel]
    public let scheme: LayoutScheme

    public init(count: Int) {
        container = LayoutView(frame: CGRect(x: 0, y: 0, width: 375, height: CGFloat(count) * 60), identifier: "list")
        rows = (0..<count).map { LayoutLabel(identifier: "row\($0)", text: TextMetrics(length: 20 + $0 % 40, advance: 7, lineHeight: 18)) }
        for row in rows { container.addSubview(row) }
        var blocks: [any LayoutBlockProtocol] = []
        for (index, row) in rows.enumerated() {
            let above: [any LayoutConstraintProtocol] = index == 0 ? [] : [rows[index - 1].layoutConstraint(for: [.bottom(.align(by: .outer))])]
            blocks.append(row.layoutBlock(with: Layout(x: .leading(16), y: .top(8), width: .boxed(16), height: .scaled(1)),
                                          constraints: above + [row.adjustLayoutConstraint(for: [.height()])]))
        }
        scheme = LayoutScheme(blocks: blocks)
    }
}
