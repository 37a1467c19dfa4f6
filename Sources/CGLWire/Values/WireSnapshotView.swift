/// A snapshot payload as a client received it, checked once and read in place when asked:
/// a lookup costs the walk over its bytes, not the strings, arrays and values of a decoded
/// ``WireSnapshot``, most of which a renderer never reads (it takes the frames by id).
///
/// Every field is checked when the view is made (lengths, enumerations, UTF-8), so reading
/// one later cannot fail.
package struct WireSnapshotView: Sendable {
    /// The bytes the payload is in (a frame's payload, shared by the answers of a batch).
    private let storage: [UInt8]
    private let start: Int
    private let end: Int
    /// The protocol version the payload is laid out for.
    package let version: UInt16
    /// Where its fields are, as the check found them.
    private let layout: Layout
    /// The number of elements.
    package var elementCount: Int { layout.elementCount }

    /// Where a checked payload's fields are: the offsets of the environment, the snapshot's
    /// size, the elements' count, the version 2 trailer and the version 5 scroll sizes
    /// (their first entry), relative to the payload's start; the number of elements and of
    /// scroll sizes. Plain values: a batch keeps one per answer at no cost.
    struct Layout: Sendable {
        let environmentOffset: Int
        let sizeOffset: Int
        let elementsOffset: Int
        let trailerOffset: Int
        let elementCount: Int
        let scrollSizesOffset: Int
        let scrollSizeCount: Int
    }

    /// A walk's findings: ``Layout``'s fields in its order.
    private typealias Walked = (environment: Int, size: Int, elements: Int, trailer: Int, elementCount: Int, scrollSizes: Int, scrollSizeCount: Int)

    /// The view of the snapshot payload at `range` of `storage`.
    ///
    /// - Precondition: `range` lies within `storage`.
    /// - Throws: `WireDecodingError` when the bytes are not exactly one snapshot of `version`.
    package init(_ storage: [UInt8], range: Range<Int>, version: UInt16) throws(WireDecodingError) {
        self.init(storage, range: range, version: version, checked: try Self.check(storage, range: range, version: version))
    }

    /// The view of a payload already checked: `layout` is what ``check(_:range:version:)``
    /// gave for these very bytes.
    init(_ storage: [UInt8], range: Range<Int>, version: UInt16, checked layout: Layout) {
        self.storage = storage
        start = range.lowerBound
        end = range.upperBound
        self.version = version
        self.layout = layout
    }

    /// Checks the snapshot payload at `range` of `storage` (lengths, enumerations, UTF-8).
    ///
    /// - Returns: Where its fields are.
    /// - Throws: `WireDecodingError` when the bytes are not exactly one snapshot of `version`.
    static func check(_ storage: [UInt8], range: Range<Int>, version: UInt16) throws(WireDecodingError) -> Layout {
        // The walk by plain loads; the reader's walk, which names the fault, only when it fails.
        let walked = storage.withUnsafeBytes { Self.walk(UnsafeRawBufferPointer(rebasing: $0[range]), version: version) }
        let offsets: Walked
        if let walked {
            offsets = walked
        } else {
            offsets = try Self.walkNamingTheFault(storage, range: range, version: version)
        }
        return Layout(environmentOffset: offsets.environment, sizeOffset: offsets.size, elementsOffset: offsets.elements,
                      trailerOffset: offsets.trailer, elementCount: offsets.elementCount,
                      scrollSizesOffset: offsets.scrollSizes, scrollSizeCount: offsets.scrollSizeCount)
    }

    /// Whether the plain walk accepts the snapshot payload `bytes` of `version`: what the
    /// tests hold to the decoder's verdict, since a refusal by the plain walk alone is
    /// hidden by the reader's walk that follows it (``check(_:range:version:)``).
    package static func plainWalkAccepts(_ bytes: [UInt8], version: UInt16) -> Bool {
        bytes.withUnsafeBytes { walk($0, version: version) } != nil
    }

    /// Walks a snapshot payload with plain loads, checking what the reader's walk checks
    /// (``walkNamingTheFault(_:range:version:)``): the offsets of the environment, the size,
    /// the elements and the trailer, and the element count; nil at the first fault.
    private static func walk(_ bytes: UnsafeRawBufferPointer, version: UInt16) -> Walked? {
        var cursor = PlainCursor(bytes)
        guard let source = cursor.byte(), WireSnapshot.Source(rawValue: source) != nil,
              cursor.utf8(), cursor.utf8(), cursor.utf8() else { return nil }
        let environment = cursor.offset
        guard cursor.skip(16), let hasScale = cursor.byte(), hasScale <= 1, cursor.skip(hasScale == 1 ? 8 : 0),
              let direction = cursor.byte(), WireDirection(rawValue: direction) != nil,
              let horizontal = cursor.byte(), WireSizeClass(rawValue: horizontal) != nil,
              let vertical = cursor.byte(), WireSizeClass(rawValue: vertical) != nil,
              cursor.skip(32), cursor.utf8() else { return nil }
        let size = cursor.offset
        guard cursor.skip(16) else { return nil }
        let elements = cursor.offset
        guard let count = cursor.u32(), count <= cursor.remaining / WireSnapshot.Element.minimumEncodedSize else { return nil }
        for _ in 0 ..< count {
            guard cursor.utf8(), cursor.skip(64) else { return nil }
        }
        let trailer = cursor.offset
        if version >= 2 {
            guard cursor.skip(8), cursor.utf8() else { return nil }
        }
        var scrollSizeCount = 0
        if version >= WireSnapshot.scrollSizesVersion {
            guard let scrollSizes = cursor.u32(), scrollSizes <= cursor.remaining / WireSnapshot.scrollSizeEncodedSize else { return nil }
            var previous = -1
            for _ in 0 ..< scrollSizes {
                guard let index = cursor.u32(), index > previous, index < count, cursor.skip(16) else { return nil }
                previous = index
            }
            scrollSizeCount = scrollSizes
        }
        let scrollSizesOffset = cursor.offset - scrollSizeCount * WireSnapshot.scrollSizeEncodedSize
        guard cursor.remaining == 0 else { return nil }
        return (environment, size, elements, trailer, count, scrollSizesOffset, scrollSizeCount)
    }

    /// The reader's walk of a payload the plain walk refused: it throws the error that names
    /// the fault (or, if the two ever disagree, gives the offsets).
    private static func walkNamingTheFault(_ storage: [UInt8], range: Range<Int>, version: UInt16) throws(WireDecodingError) -> Walked {
        // `withUnsafeBytes` rethrows untyped errors: the typed one travels in a `Result`.
        return try storage.withUnsafeBytes { whole in Result { () throws(WireDecodingError) in
            try ByteReader.reading(raw: UnsafeRawBufferPointer(rebasing: whole[range])) { reader throws(WireDecodingError) in
                _ = try reader.readEnum(WireSnapshot.Source.self, "the snapshot's source")
                for field in ["the scheme name", "the scheme hash", "the engine version"] {
                    _ = try reader.readUTF8(field)
                }
                let environment = reader.offset
                _ = try reader.readBytes(16, "the environment's size")
                _ = try reader.readOptionalDouble("the environment's scale")
                _ = try reader.readEnum(WireDirection.self, "the environment's direction")
                _ = try reader.readEnum(WireSizeClass.self, "the environment's horizontal size class")
                _ = try reader.readEnum(WireSizeClass.self, "the environment's vertical size class")
                _ = try reader.readBytes(32, "the environment's safe area")
                _ = try reader.readUTF8("the environment's profile")
                let size = reader.offset
                _ = try reader.readBytes(16, "the snapshot's size")
                let elements = reader.offset
                let count = try reader.readCount("the elements", minimumSize: WireSnapshot.Element.minimumEncodedSize)
                for _ in 0 ..< count {
                    _ = try reader.readUTF8("an element's id")
                    _ = try reader.readBytes(64, "an element's frames")
                }
                let trailer = reader.offset
                if version >= 2 {
                    _ = try reader.readDouble("the text scale")
                    _ = try reader.readUTF8("the content digest")
                }
                var scrollSizeCount = 0
                if version >= WireSnapshot.scrollSizesVersion {
                    scrollSizeCount = try reader.readCount("the scroll sizes", minimumSize: WireSnapshot.scrollSizeEncodedSize)
                    var previous = -1
                    for _ in 0 ..< scrollSizeCount {
                        let offset = reader.offset
                        let index = Int(try reader.readUInt32("a scroll size's element index"))
                        guard index > previous, index < count else {
                            throw WireDecodingError(code: .badValue, message: "a scroll size names element \(index); expected an index above \(previous) and below \(count), in increasing order",
                                                    offset: offset)
                        }
                        _ = try reader.readBytes(16, "a scroll size")
                        previous = index
                    }
                }
                let scrollSizes = reader.offset - scrollSizeCount * WireSnapshot.scrollSizeEncodedSize
                try reader.finish("a snapshot")
                return (environment, size, elements, trailer, count, scrollSizes, scrollSizeCount)
            }
        } }.get()
    }

    /// The view of a whole payload.
    package init(payload: [UInt8], version: UInt16) throws(WireDecodingError) {
        try self.init(payload, range: payload.indices, version: version)
    }

    /// Runs `body` with a reader at `offset` of the payload. The payload was checked: reads
    /// within it do not fail.
    private func read<Value>(at offset: Int, _ body: (inout ByteReader) throws(WireDecodingError) -> Value) -> Value {
        let result = storage.withUnsafeBytes { whole in
            Result { () throws(WireDecodingError) in
                try ByteReader.reading(raw: UnsafeRawBufferPointer(rebasing: whole[(start + offset) ..< end]), body)
            }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): preconditionFailure("a checked snapshot payload failed to read: \(error)")
        }
    }

    /// Where the server found the snapshot.
    package var source: WireSnapshot.Source {
        // Checked when the view was made: the fallback is never taken.
        WireSnapshot.Source(rawValue: storage[start + WireSnapshot.sourceOffset]) ?? .computed
    }

    /// The scheme's name.
    package var scheme: String { string(after: 0) }
    /// The scheme's content hash.
    package var hash: String { string(after: 1) }
    /// The engine version.
    package var engine: String { string(after: 2) }

    /// The string that follows the first `skipped` strings after the source byte.
    private func string(after skipped: Int) -> String {
        read(at: WireSnapshot.sourceOffset + 1) { reader throws(WireDecodingError) in
            for _ in 0 ..< skipped { _ = try reader.readByteString("a name") }
            return try reader.readString("a name")
        }
    }

    /// The environment the frames were computed for, with its text scale.
    package var environment: WireEnvironment {
        var environment = read(at: layout.environmentOffset) { reader throws(WireDecodingError) in try WireEnvironment(from: &reader) }
        if version >= 2 { environment.textScale = read(at: layout.trailerOffset) { reader throws(WireDecodingError) in try reader.readDouble("the text scale") } }
        return environment
    }

    /// The extent of all frames in root space.
    package var size: WireSize { read(at: layout.sizeOffset) { reader throws(WireDecodingError) in try WireSize(from: &reader) } }

    /// The content digest; nil for the document's own content (and in version 1).
    package var contentDigest: String? {
        guard version >= 2 else { return nil }
        let digest = read(at: layout.trailerOffset + 8) { reader throws(WireDecodingError) in try reader.readString("the content digest") }
        return digest.isEmpty ? nil : digest
    }

    /// The offsets of the elements, in order, for random access.
    package func elementOffsets() -> [Int] {
        var offsets: [Int] = []
        offsets.reserveCapacity(elementCount)
        read(at: layout.elementsOffset + 4) { reader throws(WireDecodingError) in
            for _ in 0 ..< elementCount {
                offsets.append(layout.elementsOffset + 4 + reader.offset)
                _ = try reader.readByteString("an element's id")
                _ = try reader.readBytes(64, "an element's frames")
            }
        }
        return offsets
    }

    /// The element at `offset` (from ``elementOffsets()``), the `index`th, with its scroll size.
    package func element(at offset: Int, index: Int) -> WireSnapshot.Element {
        var element = read(at: offset) { reader throws(WireDecodingError) in try WireSnapshot.Element(from: &reader) }
        element.scrollSize = scrollSize(ofElement: index)
        return element
    }

    /// The scroll size of the `index`th element, if the payload has one (version 5, a box
    /// whose overflow is not `visible`). The list is short and ordered: a scan finds it.
    package func scrollSize(ofElement index: Int) -> WireSize? {
        guard layout.scrollSizeCount > 0 else { return nil }
        return read(at: layout.scrollSizesOffset) { reader throws(WireDecodingError) -> WireSize? in
            for _ in 0 ..< layout.scrollSizeCount {
                let listed = Int(try reader.readUInt32("a scroll size's element index"))
                if listed == index { return try WireSize(from: &reader) }
                if listed > index { return nil }
                _ = try reader.readBytes(16, "a scroll size")
            }
            return nil
        }
    }

    /// The element with `id`, found by comparing ids in place.
    package func element(id: String) -> WireSnapshot.Element? {
        var id = id
        return id.withUTF8 { wanted in
            read(at: layout.elementsOffset + 4) { reader throws(WireDecodingError) -> WireSnapshot.Element? in
                for index in 0 ..< elementCount {
                    let bytes = try reader.readByteString("an element's id")
                    guard ByteReader.sameBytes(bytes.assumingMemoryBound(to: UInt8.self), wanted) else {
                        _ = try reader.readBytes(64, "an element's frames")
                        continue
                    }
                    return WireSnapshot.Element(id: String(decoding: bytes, as: UTF8.self), frame: try WireRect(from: &reader), inRoot: try WireRect(from: &reader),
                                                scrollSize: scrollSize(ofElement: index))
                }
                return nil
            }
        }
    }

    /// Each element's id bytes and frame relative to its parent, in order, until `body`
    /// returns false: no string is made.
    package func forEachFrame(_ body: (UnsafeRawBufferPointer, WireRect) -> Bool) {
        read(at: layout.elementsOffset + 4) { reader throws(WireDecodingError) in
            for _ in 0 ..< elementCount {
                let id = try reader.readByteString("an element's id")
                let frame = try WireRect(from: &reader)
                _ = try reader.readBytes(32, "an element's frame in the root")
                guard body(id, frame) else { return }
            }
        }
    }

    /// The snapshot decoded whole.
    package var snapshot: WireSnapshot {
        let version = version
        return read(at: 0) { reader throws(WireDecodingError) in try WireSnapshot(from: &reader, version: version) }
    }

    /// The payload's bytes.
    package var payload: ArraySlice<UInt8> { storage[start ..< end] }
}

extension WireSnapshotView {
    /// The view of `snapshot`, encoded for the current version (what a client computing a
    /// snapshot itself holds, like the ones it receives).
    package init(_ snapshot: WireSnapshot) {
        var payload: [UInt8] = []
        payload.reserveCapacity(snapshot.encodedSize)
        snapshot.encode(into: &payload)
        do {
            try self.init(payload: payload, version: Handshake.currentVersion)
        } catch {
            preconditionFailure("a snapshot's own encoding does not read back: \(error)")
        }
    }
}
