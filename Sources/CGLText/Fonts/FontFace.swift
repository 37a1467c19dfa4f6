import CHarfBuzz

/// One loaded font: a HarfBuzz font over the file's tables, at its design scale (units per
/// em), with HarfBuzz's own OpenType functions, made immutable.
///
/// Immutable HarfBuzz fonts may be used from any thread (HarfBuzz loads tables lazily with
/// atomics), so one face serves every snapshot; shaping at the design scale makes a shaped
/// word's advances independent of the point size, which is what the word cache relies on.
// Unchecked: it holds only immutable values and a pointer to an immutable hb_font_t.
final class FontFace: @unchecked Sendable {
    /// The face's number in its library: a compact key for caches.
    let id: Int32
    let file: FontFile
    let font: OpaquePointer
    /// Ascender, descender (negative) and line gap, in ems.
    let ascender: Double
    let descender: Double
    let lineGap: Double
    /// Whether the font draws color glyphs (bitmaps, layers or SVG): an emoji font.
    let hasColorGlyphs: Bool
    /// Design units per em.
    let emScale: Double

    init?(id: Int32, file: FontFile) {
        guard let blob = hb_blob_create_from_file_or_fail(file.path) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(file.index)) else { return nil }
        defer { hb_face_destroy(face) }
        let unitsPerEm = hb_face_get_upem(face)
        guard unitsPerEm > 0, hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else { return nil }
        hb_ot_font_set_funcs(font)
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        hb_font_make_immutable(font)
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        hasColorGlyphs = hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0 || hb_ot_color_has_svg(face) != 0
        self.id = id
        self.file = file
        self.font = font
        emScale = Double(unitsPerEm)
        ascender = Double(extents.ascender) / Double(unitsPerEm)
        descender = Double(extents.descender) / Double(unitsPerEm)
        lineGap = Double(extents.line_gap) / Double(unitsPerEm)
    }

    deinit { hb_font_destroy(font) }

    /// The font's own line height in ems: ascender − descender + line gap.
    var lineHeight: Double { ascender - descender + lineGap }


    /// Whether the font has a glyph for `scalar` (its cmap maps it).
    func covers(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0
    }

    /// The advance of `scalar`'s glyph, in ems; 0 when the font lacks it.
    func advance(of scalar: UInt32) -> Double {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 else { return 0 }
        return Double(hb_font_get_glyph_h_advance(font, glyph)) / emScale
    }

    /// The advance of the hyphen Pango shows at a break inside a word, in ems: U+2010, or
    /// `-` where the font lacks it; 0 in a font with neither.
    func hyphenAdvance() -> Double {
        hyphenScalar().map { advance(of: $0) } ?? 0
    }

    /// The hyphen Pango shows at a break inside a word in this font: U+2010, or `-` where
    /// the font lacks it; nil in a font with neither.
    func hyphenScalar() -> UInt32? {
        [0x2010, 0x2D].first(where: covers)
    }
}
