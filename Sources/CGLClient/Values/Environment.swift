public import CGLValues
public import CGLayout
import CGLBridge
package import CGLWire

/// The environment a lookup asks for: a profile the daemon has, or explicit values.
///
/// ```swift
/// try await client.lookup("feed-cell", in: .profile("phone-portrait"))
/// try await client.lookup("feed-cell", in: .profile("phone-portrait", direction: .rightToLeft))
/// try await client.lookup("feed-cell", in: .size(width: 500, height: 300, scale: 2))
/// ```
///
/// A profile lays out at its own text scale, explicit values at 1; a lookup's `textScale`
/// replaces either.
public struct Environment: Sendable, Hashable, CustomStringConvertible {
    package let request: WireEnvironmentRequest

    package init(_ request: WireEnvironmentRequest) {
        self.request = request
    }

    /// The profile called `name` (`cglctl profiles` lists the daemon's), in its own
    /// direction or in `direction`.
    public static func profile(_ name: String, direction: LayoutDirection? = nil) -> Environment {
        Environment(.profile(name, direction: direction.map(WireDirection.init)))
    }

    /// Explicit values; only the size is required.
    ///
    /// - Parameters:
    ///   - width: Points; finite, more than 0, at most 100 000.
    ///   - height: Points; likewise.
    ///   - scale: Points per pixel for pixel snapping (at most 10); nil: no snapping.
    ///   - direction: Left-to-right by default.
    ///   - horizontalSizeClass: Nil derives it from the width (regular from 600 points).
    ///   - verticalSizeClass: Nil derives it from the height (regular from 600 points).
    ///   - safeArea: Insets of the safe area, each 0 or more.
    public static func size(width: Double, height: Double, scale: Double? = nil, direction: LayoutDirection = .leftToRight,
                            horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil,
                            safeArea: EdgeInsets = .zero) -> Environment {
        Environment(.explicit(WireEnvironmentRequest.Explicit(
            width: width, height: height, scale: scale, direction: WireDirection(direction),
            horizontalSizeClass: horizontalSizeClass.map(WireSizeClass.init), verticalSizeClass: verticalSizeClass.map(WireSizeClass.init),
            safeArea: WireInsets(safeArea))))
    }

    /// The values of `environment`, explicitly (its profile name and text scale aside).
    public static func values(of environment: LayoutEnvironment) -> Environment {
        Environment(.explicit(WireEnvironmentRequest.Explicit(environment)))
    }

    /// The profile's name, for an environment given by profile.
    public var profileName: String? {
        if case .profile(let name, _) = request { return name }
        return nil
    }

    /// The environment to lay out, resolved against `profiles` as the daemon resolves it;
    /// nil for an unknown profile.
    public func resolved(in profiles: ProfileSet) -> LayoutEnvironment? {
        switch request {
        case .profile(let name, let direction):
            guard var environment = profiles[name] else { return nil }
            if let direction { environment.direction = LayoutDirection(direction) }
            return environment
        case .explicit(let values):
            return LayoutEnvironment(values)
        }
    }

    public var description: String {
        switch request {
        case .profile(let name, let direction):
            "profile '\(name)'" + (direction.map { " (\(LayoutDirection($0).documentName))" } ?? "")
        case .explicit(let values):
            "\(values.width)×\(values.height)"
        }
    }
}
