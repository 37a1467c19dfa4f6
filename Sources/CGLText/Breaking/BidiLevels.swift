import CICUText
import Synchronization

/// The embedding levels of a text by UAX #9 (ICU's bidi algorithm): odd levels run right to
/// left. Like line-break iterators, ICU's bidi objects wait in a pool.
final class BidiLevels: Sendable {
    private let pool = Mutex<[IteratorHandle]>([])

    deinit {
        pool.withLock { handles in
            for handle in handles { cgl_bidi_close(handle.pointer) }
        }
    }

    /// One level per UTF-16 unit of `text`, for a paragraph of base direction `direction`.
    func levels(of text: UnsafeBufferPointer<UInt16>, direction: TextDirection) -> [UInt8] {
        let base = direction.paragraphLevel
        // Text with nothing right-to-left in a left-to-right paragraph is all level 0.
        if base == 0, !text.contains(where: Self.mayBeRightToLeft) { return [UInt8](repeating: 0, count: text.count) }
        var levels = [UInt8](repeating: base, count: text.count)
        guard let handle = borrow() else { return levels }
        defer { giveBack(handle) }
        let status = levels.withUnsafeMutableBufferPointer { levels in
            cgl_bidi_levels(handle.pointer, text.baseAddress, Int32(text.count), base, levels.baseAddress)
        }
        if status != 0 { return [UInt8](repeating: base, count: text.count) }
        return levels
    }

    /// Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their presentation forms,
    /// the explicit directional marks, and surrogates (which may encode an RTL script).
    private static func mayBeRightToLeft(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0590...0x08FF, 0x200F, 0x202B, 0x202E, 0x2067, 0xD800...0xDFFF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: true
        default: false
        }
    }

    private func borrow() -> IteratorHandle? {
        if let pooled = pool.withLock({ $0.popLast() }) { return pooled }
        return cgl_bidi_open().map(IteratorHandle.init)
    }

    private func giveBack(_ handle: IteratorHandle) {
        pool.withLock { $0.append(handle) }
    }
}
