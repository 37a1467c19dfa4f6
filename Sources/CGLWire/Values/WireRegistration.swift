/// The answer to `register`: the name the document registered under, its hash, what
/// changed, and the document's warnings.
public struct WireRegistration: Sendable, Hashable {
    /// What registering did.
    public enum Outcome: UInt8, Sendable, Hashable, CaseIterable {
        /// No scheme had this name: it is new.
        case created = 0
        /// A scheme had this name with another hash: it was replaced, and its snapshots
        /// will no longer be served.
        case updated = 1
        /// A scheme had this name and this hash already: nothing changed.
        case unchanged = 2

        /// `created`, `updated` or `unchanged`.
        public var name: String {
            switch self {
            case .created: "created"
            case .updated: "updated"
            case .unchanged: "unchanged"
            }
        }
    }

    /// The scheme's name (the document's `name`).
    public var name: String
    /// The content hash of the document (`sha256:…`).
    public var hash: String
    /// What registering changed.
    public var outcome: Outcome
    /// The document's warnings (every issue has severity `warning`).
    public var warnings: [WireIssue]

    /// A registration.
    public init(name: String, hash: String, outcome: Outcome, warnings: [WireIssue] = []) {
        self.name = name
        self.hash = hash
        self.outcome = outcome
        self.warnings = warnings
    }
}

extension WireRegistration: WireCodable {
    static var minimumEncodedSize: Int { 4 + 4 + 1 + 4 }

    func write(to writer: inout ByteWriter) {
        writer.write(name)
        writer.write(hash)
        writer.write(outcome)
        writer.write(list: warnings)
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        self.init(name: try reader.readString("the scheme's name"), hash: try reader.readString("the scheme's hash"),
                  outcome: try reader.readEnum(Outcome.self, "the outcome"),
                  warnings: try reader.readList(of: WireIssue.self, "the warnings"))
    }
}
