import CHarfBuzz

/// Prepares paragraphs: finds line-break opportunities (UAX #14) and embedding levels
/// (UAX #9), picks a font for each grapheme cluster, cuts the text into runs of one font,
/// direction and script within one segment, and shapes each run through the word cache.
struct ParagraphBuilder {
    /// The longest run shaped at once, in UTF-16 units: a word without break opportunities
    /// (a long URL, a line of CJK without spaces) is shaped in pieces of this size.
    static let maximumRunLength = 512

    /// The paragraph's fonts (of its style).
    let chain: FontChain
    let words: BoundedCache<WordKey, ShapedWord>
    let breaks: LineBreaks
    let bidi: BidiLevels
    let ellipsis: Double
    /// A paragraph of runs: the fonts and objects of its stretches, in order and covering its
    /// text. Empty for a paragraph in one style.
    var styles: [StyleRun] = []
    /// Eight spaces of the primary font, in ems: the distance between tab stops.
    var tabStop: Double { 8 * chain.spaceAdvance }

    /// A grapheme cluster of the text: where it starts, its length, its font and script.
    struct Cluster {
        var start: Int
        var length: Int
        /// The face's index in its style's chain; -1 for controls (line and paragraph
        /// separators), which take no room; -2 for an inline object.
        var face: Int
        /// Its style run's index (0 in a paragraph of one style).
        var style = 0
        var script: hb_script_t
        var hangs: Bool
        /// Whether it is a space or an invisible character, which Pango draws in the font
        /// of the text around it rather than in the first font that has it.
        var isSpaceLike: Bool
    }

    func prepare(_ string: String, direction: TextDirection) -> PreparedParagraph {
        let utf16 = Array(string.utf16)
        guard !utf16.isEmpty else {
            return PreparedParagraph(length: 0, segments: [], clusterOffsets: [], clusterAdvances: [], ellipsis: ellipsis)
        }
        return utf16.withUnsafeBufferPointer { text in
            let levels = bidi.levels(of: text, direction: direction)
            var graphemes = clusters(of: string, utf16: text)
            drawSpacesWithTheirText(&graphemes, levels: levels)
            var startsGrapheme = [Bool](repeating: false, count: text.count + 1)
            for grapheme in graphemes { startsGrapheme[grapheme.start] = true }
            startsGrapheme[text.count] = true
            // Break only between grapheme clusters (ICU never breaks inside one in practice).
            let opportunities = Self.withNumericBreaks(breaks.opportunities(in: text), in: text).filter { startsGrapheme[$0.offset] }
            var offsets: [Int32] = []
            var advances: [Double] = []
            // A paragraph of runs: each cluster's style run, for the height of its lines.
            var clusterStyles: [UInt16] = []
            // Where a line broken inside a shaped run measures otherwise than its advances.
            var corrections: [BreakCorrection] = []
            offsets.reserveCapacity(utf16.count)
            advances.reserveCapacity(utf16.count)
            var segments: [PreparedParagraph.Segment] = []
            segments.reserveCapacity(opportunities.count)

            // Runs of one face, level and script, cut after whitespace: a word is shaped
            // whole even where it may break (after a hyphen, between ideographs), so kerning
            // across such a break counts as a renderer shaping the line would count it.
            let buffer = ShapingBuffer()
            var runStart = 0
            for index in graphemes.indices {
                let grapheme = graphemes[index]
                let next = index + 1 < graphemes.count ? graphemes[index + 1] : nil
                let runLength = grapheme.start + grapheme.length - graphemes[runStart].start
                if let next, next.face == grapheme.face, next.style == grapheme.style, next.script == grapheme.script,
                   levels[next.start] == levels[graphemes[runStart].start], runLength < Self.maximumRunLength,
                   !(grapheme.hangs && !next.hangs) {
                    continue
                }
                shapeRun(graphemes[runStart...index], text: text, levels: levels, buffer: buffer, offsets: &offsets, advances: &advances,
                         styleOfClusters: &clusterStyles, corrections: &corrections)
                runStart = index + 1
            }

            let extras = clusterBreakExtras(offsets: offsets, graphemes: graphemes, text: text, corrections: corrections)

            // Segments between break opportunities, with their clusters' advances.
            var graphemeIndex = 0
            var clusterIndex = 0
            var segmentStart = 0
            var tabClusters: [Int32] = []
            for opportunity in opportunities {
                var contentEnd = segmentStart
                while graphemeIndex < graphemes.count, graphemes[graphemeIndex].start < opportunity.offset {
                    let grapheme = graphemes[graphemeIndex]
                    if !grapheme.hangs { contentEnd = grapheme.start + grapheme.length }
                    graphemeIndex += 1
                }
                let firstCluster = clusterIndex
                var content = 0.0
                var trailing = 0.0
                var hanging = 0.0
                var hasTab = false
                while clusterIndex < offsets.count, offsets[clusterIndex] < Int32(opportunity.offset) {
                    if text[Int(offsets[clusterIndex])] == 0x09 {
                        tabClusters.append(Int32(clusterIndex))
                        hasTab = true
                    }
                    if offsets[clusterIndex] < Int32(contentEnd) {
                        content += advances[clusterIndex]
                    } else {
                        trailing += advances[clusterIndex]
                        hanging = advances[clusterIndex]
                    }
                    clusterIndex += 1
                }
                // A line ending here shows a hyphen where the break is inside a word (after a
                // soft hyphen), and measures the piece of a run before it shaped again.
                let breakExtra = trailing == 0 && clusterIndex < extras.count ? Double(extras[clusterIndex]) : 0
                segments.append(PreparedParagraph.Segment(
                    start: Int32(segmentStart), contentEnd: Int32(contentEnd), end: Int32(opportunity.offset),
                    content: content, trailing: trailing, hanging: hanging, clusters: Int32(firstCluster)..<Int32(clusterIndex), hardBreak: opportunity.mandatory,
                    breakExtra: breakExtra, hasTab: hasTab))
                segmentStart = opportunity.offset
            }
            // The faces used, as (style, face) pairs compared as numbers: most paragraphs use one.
            var used: [(style: Int, face: Int)] = []
            for grapheme in graphemes where grapheme.face >= 0 && !used.contains(where: { $0.style == grapheme.style && $0.face == grapheme.face }) {
                used.append((grapheme.style, grapheme.face))
            }
            var files: [FontFile] = []
            for (style, face) in used {
                let file = (styles.isEmpty ? chain : styles[style].chain).faces[face].file
                if !files.contains(file) { files.append(file) }
            }
            return PreparedParagraph(length: text.count, segments: segments, clusterOffsets: offsets, clusterAdvances: advances,
                                     clusterBreakExtras: extras, ellipsis: ellipsis, tabClusters: tabClusters, tabStop: tabClusters.isEmpty ? 0 : tabStop,
                                     clusterStyles: clusterStyles, styleMetrics: styles.map { ($0.ascent, $0.descent) }, fontFiles: files)
        }
    }

