public import CGLValues
import CGLBridge
import CGLWire

/// One lookup of a batch (``CGLClient/lookup(_:)-([Lookup])``).
///
/// ```swift
/// Lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": .text(post.body), "hasBadge": false])
/// ```
///
/// A lookup is laid out in the protocol's bytes when it is made (and again when it is
/// changed). Keep the lookups of a page you ask for again and again (the posts of a
/// popular feed): once a daemon has answered one, it goes by its reference, the SHA-256 of
/// those bytes (33 bytes instead of its content; `docs/protocol.md`,
/// `lookupBatchWithReferences`). Copies of a lookup share that state; a daemon that does
/// not know the reference (restarted, another host) is sent the lookup in full again, at
/// the cost of a second round trip.
public struct Lookup: Sendable, Hashable {
    /// The scheme's name.
    public var scheme: String { didSet { encode() } }
    /// The environment.
    public var environment: Environment { didSet { encode() } }
    /// Values of the scheme's slots; empty for the document's own content.
    public var content: Content { didSet { encode() } }
    /// The text scale replacing the environment's; nil keeps it.
    public var textScale: Double? { didSet { encode() } }
    /// The lookup's bytes and reference state: shared by its copies (a page kept by the
    /// caller), new whenever a field changes. What a batch reads of each lookup, in one
    /// object: the exchange touches it alone, not the lookup's strings and content.
    private(set) var encoding: LookupEncoding

    /// A lookup.
    public init(_ scheme: String, in environment: Environment, content: Content = [:], textScale: Double? = nil) {
        self.scheme = scheme
        self.environment = environment
        self.content = content
        self.textScale = textScale
        encoding = LookupEncoding(Self.wire(scheme, environment, content, textScale))
    }

    private mutating func encode() {
        encoding = LookupEncoding(wire)
    }

    /// The lookup as protocol version 2 carries it (``WireLookup/encoded()``).
    var encoded: [UInt8] { encoding.bytes }

    var wire: WireLookup { Self.wire(scheme, environment, content, textScale) }

    private static func wire(_ scheme: String, _ environment: Environment, _ content: Content, _ textScale: Double?) -> WireLookup {
        WireLookup(scheme: scheme, environment: environment.request, textScale: textScale, content: WireContent(content))
    }

    var request: WireRequest { .lookup(wire) }

    public static func == (first: Lookup, second: Lookup) -> Bool {
        first.scheme == second.scheme && first.environment == second.environment && first.content == second.content
            && first.textScale == second.textScale
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(scheme)
        hasher.combine(environment)
        hasher.combine(content)
        hasher.combine(textScale)
    }
}
