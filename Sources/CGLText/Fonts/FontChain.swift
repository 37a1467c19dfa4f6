/// The fonts a style draws with: the primary font first, then fontconfig's fallbacks in
/// order of preference. A character takes the first font that has it, so text in another
/// script measures with the font that would draw it.
final class FontChain: Sendable {
    /// The chain's number in its library: part of the keys of prepared paragraphs.
    let id: Int32
    let faces: [FontFace]
    /// The indices in `faces` of the emoji fonts, tried first for emoji presentation.
    let emojiFaces: [Int]
    /// The face of each character below `LatinTable.limit`, looked up once.
    let latinFaces: [Int]
    /// Each face's hyphen advance in ems (`FontFace.hyphenAdvance()`), for breaks inside words.
    let hyphenAdvances: [Double]
    /// The primary font's space, in ems: tab stops are eight of them apart.
    let spaceAdvance: Double

    init(id: Int32, faces: [FontFace], emojiFaces: [Int] = []) {
        precondition(!faces.isEmpty, "a font chain needs a primary font")
        self.id = id
        self.faces = faces
        self.emojiFaces = emojiFaces
        hyphenAdvances = faces.map { $0.hyphenAdvance() }
        spaceAdvance = faces[0].advance(of: 0x20)
        latinFaces = (0..<LatinTable.limit).map { value in
            Self.faceIndex(for: String(Character(Unicode.Scalar(value)!)).unicodeScalars, faces: faces, emojiFaces: emojiFaces)
        }
    }

    var primary: FontFace { faces[0] }

    /// The index of the first face covering every scalar of a grapheme cluster that needs a
    /// glyph; else the first covering its first scalar; else the primary (which draws
    /// `.notdef`, as every renderer would).
    func faceIndex(for cluster: String.UnicodeScalarView) -> Int {
        Self.faceIndex(for: cluster, faces: faces, emojiFaces: emojiFaces)
    }

    private static func faceIndex(for cluster: String.UnicodeScalarView, faces: [FontFace], emojiFaces: [Int]) -> Int {
        // Emoji presentation draws in the emoji font even where the text font has a glyph
        // (Pango's emoji itemization does the same).
        if !emojiFaces.isEmpty, Self.presentsAsEmoji(cluster) {
            for index in emojiFaces where cluster.allSatisfy({ !needsGlyph($0) || faces[index].covers($0.value) }) {
                return index
            }
        }
        var first: Unicode.Scalar?
        for (index, face) in faces.enumerated() {
            var coversAll = true
            for scalar in cluster {
                if first == nil { first = scalar }
                if !needsGlyph(scalar) { continue }
                if !face.covers(scalar.value) { coversAll = false; break }
            }
            if coversAll { return index }
        }
        if let first {
            for (index, face) in faces.enumerated() where face.covers(first.value) { return index }
        }
        return 0
    }

    /// Whether a grapheme cluster is shown as an emoji: an emoji-presentation character, or
    /// one asked for with VS16, a keycap, a skin tone, or a ZWJ sequence.
    static func presentsAsEmoji(_ cluster: String.UnicodeScalarView) -> Bool {
        var scalars = cluster.makeIterator()
        guard let first = scalars.next() else { return false }
        // Most text: a lone character below U+231A (the first with emoji presentation) is
        // never an emoji; asking Unicode's properties costs more than the rest of itemizing.
        if first.value < 0x231A, scalars.next() == nil { return false }
        if first.properties.isEmojiPresentation { return true }
        guard first.properties.isEmoji else { return false }
        return cluster.contains { $0.value == 0xFE0F || $0.value == 0x20E3 || $0.value == 0x200D || $0.properties.isEmojiModifier }
    }

    /// Joiners, variation selectors and tags shape with their cluster's font; a font
    /// missing them does not make the cluster fall back.
    private static func needsGlyph(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200C, 0x200D, 0xFE00...0xFE0F, 0xE0020...0xE007F, 0xE0100...0xE01EF: false
        default: true
        }
    }
}
