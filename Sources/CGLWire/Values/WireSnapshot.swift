/// The frames of one scheme for one environment, as a `snapshot` response carries them
/// (`docs/format.md` §3), and where the server found them.
///
/// The encoding starts with ``source`` at a fixed offset so that a server can keep encoded
/// payloads in its cache and patch that one byte per answer
/// (``EncodedSnapshot``).
public struct WireSnapshot: Sendable, Hashable {
    /// The protocol version that added the scroll sizes of boxes that scroll to a snapshot.
    public static let scrollSizesVersion: UInt16 = 5

    /// Where the server found a snapshot.
    public enum Source: UInt8, Sendable, Hashable, CaseIterable {
        /// In the daemon's in-memory cache.
        case memory = 0
        /// In the durable store.
        case store = 1
        /// Computed for this request (a miss).
        case computed = 2

        /// The spelling of `"source"` in the JSON a client renders: `memory`, `store` or
        /// `computed`.
        public var name: String {
            switch self {
            case .memory: "memory"
            case .store: "store"
            case .computed: "computed"
            }
        }
    }

    /// One element's frames.
    public struct Element: Sendable, Hashable {
        /// The element's id in the scheme.
        public var id: String
        /// Relative to the parent element, in the parent's internal space.
        public var frame: WireRect
        /// In the root's space.
        public var inRoot: WireRect
        /// How far the content can scroll on each axis, for a box whose overflow is not
        /// `visible` (`docs/format.md` §3); nil for every other element, and before
        /// version 5.
        public var scrollSize: WireSize?

        /// An element's frames, and its scroll size when it is a box that can scroll.
        public init(id: String, frame: WireRect, inRoot: WireRect, scrollSize: WireSize? = nil) {
            self.id = id
            self.frame = frame
            self.inRoot = inRoot
            self.scrollSize = scrollSize
        }
    }

    /// Where the server found the snapshot for this answer.
    public var source: Source
    /// The scheme's name.
    public var scheme: String
    /// The scheme's content hash (`sha256:…`).
    public var hash: String
    /// The engine version the frames were computed with.
    public var engine: String
    /// The environment the frames were computed for, resolved.
    public var environment: WireEnvironment
    /// The extent (max x, max y) of all frames in root space.
    public var size: WireSize
    /// Every element, in document order.
    public var elements: [Element]
    /// The digest (`sha256:…`) of the content the frames were laid out for; `nil` for the
    /// document's own (every slot at its default). Version 2.
    public var contentDigest: String?

    /// A snapshot.
    public init(source: Source, scheme: String, hash: String, engine: String, environment: WireEnvironment,
                size: WireSize, elements: [Element], contentDigest: String? = nil) {
        self.source = source
        self.scheme = scheme
        self.hash = hash
        self.engine = engine
        self.environment = environment
        self.size = size
        self.elements = elements
        self.contentDigest = contentDigest?.isEmpty == true ? nil : contentDigest
    }

    /// The element with `id`, if the scheme has one.
    public subscript(id: String) -> Element? { elements.first { $0.id == id } }

    /// Appends the snapshot's payload (not a frame) to `buffer`, laid out for protocol
    /// `version`: what a server keeps in its cache or store (the current version's).
    public func encode(version: UInt16 = Handshake.currentVersion, into buffer: inout [UInt8]) {
        ByteWriter.append(to: &buffer, capacity: encodedSize) { write(to: &$0, version: version) }
    }

    /// Decodes a payload written by ``encode(version:into:)``.
    ///
    /// - Throws: `WireDecodingError` when the bytes are not exactly one snapshot.
    public init(payload: ArraySlice<UInt8>, version: UInt16 = Handshake.currentVersion) throws(WireDecodingError) {
        self = try ByteReader.reading(payload) { reader throws(WireDecodingError) in
            let snapshot = try WireSnapshot(from: &reader, version: version)
            try reader.finish("a snapshot")
            return snapshot
        }
    }

    /// The bytes the version 2 fields take after the version 1 fields: the text scale and the
    /// content digest.
    var versionTwoTrailerSize: Int { 8 + 4 + (contentDigest?.utf8.count ?? 0) }

    /// The bytes the version 5 field takes at the end of a payload: the scroll sizes, each
    /// with its element's index.
    var versionFiveTrailerSize: Int { 4 + elements.reduce(0) { $0 + ($1.scrollSize == nil ? 0 : Self.scrollSizeEncodedSize) } }

    /// One scroll size on the wire: the element's index and the two lengths.
    static let scrollSizeEncodedSize = 4 + 16

