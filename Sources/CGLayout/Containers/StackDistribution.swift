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
    ///
    /// The arithmetic is CGLayout's, step by step: each item starts from the previous item's
    /// edge, the gaps are found from the summed lengths, and the source is read standardized
    /// (its `minX`, `maxX`, `midX`, `width`), so that the frames agree with the original to the
    /// last bit, negative sources included.
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
        case (.equally, .equal(let gap)): length = (main.extent - (n - 1) * gap) / n
        case (.equally, .equally): length = main.extent / n
        }
        let gap: CGFloat
        switch spacing {
        case .equal(let value): gap = value
        case .equally:
            var full: CGFloat = 0
            for _ in 0..<count { full += abs(length) }
            // One item has no gap; CGLayout divides by zero here but never uses the result.
            gap = count > 1 ? (main.extent - full) / (n - 1) : 0
        }
        let mirrored = layoutDirection == .rightToLeft && axis == .horizontal
        let lowerEnd = Swift.min(length, 0)
        let upperEnd = Swift.max(length, 0)
        // Each item starts from the previous one's edge: its max edge going forwards, its min
        // edge going backwards.
        let backwards: Bool
        let centring: CGFloat?
        switch direction {
        case .fromCenter:
            // Laid out from the leading edge, then the whole run moved (and standardized, as
            // Foundation's `offsetBy` does) so that its middle is the source's.
            backwards = false
            var last = main.lower
            for _ in 1..<count { last = gap + (last + upperEnd) }
            let first = main.lower + lowerEnd
            centring = main.mid - (((last + upperEnd) - first) / 2 + first)
        case .fromLeading where !mirrored, .fromTrailing where mirrored:
            (backwards, centring) = (false, nil)
        case .fromLeading, .fromTrailing:
            (backwards, centring) = (true, nil)
        }
        var start = backwards ? main.upper - abs(length) : main.lower
        for index in 0..<count {
            if index > 0 {
                start = backwards ? (-gap + (start + lowerEnd)) - abs(length) : gap + (start + upperEnd)
            }
            let along = centring.map { Interval(min: (start + lowerEnd) + $0, length: abs(length)) } ?? Interval(min: start, length: length)
            var frame = CGRect.zero
            frame.setInterval(along, mainAxis)
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
        let size: CGFloat
        switch crossAlignment {
        case .fill:
            size = cross.extent
        case .leading, .center, .trailing:
            let offered = axis == .horizontal
                ? CGSize(width: mainLength, height: cross.extent)
                : CGSize(width: cross.extent, height: mainLength)
            size = crossSize(item, offered)
        }
        // `fill` is CGLayout's: the alignment places a cross as long as the source. Our own
        // cross alignments place the item's own size at an edge, offset by the alignment.
        if crossAlignment != .fill {
            // A vertical stack's cross axis is horizontal: leading and trailing follow the
            // reading direction, as in UIStackView.
            var edge = crossAlignment
            if axis == .vertical, layoutDirection == .rightToLeft {
                edge = edge == .leading ? .trailing : edge == .trailing ? .leading : edge
            }
            let offset: CGFloat
            switch alignment {
            case .leading(let value), .center(let value): offset = value
            case .trailing(let value): offset = -value
            }
            switch edge {
            case .trailing: return Interval(min: cross.upper - abs(size) + offset, length: size)
            case .center: return Interval(min: cross.mid - abs(size) / 2 + offset, length: size)
            default: return Interval(min: cross.lower + offset, length: size)
            }
        }
        switch alignment {
        case .leading(let offset): return Interval(min: cross.lower + offset, length: size)
        case .trailing(let offset): return Interval(min: cross.upper - size - offset, length: size)
        case .center(let offset): return Interval(min: cross.mid - size / 2 + offset, length: size)
        }
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
