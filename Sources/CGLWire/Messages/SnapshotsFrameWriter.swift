/// Writes the `snapshots` frame that answers a `lookupBatch`, item by item, from what a
/// server keeps: encoded snapshots (renamed and stamped with their source, as single
/// answers are) and errors.
///
/// The frame stays within the server's bound (8 MiB): an item that would pass it, with
/// room kept for the items still to come, is answered `tooLarge` instead, so every lookup
/// still gets its own answer, in order.
///
/// ```swift
/// var writer = SnapshotsFrameWriter(requestID: 7, count: 2, version: connectionVersion)
/// writer.append(encoded, named: "feed-cell", source: .memory)
/// writer.append(WireError(code: .notFound, message: "…"))
/// let frame = writer.finish()
/// ```
public struct SnapshotsFrameWriter: ~Copyable {
    private var bytes: [UInt8]
    private let count: Int
    private var written = 0
    private let limit: Int
    /// The connection's protocol version, which lays out each snapshot.
    private let version: UInt16

    /// The bytes kept free for each item not yet written, so that it can at least be
    /// answered `tooLarge`.
    private static let reservePerItem = 160

    /// Starts the frame answering `requestID` with `count` items, for a connection of
    /// protocol `version` (2 or later: earlier ones have no batches).
    ///
    /// - Precondition: `count` short errors fit within `limit` (160 bytes each: at most
    ///   52 000 items in 8 MiB; a server limits its batches below that).
    ///
    /// - Parameter capacity: The bytes to reserve: the sum of ``answerSize(of:_:version:)`` of
    ///   the snapshots to come, and a little for errors, so that the frame is one allocation.
    /// - Parameter buffer: An array whose storage to write into (emptied first): a server's
    ///   buffer kept from one answer to the next.
    public init(requestID: UInt32, count: Int, version: UInt16, limit: Int = WireResponse.maximumServerFrameLength, capacity: Int = 0,
                reusing buffer: consuming [UInt8] = []) {
        precondition(count * Self.reservePerItem + 64 <= limit, "a batch of \(count) answers cannot fit in \(limit) bytes")
        self.count = count
        self.limit = limit
        self.version = version
        bytes = buffer
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(min(limit, WireFrame.headerSize + 4 + capacity) + WireFrame.Header.lengthFieldSize)
        WireFrame.Header(length: 0, kind: WireResponse.Kind.snapshots.rawValue, requestID: requestID).append(to: &bytes)
        ByteWriter.append(to: &bytes) { $0.write(count: count) }
    }

    /// The bytes the answer of `snapshot` to a lookup of `name` takes in the frame, for a
    /// connection of `version`.
    @usableFromInline
    static func answerSize(of snapshot: EncodedSnapshot, named name: String, version: UInt16) -> Int {
        WireBatchAnswer.itemHeaderSize + snapshot.payloadSize(named: name, version: version)
    }

    /// Appends the snapshot answering the lookup of `name`.
    public mutating func append(_ snapshot: EncodedSnapshot, named name: String, source: WireSnapshot.Source) {
        let size = snapshot.payloadSize(named: name, version: version)
        guard fits(WireBatchAnswer.itemHeaderSize + size) else {
            appendTooLarge(name: name, size: size)
            return
        }
        bytes.append(WireResponse.Kind.snapshot.rawValue)
        withUnsafeBytes(of: UInt32(size).bigEndian) { bytes.append(contentsOf: $0) }
        snapshot.appendPayload(source: source, named: name, version: version, to: &bytes)
        written += 1
    }

    /// Appends the error answering one lookup; its issues are left out when they would
    /// not fit.
    public mutating func append(_ error: WireError) {
        var item: [UInt8] = []
        ByteWriter.append(to: &item) { WireBatchAnswer.failure(error).write(to: &$0, version: 2) }
        guard fits(item.count) else {
            var short = error
            short.issues = []
            short.message = String(decoding: error.message.utf8.prefix(100), as: UTF8.self) + "… (cut: the batch's answer is full)"
            item.removeAll()
            ByteWriter.append(to: &item) { WireBatchAnswer.failure(short).write(to: &$0, version: 2) }
            bytes += item
            written += 1
            return
        }
        bytes += item
        written += 1
    }

