/// A constraint that sizes the source to what an element's content needs
/// (`ENGINE.md` §4.5).
///
/// With incoming source `S`: `fitted = (S.origin, sizeThatFits(S.size))`; each size anchor
/// sets `S.width = m · fitted.width` or `S.height = m · fitted.height`; then the alignment
/// places the result inside the original `S` (`.equal` keeps `S.origin`). Because it measures
/// in the current source, its position in the constraint list matters.
public struct AdjustLayoutConstraint: LayoutConstraintProtocol {
    /// The element that measures its content.
    public private(set) weak var element: (any AdaptiveLayoutElement)?
    /// The size anchors (`.width(m)`, `.height(m)`), applied in order against the fitted rect.
    public var anchors: [LayoutAnchor]
    /// Where the sized source goes inside the original source.
    public var alignment: Layout.Alignment

    init(element: any AdaptiveLayoutElement, anchors: [LayoutAnchor], alignment: Layout.Alignment) {
        self.element = element
        self.anchors = anchors
        self.alignment = alignment
    }

    public var isActive: Bool { element != nil }

    public func compile(into compiler: inout LayoutCompiler) {
        guard let element else { return }
        compiler.addAdjustConstraint(element: element, anchors: anchors, alignment: alignment)
    }
}

extension AdaptiveLayoutElement {
    /// A constraint that sizes the source from this element's `sizeThatFits`.
    ///
    /// - Parameters:
    ///   - sizes: Which dimensions to adjust and by what multiplier of the fitted size.
    ///   - alignment: Where the adjusted source goes inside the original source.
    public func adjustLayoutConstraint(
        for sizes: [LayoutAnchor.Size],
        alignment: Layout.Alignment = .equal
    ) -> AdjustLayoutConstraint {
        AdjustLayoutConstraint(element: self, anchors: sizes.map(LayoutAnchor.size), alignment: alignment)
    }
}
