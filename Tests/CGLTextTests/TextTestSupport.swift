import CHarfBuzz
import CGLText
import Foundation

/// One engine for the tests, on the host's fonts.
let engine: TextEngine = {
    do { return try TextEngine() } catch { fatalError("no text engine: \(error) — install fontconfig and fonts-dejavu-core (make deps)") }
}()

let dejaVu = TextStyle(family: "DejaVu Sans", size: 15)

/// Calls `body` with a HarfBuzz font for the file at `path` (its design scale) and its units per em.
private func withFont<R>(_ path: String, _ body: (OpaquePointer?, Double) -> R) -> R {
    let blob = hb_blob_create_from_file(path)
    defer { hb_blob_destroy(blob) }
    let face = hb_face_create(blob, 0)
    defer { hb_face_destroy(face) }
    let font = hb_font_create(face)
    defer { hb_font_destroy(font) }
    return body(font, Double(hb_face_get_upem(face)))
}

/// The width in points of `text` shaped whole by HarfBuzz in the font file at `path`: the sum
/// of its glyphs' advances, computed here without the engine.
func harfBuzzWidth(_ text: String, fontPath: String, size: Double, rightToLeft: Bool = false) -> Double {
    withFont(fontPath) { font, upem in
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        let utf8 = Array(text.utf8)
        utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count)) }
        }
        hb_buffer_guess_segment_properties(buffer)
        if rightToLeft { hb_buffer_set_direction(buffer, HB_DIRECTION_RTL) }
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        var total: Int64 = 0
        for index in 0..<Int(count) { total += Int64(positions[index].x_advance) }
        return Double(total) / upem * size
    }
}

/// The width of a glyph the font does not have (its `.notdef` box), in points.
func notdefWidth(fontPath: String, size: Double) -> Double {
    withFont(fontPath) { font, upem in Double(hb_font_get_glyph_h_advance(font, 0)) / upem * size }
}
