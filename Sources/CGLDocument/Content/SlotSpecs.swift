import Foundation
import CGLayout

/// An element's text taken from a slot, measured in the style's font.
struct TextSlotSpec: Sendable, Hashable {
    var slot: String
}

/// An element's intrinsic size taken from a slot: the size given; with a fixed width, that
/// width and the height of the given size's aspect; filling, the width the element is laid
/// out at and the height of the aspect there (an image shown at its aspect).
struct SizeSlotSpec: Sendable, Hashable {
    /// How the size given becomes the element's.
    enum Width: Sendable, Hashable {
        /// The size itself.
        case natural
        /// This width, at the size's aspect.
        case fixed(CGFloat)
        /// The width offered when the element is measured (an `adjust` constraint), at the
        /// size's aspect.
        case fill
    }

    var slot: String
    var width: Width

    /// The intrinsic size for a slot value (finite: the height of an extreme aspect is held
    /// to the largest number a document may write); for `fill`, the size itself.
    func intrinsicSize(for size: CGSize) -> CGSize {
        guard case .fixed(let width) = width else { return size }
        let height = size.width > 0 ? width * size.height / size.width : 0
        return CGSize(width: width, height: height.isFinite ? min(height, ObjectReader.numberLimit) : 0)
    }

    /// How the element measures for a slot value.
    func sizing(for size: CGSize) -> ContentSizing {
        width == .fill ? .aspect(size, maximumHeight: ObjectReader.numberLimit) : .fixed(intrinsicSize(for: size))
    }
}