    /// ICU's opportunities with Pango's between a separator and a digit outside a number
    /// (`NumericBreaks`), in order.
    private static func withNumericBreaks(_ opportunities: [LineBreaks.Opportunity], in text: UnsafeBufferPointer<UInt16>) -> [LineBreaks.Opportunity] {
        let extra = NumericBreaks.outsideNumbers(in: text)
        guard !extra.isEmpty else { return opportunities }
        var merged: [LineBreaks.Opportunity] = []
        merged.reserveCapacity(opportunities.count + extra.count)
        var next = 0
        for opportunity in opportunities {
            while next < extra.count, extra[next] < opportunity.offset {
                merged.append(LineBreaks.Opportunity(offset: extra[next], mandatory: false))
                next += 1
            }
            if next < extra.count, extra[next] == opportunity.offset { next += 1 }
            merged.append(opportunity)
        }
        return merged
    }

    /// The fonts `cluster` is drawn with: its style run's.
    @inline(__always)
    func chain(of cluster: Cluster) -> FontChain { styles.isEmpty ? chain : styles[cluster.style].chain }

    /// What turns the ems of `cluster`'s fonts into the paragraph's.
    @inline(__always)
    func scale(of cluster: Cluster) -> Double { styles.isEmpty ? 1 : styles[cluster.style].scale }

