import CGLayout
import Foundation

/// Reads an element's `box` (its CSS properties, `docs/format.md` §1.9) into a `BoxStyle`,
/// recording an issue for every property that is unknown (with the nearest known name) or
/// has a value of the wrong kind. Shorthands (`margin`, `padding`, `border`, `inset`, `gap`,
/// `overflow`) are read first, so that a longhand given with its shorthand wins.
struct BoxStyleReader {
    let issues: IssueCollector

    /// The style, or nil when a property was invalid (each reported).
    func read(_ value: JSONValue, at pointer: JSONPointer) -> BoxStyle? {
        guard let object = ObjectReader(value, at: pointer, issues: issues, what: "'box'") else { return nil }
        object.rejectUnknownKeys(allowed: Self.shorthands.map(\.name) + Self.longhands.map(\.name), what: "'box'")
        var style = BoxStyle()
        var valid = true
        for property in Self.shorthands + Self.longhands {
            guard let member = object.value(property.name) else { continue }
            let reader = ValueReader(name: property.name, value: member, pointer: pointer.appending(property.name), issues: issues)
            if !property.apply(&style, reader) { valid = false }
        }
        return valid ? style : nil
    }
}

extension BoxStyleReader {
    /// One property: its name and how its value is read into the style.
    struct Property: Sendable {
        let name: String
        let apply: @Sendable (inout BoxStyle, ValueReader) -> Bool

        init(_ name: String, _ apply: @escaping @Sendable (inout BoxStyle, ValueReader) -> Bool) {
            self.name = name
            self.apply = apply
        }
    }

    /// A property read with `read` into the style at `keyPath`.
    static func property<Value>(_ name: String, _ keyPath: any WritableKeyPath<BoxStyle, Value> & Sendable,
                                _ read: @escaping @Sendable (ValueReader) -> Value?) -> Property {
        Property(name) { style, reader in
            guard let value = read(reader) else { return false }
            style[keyPath: keyPath] = value
            return true
        }
    }

    /// A side of a four-sided property.
    static func side<Value>(_ name: String, _ keyPath: any WritableKeyPath<BoxStyle, BoxEdges<Value>> & Sendable,
                            _ side: any WritableKeyPath<BoxEdges<Value>, Value> & Sendable,
                            _ read: @escaping @Sendable (ValueReader) -> Value?) -> Property {
        Property(name) { style, reader in
            guard let value = read(reader) else { return false }
            style[keyPath: keyPath][keyPath: side] = value
            return true
        }
    }

    /// A shorthand of four sides: one value, or two to four in CSS's order.
    static func edges<Value>(_ name: String, _ keyPath: any WritableKeyPath<BoxStyle, BoxEdges<Value>> & Sendable,
                             _ read: @escaping @Sendable (ValueReader) -> Value?) -> Property {
        Property(name) { style, reader in
            guard let values = reader.list(count: 1...4, meaning: "top, right, bottom and left, as in CSS", read) else { return false }
            let top = values[0], right = values.count > 1 ? values[1] : top
            let bottom = values.count > 2 ? values[2] : top, left = values.count > 3 ? values[3] : right
            style[keyPath: keyPath] = BoxEdges(top: top, right: right, bottom: bottom, left: left)
            return true
        }
    }

    static let shorthands: [Property] = [
        edges("margin", \.margin) { $0.length(allowAuto: true, allowNegative: true) },
        edges("padding", \.padding) { $0.length(allowAuto: false, allowNegative: false) },
        edges("border", \.border) { $0.points() },
        edges("inset", \.inset) { $0.length(allowAuto: true, allowNegative: true) },
        Property("gap") { style, reader in
            guard let values = reader.list(count: 1...2, meaning: "row and column gaps", { $0.length(allowAuto: false, allowNegative: false) }) else { return false }
            style.rowGap = values[0]
            style.columnGap = values.count > 1 ? values[1] : values[0]
            return true
        },
        Property("overflow") { style, reader in
            guard let value = reader.keyword(BoxStyle.Overflow.self) else { return false }
            style.overflowX = value
            style.overflowY = value
            return true
        },
    ]

