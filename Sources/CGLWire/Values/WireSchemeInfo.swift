/// A registered scheme, as `list` describes it.
public struct WireSchemeInfo: Sendable, Hashable {
    /// The scheme's name (the document's `name`).
    public var name: String
    /// The content hash of the registered document (`sha256:…`).
    public var hash: String
    /// How many elements the scheme has.
    public var elementCount: UInt32
    /// When the name was first registered, in seconds since the Unix epoch.
    public var registeredAt: Double
    /// When the document last changed (its hash), in seconds since the Unix epoch; equal
    /// to ``registeredAt`` until then.
    public var updatedAt: Double

    /// A scheme's description.
    public init(name: String, hash: String, elementCount: UInt32, registeredAt: Double, updatedAt: Double) {
        self.name = name
        self.hash = hash
        self.elementCount = elementCount
        self.registeredAt = registeredAt
        self.updatedAt = updatedAt
    }
}

extension WireSchemeInfo: WireCodable {
    static var minimumEncodedSize: Int { 4 + 4 + 4 + 8 + 8 }

    func write(to writer: inout ByteWriter) {
        writer.write(name)
        writer.write(hash)
        writer.write(elementCount)
        writer.write(registeredAt)
        writer.write(updatedAt)
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        self.init(name: try reader.readString("a scheme's name"), hash: try reader.readString("a scheme's hash"),
                  elementCount: try reader.readUInt32("a scheme's element count"),
                  registeredAt: try reader.readDouble("a scheme's registration time"),
                  updatedAt: try reader.readDouble("a scheme's update time"))
    }
}
