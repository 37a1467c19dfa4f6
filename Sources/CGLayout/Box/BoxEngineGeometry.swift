import Foundation

// Small value types the flexbox algorithm computes with: a pair of values per axis, a value per
// side, and "maybe" arithmetic on optional lengths (an absent length is indefinite; arithmetic
// with it keeps the defined operand, as CSS's "treat as infinite/auto" rules need).

/// A value per axis, addressed physically (`width`/`height`) or flex-relatively (main/cross).
struct BoxAxes<Value> {
    var width: Value
    var height: Value

    init(width: Value, height: Value) {
        self.width = width
        self.height = height
    }

    /// The value on the main axis of a row (`isRow`) or column container.
    @inline(__always) func main(_ isRow: Bool) -> Value { isRow ? width : height }
    /// The value on the cross axis.
    @inline(__always) func cross(_ isRow: Bool) -> Value { isRow ? height : width }

    @inline(__always) mutating func setMain(_ isRow: Bool, _ value: Value) {
        if isRow { width = value } else { height = value }
    }

    @inline(__always) mutating func setCross(_ isRow: Bool, _ value: Value) {
        if isRow { height = value } else { width = value }
    }

    func withMain(_ isRow: Bool, _ value: Value) -> BoxAxes {
        var copy = self
        copy.setMain(isRow, value)
        return copy
    }

    func withCross(_ isRow: Bool, _ value: Value) -> BoxAxes {
        var copy = self
        copy.setCross(isRow, value)
        return copy
    }

    func map<T>(_ transform: (Value) -> T) -> BoxAxes<T> {
        BoxAxes<T>(width: transform(width), height: transform(height))
    }
}

extension BoxAxes: Equatable where Value: Equatable {}
extension BoxAxes: Hashable where Value: Hashable {}

extension BoxAxes where Value == CGFloat? {
    static var none: BoxAxes { BoxAxes(width: nil, height: nil) }

    /// Each axis's own value, or `other`'s where this one is absent.
    func or(_ other: BoxAxes<CGFloat?>) -> BoxAxes<CGFloat?> {
        BoxAxes(width: width ?? other.width, height: height ?? other.height)
    }

    func maybeAdd(_ other: BoxAxes<CGFloat>) -> BoxAxes<CGFloat?> {
        BoxAxes(width: width.map { $0 + other.width }, height: height.map { $0 + other.height })
    }

    func maybeClamp(_ minimum: BoxAxes<CGFloat?>, _ maximum: BoxAxes<CGFloat?>) -> BoxAxes<CGFloat?> {
        BoxAxes(width: width.maybeClamp(minimum.width, maximum.width), height: height.maybeClamp(minimum.height, maximum.height))
    }

    func maybeMax(_ other: BoxAxes<CGFloat>) -> BoxAxes<CGFloat?> {
        BoxAxes(width: width.map { max($0, other.width) }, height: height.map { max($0, other.height) })
    }

    /// Completes a size with one axis given through `ratio` (width / height).
    func applyingAspectRatio(_ ratio: CGFloat?) -> BoxAxes<CGFloat?> {
        guard let ratio else { return self }
        switch (width, height) {
        case (let w?, nil): return BoxAxes(width: w, height: w / ratio)
        case (nil, let h?): return BoxAxes(width: h * ratio, height: h)
        default: return self
        }
    }
}

extension BoxAxes where Value == CGFloat {
    static var zero: BoxAxes { BoxAxes(width: 0, height: 0) }
}

/// A value per side, in CSS's order.
struct BoxSides<Value> {
    var top: Value
    var right: Value
    var bottom: Value
    var left: Value

    init(top: Value, right: Value, bottom: Value, left: Value) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// The side where the main axis starts (before `flex-direction`'s reversal): left or top.
    @inline(__always) func mainStart(_ isRow: Bool) -> Value { isRow ? left : top }
    @inline(__always) func mainEnd(_ isRow: Bool) -> Value { isRow ? right : bottom }
    @inline(__always) func crossStart(_ isRow: Bool) -> Value { isRow ? top : left }
    @inline(__always) func crossEnd(_ isRow: Bool) -> Value { isRow ? bottom : right }

