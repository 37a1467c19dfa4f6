import Foundation

/// The arithmetic of a stack (`ENGINE.md` §8.1), as a value a compiled scheme keeps.
struct StackDistribution: Sendable, Hashable {
    var axis: StackLayoutScheme.Axis
    var spacing: StackLayoutScheme.Spacing
    var filling: StackLayoutScheme.Filling
    var alignment: StackLayoutScheme.Alignment
    var direction: StackLayoutScheme.Direction
    var crossAlignment: StackLayoutScheme.CrossAlignment

    var mainAxis: Axis { axis == .horizontal ? .horizontal : .vertical }
    var crossAxis: Axis { axis == .horizontal ? .vertical : .horizontal }

    /// The frames of `count` items in `source`: `crossSize(i, offered)` answers item `i`'s
    /// own cross size when the cross alignment is not `fill`; `body(i, frame)` receives each.
    @inline(__always)
    func distribute(
        count: Int,
        in source: CGRect,
        direction layoutDirection: LayoutDirection,
        crossSize: (Int, CGSize) -> CGFloat,
        body: (Int, CGRect) -> Void
    ) {
        guard count > 0 else { return }
        let n = CGFloat(count)
        let main = source.interval(mainAxis)
        let cross = source.interval(crossAxis)
        let length: CGFloat
        switch (filling, spacing) {
        case (.equal(let value), _): length = value
        case (.equally, .equal(let gap)): length = (main.length - (n - 1) * gap) / n
        case (.equally, .equally): length = main.length / n
        }
        let gap: CGFloat
        switch spacing {
        case .equal(let value): gap = value
        // One item has no gap; CGLayout divides by zero here but never uses the result.
        case .equally: gap = count > 1 ? (main.length - n * length) / (n - 1) : 0
        }
        let pitch = length + gap
        let mirrored = layoutDirection == .rightToLeft && axis == .horizontal
        // The first item's start and the step to the next one.
        let start: CGFloat
        let step: CGFloat
        switch direction {
        case .fromCenter:
            let run = (n - 1) * pitch + length
            start = main.mid - run / 2
            step = pitch
        case .fromLeading where !mirrored, .fromTrailing where mirrored:
            start = main.min
            step = pitch
        case .fromLeading, .fromTrailing:
            start = main.max - length
            step = -pitch
        }
        for index in 0..<count {
            var frame = CGRect.zero
            frame.setInterval(Interval(min: start + CGFloat(index) * step, length: length), mainAxis)
            frame.setInterval(crossInterval(cross, item: index, mainLength: length, direction: layoutDirection, crossSize: crossSize), crossAxis)
            body(index, frame)
        }
    }

    @inline(__always)
    private func crossInterval(
        _ cross: Interval,
        item: Int,
        mainLength: CGFloat,
        direction layoutDirection: LayoutDirection,
        crossSize: (Int, CGSize) -> CGFloat
    ) -> Interval {
        let offset: CGFloat
        switch alignment {
        case .leading(let value), .center(let value): offset = value
        case .trailing(let value): offset = -value
        }
        let size: CGFloat
        let position: CGFloat
        switch crossAlignment {
        case .fill:
            return Interval(min: cross.min + offset, length: cross.length)
        case .leading, .center, .trailing:
            let offered = axis == .horizontal
                ? CGSize(width: mainLength, height: cross.length)
                : CGSize(width: cross.length, height: mainLength)
            size = crossSize(item, offered)
            // A vertical stack's cross axis is horizontal: leading and trailing follow the
            // reading direction, as in UIStackView.
            var placement = crossAlignment
            if axis == .vertical, layoutDirection == .rightToLeft {
                placement = placement == .leading ? .trailing : placement == .trailing ? .leading : placement
            }
            switch placement {
            case .trailing: position = cross.max - size
            case .center: position = cross.mid - size / 2
            default: position = cross.min
            }
        }
        return Interval(min: position + offset, length: size)
    }
}

/// A stack compiled into a scheme: lays out its items against the store.
struct StackRoutine: LayoutRoutine {
    let distribution: StackDistribution
    let slots: [Int32]
    let firstOutput: Int32

    func run<Store: LayoutStore>(
        in source: CGRect,
        direction: LayoutDirection,
        store: inout Store,
        outputs: UnsafeMutableBufferPointer<CGRect>
    ) -> LayoutError? {
        let crossAxis = distribution.crossAxis
        guard store.hasHidden, slots.contains(where: { store.isHidden($0) }) else {
            distribution.distribute(count: slots.count, in: source, direction: direction) { index, offered in
                store.sizeThatFits(offered, slots[index]).length(crossAxis)
            } body: { index, frame in
                store.setFrame(frame, of: slots[index])
                if firstOutput >= 0 { outputs[Int(firstOutput) + index] = frame }
            }
            return nil
        }
        // Hidden items take no place, as a hidden arranged view of a UIStackView.
        let shown = slots.indices.filter { !store.isHidden(slots[$0]) }
        distribution.distribute(count: shown.count, in: source, direction: direction) { index, offered in
            store.sizeThatFits(offered, slots[shown[index]]).length(crossAxis)
        } body: { index, frame in
            store.setFrame(frame, of: slots[shown[index]])
            if firstOutput >= 0 { outputs[Int(firstOutput) + shown[index]] = frame }
        }
        placeHidden(slots, at: source.origin, store: &store, outputs: outputs, firstOutput: firstOutput)
        return nil
    }
}

/// Gives the hidden elements of a stack or flex block a zero frame at the block's origin.
func placeHidden<Store: LayoutStore>(_ slots: [Int32], at origin: CGPoint, store: inout Store,
                                     outputs: UnsafeMutableBufferPointer<CGRect>, firstOutput: Int32) {
    for (index, slot) in slots.enumerated() where store.isHidden(slot) {
        let frame = CGRect(origin: origin, size: .zero)
        store.setFrame(frame, of: slot)
        if firstOutput >= 0 { outputs[Int(firstOutput) + index] = frame }
    }
}

extension CGSize {
    /// The size on one axis.
    @inline(__always)
    func length(_ axis: Axis) -> CGFloat {
        axis == .horizontal ? width : height
    }
}
