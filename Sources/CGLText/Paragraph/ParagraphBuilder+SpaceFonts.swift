import CHarfBuzz

// Which font draws a space. Pango does not give a space the first font that has it, as it
// does every other character: a space (and any invisible character) joins the run of the
// text before it, in that text's font, so the spaces between Korean or Hebrew words have the
// width of the Korean or Hebrew font's space, not the primary font's. Where the font changes
// right after spaces, within one run of a script and direction, the spaces go with the text
// after them when its font comes earlier in the chain (pango/itemize.c,
// `itemize_state_add_character`, Pango 1.50).

extension ParagraphBuilder {
    /// What Pango itemizes apart: a script, a bidi level, and emoji apart from text.
    private struct RunKey: Equatable {
        var style: Int
        var script: hb_script_t
        var level: UInt8
        var emoji: Bool
    }

    /// Gives each space-like cluster the font Pango would draw it in.
    func drawSpacesWithTheirText(_ clusters: inout [Cluster], levels: [UInt8]) {
        // Most paragraphs are in one font: then there is nothing to move.
        guard let first = clusters.first(where: { $0.face >= 0 }),
              clusters.contains(where: { $0.face >= 0 && ($0.face != first.face || $0.style != first.style) }) else { return }
        var itemFace: Int?
        var itemRun: RunKey?
        var firstSpace: Int?
        // Spaces that start a run: the font of the run's first text, or (a run of spaces
        // alone) the first font that has them, which they have already.
        var waiting: [Int] = []
        for index in clusters.indices {
            guard clusters[index].face >= 0 else {
                // A hard break ends Pango's paragraph: the next one starts afresh.
                (itemFace, itemRun, firstSpace) = (nil, nil, nil)
                waiting.removeAll(keepingCapacity: true)
                continue
            }
            let isSpace = clusters[index].isSpaceLike
            let run = RunKey(style: clusters[index].style, script: clusters[index].script, level: levels[clusters[index].start],
                             emoji: !isSpace && chain(of: clusters[index]).faces[clusters[index].face].hasColorGlyphs)
            let sameRun = itemRun == run
            if isSpace {
                if let itemFace, sameRun {
                    clusters[index].face = itemFace
                    if firstSpace == nil { firstSpace = index }
                } else {
                    if !sameRun { waiting.removeAll(keepingCapacity: true) }
                    (itemFace, itemRun, firstSpace) = (nil, run, nil)
                    waiting.append(index)
                }
                continue
            }
            let face = clusters[index].face
            if sameRun {
                for space in waiting { clusters[space].face = face }
                // Spaces between two fonts of one run go to the one earlier in the chain.
                if let itemFace, let firstSpace, face < itemFace {
                    for space in firstSpace..<index where clusters[space].isSpaceLike { clusters[space].face = face }
                }
            }
            waiting.removeAll(keepingCapacity: true)
            (itemFace, itemRun, firstSpace) = (face, run, nil)
        }
    }

    /// Pango's `consider_as_space`: controls, format characters (but the Arabic ones that
    /// shape), separators of lines, paragraphs and words (but the Ogham space mark), and
    /// variation selectors.
    static func isSpaceLike(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch scalar.properties.generalCategory {
        case .control, .surrogate, .lineSeparator, .paragraphSeparator: return true
        case .format: return !((0x600...0x6FF).contains(value) || value == 0x70F || value == 0x8E2)
        case .spaceSeparator: return value != 0x1680
        default: return (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value)
        }
    }
}
