import Foundation

/// The elements as a scheme compiled them, read as a store: their captured frames and
/// content sizings, nothing hidden. What an equations block's solver starts from.
struct CompiledElementStore: LayoutStore {
    let records: [ElementRecord]
    let sizings: [ContentSizing]

    /// The size offered to content when no block has constrained it yet.
    static let unconstrained = CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    func frame(_ slot: Int32) -> CGRect { records[Int(slot)].frame }

    func setFrame(_ frame: CGRect, of slot: Int32) {}

    func spaceOffset(_ slot: Int32) -> CGPoint {
        let record = records[Int(slot)]
        return CGPoint(x: record.frame.origin.x - record.boundsOrigin.x, y: record.frame.origin.y - record.boundsOrigin.y)
    }

    func layoutBounds(_ slot: Int32) -> CGRect {
        let record = records[Int(slot)]
        return record.layoutBoundsRule.layoutBounds(forFrame: record.frame, boundsOrigin: record.boundsOrigin)
    }

    func baselineOffset(_ slot: Int32) -> CGFloat { records[Int(slot)].baselineOffset }

    /// The content's size for `size`; zero where that is not finite (a value the solver
    /// must not start from).
    func sizeThatFits(_ size: CGSize, _ slot: Int32) -> CGSize {
        let record = records[Int(slot)]
        let fitted = record.sizing >= 0 ? sizings[Int(record.sizing)].sizeThatFits(size, currentSize: record.frame.size) : record.frame.size
        return fitted.width.isFinite && fitted.height.isFinite ? fitted : .zero
    }

    var hasHidden: Bool { false }

    func isHidden(_ slot: Int32) -> Bool { false }
}
