import CICUText
import Synchronization

/// The line-break opportunities of a text by UAX #14, from ICU's line-break iterator.
///
/// ICU's iterators are costly to open and not thread-safe, so the opened ones wait in a pool
/// and each call borrows one.
final class LineBreaks: Sendable {
    /// Where a line may start, and whether it must (after a hard break).
    struct Opportunity {
        var offset: Int
        var mandatory: Bool
    }

    private let pool = Mutex<[IteratorHandle]>([])

    deinit {
        pool.withLock { handles in
            for handle in handles { cgl_linebreak_close(handle.pointer) }
        }
    }

    /// The opportunities after offset 0 in ascending order; the text's end is the last one.
    /// An empty text has none.
    func opportunities(in text: UnsafeBufferPointer<UInt16>) -> [Opportunity] {
        guard text.count > 0 else { return [] }
        guard let handle = borrow() else { return [Opportunity(offset: text.count, mandatory: false)] }
        defer { giveBack(handle) }
        let capacity = text.count + 1
        var offsets = [Int32](repeating: 0, count: capacity)
        var mandatory = [UInt8](repeating: 0, count: capacity)
        let found = offsets.withUnsafeMutableBufferPointer { offsets in
            mandatory.withUnsafeMutableBufferPointer { mandatory in
                cgl_linebreak_find(handle.pointer, text.baseAddress, Int32(text.count), offsets.baseAddress, mandatory.baseAddress, Int32(capacity))
            }
        }
        guard found > 0 else { return [Opportunity(offset: text.count, mandatory: false)] }
        return (0..<Int(found)).map { Opportunity(offset: Int(offsets[$0]), mandatory: mandatory[$0] != 0) }
    }

    private func borrow() -> IteratorHandle? {
        if let pooled = pool.withLock({ $0.popLast() }) { return pooled }
        var status: Int32 = 0
        return cgl_linebreak_open(&status).map(IteratorHandle.init)
    }

    private func giveBack(_ handle: IteratorHandle) {
        pool.withLock { $0.append(handle) }
    }
}

/// An ICU object that one thread at a time uses (the pool hands it out under its lock).
// Unchecked: a raw pointer; the pools lend it to one thread at a time, under their lock.
struct IteratorHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
}