    /// Shapes one run (a single face, level and script) through the word cache and appends its
    /// clusters at their offsets in the paragraph (an inline object: its one cluster, as wide
    /// as it is), and its break corrections with the paragraph's cluster indices; in a
    /// paragraph of runs, each cluster's style run too.
    private func shapeRun(_ run: ArraySlice<Cluster>, text: UnsafeBufferPointer<UInt16>, levels: [UInt8], buffer: ShapingBuffer,
                          offsets: inout [Int32], advances: inout [Double], styleOfClusters: inout [UInt16],
                          corrections: inout [BreakCorrection]) {
        guard let first = run.first, let last = run.last else { return }
        let before = offsets.count
        defer {
            if !styles.isEmpty { styleOfClusters.append(contentsOf: repeatElement(UInt16(first.style), count: offsets.count - before)) }
        }
        if first.face == -2, let atom = styles[first.style].atom {
            for cluster in run {
                offsets.append(Int32(cluster.start))
                advances.append(atom.width)
            }
            return
        }
        guard first.face >= 0 else { return }
        let start = first.start
        let end = last.start + last.length
        let face = chain(of: first).faces[first.face]
        let scale = scale(of: first)
        let rightToLeft = levels[start] & 1 == 1
        let piece = UnsafeBufferPointer(rebasing: text[start..<end])
        let key = WordKey(face: face.id, rightToLeft: rightToLeft, script: first.script.rawValue, text: Array(piece))
        let word = words.value(for: key, cost: { $0.cost + key.cost }) {
            Shaper.shape(piece, face: face, rightToLeft: rightToLeft, script: first.script, in: buffer)
        }
        // One allocation for a paragraph's corrections, however many of its words have some.
        if corrections.isEmpty, !word.breakCorrections.isEmpty { corrections.reserveCapacity(Swift.max(32, text.count / 8)) }
        for correction in word.breakCorrections {
            corrections.append(BreakCorrection(cluster: UInt32(offsets.count) + correction.cluster, plain: correction.plain * Float(scale),
                                               hyphenated: correction.hyphenated * Float(scale)))
        }
        for (offset, advance) in zip(word.clusterOffsets, word.clusterAdvances) {
            offsets.append(Int32(start + Int(offset)))
            advances.append(advance * scale)
        }
    }

    /// The text's grapheme clusters with their fonts and scripts (common and inherited
    /// characters take the script of the text around them, as HarfBuzz's itemizers do).
    private func clusters(of string: String, utf16: UnsafeBufferPointer<UInt16>) -> [Cluster] {
        var clusters: [Cluster] = []
        clusters.reserveCapacity(utf16.count)
        // The style run of each offset, walked forward with the text.
        var style = 0
        @inline(__always) func styleAt(_ offset: Int) -> Int {
            while style + 1 < styles.count, styles[style].range.upperBound <= offset { style += 1 }
            return style
        }
        if utf16.allSatisfy({ $0 < LatinTable.limit }) {
            // Below U+0300 there are no combining marks: every unit is a grapheme cluster,
            // but CR LF. Fonts and scripts come from per-chain and static tables.
            var offset = 0
            while offset < utf16.count {
                let unit = utf16[offset]
                let length = unit == 0x0D && offset + 1 < utf16.count && utf16[offset + 1] == 0x0A ? 2 : 1
                let control = (0x0A...0x0D).contains(unit) || unit == 0x85
                let style = styleAt(offset)
                let faces = styles.isEmpty ? chain.latinFaces : styles[style].chain.latinFaces
                clusters.append(Cluster(start: offset, length: length, face: control ? -1 : faces[Int(unit)], style: style,
                                        script: LatinTable.scripts[Int(unit)], hangs: control || unit == 0x20 || unit == 0x09,
                                        isSpaceLike: unit < 0x21 || (0x7F...0xA0).contains(unit) || unit == 0xAD))
                offset += length
            }
            Self.resolveScripts(&clusters)
            return clusters
        }
        var offset = 0
        let unicode = hb_unicode_funcs_get_default()
        for character in string {
            let length = character.utf16.count
            let scalars = character.unicodeScalars
            let style = styleAt(offset)
            if !styles.isEmpty, styles[style].atom != nil {
                // An inline object: never breaks inside, takes its own width.
                clusters.append(Cluster(start: offset, length: length, face: -2, style: style, script: HB_SCRIPT_COMMON, hangs: false, isSpaceLike: false))
                offset += length
                continue
            }
            let control = character.isNewline
            let script = scalars.first.map { hb_unicode_script(unicode, $0.value) } ?? HB_SCRIPT_COMMON
            let faceChain = styles.isEmpty ? chain : styles[style].chain
            clusters.append(Cluster(start: offset, length: length, face: control ? -1 : faceChain.faceIndex(for: scalars), style: style,
                                    script: script, hangs: control || scalars.allSatisfy(Self.hangs),
                                    isSpaceLike: scalars.allSatisfy(Self.isSpaceLike)))
            offset += length
        }
        Self.resolveScripts(&clusters)
        return clusters
    }

    private static func resolveScripts(_ clusters: inout [Cluster]) {
        var last: hb_script_t?
        var pending: [Int] = []
        for index in clusters.indices {
            let script = clusters[index].script
            if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN {
                if let last { clusters[index].script = last } else { pending.append(index) }
            } else {
                last = clusters[index].script
                for waiting in pending { clusters[waiting].script = clusters[index].script }
                pending.removeAll()
            }
        }
    }

    /// Whitespace that hangs past the end of a line instead of taking room on it (the fast
    /// path above knows the two below U+0300: keep them in step).
    private static func hangs(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: true
        default: false
        }
    }
}
