package import Foundation

/// Anchors of an element known only as `any LayoutElement`, and an anchors-API block built
/// for one: the seam other modules of this package (scheme documents) use to build blocks
/// from data. `LayoutAnchors` and `layoutBlock(with:constraints:)` need a concrete type.
package struct AnyLayoutAnchors {
    package let element: any LayoutElement

    package init(_ element: any LayoutElement) {
        self.element = element
    }

    package var left: AnchorPoint<LayoutAxis.Horizontal> { point(.left) }
    package var right: AnchorPoint<LayoutAxis.Horizontal> { point(.right) }
    package var leading: AnchorPoint<LayoutAxis.Horizontal> { point(.leading) }
    package var trailing: AnchorPoint<LayoutAxis.Horizontal> { point(.trailing) }
    package var centerX: AnchorPoint<LayoutAxis.Horizontal> { point(.centerX) }
    package var top: AnchorPoint<LayoutAxis.Vertical> { point(.top) }
    package var bottom: AnchorPoint<LayoutAxis.Vertical> { point(.bottom) }
    package var centerY: AnchorPoint<LayoutAxis.Vertical> { point(.centerY) }
    /// The first baseline; meaningful for text elements (others have a baseline offset of 0).
    package var baseline: AnchorPoint<LayoutAxis.Vertical> { AnchorPoint(element: element, point: .top, reference: .baseline) }
    package var width: DimensionAnchor { DimensionAnchor(element: element, axis: .horizontal) }
    package var height: DimensionAnchor { DimensionAnchor(element: element, axis: .vertical) }

    private func point<Axis>(_ point: PointAnchor) -> AnchorPoint<Axis> {
        AnchorPoint(element: element, point: point, reference: .frame)
    }
}

/// The source anchors of an anchors-API block for an element known only as
/// `any LayoutElement` (see `AnyLayoutAnchors`).
package struct AnyAnchorsBuilder {
    let element: any LayoutElement
    let recorder = RelationRecorder()

    package var left: SideAnchor<LayoutAxis.Horizontal> { SideAnchor(recorder: recorder, source: .left) }
    package var right: SideAnchor<LayoutAxis.Horizontal> { SideAnchor(recorder: recorder, source: .right) }
    package var leading: SideAnchor<LayoutAxis.Horizontal> { SideAnchor(recorder: recorder, source: .leading) }
    package var trailing: SideAnchor<LayoutAxis.Horizontal> { SideAnchor(recorder: recorder, source: .trailing) }
    package var top: SideAnchor<LayoutAxis.Vertical> { SideAnchor(recorder: recorder, source: .top) }
    package var bottom: SideAnchor<LayoutAxis.Vertical> { SideAnchor(recorder: recorder, source: .bottom) }
    package var baseline: SideAnchor<LayoutAxis.Vertical> { SideAnchor(recorder: recorder, source: .baseline) }
    package var centerX: CenterAnchor<LayoutAxis.Horizontal> { CenterAnchor(recorder: recorder, source: .centerX) }
    package var centerY: CenterAnchor<LayoutAxis.Vertical> { CenterAnchor(recorder: recorder, source: .centerY) }

    /// Records a size relation on the block element's width or height.
    package func size(_ axis: LayoutAxisName, equalTo target: DimensionAnchor, multiplier: CGFloat = 1, constant: CGFloat = 0) {
        recorder.record(size: .related(target.element, DimensionRule(reference: target.axis, multiplier: multiplier, constant: constant)),
                        axis: axis.axis)
    }

    /// Records a constant size.
    package func size(_ axis: LayoutAxisName, equalTo constant: CGFloat) {
        recorder.record(size: .constant(constant), axis: axis.axis)
    }

    /// Records an intrinsic size; the element must be adaptive (ignored otherwise).
    package func intrinsicSize(_ axis: LayoutAxisName, multiplier: CGFloat, alignment: Layout.Alignment) {
        recorder.record(size: .intrinsic(element, multiplier, alignment), axis: axis.axis)
    }
}

/// Width or height, for building size relations from data.
package enum LayoutAxisName: Sendable {
    case width, height

    var axis: Axis { self == .width ? .horizontal : .vertical }
}

/// A block built with the anchors API for an element known only as `any LayoutElement`.
package func makeAnchorsBlock(
    for element: any LayoutElement,
    layout: Layout,
    relations: (AnyAnchorsBuilder) -> Void
) -> LayoutBlock {
    let builder = AnyAnchorsBuilder(element: element)
    relations(builder)
    return LayoutBlock(element: element, layout: layout, constraints: builder.recorder.constraints())
}
