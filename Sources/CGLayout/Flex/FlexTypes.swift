public import Foundation

/// The axis a flexible layout runs along.
public enum FlexDirection: String, Sendable, Hashable, CaseIterable {
    /// Items follow each other downwards; widths are the cross size.
    case column
    /// Items follow each other from the leading side; heights are the cross size.
    case row
}

/// Where an item with a fixed cross size sits on the cross axis.
public enum FlexAlignment: String, Sendable, Hashable, CaseIterable {
    /// The top of a row; the leading side of a column (left, or right in right-to-left).
    case leading
    case center
    /// The bottom of a row; the trailing side of a column.
    case trailing
}

/// What an item fixes of its size; whatever it does not fix is flexible.
public enum FlexItemSize: Sendable, Hashable {
    /// Shares the free length along the direction and fills the cross axis.
    case flexible
    /// A fixed width: the main length in a row, the cross size in a column.
    case width(CGFloat)
    /// A fixed height: the main length in a column, the cross size in a row.
    case height(CGFloat)
    /// Both fixed.
    case size(CGSize)

    /// The fixed width, if any.
    public var width: CGFloat? {
        switch self {
        case .width(let value): value
        case .size(let size): size.width
        case .flexible, .height: nil
        }
    }

    /// The fixed height, if any.
    public var height: CGFloat? {
        switch self {
        case .height(let value): value
        case .size(let size): size.height
        case .flexible, .width: nil
        }
    }
}

/// Why a flexible layout has no frames.
public enum FlexError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The fixed sizes need more room than the container has.
    case outOfSpace(FlexOverflow)
    /// A frame was asked for before `layout()` computed it, or after the items changed.
    case itemIncomplete(index: Int)
    /// There is no item at this index.
    case noSuchItem(index: Int, count: Int)
    /// An item's fixed size is negative or not a finite number.
    case invalidSize(index: Int, value: CGFloat)

    public var description: String {
        switch self {
        case .outOfSpace(let overflow):
            overflow.description
        case .itemIncomplete(let index):
            "item \(index) has no frame yet: call layout() after adding or changing items"
        case .noSuchItem(let index, let count):
            "there is no item \(index): the layout has \(count) item\(count == 1 ? "" : "s")"
        case .invalidSize(let index, let value):
            "item \(index) has the fixed size \(value); sizes must be finite and 0 or more"
        }
    }
}

/// How fixed sizes overflow a container.
public struct FlexOverflow: Sendable, Hashable, CustomStringConvertible {
    /// `"width"` or `"height"`.
    public var dimension: String
    /// What the fixed sizes need.
    public var required: CGFloat
    /// What the container has.
    public var available: CGFloat
    /// The item whose cross size does not fit; `nil` when the fixed lengths along the
    /// direction do not fit together.
    public var item: Int?

    public var description: String {
        let amounts = "\(format(required)) > \(format(available))"
        if let item {
            return "out of space: item \(item)'s fixed \(dimension) does not fit the container's \(dimension) (\(amounts))"
        }
        return "out of space: the fixed \(dimension)s of the items exceed the container's \(dimension) (\(amounts)) by \(format(required - available))"
    }

    private func format(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(Double(value))
    }
}
