import CGLValues
/// A stretch of a paragraph of runs in one font, or one inline object: what `ParagraphBuilder`
/// measures each cluster with. A paragraph in a single style has none (its chain is the
/// builder's).
struct StyleRun {
    /// Where it is in the paragraph's text, in UTF-16 units.
    var range: Range<Int>
    /// Its fonts; for an object, the paragraph's.
    var chain: FontChain
    /// Its size over the paragraph's: what turns its fonts' ems into the paragraph's ems.
    var scale: Double
    /// The object, in the paragraph's ems (its text is U+FFFC), when it is one.
    var atom: (width: Double, ascent: Double, descent: Double)?

    /// Above and below the baseline, in the paragraph's ems: what a line holding it needs.
    var ascent: Double { atom?.ascent ?? chain.primary.ascender * scale }
    var descent: Double { atom?.descent ?? -chain.primary.descender * scale }
}

/// A paragraph of runs joined for preparing: its text (an object as U+FFFC), its style runs
/// (adjacent runs of one font joined, so that they shape as one), and the key it is cached
/// under.
struct JoinedRuns {
    var string = ""
    var styles: [StyleRun] = []
    var key = ""

    /// Joins `runs` set in `style`, each run's font resolved by `chain(for:)`.
    init(_ runs: [TextRun], style: TextStyle, chain: (TextStyle) throws(TextError) -> FontChain) throws(TextError) {
        let base = try chain(style)
        var length = 0
        var last: TextStyle?
        for run in runs {
            switch run {
            case .text(let text, let runStyle):
                var font = style
                if let runStyle {
                    (font.source, font.size, font.weight, font.italic) = (runStyle.source, runStyle.size, runStyle.weight, runStyle.italic)
                }
                let units = text.utf16.count
                string += text
                if let last, last == font, let previous = styles.indices.last, styles[previous].atom == nil {
                    styles[previous].range = styles[previous].range.lowerBound ..< length + units
                } else {
                    let fonts = try chain(font)
                    styles.append(StyleRun(range: length ..< length + units, chain: fonts, scale: font.size / style.size))
                    // The fonts by their chain (styles naming the same fonts shape alike), not
                    // the style's spelling: interpolating an enum reflects on it, slowly.
                    key += "\u{1}\(fonts.id)\u{1}\(font.size)\u{1}\(length)\u{2}"
                }
                last = font
                length += units
            case .atom(let atom):
                string += "\u{FFFC}"
                styles.append(StyleRun(range: length ..< length + 1, chain: base, scale: 1,
                                       atom: (atom.width / style.size, atom.ascent / style.size, atom.descent / style.size)))
                key += "\u{1}atom\u{1}\(atom.width)\u{1}\(atom.height)\u{1}\(atom.ascent)\u{1}\(length)\u{2}"
                last = nil
                length += 1
            }
        }
        key += "\u{3}\(style.size)\u{3}" + string
    }
}
