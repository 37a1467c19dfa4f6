/// Axis markers that keep anchors-API relations on one axis: a horizontal source anchor
/// only accepts horizontal targets.
public enum AnchorAxis {
    /// `left`, `right`, `leading`, `trailing`, `centerX`.
    public enum Horizontal {}
    /// `top`, `bottom`, `centerY`, `baseline`.
    public enum Vertical {}
}

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

    public var left: AnchorPoint<AnchorAxis.Horizontal> { point(.left) }
    public var right: AnchorPoint<AnchorAxis.Horizontal> { point(.right) }
    /// `left` left-to-right, `right` right-to-left, resolved for each layout.
    public var leading: AnchorPoint<AnchorAxis.Horizontal> { point(.leading) }
    /// `right` left-to-right, `left` right-to-left, resolved for each layout.
    public var trailing: AnchorPoint<AnchorAxis.Horizontal> { point(.trailing) }
    public var centerX: AnchorPoint<AnchorAxis.Horizontal> { point(.centerX) }
    public var top: AnchorPoint<AnchorAxis.Vertical> { point(.top) }
    public var bottom: AnchorPoint<AnchorAxis.Vertical> { point(.bottom) }
    public var centerY: AnchorPoint<AnchorAxis.Vertical> { point(.centerY) }
    public var width: DimensionAnchor { DimensionAnchor(element: element, axis: .horizontal) }
    public var height: DimensionAnchor { DimensionAnchor(element: element, axis: .vertical) }

    private func point<Axis>(_ point: PointAnchor) -> AnchorPoint<Axis> {
        AnchorPoint(element: element, point: point, reference: .frame)
    }
}

extension LayoutAnchors where Element: TextPresentedElement {
    /// The first baseline: the y of the element's baseline rect.
    public var baseline: AnchorPoint<AnchorAxis.Vertical> {
        AnchorPoint(element: element, point: .top, reference: .baseline)
    }
}

extension LayoutElement {
    /// This element's anchors, as targets of the anchors API.
    public var layoutAnchors: LayoutAnchors<Self> { LayoutAnchors(element: self) }
}
