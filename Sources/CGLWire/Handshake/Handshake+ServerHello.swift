extension Handshake {
    /// The 12 bytes a server answers a client hello with.
    public struct ServerHello: Sendable, Hashable {
        /// Whether the server accepts the connection; an open set: clients treat any
        /// status other than `ok` as a refusal (after which the server closes).
        public struct Status: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
            /// The status as it travels.
            public var rawValue: UInt16

            /// A status by its number.
            public init(rawValue: UInt16) {
                self.rawValue = rawValue
            }

            /// 0: accepted; frames may follow.
            public static let ok = Status(rawValue: 0)
            /// 1: the server does not speak the client's version; `version` is the newest
            /// it does.
            public static let unsupportedVersion = Status(rawValue: 1)
            /// The server serves as many connections as it may: an `error` frame (id 0,
            /// `busy`) with the reason follows, then the server closes. Retry later.
            public static let busy = Status(rawValue: 2)

            /// `ok`, `unsupportedVersion`, or `status N`.
            public var description: String {
                switch rawValue {
                case 0: "ok"
                case 1: "unsupportedVersion"
                case 2: "busy"
                default: "status \(rawValue)"
                }
            }
        }

        /// The encoded size.
        public static let size = 12

        /// The version the connection speaks when accepted; else the newest the server
        /// speaks.
        public var version: UInt16
        /// Whether the version is accepted.
        public var status: Status
        /// The largest frame length the server accepts; the client must not send more.
        public var maximumFrameSize: UInt32

        /// A server's answer.
        public init(version: UInt16, status: Status, maximumFrameSize: UInt32) {
            self.version = version
            self.status = status
            self.maximumFrameSize = maximumFrameSize
        }

        /// Whether frames may follow.
        public var isAccepted: Bool { status == .ok }

        /// Appends the 12 bytes.
        public func encode(into buffer: inout [UInt8]) {
            ByteWriter.append(to: &buffer) { writer in
                writer.write(bytes: Handshake.magic)
                writer.write(version)
                writer.write(status.rawValue)
                writer.write(maximumFrameSize)
            }
        }

        /// Decodes exactly ``size`` bytes.
        ///
        /// - Throws: `WireDecodingError`: `badMagic` when the bytes do not start with
        ///   `CGLD`, `truncated` or `trailingBytes` when they are not 12.
        public init(decoding bytes: ArraySlice<UInt8>) throws(WireDecodingError) {
            self = try Handshake.decode(bytes, size: Self.size, "a server hello") { (reader: inout ByteReader) throws(WireDecodingError) in
                try Handshake.readMagic(&reader)
                return ServerHello(version: try reader.readUInt16("the version"), status: Status(rawValue: try reader.readUInt16("the status")),
                                   maximumFrameSize: try reader.readUInt32("the maximum frame size"))
            }
        }

        /// Decodes exactly ``size`` bytes.
        public init(decoding bytes: [UInt8]) throws(WireDecodingError) {
            try self.init(decoding: bytes[...])
        }
    }
}
