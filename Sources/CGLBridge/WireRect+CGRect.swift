package import CGLWire
package import Foundation

extension WireRect {
    /// A rectangle from a `CGRect`.
    package init(_ rect: CGRect) {
        self.init(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height)
    }
}

extension CGRect {
    /// A rectangle from the wire.
    package init(_ rect: WireRect) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }
}
