public import Foundation

/// The CSS properties of one box: how it is sized as a flex item and how it lays out its
/// children as a flex container (`docs/format.md`, boxes; CSS Flexbox Level 1, the CSS 2 box
/// model, CSS Box Alignment, CSS Sizing 3).
///
/// Names and initial values are CSS's, in camelCase as React Native and Yoga write them,
/// except that `boxSizing` is `borderBox` by default (as in Yoga and most stylesheets).
///
/// ```swift
/// var card = BoxStyle()
/// card.flexDirection = .column
/// card.padding = BoxEdges(12)
/// card.rowGap = 8
/// ```
public struct BoxStyle: Sendable, Hashable {
    /// `display`: `flex` lays the box out; `none` removes it and its subtree (zero frames).
    public var display: Display = .flex
    /// `position`: `absolute` takes the box out of the flex flow, placed by `inset` in its
    /// parent's padding box.
    public var position: Position = .relative
    /// `direction`: the box's reading direction; `inherit` takes its parent's (the root's
    /// comes from the layout).
    public var direction: Direction = .inherit
    /// `box-sizing`: whether `width`/`height` and their limits include padding and border.
    public var boxSizing: BoxSizing = .borderBox

    /// `flex-direction`.
    public var flexDirection: FlexDirection = .row
    /// `flex-wrap`.
    public var flexWrap: FlexWrap = .nowrap
    /// `justify-content`: the main axis.
    public var justifyContent: ContentAlignment = .flexStart
    /// `align-items`: the cross axis, for every item without `alignSelf`.
    public var alignItems: ItemAlignment = .stretch
    /// `align-self`: nil is `auto` (the parent's `alignItems`).
    public var alignSelf: ItemAlignment?
    /// `align-content`: the lines of a wrapping container on the cross axis.
    public var alignContent: ContentAlignment = .stretch

    /// `flex-grow`, at least 0.
    public var flexGrow: CGFloat = 0
    /// `flex-shrink`, at least 0.
    public var flexShrink: CGFloat = 1
    /// `flex-basis`.
    public var flexBasis: BoxSize = .auto

    /// `width`.
    public var width: BoxSize = .auto
    /// `height`.
    public var height: BoxSize = .auto
    /// `min-width`; `auto` is the automatic minimum size of a flex item.
    public var minWidth: BoxSize = .auto
    /// `min-height`; likewise.
    public var minHeight: BoxSize = .auto
    /// `max-width`; `auto` is CSS's `none`.
    public var maxWidth: BoxSize = .auto
    /// `max-height`; likewise.
    public var maxHeight: BoxSize = .auto
    /// `aspect-ratio` (width / height, more than 0); nil is `auto`.
    public var aspectRatio: CGFloat?

    /// `margin`; `auto` margins take free space.
    public var margin: BoxEdges<BoxLength> = BoxEdges(.points(0))
    /// `padding` (no `auto`).
    public var padding: BoxEdges<BoxLength> = BoxEdges(.points(0))
    /// The border's widths.
    public var border: BoxEdges<CGFloat> = BoxEdges(0)
    /// `top`, `right`, `bottom`, `left`: the offsets of a positioned box.
    public var inset: BoxEdges<BoxLength> = BoxEdges(.auto)

    /// `row-gap`: between lines of a row, between items of a column.
    public var rowGap: BoxLength = .points(0)
    /// `column-gap`: between items of a row, between lines of a column.
    public var columnGap: BoxLength = .points(0)

    /// `overflow-x`.
    public var overflowX: Overflow = .visible
    /// `overflow-y`.
    public var overflowY: Overflow = .visible
    /// The room an `overflow: scroll` box's scrollbar takes from its content area: on the
    /// right (the left, right-to-left) for `overflowY`, at the bottom for `overflowX`.
    public var scrollbarWidth: CGFloat = 0

    /// A style with every property at its initial value.
    public init() {}
}

extension BoxStyle {
    /// `display`.
    public enum Display: String, Sendable, Hashable, CaseIterable {
        case flex, none
    }

    /// `position`.
    public enum Position: String, Sendable, Hashable, CaseIterable {
        case relative, absolute
    }

