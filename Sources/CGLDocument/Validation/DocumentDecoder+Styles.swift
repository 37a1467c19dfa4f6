import CGLText
import Foundation

extension DocumentDecoder {
    /// Reads `"styles": {"body": {"family", "size", "weight"?, "italic"?, "lineHeight"?,
    /// "maxLines"?, "direction"?}}` (`docs/format.md` §1.7). A style names a fontconfig
    /// family or a font `file` (relative to the fonts directory).
    func decodeStyles(_ value: JSONValue, at pointer: JSONPointer) -> [String: TextStyle] {
        guard case .object(let members) = value.kind else {
            issues.error(.wrongType, pointer, "'styles' must be an object of named text styles, not \(value.typeDescription)",
                         hint: "write {\"body\": {\"family\": \"DejaVu Sans\", \"size\": 15}}", at: value.position)
            return [:]
        }
        var styles: [String: TextStyle] = [:]
        declaredStyles = Set(members.map(\.key))
        for member in members {
            let at = pointer.appending(member.key)
            guard Self.isValidID(member.key) else {
                issues.error(.invalidValue, at, "the style name '\(member.key)' is not allowed",
                             hint: "use 1 to 64 letters, digits, '_', '.' and '-', starting with a letter or '_'")
                continue
            }
            if let style = decodeStyle(member.value, at: at) { styles[member.key] = style }
        }
        return styles
    }

    private func decodeStyle(_ value: JSONValue, at pointer: JSONPointer) -> TextStyle? {
        guard let object = ObjectReader(value, at: pointer, issues: issues, what: "a text style") else { return nil }
        object.rejectUnknownKeys(allowed: ["family", "file", "size", "weight", "italic", "lineHeight", "maxLines", "direction"], what: "a text style")
        let source: TextStyle.Source?
        switch (object.string("family", what: "a text style"), object.string("file", what: "a text style")) {
        case (.some, .some):
            issues.error(.invalidValue, pointer, "a text style has both 'family' and 'file'", hint: "keep one: a family fontconfig knows, or a font file")
            source = nil
        case (let family?, nil):
            if family.trimmingCharacters(in: .whitespaces).isEmpty {
                issues.error(.invalidValue, pointer.appending("family"), "the family is empty", hint: "name a family, such as \"DejaVu Sans\" or \"sans-serif\"")
                source = nil
            } else {
                source = .family(family)
            }
        case (nil, let file?):
            source = file.isEmpty ? nil : .file(file)
            if file.isEmpty { issues.error(.invalidValue, pointer.appending("file"), "the file is empty", hint: "name a font file in the fonts directory") }
        case (nil, nil):
            if !object.has("family") && !object.has("file") {
                issues.error(.missingKey, pointer, "a text style needs a 'family' (or a font 'file')", hint: "such as \"family\": \"DejaVu Sans\"")
            }
            source = nil
        }
        let size = object.number("size", required: true, what: "a text style")
        if let size, size <= 0 {
            issues.error(.outOfRange, pointer.appending("size"), "the size \(formatNumber(size)) must be greater than 0", hint: "a size in points, such as 15")
        }
        let weight = object.number("weight", what: "a text style")
        if let weight, !(1...1000).contains(weight) || weight != weight.rounded() {
            issues.error(.outOfRange, pointer.appending("weight"), "the weight \(formatNumber(weight)) must be a whole number from 1 to 1000",
                         hint: "400 is regular, 700 bold")
        }
        let italic = object.bool("italic") ?? false
        let lineHeight = object.value("lineHeight").flatMap { decodeLineHeight($0, at: pointer.appending("lineHeight")) }
        let maxLines = object.number("maxLines", what: "a text style")
        if let maxLines, maxLines < 1 || maxLines != maxLines.rounded() {
            issues.error(.outOfRange, pointer.appending("maxLines"), "maxLines must be a whole number, 1 or more",
                         hint: "leave it out to show every line")
        }
        let direction = object.choice("direction", what: "a text style", TextDirection.init(documentName:), names: ["ltr", "rtl"])
        guard let source, let size, size > 0 else { return nil }
        return TextStyle(source: source, size: size, weight: weight.map { Int($0) } ?? 400, italic: italic,
                         lineHeight: lineHeight ?? .font, maxLines: maxLines.map { Int($0) }, direction: direction)
    }

    /// `lineHeight`: a number of points, or `{"multiple": m}` of the font's own.
    private func decodeLineHeight(_ value: JSONValue, at pointer: JSONPointer) -> LineHeight? {
        if case .object = value.kind {
            guard let object = ObjectReader(value, at: pointer, issues: issues, what: "'lineHeight'") else { return nil }
            object.rejectUnknownKeys(allowed: ["multiple"], what: "'lineHeight'")
            guard let multiple = object.number("multiple", required: true, what: "'lineHeight'") else { return nil }
            guard multiple > 0 else {
                issues.error(.outOfRange, pointer.appending("multiple"), "the multiple must be greater than 0", hint: "such as 1.2")
                return nil
            }
            return .multiple(multiple)
        }
        guard let points = ObjectReader.number(value, at: pointer, issues: issues) else { return nil }
        guard points > 0 else {
            issues.error(.outOfRange, pointer, "the line height must be greater than 0", hint: "a number of points, or {\"multiple\": 1.2}")
            return nil
        }
        return .points(points)
    }

    /// Resolves every style's fonts on this host: a family fontconfig does not know is a
    /// warning (text still measures, in the font it falls back to); a font file that cannot
    /// be found or read is an error.
    func resolveFonts(of styles: [String: TextStyle], engine: TextEngine?, engineError: TextError?) {
        for (name, style) in styles.sorted(by: { $0.key < $1.key }) {
            let pointer = JSONPointer.root.appending("styles").appending(name)
            guard let engine else {
                issues.error(.unsupported, pointer, "text styles cannot be measured on this host: \(engineError?.description ?? "no text engine")",
                             hint: "install fontconfig and a font (Debian: make deps)")
                continue
            }
            do {
                let resolution = try engine.resolve(style)
                if case .family(let family) = style.source, let substitute = resolution.substitutedFamily {
                    issues.warning(.unsupported, pointer.appending("family"),
                                   "the family '\(family)' is not installed; its text measures in '\(substitute)' (\(resolution.primary.path))",
                                   hint: "install the font, or name an installed family (fc-list : family)")
                }
            } catch {
                let key = if case .file = style.source { "file" } else { "family" }
                issues.error(.invalidValue, pointer.appending(key), error.description)
            }
        }
    }
}

extension TextDirection {
    /// Reads the document spelling: `ltr` or `rtl`.
    init?(documentName: String) {
        switch documentName {
        case "ltr": self = .leftToRight
        case "rtl": self = .rightToLeft
        default: return nil
        }
    }
}
