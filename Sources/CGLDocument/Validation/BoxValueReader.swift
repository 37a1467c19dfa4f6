import CGLayout
import Foundation

extension BoxStyleReader {
    /// Reads the value of one `box` property, reporting at its pointer what is wrong and
    /// what the property takes.
    struct ValueReader {
        let name: String
        let value: JSONValue
        let pointer: JSONPointer
        let issues: IssueCollector

        static let sizeKeywords = ["auto", "min-content", "max-content", "fit-content", "stretch"]

        func isKeyword(_ keyword: String) -> Bool {
            if case .string(keyword) = value.kind { return true }
            return false
        }

        /// One of an enumeration's CSS keywords.
        func keyword<Keyword: RawRepresentable & CaseIterable>(_ type: Keyword.Type) -> Keyword? where Keyword.RawValue == String {
            let names = Keyword.allCases.map(\.rawValue)
            guard case .string(let text) = value.kind else {
                return wrong("one of \(quotedList(names))")
            }
            guard let keyword = Keyword(rawValue: text) else {
                issues.error(.invalidValue, pointer, "unknown \(name) '\(text)'", hint: hint(for: text, among: names), at: value.position)
                return nil
            }
            return keyword
        }

        /// `justify-content` / `align-content`: a keyword, positional ones with `safe` or `unsafe`.
        func contentAlignment() -> BoxStyle.ContentAlignment? {
            let names = BoxStyle.ContentPosition.allCases.map(\.rawValue)
            guard let (safety, keyword) = prefixed(names) else { return nil }
            guard let position = BoxStyle.ContentPosition(rawValue: keyword) else { return unknown(keyword, names) }
            if safety != nil, [.spaceBetween, .spaceAround, .spaceEvenly, .stretch].contains(position) {
                return invalid("'\(safety!.rawValue)' goes with a position (start, end, center, flex-start, flex-end), not '\(keyword)'",
                               hint: "write '\(keyword)' alone")
            }
            return BoxStyle.ContentAlignment(position, safety: safety)
        }

        /// `align-items` / `align-self`: a keyword, positional ones with `safe` or `unsafe`.
        func itemAlignment(alsoAllowed: [String] = []) -> BoxStyle.ItemAlignment? {
            let names = alsoAllowed + BoxStyle.ItemPosition.allCases.map(\.rawValue)
            guard let (safety, keyword) = prefixed(names) else { return nil }
            guard let position = BoxStyle.ItemPosition(rawValue: keyword) else { return unknown(keyword, names) }
            if safety != nil, position == .baseline || position == .stretch {
                return invalid("'\(safety!.rawValue)' goes with a position, not '\(keyword)'", hint: "write '\(keyword)' alone")
            }
            return BoxStyle.ItemAlignment(position, safety: safety)
        }

        /// A number 0 or more (`flexGrow`, `flexShrink`, `scrollbarWidth`).
        func factor() -> CGFloat? {
            guard let number = number() else { return nil }
            guard number >= 0 else { return invalid("\(name) cannot be negative", hint: "use 0 or more", code: .outOfRange) }
            return CGFloat(number)
        }

        /// A number more than 0.
        func positive(meaning: String) -> CGFloat? {
            guard let number = number() else { return nil }
            guard number > 0 else { return invalid("\(name) must be more than 0 (\(meaning))", hint: "use a positive number, or \"auto\"", code: .outOfRange) }
            return CGFloat(number)
        }

        /// Points, 0 or more (a border's width).
        func points() -> CGFloat? {
            guard case .number = value.kind else { return wrong("a number of points") }
            return factor()
        }

        /// A length: points, a percentage `"N%"`, or (`allowAuto`) `"auto"`.
        func length(allowAuto: Bool, allowNegative: Bool) -> BoxLength? {
            let expected = allowAuto ? "a number of points, a percentage such as \"50%\", or \"auto\"" : "a number of points or a percentage such as \"50%\""
            switch value.kind {
            case .number:
                guard let number = number() else { return nil }
                guard allowNegative || number >= 0 else { return invalid("\(name) cannot be negative", hint: "use 0 or more", code: .outOfRange) }
                return .points(CGFloat(number))
            case .string(let text):
                if allowAuto, text == "auto" { return .auto }
                guard let percent = percentage(text) else {
                    return invalid("'\(text)' is not a length", hint: "write \(expected)")
                }
                guard allowNegative || percent >= 0 else { return invalid("\(name) cannot be negative", hint: "use 0% or more", code: .outOfRange) }
                return .percent(CGFloat(percent))
            default:
                return wrong(expected)
            }
        }

