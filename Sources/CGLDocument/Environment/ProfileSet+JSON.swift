import CGLayout
public import Foundation

extension ProfileSet {
    /// Reads `{"profiles": [{"name", "width", "height", "scale"?, "direction"?,
    /// "horizontalSizeClass"?, "verticalSizeClass"?, "safeArea"?, "textScale"?}, …]}`.
    ///
    /// - Throws: `DocumentError` with every problem, each with a JSON pointer.
    public init(json: Data) throws(DocumentError) {
        let root: JSONValue
        do {
            root = try JSONReader.parse(Array(json), maximumDepth: 8)
        } catch {
            throw DocumentError(issues: [DocumentIssue(severity: .error, code: .syntax, pointer: "", message: "invalid JSON: \(error.message)",
                                                       hint: "check the text near \(error.position)", position: error.position)])
        }
        let issues = IssueCollector(root: root)
        var profiles: [LayoutEnvironment] = []
        if let object = ObjectReader(root, at: .root, issues: issues, what: "a profile file") {
            object.rejectUnknownKeys(allowed: ["profiles"], what: "a profile file")
            for (index, value) in (object.array("profiles", required: true, what: "a profile file") ?? []).enumerated() {
                let pointer = JSONPointer.root.appending("profiles").appending(index)
                if let profile = Self.profile(value, at: pointer, issues: issues) {
                    if profiles.contains(where: { $0.profile == profile.profile }) {
                        issues.error(.duplicateId, pointer.appending("name"), "the profile name '\(profile.profile ?? "")' is used twice")
                    }
                    profiles.append(profile)
                }
            }
        }
        guard !issues.hasErrors else { throw DocumentError(issues: issues.issues) }
        self.init(profiles: profiles)
    }

    private static func profile(_ value: JSONValue, at pointer: JSONPointer, issues: IssueCollector) -> LayoutEnvironment? {
        guard let object = ObjectReader(value, at: pointer, issues: issues, what: "a profile") else { return nil }
        object.rejectUnknownKeys(allowed: ["name", "width", "height", "scale", "direction", "horizontalSizeClass", "verticalSizeClass", "safeArea", "textScale"],
                                 what: "a profile")
        let name = object.string("name", required: true, what: "a profile")
        let width = object.number("width", required: true, what: "a profile")
        let height = object.number("height", required: true, what: "a profile")
        let scale = object.number("scale", what: "a profile")
        let textScale = object.number("textScale", what: "a profile")
        func choice<T>(_ key: String, _ make: (String) -> T?, _ names: [String]) -> T? {
            guard let text = object.string(key, what: "a profile") else { return nil }
            guard let value = make(text) else {
                issues.error(.invalidValue, pointer.appending(key), "unknown \(key) '\(text)'", hint: hint(for: text, among: names))
                return nil
            }
            return value
        }
        let direction = choice("direction", LayoutDirection.init(documentName:), ["ltr", "rtl"])
        let horizontal = choice("horizontalSizeClass", SizeClass.init(rawValue:), SizeClass.allCases.map(\.rawValue))
        let vertical = choice("verticalSizeClass", SizeClass.init(rawValue:), SizeClass.allCases.map(\.rawValue))
        let insets = object.numbers("safeArea", count: 4, meaning: "top, left, bottom, right").map {
            EdgeInsets(top: $0[0], left: $0[1], bottom: $0[2], right: $0[3])
        }
        guard let name, let width, let height else { return nil }
        let environment = LayoutEnvironment(width: width, height: height, scale: scale, direction: direction ?? .leftToRight,
                                            horizontalSizeClass: horizontal, verticalSizeClass: vertical, safeArea: insets ?? .zero, profile: name,
                                            textScale: textScale ?? 1)
        do {
            try environment.validate()
        } catch {
            issues.error(.outOfRange, pointer, "the profile '\(name)' cannot be laid out: \(error.message)")
            return nil
        }
        return environment
    }

    /// The profiles as the JSON `init(json:)` reads, one profile per line.
    public var json: String {
        "{\"profiles\": [\n" + profiles.map { "  " + $0.profileJSON }.joined(separator: ",\n") + "\n]}\n"
    }
}

extension LayoutEnvironment {
    /// The environment as a profile entry (no derived values).
    var profileJSON: String {
        var members: [(String, String)] = [("name", JSONText.string(profile ?? "")), ("width", formatNumber(width)), ("height", formatNumber(height))]
        if let scale { members.append(("scale", formatNumber(scale))) }
        if direction == .rightToLeft { members.append(("direction", JSONText.string("rtl"))) }
        members += [
            ("horizontalSizeClass", JSONText.string(horizontalSizeClass.rawValue)),
            ("verticalSizeClass", JSONText.string(verticalSizeClass.rawValue)),
            ("safeArea", JSONText.numbers([safeArea.top, safeArea.left, safeArea.bottom, safeArea.right])),
        ]
        if textScale != 1 { members.append(("textScale", formatNumber(textScale))) }
        return "{" + members.map { JSONText.string($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }
}