    /// The size of the payload ``encode(version:into:)`` writes for the current version, to
    /// reserve it exactly.
    var encodedSize: Int {
        let strings = scheme.utf8.count + hash.utf8.count + engine.utf8.count + (environment.profile?.utf8.count ?? 0)
        let fixed = 1 + 3 * 4 + WireEnvironment.minimumEncodedSize + (environment.scale == nil ? 0 : 8) + WireSize.minimumEncodedSize + 4
        return fixed + strings + elements.reduce(0) { $0 + Element.minimumEncodedSize + $1.id.utf8.count } + versionTwoTrailerSize
            + versionFiveTrailerSize
    }
}

extension WireSnapshot.Element: WireCodable {
    static var minimumEncodedSize: Int { 4 + 2 * WireRect.minimumEncodedSize }

    func write(to writer: inout ByteWriter) {
        writer.write(id)
        writer.write(frame)
        writer.write(inRoot)
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        self.init(id: try reader.readString("an element's id"), frame: try WireRect(from: &reader), inRoot: try WireRect(from: &reader))
    }
}

extension WireSnapshot {
    /// The version 1 fields; version 2 appends the text scale and the content digest.
    static var minimumEncodedSize: Int { 1 + 3 * 4 + WireEnvironment.minimumEncodedSize + WireSize.minimumEncodedSize + 4 }

    func write(to writer: inout ByteWriter, version: UInt16) {
        // The source must stay the first byte: `sourceOffset` promises it.
        writer.write(source)
        writer.write(scheme)
        writer.write(hash)
        writer.write(engine)
        writer.write(environment)
        writer.write(size)
        writer.write(list: elements)
        guard version >= 2 else { return }
        writer.write(environment.textScale)
        writer.write(contentDigest ?? "")
        guard version >= Self.scrollSizesVersion else { return }
        writer.write(UInt32(elements.count { $0.scrollSize != nil }))
        for (index, element) in elements.enumerated() {
            guard let scrollSize = element.scrollSize else { continue }
            writer.write(UInt32(index))
            writer.write(scrollSize)
        }
    }

    init(from reader: inout ByteReader, version: UInt16) throws(WireDecodingError) {
        self.init(
            source: try reader.readEnum(Source.self, "the snapshot's source"),
            scheme: try reader.readString("the scheme name"),
            hash: try reader.readString("the scheme hash"),
            engine: try reader.readString("the engine version"),
            environment: try WireEnvironment(from: &reader),
            size: try WireSize(from: &reader),
            elements: try reader.readList(of: Element.self, "the elements")
        )
        guard version >= 2 else { return }
        environment.textScale = try reader.readDouble("the text scale")
        contentDigest = try reader.readString("the content digest")
        if contentDigest?.isEmpty == true { contentDigest = nil }
        guard version >= Self.scrollSizesVersion else { return }
        let count = try reader.readCount("the scroll sizes", minimumSize: Self.scrollSizeEncodedSize)
        var previous = -1
        for _ in 0 ..< count {
            let offset = reader.offset
            let index = Int(try reader.readUInt32("a scroll size's element index"))
            guard index > previous, index < elements.count else {
                throw WireDecodingError(code: .badValue, message: "a scroll size names element \(index); expected an index above \(previous) and below \(elements.count), in increasing order",
                                        offset: offset)
            }
            elements[index].scrollSize = try WireSize(from: &reader)
            previous = index
        }
    }

    /// Where the fields of older versions end in `payload`, a payload of the current version,
    /// found by walking them without decoding: a version 1 answer is the payload up to
    /// `versionOne`, a version 2 to 4 answer up to `versionFour`.
    ///
    /// - Throws: `WireDecodingError` when the bytes are not one snapshot of the current version.
    static func olderVersionsPrefixSizes(of payload: UnsafeRawBufferPointer) throws(WireDecodingError) -> (versionOne: Int, versionFour: Int) {
        try ByteReader.reading(raw: payload) { reader throws(WireDecodingError) in
            _ = try reader.readUInt8("the snapshot's source")
            for field in ["the scheme name", "the scheme hash", "the engine version"] {
                _ = try reader.readByteString(field)
            }
            _ = try reader.readBytes(16, "the environment's size")
            _ = try reader.readOptionalDouble("the environment's scale")
            _ = try reader.readBytes(3 + 32, "the environment's direction, classes and safe area")
            _ = try reader.readByteString("the environment's profile")
            _ = try reader.readBytes(16, "the snapshot's size")
            let count = try reader.readCount("the elements", minimumSize: Element.minimumEncodedSize)
            for _ in 0 ..< count {
                _ = try reader.readByteString("an element's id")
                _ = try reader.readBytes(64, "an element's frames")
            }
            let versionOne = reader.offset
            _ = try reader.readDouble("the text scale")
            _ = try reader.readByteString("the content digest")
            let versionFour = reader.offset
            let scrollSizes = try reader.readCount("the scroll sizes", minimumSize: scrollSizeEncodedSize)
            _ = try reader.readBytes(scrollSizes * scrollSizeEncodedSize, "the scroll sizes")
            try reader.finish("a snapshot")
            return (versionOne, versionFour)
        }
    }
}
