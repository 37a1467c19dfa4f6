import CHarfBuzz

/// A HarfBuzz buffer owned by one thread while it prepares a paragraph.
final class ShapingBuffer {
    let buffer: OpaquePointer?

    init() { buffer = hb_buffer_create() }

    deinit { hb_buffer_destroy(buffer) }
}

/// Shapes pieces of text with HarfBuzz (`hb_shape`: kerning, ligatures, Arabic joining and
/// every other OpenType feature a renderer applies by default).
enum Shaper {
    /// Shapes `text` (UTF-16) in `face`. Each piece is shaped on its own, without the
    /// paragraph around it, so that a cached word has the same shape whichever paragraph
    /// shaped it first.
    static func shape(_ text: UnsafeBufferPointer<UInt16>, face: FontFace, rightToLeft: Bool, script: hb_script_t) -> ShapedWord {
        let buffer = ShapingBuffer()
        return shape(text, face: face, rightToLeft: rightToLeft, script: script, in: buffer)
    }

    /// Shapes `text` in a buffer reused across the words of a paragraph.
    static func shape(_ text: UnsafeBufferPointer<UInt16>, face: FontFace, rightToLeft: Bool, script: hb_script_t,
                      in shapingBuffer: ShapingBuffer) -> ShapedWord {
        guard let buffer = shapingBuffer.buffer else { return ShapedWord(clusterOffsets: [], clusterAdvances: [], advance: 0) }
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), 0, Int32(text.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.font, buffer, nil, 0)

        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount),
              let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount) else {
            return ShapedWord(clusterOffsets: [], clusterAdvances: [], advance: 0)
        }
        // Sum the glyphs' advances by cluster; right-to-left glyphs come in visual order, so
        // gather by offset and read the clusters back in logical order.
        // In 64 bits: one cluster may hold any number of glyphs (a base with thousands of marks).
        var byOffset = [Int64](repeating: 0, count: text.count)
        // Per offset: whether a cluster starts there, and whether breaking before it is unsafe.
        var marks = [UInt8](repeating: 0, count: text.count)
        var total: Int64 = 0
        let unsafeToBreak = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        for index in 0..<Int(glyphCount) {
            let offset = Int(infos[index].cluster)
            guard offset < text.count else { continue }
            byOffset[offset] += Int64(positions[index].x_advance)
            marks[offset] |= hb_glyph_info_get_glyph_flags(infos + index).rawValue & unsafeToBreak != 0 ? 3 : 1
            total += Int64(positions[index].x_advance)
        }
        var offsets: [UInt32] = []
        var advances: [Double] = []
        var unsafe: [Int] = []
        for offset in 0..<text.count where marks[offset] != 0 {
            if marks[offset] == 3, !offsets.isEmpty { unsafe.append(offsets.count) }
            offsets.append(UInt32(offset))
            advances.append(Double(byOffset[offset]) / face.emScale)
        }
        let corrections = unsafe.isEmpty ? [] : breakCorrections(text, before: unsafe, offsets: offsets, advances: advances, face: face,
                                                                 rightToLeft: rightToLeft, script: script, in: shapingBuffer)
        return ShapedWord(clusterOffsets: offsets, clusterAdvances: advances, advance: Double(total) / face.emScale,
                          breakCorrections: corrections)
    }
}
