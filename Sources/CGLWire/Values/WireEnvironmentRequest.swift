/// The environment a `lookup` asks for: a profile configured in the daemon, or explicit
/// values.
///
/// The wire layer carries any numbers; whether they describe an environment that can be
/// laid out (a positive finite size, a sensible scale) is for the server to check, which
/// answers `invalidEnvironment` when they do not.
public enum WireEnvironmentRequest: Sendable, Hashable {
    /// Form 0: the profile called `name`, in its own direction or in `direction`.
    case profile(String, direction: WireDirection? = nil)
    /// Form 1: explicit values.
    case explicit(Explicit)

    /// An environment given by its values; size classes may be left to be derived.
    public struct Explicit: Sendable, Hashable {
        public var width: Double
        public var height: Double
        /// Points per pixel edge for pixel snapping; `nil` means no snapping.
        public var scale: Double?
        public var direction: WireDirection
        /// `nil` derives the class from the width (regular from 600 points).
        public var horizontalSizeClass: WireSizeClass?
        /// `nil` derives the class from the height (regular from 600 points).
        public var verticalSizeClass: WireSizeClass?
        public var safeArea: WireInsets

        /// Explicit values; only the size is required.
        public init(
            width: Double,
            height: Double,
            scale: Double? = nil,
            direction: WireDirection = .leftToRight,
            horizontalSizeClass: WireSizeClass? = nil,
            verticalSizeClass: WireSizeClass? = nil,
            safeArea: WireInsets = .zero
        ) {
            self.width = width
            self.height = height
            self.scale = scale
            self.direction = direction
            self.horizontalSizeClass = horizontalSizeClass
            self.verticalSizeClass = verticalSizeClass
            self.safeArea = safeArea
        }
    }

    /// The form byte: 0 by profile, 1 explicit.
    public var form: UInt8 {
        switch self {
        case .profile: 0
        case .explicit: 1
        }
    }
}

extension WireEnvironmentRequest: WireCodable {
    /// The form byte, a profile's empty name and its direction byte.
    static var minimumEncodedSize: Int { 6 }

    func write(to writer: inout ByteWriter) {
        writer.write(form)
        switch self {
        case .profile(let name, let direction):
            writer.write(name)
            writer.write(optional: direction)
        case .explicit(let values):
            writer.write(values.width)
            writer.write(values.height)
            writer.write(optional: values.scale)
            writer.write(values.direction)
            writer.write(optional: values.horizontalSizeClass)
            writer.write(optional: values.verticalSizeClass)
            writer.write(values.safeArea)
        }
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        let start = reader.offset
        switch try reader.readUInt8("the environment form") {
        case 0:
            self = .profile(try reader.readString("the profile name"),
                            direction: try reader.readOptionalEnum(WireDirection.self, "the direction override"))
        case 1:
            self = .explicit(Explicit(
                width: try reader.readDouble("the width"),
                height: try reader.readDouble("the height"),
                scale: try reader.readOptionalDouble("the scale"),
                direction: try reader.readEnum(WireDirection.self, "the direction"),
                horizontalSizeClass: try reader.readOptionalEnum(WireSizeClass.self, "the horizontal size class"),
                verticalSizeClass: try reader.readOptionalEnum(WireSizeClass.self, "the vertical size class"),
                safeArea: try WireInsets(from: &reader)
            ))
        case let form:
            throw WireDecodingError(code: .badValue, message: "the environment form is \(form); expected 0 (profile) or 1 (explicit)", offset: start)
        }
    }
}