    static let longhands: [Property] = [
        property("display", \.display) { $0.keyword(BoxStyle.Display.self) },
        property("position", \.position) { $0.keyword(BoxStyle.Position.self) },
        property("direction", \.direction) { $0.keyword(BoxStyle.Direction.self) },
        property("boxSizing", \.boxSizing) { $0.keyword(BoxStyle.BoxSizing.self) },
        property("flexDirection", \.flexDirection) { $0.keyword(BoxStyle.FlexDirection.self) },
        property("flexWrap", \.flexWrap) { $0.keyword(BoxStyle.FlexWrap.self) },
        property("justifyContent", \.justifyContent) { $0.contentAlignment() },
        property("alignContent", \.alignContent) { $0.contentAlignment() },
        property("alignItems", \.alignItems) { $0.itemAlignment() },
        Property("alignSelf") { style, reader in
            if reader.isKeyword("auto") {
                style.alignSelf = nil
                return true
            }
            guard let value = reader.itemAlignment(alsoAllowed: ["auto"]) else { return false }
            style.alignSelf = value
            return true
        },
        property("flexGrow", \.flexGrow) { $0.factor() },
        property("flexShrink", \.flexShrink) { $0.factor() },
        property("flexBasis", \.flexBasis) { $0.size(keywords: ["auto", "content", "min-content", "max-content", "fit-content", "stretch"]) },
        property("width", \.width) { $0.size(keywords: ValueReader.sizeKeywords) },
        property("height", \.height) { $0.size(keywords: ValueReader.sizeKeywords) },
        property("minWidth", \.minWidth) { $0.size(keywords: ValueReader.sizeKeywords) },
        property("minHeight", \.minHeight) { $0.size(keywords: ValueReader.sizeKeywords) },
        property("maxWidth", \.maxWidth) { $0.size(keywords: ["none"] + ValueReader.sizeKeywords.filter { $0 != "auto" }) },
        property("maxHeight", \.maxHeight) { $0.size(keywords: ["none"] + ValueReader.sizeKeywords.filter { $0 != "auto" }) },
        Property("aspectRatio") { style, reader in
            if reader.isKeyword("auto") {
                style.aspectRatio = nil
                return true
            }
            guard let ratio = reader.positive(meaning: "width / height, such as 1.5") else { return false }
            style.aspectRatio = ratio
            return true
        },
        side("marginTop", \.margin, \.top) { $0.length(allowAuto: true, allowNegative: true) },
        side("marginRight", \.margin, \.right) { $0.length(allowAuto: true, allowNegative: true) },
        side("marginBottom", \.margin, \.bottom) { $0.length(allowAuto: true, allowNegative: true) },
        side("marginLeft", \.margin, \.left) { $0.length(allowAuto: true, allowNegative: true) },
        side("paddingTop", \.padding, \.top) { $0.length(allowAuto: false, allowNegative: false) },
        side("paddingRight", \.padding, \.right) { $0.length(allowAuto: false, allowNegative: false) },
        side("paddingBottom", \.padding, \.bottom) { $0.length(allowAuto: false, allowNegative: false) },
        side("paddingLeft", \.padding, \.left) { $0.length(allowAuto: false, allowNegative: false) },
        side("borderTop", \.border, \.top) { $0.points() },
        side("borderRight", \.border, \.right) { $0.points() },
        side("borderBottom", \.border, \.bottom) { $0.points() },
        side("borderLeft", \.border, \.left) { $0.points() },
        side("top", \.inset, \.top) { $0.length(allowAuto: true, allowNegative: true) },
        side("right", \.inset, \.right) { $0.length(allowAuto: true, allowNegative: true) },
        side("bottom", \.inset, \.bottom) { $0.length(allowAuto: true, allowNegative: true) },
        side("left", \.inset, \.left) { $0.length(allowAuto: true, allowNegative: true) },
        property("rowGap", \.rowGap) { $0.length(allowAuto: false, allowNegative: false) },
        property("columnGap", \.columnGap) { $0.length(allowAuto: false, allowNegative: false) },
        property("overflowX", \.overflowX) { $0.keyword(BoxStyle.Overflow.self) },
        property("overflowY", \.overflowY) { $0.keyword(BoxStyle.Overflow.self) },
        property("scrollbarWidth", \.scrollbarWidth) { $0.factor() },
    ]
}
