import Foundation

/// The source anchors in the order CGLayout emits each phase (`ENGINE.md` §7.3).
enum SourceAnchorKey: Int, CaseIterable {
    case left, right, leading, trailing, bottom, top, centerX, centerY, baseline

    /// The point a relation moves; a baseline source is a `top` anchor (§7.5).
    var point: PointAnchor {
        switch self {
        case .left: .left
        case .right: .right
        case .leading: .leading
        case .trailing: .trailing
        case .bottom: .bottom
        case .top, .baseline: .top
        case .centerX: .centerX
        case .centerY: .centerY
        }
    }
}

/// One recorded side or centre relation.
struct RecordedRelation {
    var source: SourceAnchorKey
    var kind: PointRelation.Kind
    var target: any LayoutElement
    var targetPoint: PointAnchor
    var reference: LayoutConstraint.Reference

    var constraint: LayoutConstraint {
        let relation = PointRelation(source: source.point, kind: kind, target: targetPoint)
        return LayoutConstraint(element: target, anchors: [LayoutAnchor(.relation(relation))], reference: reference)
    }
}

/// A recorded size relation.
enum SizeRelation {
    case constant(CGFloat)
    case related(any LayoutElement, DimensionRule)
    case intrinsic(any LayoutElement, CGFloat, Layout.Alignment)

    /// Where the relation runs in phase 3: constants, then related sizes, then intrinsic.
    var sort: Int {
        switch self {
        case .constant: 0
        case .related: 1
        case .intrinsic: 2
        }
    }
}

/// Collects the relations of an anchors-API block and emits them as constraints in
/// CGLayout's phases, whatever the declaration order (`ENGINE.md` §7.3, §13.6 — kept):
/// pulls, then limits (with farther/nearer), then sizes, then aligns.
final class RelationRecorder {
    private var pulls: [SourceAnchorKey: RecordedRelation] = [:]
    private var limits: [SourceAnchorKey: [RecordedRelation]] = [:]
    private var aligns: [SourceAnchorKey: RecordedRelation] = [:]
    private var sizes: [Int: SizeRelation] = [:]

    /// Records a side relation; a second align or pull on the same anchor replaces the first,
    /// limits accumulate in declaration order.
    func record(_ relation: RecordedRelation) {
        switch relation.kind {
        case .pull: pulls[relation.source] = relation
        case .align: aligns[relation.source] = relation
        case .limit, .fartherThanOrEqual, .nearerThanOrEqual: limits[relation.source, default: []].append(relation)
        }
    }

    /// Records a size relation; a second one of the same sort on the same axis replaces the first.
    func record(size: SizeRelation, axis: Axis) {
        sizes[size.sort * 2 + (axis == .horizontal ? 0 : 1)] = size
    }

    /// The constraints, in phase order.
    func constraints() -> [any LayoutConstraintProtocol] {
        var result: [any LayoutConstraintProtocol] = []
        for key in SourceAnchorKey.allCases {
            if let pull = pulls[key] { result.append(pull.constraint) }
        }
        for key in SourceAnchorKey.allCases {
            result += (limits[key] ?? []).map(\.constraint)
        }
        for index in 0..<6 {
            guard let size = sizes[index] else { continue }
            result.append(Self.constraint(for: size, axis: index % 2 == 0 ? .horizontal : .vertical))
        }
        for key in SourceAnchorKey.allCases {
            if let align = aligns[key] { result.append(align.constraint) }
        }
        return result
    }

    private static func constraint(for size: SizeRelation, axis: Axis) -> any LayoutConstraintProtocol {
        switch size {
        case .constant(let value):
            let rule = DimensionRule(reference: nil, multiplier: 0, constant: value)
            return AnonymConstraint(anchors: [LayoutAnchor(.dimension(axis, rule))])
        case .related(let element, let rule):
            return LayoutConstraint(element: element, anchors: [LayoutAnchor(.dimension(axis, rule))], reference: .frame)
        case .intrinsic(let element, let multiplier, let alignment):
            let rule = DimensionRule(reference: axis, multiplier: multiplier, constant: 0)
            // Only adaptive elements can record an intrinsic size (`equalIntrinsicSize`).
            guard let adaptive = element as? any AdaptiveLayoutElement else { return AnonymConstraint(anchors: []) }
            return AdjustLayoutConstraint(element: adaptive, anchors: [LayoutAnchor(.dimension(axis, rule))], alignment: alignment)
        }
    }
}

extension LayoutElement {
    /// A block built with the anchors API (`ENGINE.md` §7): the closure runs once, now, and
    /// the relations it records become the block's constraints.
    public func layoutBlock(with layout: Layout = .equal, constraints: (AnchorsBuilder<Self>) -> Void) -> LayoutBlock {
        let builder = AnchorsBuilder(element: self)
        constraints(builder)
        return LayoutBlock(element: self, layout: layout, constraints: builder.recorder.constraints())
    }
}
