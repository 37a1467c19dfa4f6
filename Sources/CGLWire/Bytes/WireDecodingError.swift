/// Bytes that are not a valid message of the protocol: a stable code, a message naming
/// what was expected, and where in the input it was found.
///
/// Decoding never traps: every malformed input, however it was cut or corrupted, ends in
/// this error. A server answers it with ``protocolError`` (an `error` frame carrying
/// ``requestID``, or `0` when the frame's id is unknown).
public struct WireDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of malformation this is; a struct rather than an enum so that codes can be
    /// added later.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case truncated, trailingBytes, invalidUTF8, badValue, unknownKind
            case frameTooShort, frameTooLarge, badMagic, reservedRequestID, laterVersion
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// The input ends before the message does (a length or count promises more bytes).
        public static var truncated: Code { Code(.truncated) }
        /// Bytes are left over after the message's last field.
        public static var trailingBytes: Code { Code(.trailingBytes) }
        /// A string field is not valid UTF-8.
        public static var invalidUTF8: Code { Code(.invalidUTF8) }
        /// A field holds a value outside its enumeration (a direction of 3, a flag of 2…).
        public static var badValue: Code { Code(.badValue) }
        /// The frame's kind is not one this decoder knows in this direction.
        public static var unknownKind: Code { Code(.unknownKind) }
        /// A frame declares a length below 5, so the stream cannot be followed any further.
        public static var frameTooShort: Code { Code(.frameTooShort) }
        /// A frame declares a length above the receiver's maximum frame size.
        public static var frameTooLarge: Code { Code(.frameTooLarge) }
        /// A handshake does not start with the magic `CGLD`.
        public static var badMagic: Code { Code(.badMagic) }
        /// A request uses the id 0, which the protocol reserves for errors of the connection.
        public static var reservedRequestID: Code { Code(.reservedRequestID) }
        /// A request kind of a later protocol version than the connection's.
        public static var laterVersion: Code { Code(.laterVersion) }

        /// The code's stable name, such as `truncated`.
        public var description: String { base.rawValue }
    }

    /// What is wrong.
    public var code: Code
    /// A sentence for people naming the field and the offending value.
    public var message: String
    /// Where the problem was found: a byte offset into the payload (for a message) or into
    /// the frame header (for a frame); `nil` when it concerns the input as a whole.
    public var offset: Int?
    /// The kind of the frame concerned, when known.
    public var kind: UInt8?
    /// The request id of the frame concerned, when known: the id to answer an error to.
    public var requestID: UInt32?

    /// An error; ``kind`` and ``requestID`` are usually filled in by the frame-level decoder.
    public init(code: Code, message: String, offset: Int? = nil, kind: UInt8? = nil, requestID: UInt32? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
        self.kind = kind
        self.requestID = requestID
    }

    /// `code: message (at byte n)`.
    public var description: String {
        var text = "\(code): \(message)"
        if let offset { text += " (at byte \(offset))" }
        return text
    }

    /// Whether the connection can go on after this error.
    ///
    /// A frame whose declared length is refused leaves the reader unable to find the next
    /// frame (or unwilling to read it), so the connection must be closed after answering.
    /// Every other error concerns one well-delimited frame and can be answered alone.
    public var isFatalToConnection: Bool {
        code == .frameTooShort || code == .frameTooLarge || code == .badMagic
    }

    /// The protocol error a server sends for this malformation: `tooLarge` for a frame over
    /// the limit, `unsupportedVersion` for a kind of a later version, `badRequest` for
    /// everything else.
    public var protocolError: WireError {
        let wireCode: WireError.Code = switch code {
        case .frameTooLarge: .tooLarge
        case .laterVersion: .unsupportedVersion
        default: .badRequest
        }
        return WireError(code: wireCode, message: description)
    }
}

extension WireDecodingError {
    /// Runs `decode`; an error it throws leaves with the `requestID` and `kind` given (the
    /// frame's), so that the answer to a malformed message can name it.
    static func stamping<Value>(requestID: UInt32? = nil, kind: UInt8? = nil,
                                _ decode: () throws(WireDecodingError) -> Value) throws(WireDecodingError) -> Value {
        do {
            return try decode()
        } catch {
            var error = error
            if let requestID { error.requestID = requestID }
            if let kind { error.kind = kind }
            throw error
        }
    }
}
