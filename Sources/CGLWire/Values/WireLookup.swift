/// What one lookup asks for: a scheme, an environment and, from protocol version 2, a
/// text scale and the caller's content (`docs/protocol.md`, `lookup`). A `lookup` request
/// carries one; a `lookupBatch` many.
public struct WireLookup: Sendable, Hashable {
    /// The registered scheme's name.
    public var scheme: String
    /// The environment, by profile or by values.
    public var environment: WireEnvironmentRequest
    /// The text scale to lay out with (Dynamic Type's, 0.8 to 3.1), replacing the
    /// environment's; `nil` keeps the profile's (1 for explicit values). Version 2.
    public var textScale: Double?
    /// The values of the scheme's slots; ``WireContent/none`` for the document's defaults.
    /// Version 2.
    public var content: WireContent

    public init(scheme: String, environment: WireEnvironmentRequest, textScale: Double? = nil, content: WireContent = .none) {
        self.scheme = scheme
        self.environment = environment
        self.textScale = textScale
        self.content = content
    }

    /// Whether protocol `version` can carry this lookup: version 1 has neither a text scale
    /// nor content, and runs need version 6.
    public func isExpressible(in version: UInt16) -> Bool {
        version >= 2 ? content.isExpressible(in: version) : (textScale == nil && content.isEmpty)
    }

    /// The bytes the lookup takes in a version 2 frame, counted without encoding it: for a
    /// client splitting a batch into frames.
    public var encodedSize: Int {
        let environmentSize: Int = switch environment {
        case .profile(let name, _): 6 + name.utf8.count
        case .explicit(let values): 1 + 16 + (values.scale == nil ? 1 : 9) + 3 + 32
        }
        return 4 + scheme.utf8.count + environmentSize + (textScale == nil ? 1 : 9) + 4 + content.entries.reduce(0) { total, entry in
            total + 5 + entry.slot.utf8.count + entry.value.encodedSize
        }
    }

    /// The fewest bytes a version 2 lookup takes: the name's length, the smallest
    /// environment, the text scale's flag, the content's count.
    static var minimumEncodedSize: Int { 4 + WireEnvironmentRequest.minimumEncodedSize + 1 + 4 }

    func write(to writer: inout ByteWriter, version: UInt16) {
        precondition(isExpressible(in: version), "protocol version \(version) cannot carry this lookup's text scale or content")
        writer.write(scheme)
        writer.write(environment)
        guard version >= 2 else { return }
        writer.write(optional: textScale)
        writer.write(content)
    }

    init(from reader: inout ByteReader, version: UInt16) throws(WireDecodingError) {
        scheme = try reader.readString("the scheme name")
        environment = try WireEnvironmentRequest(from: &reader)
        guard version >= 2 else {
            textScale = nil
            content = .none
            return
        }
        textScale = try reader.readOptionalDouble("the text scale")
        content = try WireContent(from: &reader, version: version)
    }
}

extension WireLookup {
    /// The lookup laid out as protocol versions 2 and later carry it in `lookup` and
    /// `lookupBatch` (its fields, no frame; the layout has not changed since, version 6 only
    /// adding runs): a client that keeps these bytes sends the lookup again at the cost of a
    /// copy (``WireRequest/appendLookups(requestID:_:batch:into:)``).
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encodedSize)
        ByteWriter.append(to: &bytes, capacity: encodedSize) { write(to: &$0, version: Handshake.currentVersion) }
        return bytes
    }
}
