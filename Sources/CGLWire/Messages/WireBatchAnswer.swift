/// The answer to one lookup of a `lookupBatch`, as the `snapshots` response carries it
/// (`docs/protocol.md`, `snapshots`): the snapshot, or the error that lookup alone met.
public enum WireBatchAnswer: Sendable, Hashable {
    /// The lookup's snapshot.
    case snapshot(WireSnapshot)
    /// Why the lookup failed; the other lookups of the batch are answered all the same.
    case failure(WireError)

    /// The response kind an item is laid out as: `snapshot` or `error`.
    public var kind: WireResponse.Kind {
        switch self {
        case .snapshot: .snapshot
        case .failure: .error
        }
    }

    /// A kind byte and a length, before each item's payload.
    static let itemHeaderSize = 5

    func write(to writer: inout ByteWriter, version: UInt16) {
        writer.write(kind.rawValue)
        let lengthOffset = writer.reserveLength()
        switch self {
        case .snapshot(let snapshot): snapshot.write(to: &writer, version: version)
        case .failure(let error): writer.write(error)
        }
        writer.fillLength(at: lengthOffset)
    }

    init(from reader: inout ByteReader, version: UInt16) throws(WireDecodingError) {
        let start = reader.offset
        let kind = try reader.readUInt8("an answer's kind")
        let length = Int(try reader.readUInt32("an answer's length"))
        guard length <= reader.remaining else {
            throw WireDecodingError(code: .truncated, message: "an answer of \(length) bytes is longer than the \(reader.remaining) left", offset: start)
        }
        let payloadStart = reader.offset
        reader.restartStringPlaces()
        switch kind {
        case WireResponse.Kind.snapshot.rawValue: self = .snapshot(try WireSnapshot(from: &reader, version: version))
        case WireResponse.Kind.error.rawValue: self = .failure(try WireError(from: &reader))
        default:
            throw WireDecodingError(code: .badValue, message: "an answer's kind is 0x\(String(kind, radix: 16)); expected 0x85 (snapshot) or 0xff (error)",
                                    offset: start)
        }
        guard reader.offset - payloadStart == length else {
            throw WireDecodingError(code: .badValue, message: "an answer's length is \(length) bytes but its fields take \(reader.offset - payloadStart)",
                                    offset: start)
        }
    }
}