    /// The finished frame.
    ///
    /// - Precondition: as many items were appended as the frame was started with.
    public consuming func finish() -> [UInt8] {
        precondition(written == count, "a snapshots frame of \(count) items was given \(written)")
        let length = UInt32(bytes.count - WireFrame.Header.lengthFieldSize)
        withUnsafeBytes(of: length.bigEndian) { bytes.replaceSubrange(0 ..< 4, with: $0) }
        return bytes
    }

    /// Whether `itemSize` more bytes leave room for the items still to come.
    private func fits(_ itemSize: Int) -> Bool {
        let stillToCome = count - written - 1
        return bytes.count - WireFrame.Header.lengthFieldSize + itemSize + stillToCome * Self.reservePerItem <= limit
    }

    private mutating func appendTooLarge(name: String, size: Int) {
        let message = "the snapshot of '\(name.utf8.count > 60 ? String(decoding: name.utf8.prefix(60), as: UTF8.self) + "…" : name)' (\(size) bytes) does not fit in the batch's answer; look it up alone"
        append(WireError(code: .tooLarge, message: message))
    }
}

extension SnapshotsFrameWriter {
    /// The name an answer of a page written straight into memory goes under.
    public enum Naming: Sendable {
        /// The scheme name its lookup asked for (a scheme registered under two names shares
        /// its snapshots, each answered under its own name).
        case asked(String)
        /// The name the snapshot was stored with (a lookup of that name:
        /// ``EncodedSnapshot/names(_:)``): its payload copied whole.
        case asStored
    }

    /// The bytes the answer of `snapshot` named so takes in a page, for a connection of
    /// `version`.
    @inlinable
    public static func answerSize(of snapshot: EncodedSnapshot, _ naming: Naming, version: UInt16) -> Int {
        switch naming {
        case .asked(let name): answerSize(of: snapshot, named: name, version: version)
        case .asStored: answerSize(asStored: snapshot, version: version)
        }
    }

    /// The `snapshots` frame of a page whose answers are all snapshots, written straight into
    /// memory answer by answer: the one writer of such a frame, for a server that writes a
    /// page straight into its output (the general frame, errors included, is the writer's
    /// ``SnapshotsFrameWriter/append(_:named:source:)``).
    ///
    /// ```swift
    /// var page = SnapshotsFrameWriter.PageWriter(requestID: 7, count: 2, answersSize: size, version: 6, into: memory)
    /// page.append(first, .asked("feed-cell"), source: .memory)
    /// page.append(second, .asStored, source: .memory)
    /// let written = page.finish()
    /// ```
    public struct PageWriter: ~Copyable {
        @usableFromInline let memory: UnsafeMutableRawBufferPointer
        @usableFromInline let count: Int
        @usableFromInline let size: Int
        @usableFromInline let version: UInt16
        @usableFromInline var offset: Int
        @usableFromInline var written = 0

        /// Starts the frame of `count` answers, `answersSize` bytes of them in all (the sum of
        /// their ``SnapshotsFrameWriter/answerSize(of:_:version:)``), at the start of `memory`,
        /// which holds at least ``SnapshotsFrameWriter/frameSize(count:answersSize:limit:)`` bytes.
        @inlinable
        public init(requestID: UInt32, count: Int, answersSize: Int, version: UInt16, into memory: UnsafeMutableRawBufferPointer) {
            self.memory = memory
            self.count = count
            self.version = version
            size = WireFrame.headerSize + 4 + answersSize
            precondition(memory.count >= size, "a page of \(size) bytes given \(memory.count)")
            offset = SnapshotsFrameWriter.writeHeader(requestID: requestID, count: count, size: size, into: memory)
        }

        /// Appends the answer of `snapshot`, named so, from `source`.
        @inlinable
        public mutating func append(_ snapshot: borrowing EncodedSnapshot, _ naming: Naming, source: WireSnapshot.Source) {
            let rest = UnsafeMutableRawBufferPointer(rebasing: memory[offset...])
            switch naming {
            case .asked(let name): offset += SnapshotsFrameWriter.writeAnswer(snapshot, named: name, source: source, version: version, into: rest)
            case .asStored: offset += SnapshotsFrameWriter.writeAnswer(asStored: snapshot, source: source, version: version, into: rest)
            }
            written += 1
        }

