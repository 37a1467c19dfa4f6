import Foundation

/// The flexible row/column engine as a block of a scheme: its elements are distributed in
/// the block's source rect (reshaped by its constraints), in snapshots and layouts alike.
///
/// ```swift
/// let screen = FlexLayoutBlock(direction: .column, items: [
///     (content, .flexible),
///     (toolbar, .height(44)),
/// ])
/// LayoutScheme(blocks: [screen]).layout(in: root.layoutBounds)
/// ```
///
/// When the fixed sizes do not fit, the frames are computed anyway (flexible items get no
/// length) and the snapshot's `issue` says so, with the code `outOfSpace` and the block's
/// `name`. Elements share one parent: frames are in the space of the first item's parent.
public struct FlexLayoutBlock: LayoutBlockProtocol {
    /// An element and what it fixes of its size.
    public struct Item {
        public weak var element: (any LayoutElement)?
        public var size: FlexItemSize

        public init(_ element: any LayoutElement, _ size: FlexItemSize) {
            self.element = element
            self.size = size
        }
    }

    /// The items, in order; an item whose element is gone drops out.
    public var items: [Item]
    public var direction: FlexDirection
    public var alignment: FlexAlignment
    /// Constraints that reshape the source before the items are distributed, as a
    /// `LayoutBlock`'s do; e.g. a content constraint to lay items out in another element's
    /// layout bounds.
    public var constraints: [any LayoutConstraintProtocol]
    /// A name for the block in error messages.
    public var name: String?

    /// A block distributing `items` along `direction`.
    public init(
        name: String? = nil,
        direction: FlexDirection = .column,
        alignment: FlexAlignment = .leading,
        items: [Item],
        constraints: [any LayoutConstraintProtocol] = []
    ) {
        self.name = name
        self.direction = direction
        self.alignment = alignment
        self.items = items
        self.constraints = constraints
    }

    /// A block distributing `(element, size)` pairs along `direction`.
    public init(
        name: String? = nil,
        direction: FlexDirection = .column,
        alignment: FlexAlignment = .leading,
        items: [(any LayoutElement, FlexItemSize)],
        constraints: [any LayoutConstraintProtocol] = []
    ) {
        self.init(name: name, direction: direction, alignment: alignment, items: items.map { Item($0.0, $0.1) }, constraints: constraints)
    }

    public func compile(into compiler: inout LayoutCompiler) {
        let live = items.compactMap { item in item.element.map { ($0, item.size) } }
        let distribution = FlexDistribution(direction: direction, alignment: alignment)
        var sizes = live.map(\.1)
        let label = name.map { "flex block '\($0)'" } ?? "a flex block"
        // Sizes are constants: check them once. A bad one is laid out as 0 and reported by
        // every snapshot, so that frames are never negative or NaN.
        var invalid: LayoutError?
        if let (index, value) = distribution.invalidSize(count: sizes.count, size: { sizes[$0] }) {
            invalid = LayoutError(.invalidSize, "\(label): item \(index) has the fixed size \(value); sizes must be finite and 0 or more")
            sizes = sizes.map(\.sanitized)
        }
        let elements = live.map(\.0)
        compiler.addRoutine(elements: elements, space: elements.first?.superElement, constraints: constraints) { [sizes] slots, firstOutput in
            FlexRoutine(distribution: distribution, sizes: sizes, slots: slots, firstOutput: firstOutput, label: label, invalid: invalid)
        }
    }
}

/// A flex block compiled into a scheme.
struct FlexRoutine: LayoutRoutine {
    let distribution: FlexDistribution
    let sizes: [FlexItemSize]
    let slots: [Int32]
    let firstOutput: Int32
    let label: String
    /// Why the sizes are wrong, found when compiling.
    let invalid: LayoutError?

    func run<Store: LayoutStore>(
        in source: CGRect,
        direction: LayoutDirection,
        store: inout Store,
        outputs: UnsafeMutableBufferPointer<CGRect>
    ) -> LayoutError? {
        let overflow: FlexOverflow?
        if store.hasHidden, slots.contains(where: { store.isHidden($0) }) {
            // Hidden items take no place, as Yoga's `display: none`.
            let shown = slots.indices.filter { !store.isHidden(slots[$0]) }
            overflow = distribution.distribute(count: shown.count, in: source, direction: direction, size: { sizes[shown[$0]] }) { index, frame in
                store.setFrame(frame, of: slots[shown[index]])
                if firstOutput >= 0 { outputs[Int(firstOutput) + shown[index]] = frame }
            }
            placeHidden(slots, at: source.origin, store: &store, outputs: outputs, firstOutput: firstOutput)
        } else {
            overflow = distribution.distribute(count: slots.count, in: source, direction: direction, size: { sizes[$0] }) { index, frame in
                store.setFrame(frame, of: slots[index])
                if firstOutput >= 0 { outputs[Int(firstOutput) + index] = frame }
            }
        }
        if let invalid { return invalid }
        return overflow.map { LayoutError(.outOfSpace, "\(label): \($0)") }
    }
}

extension FlexItemSize {
    /// The size with negative and non-finite values replaced by 0.
    var sanitized: FlexItemSize {
        func clean(_ value: CGFloat) -> CGFloat { value.isFinite && value >= 0 ? value : 0 }
        switch self {
        case .flexible: return .flexible
        case .width(let value): return .width(clean(value))
        case .height(let value): return .height(clean(value))
        case .size(let size): return .size(CGSize(width: clean(size.width), height: clean(size.height)))
        }
    }
}
