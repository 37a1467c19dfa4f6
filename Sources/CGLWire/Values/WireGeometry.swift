// The geometry the protocol carries: plain doubles in points, so that this module needs
// neither Foundation's CGRect nor the engine's types. Clients convert at their edge.

/// A rectangle: origin and size, in points.
public struct WireRect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// A rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = WireRect(x: 0, y: 0, width: 0, height: 0)
}

/// A size, in points.
public struct WireSize: Sendable, Hashable {
    public var width: Double
    public var height: Double

    /// A size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No width and no height.
    public static let zero = WireSize(width: 0, height: 0)
}

/// Insets of a safe area, in points, in the protocol's order: top, left, bottom, right.
public struct WireInsets: Sendable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    /// Insets.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = WireInsets(top: 0, left: 0, bottom: 0, right: 0)
}

extension WireRect: WireCodable {
    static var minimumEncodedSize: Int { 32 }

    func write(to writer: inout ByteWriter) {
        writer.write(x)
        writer.write(y)
        writer.write(width)
        writer.write(height)
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        self.init(x: try reader.readDouble("x"), y: try reader.readDouble("y"),
                  width: try reader.readDouble("width"), height: try reader.readDouble("height"))
    }
}

extension WireSize: WireCodable {
    static var minimumEncodedSize: Int { 16 }

    func write(to writer: inout ByteWriter) {
        writer.write(width)
        writer.write(height)
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        self.init(width: try reader.readDouble("the width"), height: try reader.readDouble("the height"))
    }
}

extension WireInsets: WireCodable {
    static var minimumEncodedSize: Int { 32 }

    func write(to writer: inout ByteWriter) {
        writer.write(top)
        writer.write(left)
        writer.write(bottom)
        writer.write(right)
    }

    init(from reader: inout ByteReader) throws(WireDecodingError) {
        self.init(top: try reader.readDouble("the top inset"), left: try reader.readDouble("the left inset"),
                  bottom: try reader.readDouble("the bottom inset"), right: try reader.readDouble("the right inset"))
    }
}
