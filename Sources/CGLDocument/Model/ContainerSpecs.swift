import CGLayout
import Foundation

/// A stack's settings (`docs/format.md` §1.1, `ENGINE.md` §8), for a `kind: stack` element
/// or a bare `{"stack": …}` block.
struct StackSpec: Sendable {
    var axis: StackLayoutScheme.Axis = .horizontal
    var spacing: StackLayoutScheme.Spacing = .equally
    var filling: StackLayoutScheme.Filling = .equally
    var alignment: StackLayoutScheme.Alignment = .center(0)
    var direction: StackLayoutScheme.Direction = .fromLeading
    var crossAlignment: StackLayoutScheme.CrossAlignment = .fill
    var insets: EdgeInsets = .zero
    var items: [String] = []
    /// Where the stack object is.
    var pointer: JSONPointer

    /// Copies the settings (not the items) into an engine stack.
    func configure(_ scheme: inout StackLayoutScheme) {
        scheme.axis = axis
        scheme.spacing = spacing
        scheme.filling = filling
        scheme.alignment = alignment
        scheme.direction = direction
        scheme.crossAlignment = crossAlignment
    }
}

/// A scroll element's settings (`docs/format.md` §1.1, `ENGINE.md` §9).
struct ScrollSpec: Sendable {
    var contentSize: CGSize
    /// The offset as laid out: the one given, or `(−left, −top)` of the content inset, where
    /// a scroll view with insets starts.
    var contentOffset: CGPoint
    var contentInset: EdgeInsets
}

/// A bare stack block: items distributed in their parent's layout bounds.
struct StackBlockSpec: Sendable {
    var id: String?
    var stack: StackSpec
    var pointer: JSONPointer
}

/// A flex block (`docs/format.md` §1.5).
struct FlexBlockSpec: Sendable {
    struct Item: Sendable {
        var element: String
        var size: FlexItemSize
        var pointer: JSONPointer
    }

    var id: String?
    /// The element whose layout bounds the items share; `nil`: the items' parent.
    var container: String?
    var direction: FlexDirection
    var alignment: FlexAlignment
    var items: [Item]
    var pointer: JSONPointer
}

/// An equations block (`docs/format.md` §1.6).
struct EquationsBlockSpec: Sendable {
    var id: String?
    var equations: [EquationSpec]
    var pointer: JSONPointer

    /// Every element the equations name, in order of first mention, reserved ids included.
    var references: [String] {
        var seen: Set<String> = []
        return equations.flatMap { $0.lhs.terms + $0.rhs.terms }.map(\.id).filter { seen.insert($0).inserted }
    }
}

/// One validated equation.
struct EquationSpec: Sendable {
    var lhs: LinearForm
    var relation: LinearConstraint.Relation
    var rhs: LinearForm
    /// 1…1000; 1000 is required.
    var priority: Double
    /// The canonical text, for messages.
    var text: String
    var pointer: JSONPointer
}

/// A box block (`docs/format.md` §1.9): CSS flexbox over the tree under `root`.
struct BoxBlockSpec: Sendable {
    var id: String?
    var root: String
    /// The containing block of the root; `nil`: the root's parent.
    var container: String?
    /// The space offered to the root; `nil` on an axis: the container's size.
    var availableWidth: BoxAvailableSpace?
    var availableHeight: BoxAvailableSpace?
    /// Whether frames snap to the environment's pixel grid as Chrome snaps them.
    var snap: Bool
    /// The root and every element under it, in document order.
    var tree: [String]
    var pointer: JSONPointer
}
