/// The frames of one scheme for one environment, as a `snapshot` response carries them
/// (`SCHEME-FORMAT.md` §3), and where the server found them.
///
/// The encoding starts with ``source`` at a fixed offset so that a server can keep encoded
/// payloads in its cache and patch that one byte per answer
/// (``EncodedSnapshot``).
public struct WireSnapshot: Sendable, Hashable {
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

        /// An element's frames.
        public init(id: String, frame: WireRect, inRoot: WireRect) {
            self.id = id
            self.frame = frame
            self.inRoot = inRoot
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

    /// A snapshot.
    public init(source: Source, scheme: String, hash: String, engine: String, environment: WireEnvironment,
                size: WireSize, elements: [Element]) {
        self.source = source
        self.scheme = scheme
        self.hash = hash
        self.engine = engine
        self.environment = environment
        self.size = size
        self.elements = elements
    }

    /// The element with `id`, if the scheme has one.
    public subscript(id: String) -> Element? { elements.first { $0.id == id } }

    /// Appends the snapshot's payload (not a frame) to `buffer`: what a server keeps in
    /// its cache or store.
    public func encode(into buffer: inout [UInt8]) {
        ByteWriter.append(to: &buffer) { write(to: &$0) }
    }

    /// Decodes a payload written by ``encode(into:)``.
    ///
    /// - Throws: `WireDecodingError` when the bytes are not exactly one snapshot.
    public init(payload: ArraySlice<UInt8>) throws(WireDecodingError) {
        self = try ByteReader.reading(payload) { reader throws(WireDecodingError) in
            let snapshot = try WireSnapshot(from: &reader)
            try reader.finish("a snapshot")
            return snapshot
        }
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

extension WireSnapshot: WireCodable {
    static var minimumEncodedSize: Int { 1 + 3 * 4 + WireEnvironment.minimumEncodedSize + WireSize.minimumEncodedSize + 4 }

    func write(to writer: inout ByteWriter) {
        // The source must stay the first byte: `sourceOffset` promises it.
        writer.write(source)
        writer.write(scheme)
        writer.write(hash)
        writer.write(engine)
        writer.write(environment)
        writer.write(size)
        writer.write(list: elements)
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        self.init(
            source: try reader.readEnum(Source.self, "the snapshot's source"),
            scheme: try reader.readString("the scheme name"),
            hash: try reader.readString("the scheme hash"),
            engine: try reader.readString("the engine version"),
            environment: try WireEnvironment(from: &reader),
            size: try WireSize(from: &reader),
            elements: try reader.readList(of: Element.self, "the elements")
        )
    }
}
