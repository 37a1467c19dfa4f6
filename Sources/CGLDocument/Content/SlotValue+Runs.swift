public import CGLText

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

    /// The runs of a text value: a plain text is one run in the text's own style.
    var runs: [Run]? {
        switch self {
        case .runs(let runs): runs
        case .text(let text): [.string(text)]
        case .size, .flag: nil
        }
    }
}

extension [SlotValue.Run] {
    /// The runs as the text engine lays them out: each style looked up in `styles` and scaled
    /// by `textScale`. Atoms keep their size: they are images, not text.
    func textRuns(styles: [String: TextStyle], textScale: Double) -> [TextRun] {
        map { run in
            switch run {
            case .string(let string, let style): .text(string, style: style.flatMap { styles[$0] }.map { $0.scaled(by: textScale) })
            case .atom(let atom): .atom(atom)
            }
        }
    }

    /// The length of the paragraph the runs make, in UTF-16 units (an atom is one, U+FFFC).
    var utf16Count: Int {
        reduce(0) { total, run in
            switch run {
            case .string(let string, _): total + string.utf16.count
            case .atom: total + 1
            }
        }
    }

    /// The UTF-8 bytes of the runs' strings.
    var utf8Count: Int {
        reduce(0) { total, run in
            if case .string(let string, _) = run { return total + string.utf8.count }
            return total
        }
    }
}
