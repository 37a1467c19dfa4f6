/// The caller's content for a scheme's slots, as `lookup`, `lookupBatch` and `prewarm`
/// carry it from protocol version 2 (`docs/protocol.md` §6a): slot name → text, size or
/// flag, and from version 6 a text in runs. Slots it leaves out take the document's
/// defaults; the empty content is the document's own.
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
        /// Kind 4 (protocol version 6): a text slot's text in runs of styles and inline objects.
        case runs([Run])

        /// The kind byte: 1 text, 2 size, 3 flag, 4 runs.
        public var kind: UInt8 {
            switch self {
            case .text: 1
            case .size: 2
            case .flag: 3
            case .runs: 4
            }
        }

        /// The bytes the value takes after its kind.
        var encodedSize: Int {
            switch self {
            case .text(let text): 4 + text.utf8.count
            case .size: 16
            case .flag: 1
            case .runs(let runs): 4 + runs.reduce(0) { $0 + $1.encodedSize }
            }
        }
    }

    /// One run of a text in runs (`docs/protocol.md` §6a): its kind byte, then its fields.
    public enum Run: Sendable, Hashable {
        /// Kind 1: a string, in the named style of the document (`nil`: the text's own).
        case text(String, style: String?)
        /// Kind 2: an inline object of a fixed size in points, its baseline from its top
        /// (`nil`: its bottom).
        case atom(width: Double, height: Double, baseline: Double?)

        /// The bytes the run takes.
        var encodedSize: Int {
            switch self {
            case .text(let text, let style): 1 + 4 + text.utf8.count + 1 + (style.map { 4 + $0.utf8.count } ?? 0)
            case .atom(_, _, let baseline): 1 + 16 + (baseline == nil ? 1 : 9)
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

    /// Whether protocol `version` can carry the content: runs need version 6.
    public func isExpressible(in version: UInt16) -> Bool {
        version >= Self.runsVersion || !entries.contains { $0.value.kind == 4 }
    }

    /// The protocol version that carries texts in runs.
    public static let runsVersion: UInt16 = 6
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
        case .runs(let runs):
            writer.write(count: runs.count)
            for run in runs { run.write(to: &writer) }
        }
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        try self.init(from: &reader, version: Handshake.currentVersion)
    }

    /// Reads an entry as protocol `version` lays it out: runs (kind 4) only from version 6.
    init(from reader: inout ByteReader, version: UInt16) throws(WireDecodingError) {
        let slot = try reader.readString("a slot's name")
        let start = reader.offset
        switch try reader.readUInt8("the kind of the slot '\(slot)'") {
        case 1: self.init(slot: slot, value: .text(try reader.readString("the text of the slot '\(slot)'")))
        case 2:
            self.init(slot: slot, value: .size(width: try reader.readDouble("the width of the slot '\(slot)'"),
                                               height: try reader.readDouble("the height of the slot '\(slot)'")))
        case 3: self.init(slot: slot, value: .flag(try reader.readBool("the flag of the slot '\(slot)'")))
        case 4 where version >= WireContent.runsVersion:
            let runs = try reader.readList("the runs of the slot '\(slot)'", minimumSize: WireContent.Run.minimumEncodedSize) { reader throws(WireDecodingError) in
                try WireContent.Run(from: &reader, slot: slot)
            }
            self.init(slot: slot, value: .runs(runs))
        case 4:
            throw WireDecodingError(code: .badValue, message: "the slot '\(slot)' is given runs (kind 4), which protocol version \(version) does not carry; connect with version \(WireContent.runsVersion) or later",
                                    offset: start)
        case let kind:
            let expected = version >= WireContent.runsVersion ? "1 (text), 2 (size), 3 (flag) or 4 (runs)" : "1 (text), 2 (size) or 3 (flag)"
            throw WireDecodingError(code: .badValue, message: "the kind of the slot '\(slot)' is \(kind); expected \(expected)", offset: start)
        }
    }
}

extension WireContent.Run {
    /// A kind byte, an empty string and the style's flag: the smallest run.
    static var minimumEncodedSize: Int { 1 + 4 + 1 }

    func write(to writer: inout ByteWriter) {
        switch self {
        case .text(let text, let style):
            writer.write(UInt8(1))
            writer.write(text)
            writer.write(style != nil)
            if let style { writer.write(style) }
        case .atom(let width, let height, let baseline):
            writer.write(UInt8(2))
            writer.write(width)
            writer.write(height)
            writer.write(optional: baseline)
        }
    }

    init(from reader: inout ByteReader, slot: String) throws(WireDecodingError) {
        let start = reader.offset
        switch try reader.readUInt8("the kind of a run of the slot '\(slot)'") {
        case 1:
            let text = try reader.readString("a run's text in the slot '\(slot)'")
            let style = try reader.readBool("whether a run of the slot '\(slot)' has a style") ? try reader.readString("a run's style in the slot '\(slot)'") : nil
            self = .text(text, style: style)
        case 2:
            self = .atom(width: try reader.readDouble("an atom's width in the slot '\(slot)'"), height: try reader.readDouble("an atom's height in the slot '\(slot)'"),
                         baseline: try reader.readOptionalDouble("an atom's baseline in the slot '\(slot)'"))
        case let kind:
            throw WireDecodingError(code: .badValue, message: "a run of the slot '\(slot)' is of kind \(kind); expected 1 (text) or 2 (atom)", offset: start)
        }
    }
}

extension WireContent: WireCodable {
    static var minimumEncodedSize: Int { 4 }

    func write(to writer: inout ByteWriter) {
        writer.write(list: entries)
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        try self.init(from: &reader, version: Handshake.currentVersion)
    }

    /// Reads content as protocol `version` lays it out.
    init(from reader: inout ByteReader, version: UInt16) throws(WireDecodingError) {
        self.init(entries: try reader.readList("the content's slots", minimumSize: Entry.minimumEncodedSize) { reader throws(WireDecodingError) in
            try Entry(from: &reader, version: version)
        })
    }
}
