import Foundation

/// A compiled step that lays out several elements together: a stack, a flexible row or
/// column, a system of equations.
///
/// A routine is a value built when a scheme is compiled; it refers to elements by slot and
/// runs against a store like every other step, so it serves snapshots and live layouts
/// alike. It must not touch anything but the store.
protocol LayoutRoutine: Sendable {
    /// Lays out the routine's elements in `source` (the block's constrained source rect),
    /// writing their frames to the store and, when `firstOutput >= 0`, to the outputs from
    /// that index on.
    ///
    /// - Returns: why the elements could not be laid out as asked, if they could not; the
    ///   frames are written anyway (a snapshot always has every frame).
    func run<Store: LayoutStore>(
        in source: CGRect,
        direction: LayoutDirection,
        store: inout Store,
        outputs: UnsafeMutableBufferPointer<CGRect>
    ) -> LayoutError?

    /// Whether the routine reports scroll sizes to the store (``LayoutStore/setScrollSize(_:of:)``):
    /// a snapshot keeps room for them only when some routine does.
    var reportsScrollSizes: Bool { get }
}

extension LayoutRoutine {
    /// Routines other than boxes have no overflow to scroll.
    var reportsScrollSizes: Bool { false }
}
