extension WireFrame {
    /// The 9 bytes before a frame's payload: the length, the kind and the request id.
    ///
    /// A reader of a stream peeks at its unread bytes with ``peek(_:maximumFrameSize:)`` to
    /// learn whether a whole frame is there, and how long it is, without copying anything.
    public struct Header: Sendable, Hashable {
        /// The length field: the kind, the id and the payload (not the field itself).
        public var length: UInt32
        /// The kind byte.
        public var kind: UInt8
        /// The request id.
        public var requestID: UInt32

        /// A header.
        public init(length: UInt32, kind: UInt8, requestID: UInt32) {
            self.length = length
            self.kind = kind
            self.requestID = requestID
        }

        /// The bytes of the whole frame, its length field included.
        public var frameSize: Int { Int(length) + Self.lengthFieldSize }

        /// The bytes of the payload.
        public var payloadSize: Int { Int(length - minimumLength) }

        /// The bytes of the length field.
        static let lengthFieldSize = 4

        /// The header at the start of `bytes` (a stream's unread bytes), once all 9 bytes
        /// are there; nil before.
        ///
        /// - Throws: `WireDecodingError` `frameTooShort` as soon as the 4 bytes of the length
        ///   declare less than 5 (the bytes after it are no header, so waiting for them would
        ///   only read garbage as the kind and id); `frameTooLarge` with the kind and the
        ///   request id when the length is over `maximumFrameSize`, once the 9 bytes are
        ///   there, so that the refusal can name the request.
        public static func peek(_ bytes: UnsafeRawBufferPointer, maximumFrameSize: UInt32) throws(WireDecodingError) -> Header? {
            guard bytes.count >= lengthFieldSize else { return nil }
            let length = UInt32(bigEndian: bytes.loadUnaligned(as: UInt32.self))
            guard length >= minimumLength else {
                throw WireDecodingError(code: .frameTooShort,
                                        message: "a frame declares a length of \(length); every frame has at least 5 (its kind and request id)",
                                        offset: 0)
            }
            guard bytes.count >= headerSize else { return nil }
            let kind = bytes[lengthFieldSize]
            let requestID = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: lengthFieldSize + 1, as: UInt32.self))
            guard length <= maximumFrameSize else {
                throw WireDecodingError(code: .frameTooLarge,
                                        message: "a frame declares a length of \(length) bytes; at most \(maximumFrameSize) are accepted",
                                        offset: 0, kind: kind, requestID: requestID)
            }
            return Header(length: length, kind: kind, requestID: requestID)
        }

        /// Appends the header's 9 bytes to `buffer`.
        func append(to buffer: inout [UInt8]) {
            let start = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: WireFrame.headerSize))
            buffer.withUnsafeMutableBytes { write(into: UnsafeMutableRawBufferPointer(rebasing: $0[start...])) }
        }

        /// Writes the header into the first 9 bytes of `buffer`.
        ///
        /// - Precondition: `buffer` holds at least 9 bytes.
        func write(into buffer: UnsafeMutableRawBufferPointer) {
            precondition(buffer.count >= headerSize, "a frame header takes 9 bytes")
            buffer.storeBytes(of: length.bigEndian, as: UInt32.self)
            buffer[Self.lengthFieldSize] = kind
            buffer.storeBytes(of: requestID.bigEndian, toByteOffset: Self.lengthFieldSize + 1, as: UInt32.self)
        }
    }

    /// The length field of the frame that starts at `start` in `bytes` (one an encoder just
    /// appended), to check it against a receiver's maximum.
    ///
    /// - Precondition: a whole header starts at `start`.
    public static func length(ofFrameAt start: Int, in bytes: [UInt8]) -> Int {
        precondition(start + headerSize <= bytes.count, "no frame header at \(start)")
        return bytes[start ..< start + Header.lengthFieldSize].reduce(0) { $0 << 8 | Int($1) }
    }
}