        /// The bytes written.
        ///
        /// - Precondition: as many answers were appended as the frame was started with, of
        ///   the size it was started with.
        @inlinable
        public consuming func finish() -> Int {
            precondition(written == count && offset == size, "a page of \(count) answers and \(size) bytes was given \(written) and \(offset)")
            return size
        }
    }

    /// The bytes of a `snapshots` frame whose `count` answers are snapshots of
    /// `answersSize` bytes in all (the sum of their ``answerSize(of:_:version:)``); nil when its
    /// length would pass `limit`.
    public static func frameSize(count: Int, answersSize: Int, limit: Int = WireResponse.maximumServerFrameLength) -> Int? {
        let size = WireFrame.headerSize + 4 + answersSize
        return size - WireFrame.Header.lengthFieldSize <= limit ? size : nil
    }

    /// Writes the header of a `snapshots` frame of `size` bytes and `count` answers into
    /// the start of `buffer`; the answers follow (``writeAnswer(_:named:source:version:into:)``).
    ///
    /// - Returns: The bytes written.
    @usableFromInline
    static func writeHeader(requestID: UInt32, count: Int, size: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        WireFrame.Header(length: UInt32(size - WireFrame.Header.lengthFieldSize), kind: WireResponse.Kind.snapshots.rawValue, requestID: requestID)
            .write(into: buffer)
        buffer.storeBytes(of: UInt32(count).bigEndian, toByteOffset: WireFrame.headerSize, as: UInt32.self)
        return WireFrame.headerSize + 4
    }

    /// The bytes the answer of `snapshot` takes in the frame under the scheme name it was
    /// stored with, for a connection of `version`.
    @usableFromInline
    static func answerSize(asStored snapshot: EncodedSnapshot, version: UInt16) -> Int {
        WireBatchAnswer.itemHeaderSize + snapshot.sentSize(version)
    }

    /// Writes the answer of `snapshot` under the scheme name it was stored with (a lookup
    /// of that name: ``EncodedSnapshot/names(_:)``) into the start of `buffer`, exactly
    /// ``answerSize(asStored:version:)`` bytes: its payload copied whole (the fields
    /// `version` has), its source set.
    ///
    /// - Returns: The bytes written.
    @usableFromInline
    static func writeAnswer(asStored snapshot: EncodedSnapshot, source: WireSnapshot.Source, version: UInt16,
                                   into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let size = snapshot.sentSize(version)
        buffer[0] = WireResponse.Kind.snapshot.rawValue
        buffer.storeBytes(of: UInt32(size).bigEndian, toByteOffset: 1, as: UInt32.self)
        let body = UnsafeMutableRawBufferPointer(rebasing: buffer[WireBatchAnswer.itemHeaderSize ..< WireBatchAnswer.itemHeaderSize + size])
        snapshot.payload.withUnsafeBytes { body.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<size])) }
        body[WireSnapshot.sourceOffset] = source.rawValue
        return WireBatchAnswer.itemHeaderSize + size
    }

    /// Writes the answer of `snapshot` to a lookup of `name` into the start of `buffer`,
    /// exactly ``answerSize(of:named:version:)`` bytes: what ``append(_:named:source:)``
    /// appends, for a server that writes a frame of snapshots straight into its output.
    ///
    /// - Returns: The bytes written.
    @usableFromInline
    static func writeAnswer(_ snapshot: EncodedSnapshot, named name: String, source: WireSnapshot.Source, version: UInt16,
                                   into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let size = snapshot.payloadSize(named: name, version: version)
        buffer[0] = WireResponse.Kind.snapshot.rawValue
        buffer.storeBytes(of: UInt32(size).bigEndian, toByteOffset: 1, as: UInt32.self)
        snapshot.writePayload(source: source, named: name, version: version,
                              into: UnsafeMutableRawBufferPointer(rebasing: buffer[WireBatchAnswer.itemHeaderSize ..< WireBatchAnswer.itemHeaderSize + size]))
        return WireBatchAnswer.itemHeaderSize + size
    }
}
