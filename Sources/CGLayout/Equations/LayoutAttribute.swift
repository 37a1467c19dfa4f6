/// An edge, centre or dimension of an element's frame that equations relate
/// (`NSLayoutConstraint.Attribute`, SwiftyLayout's `element[.width]`).
public enum LayoutAttribute: String, Sendable, Hashable, CaseIterable {
    case left, right, top, bottom
    /// `left` left-to-right, `right` right-to-left: resolved by each layout's direction.
    case leading
    /// `right` left-to-right, `left` right-to-left.
    case trailing
    case width, height, centerX, centerY
    /// The first baseline of a `TextPresentedElement`; the top of any other element.
    case baseline

    /// Whether the attribute lies on the horizontal axis.
    var isHorizontal: Bool {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX: true
        case .top, .bottom, .height, .centerY, .baseline: false
        }
    }
}
