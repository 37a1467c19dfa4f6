import CGLayout
import Foundation

/// One element of a scheme document (`docs/format.md` §1.1), validated.
struct ElementSpec: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        case view, guide, stack, scroll
    }

    var id: String
    /// The parent's id; `$root` for top-level elements.
    var parent: String
    var kind: Kind
    var intrinsicSize: CGSize?
    /// Monospace text.
    var text: TextMetrics?
    /// Text in a real font.
    var styledText: StyledTextSpec?
    /// The slot the styled text comes from (its string is the default).
    var textSlot: TextSlotSpec? = nil
    /// The slot the intrinsic size comes from (`intrinsicSize` is the default's).
    var sizeSlot: SizeSlotSpec? = nil
    /// The slot that says whether the element shows.
    var visibleSlot: String? = nil
    /// The bounds origin: a view's `boundsOrigin`, a scroll's content offset.
    var boundsOrigin: CGPoint
    var stack: StackSpec?
    var scroll: ScrollSpec?
    /// The element's CSS properties, for the `box` block that lays out its tree.
    var box: BoxStyle? = nil
    var pointer: JSONPointer

    /// Whether the element presents text, and so has a first baseline.
    var hasText: Bool { text != nil || styledText != nil }

    /// Whether the element measures content (adjust constraints and intrinsic sizes need it).
    var measuresContent: Bool { intrinsicSize != nil || text != nil || styledText != nil || stack != nil }

    /// Whether other elements may name it as their parent: views, and scrolls (whose
    /// children are their content).
    var canContainElements: Bool { kind == .view || kind == .scroll }
}

/// Text measured in a real font: its string or runs, and the name of its style
/// (`docs/format.md` §1.7).
struct StyledTextSpec: Sendable, Hashable {
    /// A `.text` or `.runs` value.
    var value: SlotValue
    var style: String
}

/// The predefined ids every document may refer to.
enum ReservedID {
    /// The container, sized by the environment.
    static let root = "$root"
    /// The root inset by the environment's safe area.
    static let safeArea = "$safeArea"
    static let all = [root, safeArea]
}
