import CGLayout
import Foundation

/// An environment that cannot be laid out: a size that is zero, negative, non-finite or
/// beyond the limits, a bad scale or safe area.
public struct EnvironmentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, naming the value.
    public var message: String
    /// The value, as a JSON pointer into the environment's JSON form (`/width`,
    /// `/safeArea`, `/textScale`).
    public var pointer: String

    public init(message: String, pointer: String = "") {
        self.message = message
        self.pointer = pointer
    }

    public var description: String { message }
}

extension LayoutEnvironment {
    /// The largest width or height accepted, in points.
    public static let maximumDimension = 100_000.0
    /// The largest scale accepted.
    public static let maximumScale = 10.0
    /// The text scales accepted: Dynamic Type's content size categories span 0.8–3.1.
    public static let textScales: ClosedRange<Double> = 0.8...3.1

    /// Checks that the environment can be laid out.
    ///
    /// - Throws: `EnvironmentError` naming the first value out of range.
    public func validate() throws(EnvironmentError) {
        for (name, value) in [("width", width), ("height", height)] {
            guard value.isFinite, value > 0, value <= Self.maximumDimension else {
                throw EnvironmentError(message: "the \(name) \(value) must be a finite number of points greater than 0 and at most \(Int(Self.maximumDimension))",
                                       pointer: "/" + name)
            }
        }
        if let scale, !(scale.isFinite && scale > 0 && scale <= Self.maximumScale) {
            throw EnvironmentError(message: "the scale \(scale) must be a finite number greater than 0 and at most \(Int(Self.maximumScale))", pointer: "/scale")
        }
        let insets = [("top", safeArea.top), ("left", safeArea.left), ("bottom", safeArea.bottom), ("right", safeArea.right)]
        for (edge, value) in insets where !(value.isFinite && value >= 0) {
            throw EnvironmentError(message: "the \(edge) safe-area inset \(value) must be a finite number of points, 0 or more", pointer: "/safeArea")
        }
        guard textScale.isFinite, Self.textScales.contains(textScale) else {
            throw EnvironmentError(message: "the text scale \(textScale) must be between \(Self.textScales.lowerBound) and \(Self.textScales.upperBound) (1 is the default size; Dynamic Type's largest accessibility size is 3.1)",
                                   pointer: "/textScale")
        }
        guard safeArea.left + safeArea.right <= width, safeArea.top + safeArea.bottom <= height else {
            throw EnvironmentError(message: "the safe area (\(safeArea.top), \(safeArea.left), \(safeArea.bottom), \(safeArea.right)) does not fit in \(width)×\(height)", pointer: "/safeArea")
        }
    }
}
