/// The answers of a `snapshots` payload as a client received it, checked once (as
/// ``WireResponse`` decoding checks them) and kept as the payload's bytes: a snapshot is
/// read in place (``WireSnapshotView``) and an error was decoded.
///
/// What it keeps per answer is plain values (where the answer is, and where a snapshot's
/// fields are), so a page of answers costs no object and no reference count until each is
/// taken (``subscript(_:)``).
package struct WireBatchAnswers: Sendable {
    private let payload: [UInt8]
    private let version: UInt16
    private let items: [Item]
    /// The error answers, in order (rare: kept apart so that an item stays a plain value).
    private let errors: [WireError]

    private enum Item {
        case snapshot(Range<Int>, WireSnapshotView.Layout)
        /// The index in `errors`.
        case error(Int)
    }

    /// The answers of `payload`, the payload of a `snapshots` response of protocol `version`.
    ///
    /// - Throws: `WireDecodingError` when the payload is not exactly a list of answers.
    package init(payload: [UInt8], version: UInt16) throws(WireDecodingError) {
        var errors: [WireError] = []
        // One pass: each answer checked as it is reached, with no list of places between.
        items = try ByteReader.reading(payload[...]) { reader throws(WireDecodingError) -> [Item] in
            let items = try reader.readList("the answers", minimumSize: WireBatchAnswer.itemHeaderSize) { reader throws(WireDecodingError) -> Item in
                let start = reader.offset
                let kind = try reader.readUInt8("an answer's kind")
                let length = Int(try reader.readUInt32("an answer's length"))
                guard kind == WireResponse.Kind.snapshot.rawValue || kind == WireResponse.Kind.error.rawValue else {
                    throw WireDecodingError(code: .badValue, message: "an answer's kind is 0x\(String(kind, radix: 16)); expected 0x85 (snapshot) or 0xff (error)",
                                            offset: start)
                }
                let payloadStart = reader.offset
                _ = try reader.readBytes(length, "an answer")
                let range = payloadStart ..< payloadStart + length
                if kind == WireResponse.Kind.snapshot.rawValue {
                    return .snapshot(range, try WireSnapshotView.check(payload, range: range, version: version))
                }
                errors.append(try ByteReader.reading(payload[range]) { reader throws(WireDecodingError) in
                    let error = try WireError(from: &reader)
                    try reader.finish("an error answer")
                    return error
                })
                return .error(errors.count - 1)
            }
            try reader.finish("a snapshots response")
            return items
        }
        self.payload = payload
        self.version = version
        self.errors = errors
    }

    /// How many answers there are.
    package var count: Int { items.count }

    /// The answer at `index`: a view of its snapshot, sharing the payload, or its error.
    package subscript(index: Int) -> Result<WireSnapshotView, WireError> {
        switch items[index] {
        case .snapshot(let range, let layout): .success(WireSnapshotView(payload, range: range, version: version, checked: layout))
        case .error(let position): .failure(errors[position])
        }
    }
}
