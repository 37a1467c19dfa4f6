public import Foundation

/// Distributes a list of elements along an axis in the rect it is given (`ENGINE.md` §8).
///
/// ```swift
/// var stack = StackLayoutScheme(items: [first, second, third])
/// stack.axis = .vertical
/// stack.spacing = .equal(8)
/// stack.filling = .equal(44)
/// stack.layout(in: root.layoutBounds)
/// ```
///
/// Items share one parent: their frames are computed in the space of the first item's
/// parent, which is the space of the rect the scheme is given. A bare stack in a scheme
/// contributes one snapshot child per item; a `StackLayoutGuide` runs its stack in its own
/// layout bounds instead.
public struct StackLayoutScheme: LayoutBlockProtocol {
    /// The axis items follow each other on.
    public enum Axis: Sendable, Hashable {
        case horizontal
        case vertical
    }

    /// The gap between neighbours.
    public enum Spacing: Sendable, Hashable {
        /// What is left once the items are sized, shared between the gaps.
        case equally
        /// A fixed gap.
        case equal(CGFloat)
    }

    /// The items' size along the axis.
    public enum Filling: Sendable, Hashable {
        /// Every item gets the same share of the length (less the fixed gaps, if any).
        case equally
        /// Every item gets this length.
        case equal(CGFloat)
    }

    /// CGLayout's cross-axis alignment: an offset from the cross-axis start (`leading`,
    /// `center`) or against it (`trailing`). With `crossAlignment == .fill` every item spans
    /// the full cross size, so this is only an offset.
    public enum Alignment: Sendable, Hashable {
        case leading(CGFloat)
        case center(CGFloat)
        case trailing(CGFloat)
    }

    /// Where the first item goes.
    public enum Direction: Sendable, Hashable {
        /// From the leading end: the left of a horizontal stack (the right in right-to-left
        /// layouts), the top of a vertical one.
        case fromLeading
        /// From the trailing end, the order running backwards.
        case fromTrailing
        /// Forward, with the whole run centred on the axis; direction has no effect.
        case fromCenter
    }

    /// How items are sized and placed on the cross axis.
    public enum CrossAlignment: Sendable, Hashable {
        /// Every item spans the full cross size (CGLayout's behaviour; the default).
        case fill
        /// Each item keeps its own cross size (its `sizeThatFits` for the offered size,
        /// its current size for elements that do not measure) at the cross-axis start: the
        /// top of a horizontal stack, the leading side of a vertical one.
        case leading
        /// Each item keeps its own cross size, centred on the cross axis.
        case center
        /// Each item keeps its own cross size at the cross-axis end.
        case trailing
    }

    /// Provides the items each time the scheme is compiled or laid out.
    public var items: () -> [any LayoutElement]
    /// Default `.horizontal`.
    public var axis: Axis = .horizontal
    /// Default `.equally`.
    public var spacing: Spacing = .equally
    /// Default `.equally`.
    public var filling: Filling = .equally
    /// Default `.center(0)`.
    public var alignment: Alignment = .center(0)
    /// Default `.fromLeading`.
    public var direction: Direction = .fromLeading
    /// Default `.fill`.
    public var crossAlignment: CrossAlignment = .fill
    /// Constraints that reshape the rect the stack is given before the items are
    /// distributed, as a `LayoutBlock`'s do (an addition to CGLayout: none by default).
    public var constraints: [any LayoutConstraintProtocol] = []

    /// A stack of the elements `items` returns when the scheme runs (CGLayout's form).
    public init(items: @escaping () -> [any LayoutElement]) {
        self.items = items
    }

    /// A stack of `items`, held weakly as blocks hold their elements: an item that is gone
    /// drops out of the stack.
    public init(items: [any LayoutElement]) {
        let references = items.map(WeakElement.init)
        self.items = { references.compactMap(\.element) }
    }

    /// The distribution rules, as a value.
    var distribution: StackDistribution {
        StackDistribution(axis: axis, spacing: spacing, filling: filling, alignment: alignment, direction: direction, crossAlignment: crossAlignment)
    }

    public func compile(into compiler: inout LayoutCompiler) {
        let elements = items()
        let distribution = distribution
        compiler.addRoutine(elements: elements, space: elements.first?.superElement, constraints: constraints) { slots, firstOutput in
            StackRoutine(distribution: distribution, slots: slots, firstOutput: firstOutput)
        }
    }
}

/// A weak reference to an element.
struct WeakElement {
    weak var element: (any LayoutElement)?

    init(_ element: any LayoutElement) {
        self.element = element
    }
}
