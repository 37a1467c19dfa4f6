/// The environment a snapshot was computed for, every value resolved
/// (`docs/format.md` §2): what the server actually laid out, whichever form the
/// `lookup` used.
public struct WireEnvironment: Sendable, Hashable {
    public var width: Double
    public var height: Double
    /// Points per pixel edge the frames were snapped to; `nil` means no snapping.
    public var scale: Double?
    public var direction: WireDirection
    public var horizontalSizeClass: WireSizeClass
    public var verticalSizeClass: WireSizeClass
    /// Insets of the safe area.
    public var safeArea: WireInsets
    /// The profile the environment came from; `nil` for explicit values.
    ///
    /// The wire writes "no profile" as the empty string, so an empty name reads back as
    /// `nil`; the initialiser normalises it so that a value equals its round trip.
    public var profile: String?
    /// The text scale texts were measured at (1 is the default size). A version 2 snapshot
    /// carries it after its elements; a version 1 snapshot reads back as 1.
    public var textScale: Double

    /// A resolved environment; size classes default to those derived from the size.
    public init(
        width: Double,
        height: Double,
        scale: Double? = nil,
        direction: WireDirection = .leftToRight,
        horizontalSizeClass: WireSizeClass? = nil,
        verticalSizeClass: WireSizeClass? = nil,
        safeArea: WireInsets = .zero,
        profile: String? = nil,
        textScale: Double = 1
    ) {
        self.width = width
        self.height = height
        self.scale = scale
        self.direction = direction
        self.horizontalSizeClass = horizontalSizeClass ?? WireSizeClass(dimension: width)
        self.verticalSizeClass = verticalSizeClass ?? WireSizeClass(dimension: height)
        self.safeArea = safeArea
        self.profile = profile?.isEmpty == true ? nil : profile
        self.textScale = textScale
    }

    /// `landscape` when wider than high, else `portrait` (for rendering; not on the wire).
    public var orientationName: String { width > height ? "landscape" : "portrait" }
}

extension WireEnvironment: WireCodable {
    /// Two doubles, the scale flag, three class bytes, four insets, the profile's length
    /// (the text scale travels at the end of the snapshot: version 2 appended it there).
    static var minimumEncodedSize: Int { 16 + 1 + 3 + 32 + 4 }

    func write(to writer: inout ByteWriter) {
        writer.write(width)
        writer.write(height)
        writer.write(optional: scale)
        writer.write(direction)
        writer.write(horizontalSizeClass)
        writer.write(verticalSizeClass)
        writer.write(safeArea)
        writer.write(profile ?? "")
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        self.init(
            width: try reader.readDouble("the environment's width"),
            height: try reader.readDouble("the environment's height"),
            scale: try reader.readOptionalDouble("the environment's scale"),
            direction: try reader.readEnum(WireDirection.self, "the environment's direction"),
            horizontalSizeClass: try reader.readEnum(WireSizeClass.self, "the environment's horizontal size class"),
            verticalSizeClass: try reader.readEnum(WireSizeClass.self, "the environment's vertical size class"),
            safeArea: try WireInsets(from: &reader),
            profile: try reader.readString("the environment's profile")
        )
    }
}
