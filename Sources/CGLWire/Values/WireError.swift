/// The protocol's error: the final answer to a request that failed, with a stable code, a
/// message for people and, for documents, every issue found.
///
/// Clients throw it as it came; servers build it from their own errors at the edge, never
/// from `String(describing:)` of an arbitrary error.
public struct WireError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why a request failed; stable numbers, and an open set: clients must treat a code
    /// they do not know as a failure of that request, described by the message.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code as it travels.
        public var rawValue: UInt16

        /// A code by its number.
        public init(rawValue: UInt16) {
            self.rawValue = rawValue
        }

        /// 1: the scheme named is not registered.
        public static let notFound = Code(rawValue: 1)
        /// 2: the document sent to `register` is invalid; the issues say why.
        public static let invalidDocument = Code(rawValue: 2)
        /// 3: the environment cannot be laid out, or names an unknown profile.
        public static let invalidEnvironment = Code(rawValue: 3)
        /// 4: a frame over the maximum frame size, or an answer that would be.
        public static let tooLarge = Code(rawValue: 4)
        /// 5: the connecting user may not make this request.
        public static let unauthorized = Code(rawValue: 5)
        /// 6: the server cannot take the request now; nothing was done; retry later.
        public static let busy = Code(rawValue: 6)
        /// 7: the server failed (a bug, a store that cannot be written).
        public static let `internal` = Code(rawValue: 7)
        /// 8: an unknown kind or a malformed payload.
        public static let badRequest = Code(rawValue: 8)
        /// 9: the request kind does not exist in the protocol version of this connection,
        /// or the handshake was refused (reported by clients).
        public static let unsupportedVersion = Code(rawValue: 9)
        /// 10: the content of a lookup or prewarm does not fit the scheme's slots (an
        /// unknown slot, a value of the wrong kind, a text over the limit); the issues
        /// say which, by JSON pointer to the slot. Version 2.
        public static let invalidContent = Code(rawValue: 10)
        /// 11: the computation took longer than the server's time budget and was abandoned
        /// (the document is too costly for this environment, or the server too loaded);
        /// the message says what and the limit.
        public static let timeout = Code(rawValue: 11)
        /// 12: a register or unregister on a host of a fleet whose shared registry
        /// (PostgreSQL) cannot be reached: nothing was changed on this host, which keeps
        /// serving what it has; retry later, or through a host that reaches the registry.
        public static let registryUnavailable = Code(rawValue: 12)
        /// 13: a lookup of a `lookupBatchWithReferences` named by a reference the server
        /// does not know (never sent in full to it, or forgotten since): send that lookup
        /// in full. Version 4.
        public static let unknownReference = Code(rawValue: 13)

        private static let names: [UInt16: String] = [
            1: "notFound", 2: "invalidDocument", 3: "invalidEnvironment", 4: "tooLarge", 5: "unauthorized",
            6: "busy", 7: "internal", 8: "badRequest", 9: "unsupportedVersion", 10: "invalidContent", 11: "timeout",
            12: "registryUnavailable", 13: "unknownReference",
        ]

        /// The code's stable name (`notFound`), or `code N` for a code this version does
        /// not know.
        public var description: String { Self.names[rawValue] ?? "code \(rawValue)" }
    }

    /// Why the request failed.
    public var code: Code
    /// What went wrong, naming the input (`no scheme is registered as 'feed-cel'`).
    public var message: String
    /// The document's issues, for `invalidDocument`; empty otherwise.
    public var issues: [WireIssue]

    /// An error.
    public init(code: Code, message: String, issues: [WireIssue] = []) {
        self.code = code
        self.message = message
        self.issues = issues
    }

    /// `code: message`, then each issue on a line of its own.
    public var description: String {
        ([("\(code): \(message)")] + issues.map(\.description)).joined(separator: "\n")
    }
}

extension WireError: WireCodable {
    static var minimumEncodedSize: Int { 2 + 4 + 4 }

    func write(to writer: inout ByteWriter) {
        writer.write(code.rawValue)
        writer.write(message)
        writer.write(list: issues)
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        self.init(code: Code(rawValue: try reader.readUInt16("the error code")),
                  message: try reader.readString("the error message"),
                  issues: try reader.readList(of: WireIssue.self, "the issues"))
    }
}
