/// An object laid out inline with text: a fixed size, on the baseline.
public struct InlineAtom: Sendable, Hashable {
    /// Its size in points.
    public var width: Double
    public var height: Double
    /// The distance from its top to the baseline it sits on; `nil` sits its bottom on the
    /// baseline.
    public var baseline: Double?

    public init(width: Double, height: Double, baseline: Double? = nil) {
        self.width = width
        self.height = height
        self.baseline = baseline
    }
}