        /// A size: points 0 or more, a percentage, or one of `keywords` (`"none"` is `auto`).
        /// A maximum (`keywords` has `"none"`) larger than any document length limits nothing:
        /// it reads as `none` (stylesheets write 1e19 or 2^65 for that).
        func size(keywords: [String]) -> BoxSize? {
            let expected = "a number of points, a percentage such as \"50%\", or one of \(quotedList(keywords))"
            switch value.kind {
            case .number(let number) where keywords.contains("none") && number > ObjectReader.numberLimit && number.isFinite:
                return .auto
            case .number:
                guard let number = number() else { return nil }
                guard number >= 0 else { return invalid("\(name) cannot be negative", hint: "use 0 or more", code: .outOfRange) }
                return .points(CGFloat(number))
            case .string(let text):
                if keywords.contains(text) {
                    switch text {
                    case "auto", "none": return .auto
                    case "min-content": return .minContent
                    case "max-content": return .maxContent
                    case "fit-content": return .fitContent
                    case "stretch": return .stretch
                    default: return .content
                    }
                }
                if let percent = percentage(text) {
                    guard percent >= 0 else { return invalid("\(name) cannot be negative", hint: "use 0% or more", code: .outOfRange) }
                    return .percent(CGFloat(percent))
                }
                let near = suggestions(for: text, among: keywords)
                let hint = near.isEmpty ? "write \(expected)" : "did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
                return invalid("'\(text)' is not a size for \(name)", hint: hint)
            default:
                return wrong(expected)
            }
        }

        /// One value, or an array of `count` values read by `read`, each at its own pointer.
        func list<Value>(count: ClosedRange<Int>, meaning: String, _ read: (ValueReader) -> Value?) -> [Value]? {
            guard case .array(let values) = value.kind else { return read(self).map { [$0] } }
            guard count.contains(values.count) else {
                return invalid("\(name) takes \(count.lowerBound) to \(count.upperBound) values (\(meaning)), not \(values.count)",
                               hint: "give one value for every side, or \(count.upperBound) at most", code: .wrongType)
            }
            let read = values.enumerated().compactMap { index, element in
                read(ValueReader(name: name, value: element, pointer: pointer.appending(index), issues: issues))
            }
            return read.count == values.count ? read : nil
        }

        // MARK: Parts

        private func number() -> Double? {
            ObjectReader.number(value, at: pointer, issues: issues)
        }

        /// `"N%"` with N a number within the document limit; nil for anything else.
        private func percentage(_ text: String) -> Double? {
            guard text.hasSuffix("%"), let number = Double(text.dropLast()), number.isFinite,
                  !text.dropLast().contains(where: { $0 == " " || $0 == "%" || $0 == "+" }),
                  abs(number) <= ObjectReader.numberLimit else { return nil }
            return number
        }

        /// A keyword of `names`, possibly after `safe ` or `unsafe `.
        private func prefixed(_ names: [String]) -> (BoxStyle.Safety?, String)? {
            guard case .string(let text) = value.kind else { return wrong("one of \(quotedList(names))") }
            let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if words.count == 2, let safety = BoxStyle.Safety(rawValue: words[0]) { return (safety, words[1]) }
            guard words.count == 1 else { return unknown(text, names) }
            return (nil, words[0])
        }

        private func unknown<T>(_ keyword: String, _ names: [String]) -> T? {
            issues.error(.invalidValue, pointer, "unknown \(name) '\(keyword)'", hint: hint(for: keyword, among: names), at: value.position)
            return nil
        }

        private func wrong<T>(_ expected: String) -> T? {
            issues.error(.wrongType, pointer, "\(name) must be \(expected), not \(value.typeDescription)", at: value.position)
            return nil
        }

        private func invalid<T>(_ message: String, hint: String, code: DocumentIssue.Code = .invalidValue) -> T? {
            issues.error(code, pointer, message, hint: hint, at: value.position)
            return nil
        }

        private func quotedList(_ names: [String]) -> String {
            names.map { "'\($0)'" }.joined(separator: ", ")
        }
    }
}