    /// `direction`.
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        case inherit, ltr, rtl
    }

    /// `box-sizing`.
    public enum BoxSizing: String, Sendable, Hashable, CaseIterable {
        case borderBox = "border-box", contentBox = "content-box"
    }

    /// `flex-direction`.
    public enum FlexDirection: String, Sendable, Hashable, CaseIterable {
        case row, rowReverse = "row-reverse", column, columnReverse = "column-reverse"

        /// Whether the main axis is horizontal.
        public var isRow: Bool { self == .row || self == .rowReverse }
        /// Whether items run against the axis's direction.
        public var isReverse: Bool { self == .rowReverse || self == .columnReverse }
    }

    /// `flex-wrap`.
    public enum FlexWrap: String, Sendable, Hashable, CaseIterable {
        case nowrap, wrap, wrapReverse = "wrap-reverse"
    }

    /// `overflow`.
    public enum Overflow: String, Sendable, Hashable, CaseIterable {
        case visible, hidden, clip, scroll

        /// Whether the box is a scroll container (its automatic minimum size is 0).
        public var isScrollContainer: Bool { self == .hidden || self == .scroll }
    }

    /// `justify-content` and `align-content`: how free space is shared out along an axis.
    public struct ContentAlignment: Sendable, Hashable {
        /// The keyword.
        public var position: ContentPosition
        /// `safe` / `unsafe`: nil is neither (CSS's default overflow behaviour).
        public var safety: Safety?

        /// `position`, with `safety` if given.
        public init(_ position: ContentPosition, safety: Safety? = nil) {
            self.position = position
            self.safety = safety
        }

        public static let flexStart = ContentAlignment(.flexStart)
        public static let flexEnd = ContentAlignment(.flexEnd)
        public static let start = ContentAlignment(.start)
        public static let end = ContentAlignment(.end)
        public static let center = ContentAlignment(.center)
        public static let spaceBetween = ContentAlignment(.spaceBetween)
        public static let spaceAround = ContentAlignment(.spaceAround)
        public static let spaceEvenly = ContentAlignment(.spaceEvenly)
        public static let stretch = ContentAlignment(.stretch)
    }

    /// The keywords of `justify-content` and `align-content`.
    public enum ContentPosition: String, Sendable, Hashable, CaseIterable {
        case flexStart = "flex-start", flexEnd = "flex-end", start, end, center
        case spaceBetween = "space-between", spaceAround = "space-around", spaceEvenly = "space-evenly", stretch
    }

    /// `align-items` and `align-self`: where an item sits on the cross axis of its line.
    public struct ItemAlignment: Sendable, Hashable {
        /// The keyword.
        public var position: ItemPosition
        /// `safe` / `unsafe`: nil is neither.
        public var safety: Safety?

        /// `position`, with `safety` if given.
        public init(_ position: ItemPosition, safety: Safety? = nil) {
            self.position = position
            self.safety = safety
        }

        public static let flexStart = ItemAlignment(.flexStart)
        public static let flexEnd = ItemAlignment(.flexEnd)
        public static let start = ItemAlignment(.start)
        public static let end = ItemAlignment(.end)
        public static let selfStart = ItemAlignment(.selfStart)
        public static let selfEnd = ItemAlignment(.selfEnd)
        public static let center = ItemAlignment(.center)
        public static let baseline = ItemAlignment(.baseline)
        public static let stretch = ItemAlignment(.stretch)
    }

    /// The keywords of `align-items` and `align-self`.
    public enum ItemPosition: String, Sendable, Hashable, CaseIterable {
        case flexStart = "flex-start", flexEnd = "flex-end", start, end
        case selfStart = "self-start", selfEnd = "self-end", center, baseline, stretch
    }

    /// CSS Box Alignment's overflow position: `safe` falls back to `start` when the content
    /// would overflow the container on the start side.
    public enum Safety: String, Sendable, Hashable, CaseIterable {
        case safe, unsafe
    }
}

/// A length that may be `auto`: margins, padding, insets, gaps.
public enum BoxLength: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// Points.
    case points(CGFloat)
    /// A percentage (`50` is 50 %) of the containing block's width (or height, for
    /// vertical insets and heights).
    case percent(CGFloat)
    /// `auto`.
    case auto

    public init(integerLiteral value: Int) { self = .points(CGFloat(value)) }
    public init(floatLiteral value: Double) { self = .points(CGFloat(value)) }
}

/// A size property: `width`, `height`, their limits and `flex-basis`.
public enum BoxSize: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// Points.
    case points(CGFloat)
    /// A percentage (`50` is 50 %) of the containing block's size on the same axis.
    case percent(CGFloat)
    /// `auto` (for `max-width`/`max-height`, CSS's `none`).
    case auto
    /// `min-content`: the narrowest the content can be laid out.
    case minContent
    /// `max-content`: the content laid out without breaking lines.
    case maxContent
    /// `fit-content`: the available space, clamped between min- and max-content.
    case fitContent
    /// `stretch`: the available space less the margins.
    case stretch
    /// `content` (for `flex-basis` only): the content's size.
    case content

    public init(integerLiteral value: Int) { self = .points(CGFloat(value)) }
    public init(floatLiteral value: Double) { self = .points(CGFloat(value)) }
}

/// One value per side, as CSS's shorthands give them.
public struct BoxEdges<Value: Sendable & Hashable>: Sendable, Hashable {
    public var top: Value
    public var right: Value
    public var bottom: Value
    public var left: Value

    /// Each side its own value, in CSS's order.
    public init(top: Value, right: Value, bottom: Value, left: Value) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// The same value on every side.
    public init(_ all: Value) {
        self.init(top: all, right: all, bottom: all, left: all)
    }

    /// `vertical` on the top and bottom, `horizontal` on the right and left.
    public init(vertical: Value, horizontal: Value) {
        self.init(top: vertical, right: horizontal, bottom: vertical, left: horizontal)
    }
}
