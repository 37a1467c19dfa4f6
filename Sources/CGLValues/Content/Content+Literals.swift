import Foundation

extension Content: ExpressibleByDictionaryLiteral {
    /// Content written in code: `["body": .text(post.body), "photo": .size(1200, 800), "hasBadge": false]`.
    ///
    /// A slot written twice keeps its last value.
    public init(dictionaryLiteral elements: (String, SlotValue)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension SlotValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral {
    /// A text slot's value written as a string literal.
    public init(stringLiteral value: String) {
        self = .text(value)
    }

    /// A visibility slot's value written as `true` or `false`.
    public init(booleanLiteral value: Bool) {
        self = .flag(value)
    }

    /// An intrinsic-size slot's value: `.size(1200, 800)`.
    public static func size(_ width: Double, _ height: Double) -> SlotValue {
        .size(CGSize(width: width, height: height))
    }
}
