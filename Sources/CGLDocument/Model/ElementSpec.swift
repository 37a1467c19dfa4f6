import CGLayout
import Foundation

/// One element of a scheme document (`SCHEME-FORMAT.md` §1.1), validated.
struct ElementSpec: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        case view, guide, stack, scroll
    }

    var id: String
    /// The parent's id; `$root` for top-level elements.
    var parent: String
    var kind: Kind
    var intrinsicSize: CGSize?
    var text: TextMetrics?
    /// The bounds origin: a view's `boundsOrigin`, a scroll's content offset.
    var boundsOrigin: CGPoint
    var stack: StackSpec?
    var scroll: ScrollSpec?
    var pointer: JSONPointer

    /// Whether the element measures content (adjust constraints and intrinsic sizes need it).
    var measuresContent: Bool { intrinsicSize != nil || text != nil || stack != nil }

    /// Whether other elements may name it as their parent: views, and scrolls (whose
    /// children are their content).
    var canContainElements: Bool { kind == .view || kind == .scroll }
}

/// The predefined ids every document may refer to.
enum ReservedID {
    /// The container, sized by the environment.
    static let root = "$root"
    /// The root inset by the environment's safe area.
    static let safeArea = "$safeArea"
    static let all = [root, safeArea]
}
