/// The exchange that opens every connection, before any frame: the client says which
/// protocol version it speaks, the server accepts it (and states its maximum frame size)
/// or refuses it and closes.
///
/// ```
/// client → server  8 bytes: "CGLD", u16 version, u16 flags
/// server → client 12 bytes: "CGLD", u16 version, u16 status, u32 maximum frame size
/// ```
public enum Handshake {
    /// The four bytes every hello starts with: `CGLD`.
    public static let magic: [UInt8] = [0x43, 0x47, 0x4C, 0x44]

    /// The protocol version this module implements.
    ///
    /// Version 2 adds content and a text scale to `lookup` and `prewarm`, `lookupBatch`
    /// and its `snapshots` answer, and the text scale and content digest of a snapshot.
    /// Version 3 adds the pairs a prewarm cut short never began (`cancelled`) to its
    /// summary, which earlier versions count as failed. Version 4 adds
    /// `lookupBatchWithReferences`, whose lookups sent in full before go as their SHA-256,
    /// and the error `unknownReference`. Version 5 adds the scroll sizes of boxes whose
    /// overflow is not `visible` to a snapshot. Version 6 adds a text slot's value in runs of
    /// styles and inline objects (content kind 4).
    public static let currentVersion: UInt16 = 6

    /// The versions this module can speak, oldest to newest.
    public static let supportedVersions: ClosedRange<UInt16> = 1 ... 6

    /// The server's answer to a client hello.
    ///
    /// A version in `supportedVersions` is accepted as it is; any other is refused with
    /// `unsupportedVersion` and the newest version the server speaks, so that a client
    /// that also speaks that one can reconnect with it. Flags the server does not know are
    /// ignored: they are reserved for optional features a later client may offer.
    ///
    /// - Parameters:
    ///   - hello: What the client sent.
    ///   - supportedVersions: The versions the server speaks.
    ///   - maximumFrameSize: The largest frame length the server accepts.
    public static func answer(
        to hello: ClientHello,
        supportedVersions: ClosedRange<UInt16> = Handshake.supportedVersions,
        maximumFrameSize: UInt32 = WireFrame.defaultMaximumSize
    ) -> ServerHello {
        guard supportedVersions.contains(hello.version) else {
            return ServerHello(version: supportedVersions.upperBound, status: .unsupportedVersion, maximumFrameSize: maximumFrameSize)
        }
        return ServerHello(version: hello.version, status: .ok, maximumFrameSize: maximumFrameSize)
    }

    /// Reads the magic, or throws `badMagic` naming what came instead.
    static func readMagic(_ reader: inout ByteReader) throws(WireDecodingError) {
        let bytes = try reader.readBytes(magic.count, "the magic")
        guard bytes.elementsEqual(magic) else {
            let hex = bytes.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined(separator: " ")
            throw WireDecodingError(code: .badMagic, message: "the handshake starts with \(hex), not CGLD (43 47 4c 44)", offset: 0)
        }
    }

    /// Decodes exactly `size` bytes with `body`.
    static func decode<Value>(_ bytes: ArraySlice<UInt8>, size: Int, _ what: String,
                              _ body: (inout ByteReader) throws(WireDecodingError) -> Value) throws(WireDecodingError) -> Value {
        guard bytes.count >= size else {
            throw WireDecodingError(code: .truncated, message: "\(what) has \(size) bytes; only \(bytes.count) were given", offset: bytes.count)
        }
        return try ByteReader.reading(bytes) { reader throws(WireDecodingError) in
            let value = try body(&reader)
            try reader.finish(what)
            return value
        }
    }
}
