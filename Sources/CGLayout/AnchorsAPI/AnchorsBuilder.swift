public import Foundation

/// The block element's own anchors inside `layoutBlock(with:) { anchors in … }`: each call
/// records one relation; the block's constraints are built from them in phases.
///
/// ```swift
/// title.layoutBlock(with: Layout(height: .fixed(20))) { anchors in
///     anchors.left.align(by: avatar.layoutAnchors.right)
///     anchors.right.limit(by: menu.layoutAnchors.left)
///     anchors.top.align(by: avatar.layoutAnchors.top)
/// }
/// ```
public final class AnchorsBuilder<Element: LayoutElement> {
    let element: Element
    let recorder = RelationRecorder()

    init(element: Element) {
        self.element = element
    }

    public var left: SideAnchor<LayoutAxis.Horizontal> { SideAnchor(recorder: recorder, source: .left) }
    public var right: SideAnchor<LayoutAxis.Horizontal> { SideAnchor(recorder: recorder, source: .right) }
    public var leading: SideAnchor<LayoutAxis.Horizontal> { SideAnchor(recorder: recorder, source: .leading) }
    public var trailing: SideAnchor<LayoutAxis.Horizontal> { SideAnchor(recorder: recorder, source: .trailing) }
    public var top: SideAnchor<LayoutAxis.Vertical> { SideAnchor(recorder: recorder, source: .top) }
    public var bottom: SideAnchor<LayoutAxis.Vertical> { SideAnchor(recorder: recorder, source: .bottom) }
    public var centerX: CenterAnchor<LayoutAxis.Horizontal> { CenterAnchor(recorder: recorder, source: .centerX) }
    public var centerY: CenterAnchor<LayoutAxis.Vertical> { CenterAnchor(recorder: recorder, source: .centerY) }
    public var width: DimensionRelations<Element> { DimensionRelations(builder: self, axis: .horizontal) }
    public var height: DimensionRelations<Element> { DimensionRelations(builder: self, axis: .vertical) }
}

extension AnchorsBuilder where Element: TextPresentedElement {
    /// The element's baseline as a source. As in CGLayout it is a `top` anchor of the
    /// element's source rect: it places the element's **top**, not its baseline, at the
    /// target (`ENGINE.md` §7.5). Offset the layout by the baseline to align baselines.
    public var baseline: SideAnchor<LayoutAxis.Vertical> { SideAnchor(recorder: recorder, source: .baseline) }
}

/// A side of the block element (`left`, `right`, `top`, …) as the source of a relation.
public struct SideAnchor<Axis> {
    let recorder: RelationRecorder
    let source: SourceAnchorKey

    /// Moves the source (keeping its size) so that this side is at the target.
    public func align(by target: AnchorPoint<Axis>) { record(.align, target) }
    /// A synonym of `align(by:)`, as Auto Layout users write it.
    public func equal(to target: AnchorPoint<Axis>) { record(.align, target) }
    /// Moves this side to the target, keeping the opposite side (stretches the source).
    public func pull(to target: AnchorPoint<Axis>) { record(.pull, target) }
    /// Stretches this side to the target if it is past it: left/top may not be before the
    /// target, right/bottom not after it (leading/trailing as left/right, mirrored right-to-left).
    public func limit(by target: AnchorPoint<Axis>) { record(.limit, target) }
    /// Moves the source to the target if this side is before it in reading order.
    public func fartherThanOrEqual(to target: AnchorPoint<Axis>) { record(.fartherThanOrEqual, target) }
    /// Moves the source to the target if this side is after it in reading order.
    public func nearerThanOrEqual(to target: AnchorPoint<Axis>) { record(.nearerThanOrEqual, target) }

    private func record(_ kind: PointRelation.Kind, _ target: AnchorPoint<Axis>) {
        recorder.record(RecordedRelation(source: source, kind: kind, target: target.element, targetPoint: target.point, reference: target.reference))
    }
}

/// The centre of the block element on one axis as the source of a relation.
public struct CenterAnchor<Axis> {
    let recorder: RelationRecorder
    let source: SourceAnchorKey

    /// Moves the source (keeping its size) so that its centre is at the target.
    public func align(by target: AnchorPoint<Axis>) { record(.align, target) }
    /// A synonym of `align(by:)`.
    public func equal(to target: AnchorPoint<Axis>) { record(.align, target) }
    /// Stretches the source about one edge so that its centre is at the target (§7.1).
    public func pull(to target: AnchorPoint<Axis>) { record(.pull, target) }

    private func record(_ kind: PointRelation.Kind, _ target: AnchorPoint<Axis>) {
        recorder.record(RecordedRelation(source: source, kind: kind, target: target.element, targetPoint: target.point, reference: target.reference))
    }
}

/// The block element's width or height as the source of a relation.
public struct DimensionRelations<Element: LayoutElement> {
    let builder: AnchorsBuilder<Element>
    let axis: Axis

    /// This dimension equals the other's (either axis).
    public func equal(to target: DimensionAnchor) {
        builder.recorder.record(size: .related(target.element, DimensionRule(reference: target.axis, multiplier: 1, constant: 0)), axis: axis)
    }

    /// This dimension is a constant.
    public func equal(to constant: CGFloat) {
        builder.recorder.record(size: .constant(constant), axis: axis)
    }

    /// This dimension is `scale ·` the other's (same axis).
    public func scaled(by target: DimensionAnchor, scale: CGFloat) {
        builder.recorder.record(size: .related(target.element, DimensionRule(reference: axis, multiplier: scale, constant: 0)), axis: axis)
    }

    /// This dimension is the other's minus `box` (same axis; no clamping).
    public func boxed(by target: DimensionAnchor, box: CGFloat) {
        builder.recorder.record(size: .related(target.element, DimensionRule(reference: axis, multiplier: 1, constant: -box)), axis: axis)
    }
}

extension DimensionRelations where Element: AdaptiveLayoutElement {
    /// This dimension is `multiplier ·` what the element's content needs in the source,
    /// placed in the source by `alignment` (an `AdjustLayoutConstraint`).
    public func equalIntrinsicSize(_ multiplier: CGFloat = 1, alignment: Layout.Alignment = .equal) {
        let element: any LayoutElement = builder.element
        builder.recorder.record(size: .intrinsic(element, multiplier, alignment), axis: axis)
    }
}
