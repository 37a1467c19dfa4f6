import Foundation

/// The arithmetic of the flexible row/column engine, shared by `FlexLayout` and
/// `FlexLayoutBlock`.
///
/// Along the direction, fixed items take their length and flexible ones share what is
/// left equally, following each other from the container's start. On the cross axis an item
/// without a fixed cross size fills the container; one with a fixed cross size is placed by
/// the alignment. Right-to-left mirrors the result horizontally in the container: rows run
/// from the right, and a column's leading side is its right.
struct FlexDistribution: Sendable, Hashable {
    var direction: FlexDirection
    var alignment: FlexAlignment

    private var mainAxis: Axis { direction == .column ? .vertical : .horizontal }
    private var crossAxis: Axis { direction == .column ? .horizontal : .vertical }

    private func mainLength(_ size: FlexItemSize) -> CGFloat? { direction == .column ? size.height : size.width }
    private func crossLength(_ size: FlexItemSize) -> CGFloat? { direction == .column ? size.width : size.height }

    /// The first size that is negative or not finite, if any, with its item's index.
    func invalidSize(count: Int, size: (Int) -> FlexItemSize) -> (index: Int, value: CGFloat)? {
        for index in 0..<count {
            let item = size(index)
            if let width = item.width, !(width.isFinite && width >= 0) { return (index, width) }
            if let height = item.height, !(height.isFinite && height >= 0) { return (index, height) }
        }
        return nil
    }

    /// Computes every frame, handing each to `body`; returns the overflow if the fixed sizes
    /// do not fit (the frames are computed anyway: flexible items get no length, and fixed
    /// ones overflow the container's far side).
    @inline(__always)
    func distribute(
        count: Int,
        in container: CGRect,
        direction layoutDirection: LayoutDirection,
        size: (Int) -> FlexItemSize,
        body: (Int, CGRect) -> Void
    ) -> FlexOverflow? {
        let main = container.interval(mainAxis)
        let cross = container.interval(crossAxis)
        var fixed: CGFloat = 0
        var flexible = 0
        var overflow: FlexOverflow?
        for index in 0..<count {
            let item = size(index)
            if let length = mainLength(item) { fixed += length } else { flexible += 1 }
            if overflow == nil, let length = crossLength(item), exceeds(length, cross.length) {
                overflow = FlexOverflow(dimension: dimensionName(crossAxis), required: length, available: cross.length, item: index)
            }
        }
        if exceeds(fixed, main.length) {
            overflow = FlexOverflow(dimension: dimensionName(mainAxis), required: fixed, available: main.length, item: nil)
        }
        let share = flexible > 0 ? Swift.max(0, main.length - fixed) / CGFloat(flexible) : 0
        let mirrored = layoutDirection == .rightToLeft
        var position = main.min
        for index in 0..<count {
            let item = size(index)
            let length = mainLength(item) ?? share
            var frame = CGRect.zero
            frame.setInterval(Interval(min: position, length: length), mainAxis)
            frame.setInterval(crossInterval(crossLength(item), in: cross), crossAxis)
            if mirrored {
                let row = container.interval(.horizontal)
                frame.origin.x = row.min + row.max - frame.interval(.horizontal).max
            }
            body(index, frame)
            position += length
        }
        return overflow
    }

    private func crossInterval(_ length: CGFloat?, in cross: Interval) -> Interval {
        guard let length else { return cross }
        switch alignment {
        case .leading: return Interval(min: cross.min, length: length)
        case .center: return Interval(min: cross.mid - length / 2, length: length)
        case .trailing: return Interval(min: cross.max - length, length: length)
        }
    }

    /// Whether `required` exceeds `available` by more than rounding noise.
    private func exceeds(_ required: CGFloat, _ available: CGFloat) -> Bool {
        required - available > 1e-9 * Swift.max(1, abs(available))
    }

    private func dimensionName(_ axis: Axis) -> String { axis == .horizontal ? "width" : "height" }
}
