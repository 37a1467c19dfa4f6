import Foundation

@testable import CGLayout

/// Reads a fixture node's camelCase CSS properties into a `BoxStyle`.
enum BoxFixtureStyle {
    typealias OutOfContract = BoxFixture.OutOfContract

    static func style(_ properties: [String: Any]) throws -> BoxStyle {
        var style = BoxStyle()
        // Known properties first, in a fixed order, so that the reason a variant is out of
        // contract is the same on every run.
        var unknown: [String] = []
        for name in properties.keys.sorted() {
            do { try apply(name, properties[name]!, to: &style) } catch let error as OutOfContract where error.reason.hasPrefix("property") {
                unknown.append(name)
            }
        }
        if let name = unknown.first { throw OutOfContract(reason: "property \(name)") }
        return style
    }

    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private static func apply(_ name: String, _ value: Any, to style: inout BoxStyle) throws {
        switch name {
        case "display":
            switch try keyword(value) {
            case "flex": style.display = .flex
            case "none": style.display = .none
            case let other: throw OutOfContract(reason: "display: \(other)")
            }
        case "position": style.position = try parse(BoxStyle.Position.self, value)
        case "direction": style.direction = try parse(BoxStyle.Direction.self, value)
        case "boxSizing": style.boxSizing = try parse(BoxStyle.BoxSizing.self, value)
        case "flexDirection": style.flexDirection = try parse(BoxStyle.FlexDirection.self, value)
        case "flexWrap":
            if try keyword(value) == "balance" { throw OutOfContract(reason: "flex-wrap: balance") }
            style.flexWrap = try parse(BoxStyle.FlexWrap.self, value)
        case "justifyContent": style.justifyContent = try contentAlignment(value)
        case "alignContent": style.alignContent = try contentAlignment(value)
        case "alignItems": style.alignItems = try itemAlignment(value)
        case "alignSelf": style.alignSelf = try keyword(value) == "auto" ? nil : try itemAlignment(value)
        case "flexGrow": style.flexGrow = try number(value)
        case "flexShrink": style.flexShrink = try number(value)
        case "flexBasis": style.flexBasis = try size(value)
        case "width": style.width = try size(value)
        case "height": style.height = try size(value)
        case "minWidth": style.minWidth = try size(value)
        case "minHeight": style.minHeight = try size(value)
        case "maxWidth": style.maxWidth = try size(value)
        case "maxHeight": style.maxHeight = try size(value)
        case "aspectRatio": style.aspectRatio = (value as? String) == "auto" ? nil : try number(value)
        case "marginTop": style.margin.top = try length(value)
        case "marginRight": style.margin.right = try length(value)
        case "marginBottom": style.margin.bottom = try length(value)
        case "marginLeft": style.margin.left = try length(value)
        case "paddingTop": style.padding.top = try length(value)
        case "paddingRight": style.padding.right = try length(value)
        case "paddingBottom": style.padding.bottom = try length(value)
        case "paddingLeft": style.padding.left = try length(value)
        case "borderTop": style.border.top = try number(value)
        case "borderRight": style.border.right = try number(value)
        case "borderBottom": style.border.bottom = try number(value)
        case "borderLeft": style.border.left = try number(value)
        case "top": style.inset.top = try length(value)
        case "right": style.inset.right = try length(value)
        case "bottom": style.inset.bottom = try length(value)
        case "left": style.inset.left = try length(value)
        case "rowGap": style.rowGap = try length(value)
        case "columnGap": style.columnGap = try length(value)
        case "overflowX": style.overflowX = try parse(BoxStyle.Overflow.self, value)
        case "overflowY": style.overflowY = try parse(BoxStyle.Overflow.self, value)
        case "scrollbarWidth": style.scrollbarWidth = try number(value)
        // The minimum line count of `flex-wrap: balance` (itself out of contract): no effect
        // on other wrapping.
        case "flexLineCount": break
        default: throw OutOfContract(reason: "property \(name)")
        }
    }

    private static func keyword(_ value: Any) throws -> String {
        guard let string = value as? String else { throw OutOfContract(reason: "not a keyword: \(value)") }
        return string
    }

    private static func number(_ value: Any) throws -> CGFloat {
        guard let number = value as? NSNumber else { throw OutOfContract(reason: "not a number: \(value)") }
        return CGFloat(number.doubleValue)
    }

    private static func parse<T: RawRepresentable>(_: T.Type, _ value: Any) throws -> T where T.RawValue == String {
        guard let parsed = T(rawValue: try keyword(value)) else { throw OutOfContract(reason: "value \(value)") }
        return parsed
    }

    private static func percent(_ string: String) -> CGFloat? {
        string.hasSuffix("%") ? Double(string.dropLast()).map { CGFloat($0) } : nil
    }

    private static func length(_ value: Any) throws -> BoxLength {
        if let number = value as? NSNumber { return .points(CGFloat(number.doubleValue)) }
        let string = try keyword(value)
        if string == "auto" { return .auto }
        if let percent = percent(string) { return .percent(percent) }
        throw OutOfContract(reason: "length \(string)")
    }

    private static func size(_ value: Any) throws -> BoxSize {
        if let number = value as? NSNumber { return .points(CGFloat(number.doubleValue)) }
        let string = try keyword(value)
        if let percent = percent(string) { return .percent(percent) }
        switch string {
        case "auto", "none": return .auto
        case "min-content": return .minContent
        case "max-content": return .maxContent
        case "fit-content": return .fitContent
        case "stretch": return .stretch
        case "content": return .content
        default: throw OutOfContract(reason: "size \(string)")
        }
    }

    private static func split(_ value: Any) throws -> (String, BoxStyle.Safety?) {
        let words = try keyword(value).split(separator: " ").map(String.init)
        if words.count == 2, let safety = BoxStyle.Safety(rawValue: words[0]) { return (words[1], safety) }
        return (words.joined(separator: " "), nil)
    }

    private static func contentAlignment(_ value: Any) throws -> BoxStyle.ContentAlignment {
        let (word, safety) = try split(value)
        guard let position = BoxStyle.ContentPosition(rawValue: word) else { throw OutOfContract(reason: "alignment \(word)") }
        return BoxStyle.ContentAlignment(position, safety: safety)
    }

    private static func itemAlignment(_ value: Any) throws -> BoxStyle.ItemAlignment {
        let (word, safety) = try split(value)
        guard let position = BoxStyle.ItemPosition(rawValue: word) else { throw OutOfContract(reason: "alignment \(word)") }
        return BoxStyle.ItemAlignment(position, safety: safety)
    }
}
