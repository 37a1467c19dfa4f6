import Foundation
package import CGLValues
package import CGLWire
package import CGLayout

extension WireEnvironment {
    /// The resolved environment of a document snapshot, as the wire carries it.
    package init(_ environment: LayoutEnvironment) {
        self.init(width: environment.width, height: environment.height, scale: environment.scale,
                  direction: WireDirection(environment.direction),
                  horizontalSizeClass: WireSizeClass(environment.horizontalSizeClass),
                  verticalSizeClass: WireSizeClass(environment.verticalSizeClass),
                  safeArea: WireInsets(environment.safeArea), profile: environment.profile, textScale: environment.textScale)
    }
}

extension LayoutEnvironment {
    /// The environment a wire snapshot was computed for.
    package init(_ environment: WireEnvironment) {
        self.init(width: environment.width, height: environment.height, scale: environment.scale,
                  direction: LayoutDirection(environment.direction),
                  horizontalSizeClass: SizeClass(environment.horizontalSizeClass),
                  verticalSizeClass: SizeClass(environment.verticalSizeClass),
                  safeArea: EdgeInsets(environment.safeArea), profile: environment.profile, textScale: environment.textScale)
    }

    /// The environment explicit lookup values describe; size classes left out are derived
    /// from the size. Not validated: call `validate()`.
    package init(_ values: WireEnvironmentRequest.Explicit) {
        self.init(width: values.width, height: values.height, scale: values.scale,
                  direction: LayoutDirection(values.direction),
                  horizontalSizeClass: values.horizontalSizeClass.map(SizeClass.init),
                  verticalSizeClass: values.verticalSizeClass.map(SizeClass.init),
                  safeArea: EdgeInsets(values.safeArea))
    }
}

extension WireEnvironmentRequest.Explicit {
    /// Explicit values that describe `environment` exactly (its profile name aside).
    package init(_ environment: LayoutEnvironment) {
        let resolved = WireEnvironment(environment)
        self.init(width: resolved.width, height: resolved.height, scale: resolved.scale, direction: resolved.direction,
                  horizontalSizeClass: resolved.horizontalSizeClass, verticalSizeClass: resolved.verticalSizeClass,
                  safeArea: resolved.safeArea)
    }
}

extension WireDirection {
    /// The wire number of an engine direction.
    package init(_ direction: LayoutDirection) {
        self = direction == .leftToRight ? .leftToRight : .rightToLeft
    }
}

extension LayoutDirection {
    /// The engine direction of a wire direction.
    package init(_ direction: WireDirection) {
        self = direction == .leftToRight ? .leftToRight : .rightToLeft
    }
}

extension WireSizeClass {
    /// The wire number of a document size class.
    package init(_ sizeClass: SizeClass) {
        self = sizeClass == .compact ? .compact : .regular
    }
}

extension SizeClass {
    /// The document size class of a wire size class.
    package init(_ sizeClass: WireSizeClass) {
        self = sizeClass == .compact ? .compact : .regular
    }
}

extension EdgeInsets {
    /// Insets from the wire's top, left, bottom, right.
    init(_ insets: WireInsets) {
        self.init(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    }
}

extension WireInsets {
    /// Insets from the engine's.
    package init(_ insets: EdgeInsets) {
        self.init(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    }
}