    func map<T>(_ transform: (Value) -> T) -> BoxSides<T> {
        BoxSides<T>(top: transform(top), right: transform(right), bottom: transform(bottom), left: transform(left))
    }
}

extension BoxSides where Value == CGFloat {
    static var zero: BoxSides { BoxSides(top: 0, right: 0, bottom: 0, left: 0) }
    var horizontal: CGFloat { left + right }
    var vertical: CGFloat { top + bottom }
    var sums: BoxAxes<CGFloat> { BoxAxes(width: horizontal, height: vertical) }
    func mainSum(_ isRow: Bool) -> CGFloat { isRow ? horizontal : vertical }
    func crossSum(_ isRow: Bool) -> CGFloat { isRow ? vertical : horizontal }

    static func + (lhs: BoxSides, rhs: BoxSides) -> BoxSides {
        BoxSides(top: lhs.top + rhs.top, right: lhs.right + rhs.right, bottom: lhs.bottom + rhs.bottom, left: lhs.left + rhs.left)
    }
}

/// A rectangle as its four edges (the scrollable overflow area).
struct BoxOverflowRect: Equatable, Sendable {
    var left: CGFloat = 0
    var right: CGFloat = 0
    var top: CGFloat = 0
    var bottom: CGFloat = 0

    func union(_ other: BoxOverflowRect) -> BoxOverflowRect {
        BoxOverflowRect(left: min(left, other.left), right: max(right, other.right), top: min(top, other.top), bottom: max(bottom, other.bottom))
    }
}

extension Optional where Wrapped == CGFloat {
    /// Clamps a defined value between the defined limits (the minimum wins when they cross).
    func maybeClamp(_ minimum: CGFloat?, _ maximum: CGFloat?) -> CGFloat? {
        map { $0.maybeClamp(minimum, maximum) }
    }

    func maybeMax(_ other: CGFloat?) -> CGFloat? {
        guard let self else { return nil }
        return other.map { Swift.max(self, $0) } ?? self
    }

    func maybeMin(_ other: CGFloat?) -> CGFloat? {
        guard let self else { return nil }
        return other.map { Swift.min(self, $0) } ?? self
    }

    func maybeAdd(_ other: CGFloat?) -> CGFloat? {
        guard let self else { return nil }
        return self + (other ?? 0)
    }

    func maybeSub(_ other: CGFloat?) -> CGFloat? {
        guard let self else { return nil }
        return self - (other ?? 0)
    }
}

extension CGFloat {
    func maybeClamp(_ minimum: CGFloat?, _ maximum: CGFloat?) -> CGFloat {
        var value = self
        if let maximum { value = Swift.min(value, maximum) }
        if let minimum { value = Swift.max(value, minimum) }
        return value
    }

    func maybeMax(_ other: CGFloat?) -> CGFloat { other.map { Swift.max(self, $0) } ?? self }
    func maybeMin(_ other: CGFloat?) -> CGFloat { other.map { Swift.min(self, $0) } ?? self }
}

extension BoxAvailableSpace {
    /// A definite space less `amount`; min/max-content unchanged.
    func minus(_ amount: CGFloat) -> BoxAvailableSpace {
        if case .definite(let value) = self { return .definite(value - amount) }
        return self
    }

    /// `value` as a definite space when given, this space otherwise.
    func or(_ value: CGFloat?) -> BoxAvailableSpace {
        value.map { .definite($0) } ?? self
    }

    func mapDefinite(_ transform: (CGFloat) -> CGFloat) -> BoxAvailableSpace {
        if case .definite(let value) = self { return .definite(transform(value)) }
        return self
    }

    func maybeClamp(_ minimum: CGFloat?, _ maximum: CGFloat?) -> BoxAvailableSpace {
        mapDefinite { $0.maybeClamp(minimum, maximum) }
    }
}

extension BoxAxes: Sendable where Value: Sendable {}
extension BoxSides: Sendable where Value: Sendable {}
