/// A `lookup`, `lookupBatch` or `lookupBatchWithReferences` request frame seen as the
/// bytes of its lookups (and the references to lookups sent before), found by walking
/// their lengths without decoding them.
///
/// A server answers a lookup it has seen before by those bytes alone (they name the scheme,
/// the environment, the text scale and the content exactly), so a warm lookup costs no
/// strings, no content and no checks; only a lookup it has not seen is decoded
/// (``WireLookup/init(item:version:)``).
///
/// The bytes are the caller's frame: a view is valid only as long as they are.
package struct WireLookupFrame {
    /// The id of the request.
    package let requestID: UInt32
    /// One lookup of the frame: its bytes, or the reference that names a lookup sent in
    /// full before.
    package enum Item {
        case lookup(UnsafeRawBufferPointer)
        case reference(WireLookupReference)
    }

    /// Whether the frame is a batch (answered by `snapshots`) rather than a `lookup`.
    package let isBatch: Bool
    /// Whether each lookup is preceded by its form (`lookupBatchWithReferences`).
    package let hasReferences: Bool
    /// The number of lookups the frame says it has: 1 for a `lookup`.
    package let count: Int
    private let items: UnsafeRawBufferPointer
    private let version: UInt16

    /// The view of `frame` (header included) if it is a `lookup` or `lookupBatch` of
    /// protocol `version` with a usable request id and count; nil for any other frame (the
    /// full decoder then takes it, ``WireRequest/decode(frame:version:)``).
    package init?(frame: UnsafeRawBufferPointer, version: UInt16) {
        guard frame.count >= WireFrame.headerSize, Int(Self.load(frame, at: 0)) == frame.count - 4 else { return nil }
        switch frame[4] {
        case WireRequest.Kind.lookup.rawValue: (isBatch, hasReferences) = (false, false)
        case WireRequest.Kind.lookupBatch.rawValue where version >= WireRequest.Kind.lookupBatch.introducedIn: (isBatch, hasReferences) = (true, false)
        case WireRequest.Kind.lookupBatchWithReferences.rawValue where version >= WireRequest.Kind.lookupBatchWithReferences.introducedIn:
            (isBatch, hasReferences) = (true, true)
        default: return nil
        }
        requestID = Self.load(frame, at: 5)
        guard requestID != 0 else { return nil }
        var start = WireFrame.headerSize
        if isBatch {
            guard frame.count >= start + 4 else { return nil }
            count = Int(Self.load(frame, at: start))
            start += 4
            let smallest = hasReferences ? WireLookupItem.minimumEncodedSize : WireLookup.minimumEncodedSize
            guard count <= (frame.count - start) / smallest else { return nil }
        } else {
            count = 1
        }
        items = UnsafeRawBufferPointer(rebasing: frame[start...])
        self.version = version
    }

    /// Hands `body` each lookup's bytes or reference, in order, with its index.
    ///
    /// - Throws: `WireDecodingError` when the lookups do not walk exactly to the frame's end,
    ///   possibly after `body` was given some of them; and what `body` throws.
    package func forEachItem(_ body: (Int, Item) throws(WireDecodingError) -> Void) throws(WireDecodingError) {
        var offset = 0
        for index in 0 ..< count {
            if hasReferences {
                guard offset < items.count else {
                    throw WireDecodingError(code: .truncated, message: "the lookup at offset \(offset) has no form", offset: offset)
                }
                let form = items[offset]
                offset += 1
                switch WireLookupItem.Form(rawValue: form) {
                case .reference?:
                    guard items.count - offset >= WireLookupReference.size else {
                        throw WireDecodingError(code: .truncated, message: "the reference at offset \(offset) is cut short", offset: offset)
                    }
                    // 32 bytes: the reference is made.
                    try body(index, .reference(WireLookupReference(UnsafeRawBufferPointer(rebasing: items[offset ..< offset + WireLookupReference.size]))!))
                    offset += WireLookupReference.size
                    continue
                case .lookup?: break
                case nil:
                    throw WireDecodingError(code: .badValue, message: "lookup \(index) has the form \(form): 0 (in full) or 1 (by reference)", offset: offset - 1)
                }
            }
            guard let end = Self.endOfLookup(in: items, at: offset, version: version) else {
                throw WireDecodingError(code: .truncated, message: "the lookup at offset \(offset) does not walk", offset: offset)
            }
            try body(index, .lookup(UnsafeRawBufferPointer(rebasing: items[offset ..< end])))
            offset = end
        }
        guard offset == items.count else {
            throw WireDecodingError(code: .trailingBytes, message: "\(items.count - offset) bytes are left after the lookups", offset: offset)
        }
    }

    /// Where the lookup that starts at `start` ends, stepping over its fields as
    /// ``WireLookup/init(from:version:)`` reads them and checking only their lengths (the
    /// bytes of a lookup decoded before need no more); nil when they run past the end.
    static func endOfLookup(in bytes: UnsafeRawBufferPointer, at start: Int, version: UInt16) -> Int? {
        guard start >= 0, start <= bytes.count else { return nil }
        var cursor = PlainCursor(UnsafeRawBufferPointer(rebasing: bytes[start...]))
        guard cursor.string(), let form = cursor.byte() else { return nil }
        switch form {
        // A profile's name and its direction override (0 for none).
        case 0: guard cursor.string(), cursor.skip(1) else { return nil }
        // Width and height, an optional scale, the direction, both size classes, the safe area.
        case 1:
            guard cursor.skip(16), let hasScale = cursor.byte(), cursor.skip(hasScale == 1 ? 8 : 0), cursor.skip(3 + 32) else { return nil }
        default: return nil
        }
        guard version >= 2 else { return start + cursor.offset }
        guard let hasTextScale = cursor.byte(), cursor.skip(hasTextScale == 1 ? 8 : 0), let slots = cursor.u32(),
              slots <= cursor.remaining / WireContent.Entry.minimumEncodedSize else { return nil }
        for _ in 0 ..< slots {
            guard cursor.string(), let kind = cursor.byte() else { return nil }
            switch kind {
            case 1: guard cursor.string() else { return nil }
            case 2: guard cursor.skip(16) else { return nil }
            case 3: guard cursor.skip(1) else { return nil }
            case 4 where version >= WireContent.runsVersion:
                guard let runs = cursor.u32(), runs <= cursor.remaining / WireContent.Run.minimumEncodedSize else { return nil }
                for _ in 0 ..< runs {
                    switch cursor.byte() {
                    case 1: guard cursor.string(), let hasStyle = cursor.byte(), hasStyle <= 1, hasStyle == 0 || cursor.string() else { return nil }
                    case 2: guard cursor.skip(16), let hasBaseline = cursor.byte(), hasBaseline <= 1, cursor.skip(hasBaseline == 1 ? 8 : 0) else { return nil }
                    default: return nil
                    }
                }
            default: return nil
            }
        }
        return start + cursor.offset
    }

    /// The big-endian u32 at `offset`.
    private static func load(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}

extension WireLookup {
    /// Decodes the bytes of exactly one lookup (an item of a ``WireLookupFrame``).
    ///
    /// - Throws: `WireDecodingError` when they are not exactly one lookup of `version`.
    package init(item: UnsafeRawBufferPointer, version: UInt16) throws(WireDecodingError) {
        self = try ByteReader.reading(raw: item) { reader throws(WireDecodingError) in
            let lookup = try WireLookup(from: &reader, version: version)
            try reader.finish("a lookup")
            return lookup
        }
    }
}
