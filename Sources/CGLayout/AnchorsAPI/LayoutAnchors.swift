/// A point of another element to relate to: `other.layoutAnchors.right`.
public struct AnchorPoint<Axis> {
    let element: any LayoutElement
    let point: PointAnchor
    let reference: LayoutConstraint.Reference
}

/// A dimension of another element to relate to: `other.layoutAnchors.width`.
public struct DimensionAnchor {
    let element: any LayoutElement
    let axis: Axis
}

/// The anchors of an element as targets of relations (`ENGINE.md` §7.1):
/// `element.layoutAnchors.right`, `.centerY`, `.width`, and `.baseline` for text elements.
public struct LayoutAnchors<Element: LayoutElement> {
    /// The element the anchors belong to.
    public let element: Element

    public var left: AnchorPoint<LayoutAxis.Horizontal> { point(.left) }
    public var right: AnchorPoint<LayoutAxis.Horizontal> { point(.right) }
    /// `left` left-to-right, `right` right-to-left, resolved for each layout.
    public var leading: AnchorPoint<LayoutAxis.Horizontal> { point(.leading) }
    /// `right` left-to-right, `left` right-to-left, resolved for each layout.
    public var trailing: AnchorPoint<LayoutAxis.Horizontal> { point(.trailing) }
    public var centerX: AnchorPoint<LayoutAxis.Horizontal> { point(.centerX) }
    public var top: AnchorPoint<LayoutAxis.Vertical> { point(.top) }
    public var bottom: AnchorPoint<LayoutAxis.Vertical> { point(.bottom) }
    public var centerY: AnchorPoint<LayoutAxis.Vertical> { point(.centerY) }
    public var width: DimensionAnchor { DimensionAnchor(element: element, axis: .horizontal) }
    public var height: DimensionAnchor { DimensionAnchor(element: element, axis: .vertical) }

    private func point<Axis>(_ point: PointAnchor) -> AnchorPoint<Axis> {
        AnchorPoint(element: element, point: point, reference: .frame)
    }
}

extension LayoutAnchors where Element: TextPresentedElement {
    /// The first baseline: the y of the element's baseline rect.
    public var baseline: AnchorPoint<LayoutAxis.Vertical> {
        AnchorPoint(element: element, point: .top, reference: .baseline)
    }
}

extension LayoutElement {
    /// This element's anchors, as targets of the anchors API.
    public var layoutAnchors: LayoutAnchors<Self> { LayoutAnchors(element: self) }
}
