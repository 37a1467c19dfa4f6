extension SlotValue {
    /// One run of a text written as posts are (`docs/format.md` §1.7a): a string in one of the
    /// document's styles (`nil`: the text's own), or an object of a fixed size inline.
    ///
    /// ```swift
    /// let body: SlotValue = .runs([.string("@ada", style: "mention"), .string(" shipped it "),
    ///                              .atom(InlineAtom(width: 18, height: 18, baseline: 15))])
    /// ```
    public enum Run: Sendable, Hashable {
        /// Text in the style named (family, size, weight and italic; the paragraph's line
        /// height, `maxLines` and direction stay the text's own).
        case string(String, style: String? = nil)
        /// An image, a chip: never broken, sitting on the baseline (`baseline` from its top;
        /// `nil`, its bottom).
        case atom(InlineAtom)

        /// An inline object of `width` × `height` points, its baseline `baseline` from its top
        /// (nil: its bottom sits on the line's baseline).
        public static func atom(width: Double, height: Double, baseline: Double? = nil) -> Run {
            .atom(InlineAtom(width: width, height: height, baseline: baseline))
        }
    }
}
