public import CGLayout
public import Foundation

/// What a layout is computed for (`docs/format.md` §2): the container's size, its pixel
/// scale, reading direction, size classes and safe area, and the profile it came from.
///
/// Only the size is required; the rest has defaults derived from it.
public struct LayoutEnvironment: Sendable, Hashable {
    public var width: Double
    public var height: Double
    /// Points per pixel edge for pixel snapping; `nil` means no snapping.
    public var scale: Double?
    public var direction: LayoutDirection
    public var horizontalSizeClass: SizeClass
    public var verticalSizeClass: SizeClass
    /// Insets of the safe area: top, left, bottom, right.
    public var safeArea: EdgeInsets
    /// The name of the profile this environment is, if any (variants can select on it).
    public var profile: String?
    /// The text size category as a factor (Dynamic Type's content size category): every
    /// text style's size and fixed line height are multiplied by it. 1 by default; 0.8–3.1.
    public var textScale: Double

    /// An environment; size classes default to `regular` for a dimension of at least 600
    /// points, else `compact`.
    public init(
        width: Double,
        height: Double,
        scale: Double? = nil,
        direction: LayoutDirection = .leftToRight,
        horizontalSizeClass: SizeClass? = nil,
        verticalSizeClass: SizeClass? = nil,
        safeArea: EdgeInsets = .zero,
        profile: String? = nil,
        textScale: Double = 1
    ) {
        self.width = width
        self.height = height
        self.scale = scale
        self.direction = direction
        self.horizontalSizeClass = horizontalSizeClass ?? SizeClass(dimension: width)
        self.verticalSizeClass = verticalSizeClass ?? SizeClass(dimension: height)
        self.safeArea = safeArea
        self.profile = profile
        self.textScale = textScale
    }

    /// `landscape` when wider than high, else `portrait`.
    public var orientation: Orientation { width > height ? .landscape : .portrait }

    /// The container's bounds.
    public var bounds: CGRect { CGRect(x: 0, y: 0, width: width, height: height) }

    /// The container's bounds inset by the safe area.
    public var safeAreaFrame: CGRect { bounds.inset(by: safeArea) }
}

/// A size class, as UIKit's trait collections have them.
public enum SizeClass: String, Sendable, Hashable, CaseIterable {
    case compact, regular

    /// The default for a dimension: `regular` from 600 points.
    public init(dimension: Double) {
        self = dimension >= 600 ? .regular : .compact
    }
}

/// The orientation of an environment.
public enum Orientation: String, Sendable, Hashable, CaseIterable {
    case portrait, landscape
}

extension LayoutDirection {
    /// The document spelling: `ltr` or `rtl`.
    public var documentName: String { self == .leftToRight ? "ltr" : "rtl" }

    /// Reads the document spelling.
    public init?(documentName: String) {
        switch documentName {
        case "ltr": self = .leftToRight
        case "rtl": self = .rightToLeft
        default: return nil
        }
    }
}
