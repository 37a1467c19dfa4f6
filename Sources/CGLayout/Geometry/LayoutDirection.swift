/// The reading direction a layout is computed for.
///
/// Direction is a value of each layout or snapshot request, never a process-wide switch
/// (`ENGINE.md`, "Our decisions" 18): the same scheme can be laid out left-to-right and
/// right-to-left at the same time on different threads. It flips `leading`/`trailing`
/// alignments and anchors; `left`, `right`, `center` and insets never flip.
public enum LayoutDirection: Sendable, Hashable, CaseIterable {
    /// Leading is left, trailing is right.
    case leftToRight
    /// Leading is right, trailing is left.
    case rightToLeft
}
