/// The caller's content for a scheme's slots, as `lookup`, `lookupBatch` and `prewarm`
/// carry it from protocol version 2 (`docs/protocol.md` §6a): slot name → text, size or
/// flag. Slots it leaves out take the document's defaults; the empty content is the
/// document's own.
///
/// The wire carries any values in any order; whether they fit the scheme's slots (a known
/// name, the slot's kind, a text within the limit, a finite size) is for the server to
/// check, which answers `invalidContent` naming the slot when they do not.
public struct WireContent: Sendable, Hashable {
    /// One slot's value.
    public enum Value: Sendable, Hashable {
        /// Kind 1: a text slot's text.
        case text(String)
        /// Kind 2: an intrinsic-size slot's size, in points (an image's pixel size keeps its aspect).
        case size(width: Double, height: Double)
        /// Kind 3: a visibility slot's flag.
        case flag(Bool)

        /// The kind byte: 1 text, 2 size, 3 flag.
        public var kind: UInt8 {
            switch self {
            case .text: 1
            case .size: 2
            case .flag: 3
            }
        }
    }

    /// One slot's name and value.
    public struct Entry: Sendable, Hashable {
        public var slot: String
        public var value: Value

        public init(slot: String, value: Value) {
            self.slot = slot
            self.value = value
        }
    }

    /// The values, in the order the client gave them.
    public var entries: [Entry]

    /// The document's own content: every slot at its default.
    public static let none = WireContent(entries: [])

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Whether every slot takes its default.
    public var isEmpty: Bool { entries.isEmpty }
}

extension WireContent.Entry: WireCodable {
    /// A name's length, the kind byte and a flag, the smallest value.
    static var minimumEncodedSize: Int { 4 + 1 + 1 }

    func write(to writer: inout ByteWriter) {
        writer.write(slot)
        writer.write(value.kind)
        switch value {
        case .text(let text): writer.write(text)
        case .size(let width, let height):
            writer.write(width)
            writer.write(height)
        case .flag(let flag): writer.write(flag)
        }
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        let slot = try reader.readString("a slot's name")
        let start = reader.offset
        switch try reader.readUInt8("the kind of the slot '\(slot)'") {
        case 1: self.init(slot: slot, value: .text(try reader.readString("the text of the slot '\(slot)'")))
        case 2:
            self.init(slot: slot, value: .size(width: try reader.readDouble("the width of the slot '\(slot)'"),
                                               height: try reader.readDouble("the height of the slot '\(slot)'")))
        case 3: self.init(slot: slot, value: .flag(try reader.readBool("the flag of the slot '\(slot)'")))
        case let kind:
            throw WireDecodingError(code: .badValue, message: "the kind of the slot '\(slot)' is \(kind); expected 1 (text), 2 (size) or 3 (flag)",
                                    offset: start)
        }
    }
}

extension WireContent: WireCodable {
    static var minimumEncodedSize: Int { 4 }

    func write(to writer: inout ByteWriter) {
        writer.write(list: entries)
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        self.init(entries: try reader.readList(of: Entry.self, "the content's slots"))
    }
}
