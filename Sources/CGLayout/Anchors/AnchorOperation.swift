import Foundation

/// One anchor in the form compiled schemes evaluate: a plain value, no existentials (user
/// rules are referenced by index into the program's table of custom constraints).
enum AnchorOperation: Sendable, Hashable {
    /// A side anchor of the v1 API (`ENGINE.md` §3.2), resolved to its primitive.
    case edge(EdgeStep)
    /// `leading`/`trailing` (§3.3): one resolved step per direction.
    case directionalEdge(leftToRight: EdgeStep, rightToLeft: EdgeStep)
    /// `center.align(by:)` (§3.4).
    case center(LayoutAnchor.CenterMode)
    /// A size from the reference's size or a constant (§3.5, §7.2).
    case dimension(Axis, DimensionRule)
    /// `insets(e)`: the reference is ignored.
    case insets(EdgeInsets)
    /// `equal(rect)`: the source becomes a constant rect.
    case rect(CGRect)
    /// `equally`: the source becomes the reference.
    case equally
    /// A side or centre relation of the anchors API (§7.1–7.2).
    case relation(PointRelation)
    /// A user rule, by index into the custom constraints table.
    case custom(Int)

    /// The operation with `leading`/`trailing` resolved for `direction`.
    func resolved(_ direction: LayoutDirection) -> AnchorOperation {
        switch self {
        case .directionalEdge(let leftToRight, let rightToLeft): .edge(direction == .leftToRight ? leftToRight : rightToLeft)
        case .relation(let relation): .relation(relation.resolved(direction))
        default: self
        }
    }

    func apply(
        to source: inout CGRect,
        reference: CGRect,
        direction: LayoutDirection,
        customConstraints: UnsafeBufferPointer<any RectBasedConstraint>
    ) {
        switch self {
        case .edge(let step):
            step.apply(to: &source, reference: reference)
        case .directionalEdge(let leftToRight, let rightToLeft):
            (direction == .leftToRight ? leftToRight : rightToLeft).apply(to: &source, reference: reference)
        case .center(let mode):
            mode.apply(to: &source, reference: reference)
        case .dimension(let axis, let rule):
            var interval = source.interval(axis)
            interval.length = rule.value(reference: reference)
            source.setInterval(interval, axis)
        case .insets(let insets):
            source = source.inset(by: insets)
        case .rect(let rect):
            source = rect
        case .equally:
            source = reference
        case .relation(let relation):
            relation.resolved(direction).apply(to: &source, reference: reference)
        case .custom(let index):
            customConstraints[index].formConstrain(sourceRect: &source, by: reference, direction: direction)
        }
    }
}

extension LayoutAnchor.CenterMode {
    /// `center.align(by:)` (§3.4): S keeps its size; its centre or its origin goes on R's centre
    /// (both read standardized, as Foundation's `midX` and `width`).
    @inline(__always)
    func apply(to source: inout CGRect, reference: CGRect) {
        switch self {
        case .center:
            source.origin.x = reference.midX - abs(source.size.width) / 2
            source.origin.y = reference.midY - abs(source.size.height) / 2
        case .origin:
            source.origin.x = reference.midX
            source.origin.y = reference.midY
        }
    }
}

extension DimensionRule {
    /// The length, from the reference's size read as Foundation's `width` reads it (its magnitude).
    @inline(__always)
    func value(reference rect: CGRect) -> CGFloat {
        guard let reference else { return constant }
        return multiplier * abs(rect.length(reference)) + constant
    }
}

/// The sides a v1 anchor can name.
enum AnchorEdge: UInt8, Sendable, Hashable {
    case left, right, top, bottom, leading, trailing

    /// The operation for `rule` on this side; `leading`/`trailing` get one step per direction.
    func operation(_ rule: EdgeRule) -> AnchorOperation {
        switch self {
        case .leading: .directionalEdge(leftToRight: EdgeStep(.left, rule), rightToLeft: EdgeStep(.right, rule))
        case .trailing: .directionalEdge(leftToRight: EdgeStep(.right, rule), rightToLeft: EdgeStep(.left, rule))
        default: .edge(EdgeStep(self, rule))
        }
    }
}

/// A side anchor resolved when it is built: the axis, which edge of the reference it
/// reads, and the primitive it applies (the §3.2 matrix, evaluated once).
struct EdgeStep: Sendable, Hashable {
    var axis: Axis
    var readsMaxEdge: Bool
    var primitive: EdgePrimitive

    /// `edge` must be `left`, `right`, `top` or `bottom`.
    init(_ edge: AnchorEdge, _ rule: EdgeRule) {
        axis = (edge == .left || edge == .right) ? .horizontal : .vertical
        let isMinEdge = edge == .left || edge == .top
        readsMaxEdge = !isMinEdge
        // Inner on a min edge keeps the source after the anchor; inner on a max edge keeps
        // it before; outer is the reverse.
        let after = isMinEdge == (rule.dependence == .inner)
        primitive = switch rule.kind {
        case .align: after ? .afterAlign : .beforeAlign
        case .limit: after ? .afterLimit : .beforeLimit
        case .pull: after ? .afterPull : .beforePull
        }
    }

    @inline(__always)
    func apply(to source: inout CGRect, reference: CGRect) {
        let edges = reference.interval(axis)
        source.setInterval(primitive.apply(to: source.interval(axis), anchor: readsMaxEdge ? edges.upper : edges.lower), axis)
    }
}
