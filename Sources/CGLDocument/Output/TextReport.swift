import Foundation

extension DocumentIssue {
    /// The issue as a compiler-style line: `file:3:5: error: /blocks/0: message; hint`.
    public func line(file: String) -> String {
        let location = position.map { "\(file):\($0.line):\($0.column)" } ?? file
        var text = "\(location): \(severity.rawValue): \(pointer.isEmpty ? "/" : pointer): \(message)"
        if let hint { text += "; \(hint)" }
        return text
    }

    /// The issue as a JSON object: `severity`, `code`, `pointer`, `message`, `hint`, `line`, `column`.
    public var json: String {
        var members: [(String, String)] = [
            ("severity", JSONText.string(severity.rawValue)), ("code", JSONText.string(code.name)),
            ("pointer", JSONText.string(pointer)), ("message", JSONText.string(message)),
        ]
        if let hint { members.append(("hint", JSONText.string(hint))) }
        if let position { members += [("line", String(position.line)), ("column", String(position.column))] }
        return JSONText.object(members)
    }
}

extension DocumentSnapshot {
    /// The frames as an aligned table for people; a box that scrolls says how far after its
    /// frame in the root.
    public var textTable: String {
        var lines = ["\(scheme)  \(hash)", SVGRenderer.title(environment), "size \(SVGRenderer.n(size.width)) × \(SVGRenderer.n(size.height))"]
        let rows = [("id", "frame", "inRoot", "")] + elements.map { entry in
            (entry.id, SVGRenderer.describe(entry.frame), SVGRenderer.describe(entry.inRoot),
             entry.scrollSize.map { "scrolls \(SVGRenderer.n($0.width)) × \(SVGRenderer.n($0.height))" } ?? "")
        }
        let idWidth = rows.map(\.0.count).max() ?? 0
        let frameWidth = rows.map(\.1.count).max() ?? 0
        let inRootWidth = rows.map(\.2.count).max() ?? 0
        for (id, frame, inRoot, scroll) in rows {
            let line = id.padding(toLength: idWidth + 2, withPad: " ", startingAt: 0) + frame.padding(toLength: frameWidth + 2, withPad: " ", startingAt: 0)
                + (scroll.isEmpty ? inRoot : inRoot.padding(toLength: inRootWidth + 2, withPad: " ", startingAt: 0) + scroll)
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

/// JSON helpers for command-line output.
public enum JSONOutput {
    /// `{"k": v, …}` from members whose values are already JSON.
    public static func object(_ members: [(String, String)]) -> String { JSONText.object(members) }
    /// A JSON string literal.
    public static func string(_ text: String) -> String { JSONText.string(text) }
    /// `[a, b, …]` of values that are already JSON.
    public static func array(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }
}
