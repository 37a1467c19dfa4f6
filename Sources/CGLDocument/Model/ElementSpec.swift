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
    var boundsOrigin: CGPoint
    var pointer: JSONPointer

    /// Whether the element measures content (adjust constraints and intrinsic sizes need it).
    var measuresContent: Bool { intrinsicSize != nil || text != nil }
}

/// The predefined ids every document may refer to.
enum ReservedID {
    /// The container, sized by the environment.
    static let root = "$root"
    /// The root inset by the environment's safe area.
    static let safeArea = "$safeArea"
    static let all = [root, safeArea]
}
