import CHarfBuzz

// What a word measures when a line breaks inside it (`BreakCorrection`): Pango shapes the
// piece before the break again, with the text before it as context and, unless a hyphen is
// shown, the text after it too (pango/shape.c, `pango_hb_shape`, 1.50: pre- and
// post-context; the inserted hyphen clears the post-context). Context keeps Arabic joining
// across the break but no kerning, which HarfBuzz applies within the piece only.

extension Shaper {
    /// The corrections before the clusters `unsafe` (indices into `offsets`, ascending, none
    /// 0) of `text`, shaped whole into `offsets` and `advances` (ems). Each piece is shaped
    /// from the last cluster before it where breaking is safe, which shapes alike on its own
    /// and in the word, so a long word costs no more than its short unsafe stretches.
    static func breakCorrections(_ text: UnsafeBufferPointer<UInt16>, before unsafe: [Int], offsets: [UInt32], advances: [Double],
                                 face: FontFace, rightToLeft: Bool, script: hb_script_t, in buffer: ShapingBuffer) -> [BreakCorrection] {
        let hyphen = face.hyphenScalar()
        var corrections: [BreakCorrection] = []
        corrections.reserveCapacity(unsafe.count)
        for (index, cluster) in unsafe.enumerated() {
            // The last safe boundary before `cluster`: the word's start, or one not in `unsafe`.
            var safe = cluster - 1
            var earlier = index - 1
            while safe > 0, earlier >= 0, unsafe[earlier] == safe {
                safe -= 1
                earlier -= 1
            }
            let piece = Int(offsets[safe])..<Int(offsets[cluster])
            let inWord = advances[safe..<cluster].reduce(0, +)
            let plain = advance(of: piece, in: text, hyphen: nil, face: face, rightToLeft: rightToLeft, script: script, buffer: buffer) - inWord
            let hyphenated = hyphen.map {
                advance(of: piece, in: text, hyphen: $0, face: face, rightToLeft: rightToLeft, script: script, buffer: buffer) - inWord
            } ?? plain
            corrections.append(BreakCorrection(cluster: UInt32(cluster), plain: Float(plain), hyphenated: Float(hyphenated)))
        }
        return corrections
    }

    /// The advance in ems of `piece` of `text` shaped with the rest of `text` as context, and
    /// `hyphen` after it (which ends the context there) when given.
    private static func advance(of piece: Range<Int>, in text: UnsafeBufferPointer<UInt16>, hyphen: UInt32?, face: FontFace,
                                rightToLeft: Bool, script: hb_script_t, buffer shapingBuffer: ShapingBuffer) -> Double {
        guard let buffer = shapingBuffer.buffer else { return 0 }
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), UInt32(piece.lowerBound), Int32(piece.count))
        if let hyphen { hb_buffer_add(buffer, hyphen, UInt32(piece.upperBound)) }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.font, buffer, nil, 0)
        var glyphCount: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount) else { return 0 }
        var total: Int64 = 0
        for index in 0..<Int(glyphCount) { total += Int64(positions[index].x_advance) }
        return Double(total) / face.emScale
    }
}
