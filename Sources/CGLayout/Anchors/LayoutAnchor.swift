public import Foundation

/// A rule that reshapes a block's source rect against a reference rect (`ENGINE.md` §3):
/// the anchors of `LayoutConstraint`, `ContentLayoutConstraint` and `AnonymConstraint`.
///
/// ```swift
/// avatar.layoutConstraint(for: [.right(.align(by: .outer)), .top(.limit(on: .inner))])
/// ```
///
/// Side anchors come in three kinds on two dependences. *Inner* keeps the source on the
/// inside of the reference edge, *outer* on its outside; `align` moves the source keeping its
/// size, `limit` cuts it (never grows it), `pull` moves one edge and keeps the other.
public struct LayoutAnchor: RectBasedConstraint {
    var storage: Storage

    enum Storage: Sendable {
        case operation(AnchorOperation)
        case custom(any RectBasedConstraint)
    }

    init(_ operation: AnchorOperation) { storage = .operation(operation) }
    private init(storage: Storage) { self.storage = storage }

    /// Which side of the reference edge the source is kept on.
    public enum Dependence: UInt8, Sendable, Hashable {
        /// On the inside of the reference rect with respect to that edge.
        case inner
        /// On the outside.
        case outer
    }

    /// A rule for one side: `align`, `limit` or `pull`, inner or outer.
    public struct Side: Sendable, Hashable {
        let rule: EdgeRule

        /// Moves the source so that its edge meets the reference edge, keeping its size.
        public static func align(by dependence: Dependence) -> Side { Side(rule: EdgeRule(kind: .align, dependence: dependence)) }
        /// Keeps only the part of the source on the given side of the reference edge.
        public static func limit(on dependence: Dependence) -> Side { Side(rule: EdgeRule(kind: .limit, dependence: dependence)) }
        /// Moves the source's edge to the reference edge, keeping the opposite edge.
        public static func pull(from dependence: Dependence) -> Side { Side(rule: EdgeRule(kind: .pull, dependence: dependence)) }
    }

    /// How the source's centre relates to the reference centre.
    public struct Center: Sendable, Hashable {
        let mode: CenterMode

        /// `.center`: the source's centre goes on the reference centre; `.origin`: its origin does.
        public static func align(by dependence: CenterMode) -> Center { Center(mode: dependence) }
    }

    /// What `center.align(by:)` puts on the reference centre.
    public enum CenterMode: UInt8, Sendable, Hashable {
        /// The source's centre.
        case center
        /// The source's origin.
        case origin
    }

    /// The source's size as a multiple of the reference size; the origin is untouched.
    public struct Size: Sendable, Hashable {
        let axis: Axis
        let multiplier: CGFloat

        /// `S.width = multiplier · R.width`.
        public static func width(_ multiplier: CGFloat = 1) -> Size { Size(axis: .horizontal, multiplier: multiplier) }
        /// `S.height = multiplier · R.height`.
        public static func height(_ multiplier: CGFloat = 1) -> Size { Size(axis: .vertical, multiplier: multiplier) }
    }

    /// The left edge, `R.minX`.
    public static func left(_ side: Side) -> LayoutAnchor { LayoutAnchor(AnchorEdge.left.operation(side.rule)) }
    /// The right edge, `R.maxX`.
    public static func right(_ side: Side) -> LayoutAnchor { LayoutAnchor(AnchorEdge.right.operation(side.rule)) }
    /// The top edge, `R.minY`.
    public static func top(_ side: Side) -> LayoutAnchor { LayoutAnchor(AnchorEdge.top.operation(side.rule)) }
    /// The bottom edge, `R.maxY`.
    public static func bottom(_ side: Side) -> LayoutAnchor { LayoutAnchor(AnchorEdge.bottom.operation(side.rule)) }
    /// `left` when the layout runs left-to-right, `right` when it runs right-to-left.
    public static func leading(_ side: Side) -> LayoutAnchor { LayoutAnchor(AnchorEdge.leading.operation(side.rule)) }
    /// `right` when the layout runs left-to-right, `left` when it runs right-to-left.
    public static func trailing(_ side: Side) -> LayoutAnchor { LayoutAnchor(AnchorEdge.trailing.operation(side.rule)) }
    /// Centre alignment, keeping the source's size.
    public static func center(_ center: Center) -> LayoutAnchor { LayoutAnchor(.center(center.mode)) }
    /// The source's size from the reference's size.
    public static func size(_ size: Size) -> LayoutAnchor {
        LayoutAnchor(.dimension(size.axis, DimensionRule(reference: size.axis, multiplier: size.multiplier, constant: 0)))
    }
    /// The source inset by `insets`; the reference is ignored and sizes are not clamped.
    public static func insets(_ insets: EdgeInsets) -> LayoutAnchor { LayoutAnchor(.insets(insets)) }
    /// The source becomes `rect`.
    public static func equal(_ rect: CGRect) -> LayoutAnchor { LayoutAnchor(.rect(rect)) }
    /// The source becomes the reference rect.
    public static let equally = LayoutAnchor(.equally)
    /// A user-provided rule.
    public static func custom(_ constraint: some RectBasedConstraint) -> LayoutAnchor {
        LayoutAnchor(storage: .custom(constraint))
    }

    public func formConstrain(sourceRect: inout CGRect, by rect: CGRect, direction: LayoutDirection) {
        switch storage {
        case .operation(let operation):
            operation.apply(to: &sourceRect, reference: rect, direction: direction, customConstraints: UnsafeBufferPointer(start: nil, count: 0))
        case .custom(let constraint):
            constraint.formConstrain(sourceRect: &sourceRect, by: rect, direction: direction)
        }
    }
}

/// Kind and dependence of a side anchor.
struct EdgeRule: Sendable, Hashable {
    enum Kind: UInt8, Sendable, Hashable { case align, limit, pull }
    var kind: Kind
    var dependence: LayoutAnchor.Dependence
}

/// A size rule: `S.size[axis] = multiplier · R.size[reference] + constant`, or the constant
/// alone when there is no reference axis.
struct DimensionRule: Sendable, Hashable {
    var reference: Axis?
    var multiplier: CGFloat
    var constant: CGFloat
}
