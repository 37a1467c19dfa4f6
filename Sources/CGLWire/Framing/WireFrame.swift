/// One frame of the protocol: a kind, the request id it belongs to, and the payload.
///
/// On the wire: u32 length L of what follows (≥ 5, ≤ the receiver's maximum frame size),
/// u8 kind, u32 request id, then L − 5 payload bytes. Kinds `0x01`–`0x7F` are requests
/// (client to server), `0x80`–`0xFF` responses and events (server to client).
public struct WireFrame: Sendable, Hashable {
    /// Bytes before the payload: the length, the kind and the request id.
    public static let headerSize = 9
    /// The smallest length a frame can declare: a kind and a request id, no payload.
    public static let minimumLength: UInt32 = 5
    /// The maximum frame size a receiver accepts unless configured otherwise: 8 MiB,
    /// room for a 4 MiB document and every answer a server gives.
    public static let defaultMaximumSize: UInt32 = 8 * 1024 * 1024

    /// The kind byte: a request below `0x80`, a response or event from `0x80`.
    public var kind: UInt8
    /// The id the client chose for the request; responses carry their request's id.
    public var requestID: UInt32
    /// The bytes after the header.
    public var payload: [UInt8]

    /// A frame.
    public init(kind: UInt8, requestID: UInt32, payload: [UInt8] = []) {
        self.kind = kind
        self.requestID = requestID
        self.payload = payload
    }

    /// Whether the kind is a request's (`0x01`–`0x7F`; `0x00` counts as one, an unknown
    /// one).
    public var isRequest: Bool { kind < 0x80 }

    /// The length field of this frame: the payload plus the kind and the id.
    public var length: Int { payload.count + Int(Self.minimumLength) }

    /// Appends the frame, header and payload, to `buffer`.
    public func encode(into buffer: inout [UInt8]) {
        Self.encode(kind: kind, requestID: requestID, payload: payload, into: &buffer)
    }

    /// Appends a frame made of a header and `payload` to `buffer`.
    ///
    /// - Precondition: the payload is shorter than 4 GiB − 5 (no receiver would accept
    ///   it anyway; senders check the receiver's maximum frame size themselves).
    public static func encode<Bytes: Collection<UInt8>>(kind: UInt8, requestID: UInt32, payload: Bytes, into buffer: inout [UInt8]) {
        ByteWriter.append(to: &buffer, capacity: headerSize + payload.count) { writer in
            writer.write(count: payload.count + Int(minimumLength))
            writer.write(kind)
            writer.write(requestID)
            writer.write(bytes: payload)
        }
    }

    /// Appends a frame whose payload `body` writes, then fills in the length: the payload
    /// goes straight into `buffer`, with no intermediate array.
    static func encode(kind: UInt8, requestID: UInt32, into buffer: inout [UInt8], payload body: (inout ByteWriter) -> Void) {
        ByteWriter.append(to: &buffer) { writer in
            let start = writer.count
            writer.write(UInt32(0))
            writer.write(kind)
            writer.write(requestID)
            body(&writer)
            let length = writer.count - start - 4
            precondition(length <= Int(UInt32.max), "a frame of \(length) bytes does not fit the protocol's u32 length")
            writer.patch(UInt32(length), at: start)
        }
    }
}
