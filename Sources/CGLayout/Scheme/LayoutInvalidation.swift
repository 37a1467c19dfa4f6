import Synchronization

/// When the programs that schemes keep for their live layouts must be compiled again.
///
/// A `LayoutScheme` compiles its blocks once and runs that program for every `layout(in:)`,
/// `snapshot(for:)` and `apply(snapshot:)`. What a program reads *as it runs* — frames,
/// bounds origins, layout bounds, baselines, the content sizing of labels and views (a
/// label's text, an intrinsic size) — is read from the elements each time and needs
/// nothing. What it *is made of* is fixed when it is compiled, and every change to it made
/// through this library moves a generation counter, so that the next layout compiles again:
///
/// - the element tree: `addSubview`, `removeFromSuperview`, `addLayoutGuide`,
///   `removeLayoutGuide`, a guide's `add(to:)` and `removeFromOwner()`, a stack's arranged
///   elements;
/// - blocks and constraints: a scheme's `blocks`, a `LayoutBlock`'s element, layout and
///   constraints, a constraint's anchors, a stack's `scheme` and `contentInsets`, a scroll's
///   `layout`, a flex block's items, direction, alignment and constraints;
/// - an element going away (blocks hold elements weakly), a placeholder loading its element.
///
/// A `LayoutView` or `LayoutGuide` that no program has compiled moves nothing when it is
/// added, removed or goes away: no program can depend on it (a program compiles the whole
/// chain of ancestors of its elements), so that creating and discarding views elsewhere —
/// a new cell, a screen being built — does not make every kept program compile again.
///
/// A guide keeps the program of its `contentLayout` the same way (a stack guide lays out its
/// items whenever its frame is set).
///
/// Call ``invalidateCompiledLayouts()`` after a change the library cannot see: the
/// hierarchy of elements of your own types, what a block type of yours compiles, what a
/// guide subclass's `contentLayout` returns, or what a closure given to the library returns
/// (a `StackLayoutScheme`'s `items`). An element type of yours that is not a `LayoutView`
/// or a `LayoutGuide` is checked through a weak reference before each run, so it needs no
/// call when it goes away.
public enum LayoutInvalidation {
    private static let counter = Atomic<UInt64>(0)

    /// The current generation; a compiled program is current while it has not moved.
    static var generation: UInt64 { counter.load(ordering: .acquiring) }

    /// Tells every scheme that what it compiled may have changed: its next layout compiles
    /// again.
    public static func invalidateCompiledLayouts() {
        counter.add(1, ordering: .releasing)
        recorder?.count.add(1, ordering: .relaxed)
    }

    /// Moves the generation when `element`'s place in the tree changed or it went away,
    /// if a program may depend on it (see above).
    static func elementMoved(_ isCompiled: borrowing Atomic<Bool>) {
        if isCompiled.load(ordering: .relaxed) { invalidateCompiledLayouts() }
    }

    /// Counts the invalidations made by the code run inside `$recorder.withValue(_:)`, so
    /// that a test can tell its own from those of tests running beside it.
    @TaskLocal static var recorder: InvalidationRecorder?
}

/// The invalidations of one task (see `LayoutInvalidation.recorder`).
final class InvalidationRecorder: Sendable {
    let count = Atomic<Int>(0)
}
