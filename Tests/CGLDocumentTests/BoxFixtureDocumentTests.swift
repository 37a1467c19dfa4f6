import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// The Chrome-measured flexbox fixtures (`Tests/CGLayoutTests/Fixtures/flexbox/`) as a user's
/// JSON would come: each variant written as a scheme document (an element per node, its
/// properties as `box`, the Ahem text as monospace text, one `box` block with the viewport as
/// `available`), computed for an environment of the viewport's size, and every frame compared
/// with Chrome's within 0.1 point. The engine's own test runs the same variants through the
/// Swift API (`BoxFixtureTests`).
@Suite struct BoxFixtureDocumentTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CGLayoutTests/Fixtures/flexbox")
    static let knownDifferencesFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/flexbox-documents-known-differences.txt")

    /// Properties outside BOXES.md's contract, and values of it: such a variant is not counted.
    static func outOfContract(_ style: [String: Any]) -> String? {
        for (key, value) in style {
            if key.hasPrefix("grid") { return "property \(key)" }
            if key == "display", let value = value as? String, value != "flex", value != "none" { return "display: \(value)" }
            if key == "flexWrap", value as? String == "balance" { return "flex-wrap: balance" }
        }
        return nil
    }

    /// A variant as a document, the environment to compute it in, and Chrome's frames in
    /// document order; nil with the reason for a variant outside the contract.
    static func document(_ variant: [String: Any]) throws -> (json: String, environment: LayoutEnvironment, expected: [CGRect])? {
        guard let tree = variant["tree"] as? [String: Any], let expectedTree = variant["expected"] as? [String: Any] else { return nil }
        var elements: [[String: Any]] = []
        var expected: [CGRect] = []
        // Depth-first, parents first, with the expected frames walked alongside.
        var pending: [(node: [String: Any], frame: [String: Any], parent: String)] = [(tree, expectedTree, "$root")]
        while let (node, frame, parent) = pending.popLast() {
            var style = node["style"] as? [String: Any] ?? [:]
            if outOfContract(style) != nil { return nil }
            // The minimum line count of flex-wrap: balance (itself out of contract): no effect
            // on other wrapping, as the engine's loader reads it.
            style["flexLineCount"] = nil
            let id = "n\(elements.count)"
            var element: [String: Any] = ["id": id, "box": style]
            if parent != "$root" { element["parent"] = parent }
            if let text = node["text"] as? String {
                let font = node["font"] as? [String: Any] ?? [:]
                element["text"] = ["string": text, "advance": font["advance"] ?? 10, "lineHeight": font["lineHeight"] ?? 10]
            }
            elements.append(element)
            func number(_ key: String) -> CGFloat { CGFloat((frame[key] as? NSNumber)?.doubleValue ?? 0) }
            expected.append(CGRect(x: number("x"), y: number("y"), width: number("width"), height: number("height")))
            let children = node["children"] as? [[String: Any]] ?? []
            let frames = frame["children"] as? [[String: Any]] ?? []
            for (child, childFrame) in zip(children, frames).reversed() { pending.append((child, childFrame, id)) }
        }
        let viewport = variant["viewport"] as? [String: Any] ?? [:]
        var available: [String: Any] = [:]
        func size(_ axis: String) -> Double {
            if let number = viewport[axis] as? NSNumber { return number.doubleValue }
            available[axis] = viewport[axis] as? String ?? "max-content"
            return LayoutEnvironment.maximumDimension
        }
        let width = size("width"), height = size("height")
        let rounding = variant["rounding"] as? Bool ?? true
        var block: [String: Any] = ["root": "n0", "snap": rounding]
        if !available.isEmpty { block["available"] = available }
        let document: [String: Any] = ["format": "cglayout/1", "name": "fixture", "elements": elements, "blocks": [["box": block]]]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
        let environment = LayoutEnvironment(width: width, height: height, scale: rounding ? 1 : nil,
                                            direction: variant["direction"] as? String == "rtl" ? .rightToLeft : .leftToRight)
        return (json, environment, expected)
    }

    /// Where the document's frames differ from Chrome's, if they do.
    static func difference(_ json: String, _ environment: LayoutEnvironment, _ expected: [CGRect]) -> String? {
        let snapshot: DocumentSnapshot
        do {
            snapshot = try SchemeDocument(json: json).compiled().snapshot(for: environment)
        } catch {
            return "not computed: \(String(describing: error).prefix(200))"
        }
        for (index, want) in expected.enumerated() {
            guard let got = snapshot["n\(index)"]?.frame else { return "no frame for n\(index)" }
            let close = abs(got.origin.x - want.origin.x) <= 0.1 && abs(got.origin.y - want.origin.y) <= 0.1
                && abs(got.size.width - want.size.width) <= 0.1 && abs(got.size.height - want.size.height) <= 0.1
            if !close { return "n\(index): got \(got), Chrome \(want)" }
        }
        return nil
    }

    @Test func chromeFixturesAsDocuments() throws {
        let known = try String(contentsOf: Self.knownDifferencesFile, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }
            .reduce(into: [String: String]()) { table, line in
                let parts = line.split(separator: " ", maxSplits: 2)
                if parts.count >= 2 { table["\(parts[0]) \(parts[1])"] = parts.count > 2 ? String(parts[2]) : "" }
            }
        var passed = 0, failed = 0, outside = 0
        var unexpected: [String] = []
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0.hasSuffix(".json") }.sorted()
        for file in names {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixtures.appendingPathComponent(file))) as? [String: Any]
            for (index, variant) in (object?["variants"] as? [[String: Any]] ?? []).enumerated() {
                let key = "\(file.dropLast(5)) \(index)"
                guard let (json, environment, expected) = try Self.document(variant) else {
                    outside += 1
                    continue
                }
                if let difference = Self.difference(json, environment, expected) {
                    failed += 1
                    if known[key] == nil { unexpected.append("\(key): \(difference)") }
                } else {
                    passed += 1
                    if known[key] != nil { unexpected.append("\(key) passes but is listed as a known difference") }
                }
            }
        }
        let rate = Double(passed) / Double(max(passed + failed, 1)) * 100
        print("Box fixtures as documents: \(passed) passed, \(failed) failed, \(outside) out of contract (\(String(format: "%.2f", rate)) % of in-contract variants pass)")
        #expect(unexpected.isEmpty, "\(unexpected.count) unexpected:\n\(unexpected.prefix(40).joined(separator: "\n"))")
        #expect(passed + failed + outside == 1328)
    }
}
