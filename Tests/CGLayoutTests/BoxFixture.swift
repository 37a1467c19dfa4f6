import Foundation

@testable import CGLayout

/// One variant of a Chrome-measured flexbox fixture (`Fixtures/flexbox/README.md`), read into
/// a `BoxTree` with the Ahem text measure the fixtures were made with.
struct BoxFixture {
    /// A fixture outside the contract of `BOXES.md` (grid, block layout, balanced wrapping…).
    struct OutOfContract: Error { var reason: String }

    struct TextLeaf {
        var text: [Unicode.Scalar]
        var advance: CGFloat
        var lineHeight: CGFloat
    }

    struct Frame {
        var rect: CGRect
        var scrollWidth: CGFloat?
        var scrollHeight: CGFloat?
        var children: [Frame]
    }

    var tree = BoxTree()
    var texts: [Int: TextLeaf] = [:]
    var expected: [Frame] = []
    var viewport: (width: BoxAvailableSpace, height: BoxAvailableSpace) = (.maxContent, .maxContent)
    var rounding = true

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/flexbox")

    /// Every fixture file's name (without `.json`) and its variants, sorted by name.
    static func all() throws -> [(name: String, variants: [[String: Any]])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            return (String(name.dropLast(5)), object["variants"] as? [[String: Any]] ?? [])
        }
    }

    init(variant: [String: Any]) throws {
        rounding = variant["rounding"] as? Bool ?? true
        if let viewport = variant["viewport"] as? [String: Any] {
            self.viewport = (Self.space(viewport["width"]), Self.space(viewport["height"]))
        }
        guard let root = variant["tree"] as? [String: Any], let frame = variant["expected"] as? [String: Any] else {
            throw OutOfContract(reason: "malformed")
        }
        var pending: [[Int]] = []
        _ = try add(root, pending: &pending)
        for (index, children) in pending.enumerated() {
            let start = Int32(tree.children.count)
            tree.children.append(contentsOf: children.map(Int32.init))
            tree.nodes[index].children = start..<Int32(tree.children.count)
        }
        expected = Array(repeating: Frame(rect: .zero, children: []), count: tree.nodes.count)
        var next = 0
        try flatten(frame, into: &expected, next: &next)
    }

    private static func space(_ value: Any?) -> BoxAvailableSpace {
        switch value {
        case let number as NSNumber: return .definite(CGFloat(number.doubleValue))
        case "min-content" as String: return .minContent
        default: return .maxContent
        }
    }

    private mutating func add(_ node: [String: Any], pending: inout [[Int]]) throws -> Int {
        let index = tree.nodes.count
        let style = try BoxFixtureStyle.style(node["style"] as? [String: Any] ?? [:])
        let text = node["text"] as? String
        tree.nodes.append(BoxTree.Node(style: style, children: 0..<0, measures: text != nil))
        pending.append([])
        if let text {
            let font = node["font"] as? [String: Any] ?? [:]
            texts[index] = TextLeaf(text: Array(text.unicodeScalars), advance: CGFloat((font["advance"] as? NSNumber)?.doubleValue ?? 10),
                                    lineHeight: CGFloat((font["lineHeight"] as? NSNumber)?.doubleValue ?? 10))
        }
        var children: [Int] = []
        for child in node["children"] as? [[String: Any]] ?? [] { children.append(try add(child, pending: &pending)) }
        pending[index] = children
        return index
    }

    private func flatten(_ frame: [String: Any], into frames: inout [Frame], next: inout Int) throws {
        let index = next
        next += 1
        guard index < frames.count else { throw OutOfContract(reason: "expected frames do not match the tree") }
        func number(_ key: String) -> CGFloat? { (frame[key] as? NSNumber).map { CGFloat($0.doubleValue) } }
        frames[index] = Frame(rect: CGRect(x: number("x") ?? 0, y: number("y") ?? 0, width: number("width") ?? 0, height: number("height") ?? 0),
                              scrollWidth: number("scrollWidth"), scrollHeight: number("scrollHeight"), children: [])
        for child in frame["children"] as? [[String: Any]] ?? [] { try flatten(child, into: &frames, next: &next) }
    }

    /// The Ahem measure: every character `advance` wide, U+200B the only break opportunity
    /// (no width), runs packed greedily floor(width / advance) characters per line.
    func measure(_ node: Int, _ request: BoxMeasureRequest) -> BoxMeasurement {
        guard let leaf = texts[node] else { return BoxMeasurement(size: .zero) }
        let runs = leaf.text.split(separator: "\u{200B}", omittingEmptySubsequences: false).map(\.count)
        let minContent = CGFloat(runs.max() ?? 0) * leaf.advance
        let maxContent = CGFloat(runs.reduce(0, +)) * leaf.advance
        var width: CGFloat
        if let known = request.knownWidth {
            width = known
        } else {
            switch request.availableWidth {
            case .minContent: width = minContent
            case .maxContent: width = maxContent
            case .definite(let available): width = min(available, maxContent)
            }
        }
        width = max(width, minContent)
        if let height = request.knownHeight { return BoxMeasurement(size: CGSize(width: width, height: height)) }
        let perLine = Int((width / leaf.advance).rounded(.down))
        var lines = 1
        var current = 0
        for run in runs {
            if current + run > perLine {
                if current > 0 { lines += 1 }
                current = run
            } else {
                current += run
            }
        }
        return BoxMeasurement(size: CGSize(width: width, height: CGFloat(lines) * leaf.lineHeight))
    }
}
