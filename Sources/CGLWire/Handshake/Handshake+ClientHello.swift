extension Handshake {
    /// The 8 bytes a client sends first: the magic, the version it speaks, and flags.
    public struct ClientHello: Sendable, Hashable {
        /// The encoded size.
        public static let size = 8

        /// The protocol version the client speaks (its newest, on a first attempt).
        public var version: UInt16
        /// Reserved for optional features; 0 in version 1. Servers ignore bits they do
        /// not know.
        public var flags: UInt16

        /// A hello; by default for the version this module implements.
        public init(version: UInt16 = Handshake.currentVersion, flags: UInt16 = 0) {
            self.version = version
            self.flags = flags
        }

        /// Appends the 8 bytes.
        public func encode(into buffer: inout [UInt8]) {
            ByteWriter.append(to: &buffer) { writer in
                writer.write(bytes: Handshake.magic)
                writer.write(version)
                writer.write(flags)
            }
        }

        /// Decodes exactly ``size`` bytes.
        ///
        /// - Throws: `WireDecodingError`: `badMagic` when the bytes do not start with
        ///   `CGLD` (the peer does not speak this protocol: close without answering),
        ///   `truncated` or `trailingBytes` when they are not 8.
        public init(decoding bytes: ArraySlice<UInt8>) throws(WireDecodingError) {
            self = try Handshake.decode(bytes, size: Self.size, "a client hello") { (reader: inout ByteReader) throws(WireDecodingError) in
                try Handshake.readMagic(&reader)
                return ClientHello(version: try reader.readUInt16("the version"), flags: try reader.readUInt16("the flags"))
            }
        }

        /// Decodes exactly ``size`` bytes.
        public init(decoding bytes: [UInt8]) throws(WireDecodingError) {
            try self.init(decoding: bytes[...])
        }
    }
}
