public import Foundation

/// Alignment plus filling: turns an element's current frame into its new frame inside a
/// source rect (`ENGINE.md` §2).
///
/// A layout is an ordered list of parts; each part assigns one field (x, y, width or
/// height) absolutely, so the last part that writes a field wins and nothing accumulates.
/// `Layout(x:y:width:height:)` evaluates width, height, x, y in that order, so alignments
/// see the final size. Layouts compose with `+`, which concatenates the part lists.
///
/// ```swift
/// let layout = Layout(x: .center(), y: .bottom(10), width: .scaled(0.5), height: .fixed(40))
/// layout.layout(rect: .zero, in: CGRect(x: 20, y: 10, width: 360, height: 280))
/// // (110, 240, 180, 40)
/// ```
public struct Layout: RectBasedLayout {
    /// The parts in evaluation order; `.custom` indexes into `customLayouts`.
    var operations: [LayoutOperation]
    /// User-provided layouts referenced by `.custom` operations.
    var customLayouts: [any RectBasedLayout]

    init(operations: [LayoutOperation], customLayouts: [any RectBasedLayout] = []) {
        self.operations = operations
        self.customLayouts = customLayouts
    }

    /// A layout from one rule per field; each defaults to `equal` (the source's value).
    public init(
        x: Alignment.Horizontal = .equal,
        y: Alignment.Vertical = .equal,
        width: Filling.Horizontal = .equal,
        height: Filling.Vertical = .equal
    ) {
        self.init(operations:
            width.steps.map { .fill($0, .horizontal) }
            + height.steps.map { .fill($0, .vertical) }
            + x.steps.map { .align($0, .horizontal) }
            + y.steps.map { .align($0, .vertical) })
    }

    /// A layout from an alignment and a filling (CGLayout's second form; it gives the same
    /// results as `init(x:y:width:height:)` because fillings never read the position).
    public init(alignment: Alignment, filling: Filling) {
        self.init(x: alignment.horizontal, y: alignment.vertical, width: filling.horizontal, height: filling.vertical)
    }

    /// A layout that runs a user-provided rule.
    public static func custom(_ layout: some RectBasedLayout) -> Layout {
        Layout(operations: [.custom(0)], customLayouts: [layout])
    }

    public func formLayout(rect: inout CGRect, in source: CGRect, direction: LayoutDirection) {
        customLayouts.withUnsafeBufferPointer { customLayouts in
            for operation in operations {
                operation.resolved(direction).apply(to: &rect, in: source, direction: direction, customLayouts: customLayouts)
            }
        }
    }

    /// Runs `lhs` then `rhs` against the same source: the last part writing a field wins.
    public static func + (lhs: Layout, rhs: Layout) -> Layout {
        let offset = lhs.customLayouts.count
        let shifted = rhs.operations.map { operation -> LayoutOperation in
            if case .custom(let index) = operation { return .custom(index + offset) }
            return operation
        }
        return Layout(operations: lhs.operations + shifted, customLayouts: lhs.customLayouts + rhs.customLayouts)
    }
}

/// One part of a layout, as stored and as evaluated by compiled schemes.
enum LayoutOperation: Sendable, Hashable {
    /// Writes the origin on one axis.
    case align(AlignmentStep, Axis)
    /// Writes the size on one axis.
    case fill(FillingStep, Axis)
    /// Writes the whole frame: `Layout.equal(rect)`.
    case rect(CGRect)
    /// The beta range layouts `Layout.left(s...)` and friends.
    case edgeRange(RangeEdge, CGFloat)
    /// A user layout, by index into the owner's table of custom layouts.
    case custom(Int)

    /// The side moved by a beta range layout.
    enum RangeEdge: UInt8, Sendable, Hashable {
        case left, right, top, bottom
    }

    /// The operation with `leading`/`trailing` resolved for `direction`.
    func resolved(_ direction: LayoutDirection) -> LayoutOperation {
        guard case .align(let step, let axis) = self else { return self }
        return .align(step.resolved(direction), axis)
    }

    /// Applies a resolved operation; `direction` only reaches custom layouts.
    @inline(__always)
    func apply(
        to rect: inout CGRect,
        in source: CGRect,
        direction: LayoutDirection,
        customLayouts: UnsafeBufferPointer<any RectBasedLayout>
    ) {
        switch self {
        case .align(let step, let axis):
            var interval = rect.interval(axis)
            interval.min = step.origin(length: interval.length, in: source.interval(axis))
            rect.setInterval(interval, axis)
        case .fill(let step, let axis):
            var interval = rect.interval(axis)
            interval.length = step.length(in: source.length(axis))
            rect.setInterval(interval, axis)
        case .rect(let value):
            rect = value
        case .edgeRange(let edge, let spacing):
            rect = Self.rangeLayout(rect, edge: edge, spacing: spacing, in: source)
        case .custom(let index):
            customLayouts[index].formLayout(rect: &rect, in: source, direction: direction)
        }
    }

    /// `ENGINE.md` §2.7: with `d = max(s, S.size − F.size)`, the moved edge goes to `d`
    /// inside the source while the opposite edge of the current frame stays.
    private static func rangeLayout(_ frame: CGRect, edge: RangeEdge, spacing: CGFloat, in source: CGRect) -> CGRect {
        let axis: Axis = (edge == .left || edge == .right) ? .horizontal : .vertical
        let current = frame.interval(axis)
        let space = source.interval(axis)
        let distance = Swift.max(spacing, space.extent - current.extent)
        var result = current
        switch edge {
        case .left, .top:
            let newMin = space.lower + distance
            result = Interval(min: newMin, length: Swift.max(0, current.upper - newMin))
        case .right, .bottom:
            result.length = Swift.max(0, space.upper - distance - current.lower)
        }
        var rect = frame
        rect.setInterval(result, axis)
        return rect
    }
}
