import BenchmarkSupport
import CGLDocument
import CGLText
import Foundation

extension Dictionary where Key == String, Value == Any {
    /// The string of the element `body` of a scheme document.
    var bodyString: String {
        let elements = self["elements"] as? [[String: Any]] ?? []
        let body = elements.first { $0["id"] as? String == "body" }
        return (body?["text"] as? [String: Any])?["string"] as? String ?? ""
    }

    /// The document's style `body` (family, size, a line height in points, maxLines), read
    /// from its JSON so that the check below follows edits of the example.
    var bodyStyle: TextStyle {
        guard let styles = self["styles"] as? [String: Any], let body = styles["body"] as? [String: Any],
              let family = body["family"] as? String, let size = body["size"] as? Double else { fatalError("feed-cell.json: no style body") }
        return TextStyle(family: family, size: size, weight: body["weight"] as? Int ?? 400,
                         lineHeight: (body["lineHeight"] as? Double).map { .points($0) } ?? .font, maxLines: body["maxLines"] as? Int)
    }
}

/// `examples/schemes/feed-cell.json` as it is in the checkout (name, date and body in text
/// styles, measured by CGLText).
func feedCellDocumentText() -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let url = root.appendingPathComponent("examples/schemes/feed-cell.json")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { fatalError("cannot read \(url.path)") }
    return text
}

/// The same document with monospace text (a fixed advance per character, as before text
/// styles existed) and no `styles`.
func monospaceFeedCell(_ styled: String) -> String {
    let monospace: [String: [String: Any]] = [
        "name": ["string": "Ada Lovelace", "advance": 8, "lineHeight": 20],
        "date": ["string": "2 h ago", "advance": 7, "lineHeight": 16],
        "body": ["length": 180, "advance": 7, "lineHeight": 18],
    ]
    guard var document = try? JSONSerialization.jsonObject(with: Data(styled.utf8)) as? [String: Any],
          var elements = document["elements"] as? [[String: Any]] else { fatalError("feed-cell.json is not a JSON object") }
    var replaced = 0
    for index in elements.indices {
        guard let id = elements[index]["id"] as? String, let text = monospace[id] else { continue }
        precondition((elements[index]["text"] as? [String: Any])?["style"] != nil, "feed-cell.json: \(id) has no styled text")
        elements[index]["text"] = text
        replaced += 1
    }
    precondition(replaced == 3, "feed-cell.json: expected the elements name, date and body")
    document["elements"] = elements
    document["styles"] = nil
    guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]) else { fatalError("cannot encode") }
    return String(decoding: data, as: UTF8.self)
}

/// The feed cell with three real text elements against the same cell with monospace text,
/// both compiled once and snapshotted for widths 320–400 (height 844).
/// Target (the text-measurement issue): real text within 3× of monospace.
func feedCellText() {
    let styledText = feedCellDocumentText()
    let monospaceText = monospaceFeedCell(styledText)
    let styled: CompiledDocument, monospace: CompiledDocument
    do {
        styled = try SchemeDocument(json: styledText).compiled()
        monospace = try SchemeDocument(json: monospaceText).compiled()
    } catch {
        fatalError("a benchmark document is invalid: \(error)")
    }
    func environment(_ i: Int) -> LayoutEnvironment { LayoutEnvironment(width: 320 + Double(i % 81), height: 844) }

    // Both must snapshot at every width; the body's height shows which text measured it.
    do {
        for i in 0..<81 {
            _ = try styled.snapshot(for: environment(i))
            _ = try monospace.snapshot(for: environment(i))
        }
        let check = LayoutEnvironment(width: 375, height: 844)
        for (name, document) in [("real text", styled), ("monospace", monospace)] {
            let snapshot = try document.snapshot(for: check)
            let body = snapshot["body"]!.frame, name_ = snapshot["name"]!.frame, date = snapshot["date"]!.frame
            print("feed-cell-text, width 375, \(name): body \(body.size.width) × \(body.size.height), "
                + "name \(name_.size.width) × \(name_.size.height), date \(date.size.width) × \(date.size.height), "
                + "cell height \(snapshot.size.height)")
        }
        // The body measured directly by the engine in the document's "body" style, at the
        // width the snapshot gave it: the real-text snapshot must agree at every width.
        let json = try! JSONSerialization.jsonObject(with: Data(styledText.utf8)) as! [String: Any]
        let paragraph = try! TextEngine.shared().paragraph(json.bodyString, style: json.bodyStyle)
        for width in [200.0] + (320...400).map(Double.init) {
            let environment = LayoutEnvironment(width: width, height: 844)
            let real = try styled.snapshot(for: environment)["body"]!.frame
            let fixed = try monospace.snapshot(for: environment)["body"]!.frame.size.height
            let direct = paragraph.measure(width: real.size.width)
            precondition(direct.height == real.size.height, "the real-text body at width \(width) is not measured in its style")
            if [200, 320, 360, 400].contains(width) {
                print("feed-cell-text, width \(Int(width)): body height \(real.size.height) (real text, \(direct.lineCount) lines "
                    + "of \(json.bodyStyle.size) pt), \(fixed) (monospace)")
            }
        }
    } catch {
        fatalError("snapshot failed: \(error)")
    }

    let variants: [Variant] = [
        Variant(name: "monospace: compiled snapshot(for:)", timing: .batch(iterations: 20_000) { iterations in
            var sum = 0.0
            for i in 0..<iterations { sum += try! monospace.snapshot(for: environment(i)).size.height }
            return sum
        }),
        Variant(name: "real text: compiled snapshot(for:)", timing: .batch(iterations: 20_000) { iterations in
            var sum = 0.0
            for i in 0..<iterations { sum += try! styled.snapshot(for: environment(i)).size.height }
            return sum
        }),
        Variant(name: "monospace: parse + compile + snapshot", timing: .batch(iterations: 1_000) { iterations in
            var sum = 0.0
            for i in 0..<iterations {
                sum += try! SchemeDocument(json: monospaceText).compiled().snapshot(for: environment(i)).size.height
            }
            return sum
        }),
        Variant(name: "real text: parse + compile + snapshot (paragraphs cached)", timing: .batch(iterations: 1_000) { iterations in
            var sum = 0.0
            for i in 0..<iterations {
                sum += try! SchemeDocument(json: styledText).compiled().snapshot(for: environment(i)).size.height
            }
            return sum
        }),
        Variant(name: "real text: the same, text caches emptied (untimed)", timing: .eachOperation(
            iterations: 300,
            setup: { _ in (try? TextEngine.shared())?.removeCachedText() },
            operation: { i in try! SchemeDocument(json: styledText).compiled().snapshot(for: environment(i)).size.height })),
    ]
    let measurements = measure(variants, samples: 21)
    let snapshotRatio = measurements[1].medianNanoseconds / measurements[0].medianNanoseconds
    let pipelineRatio = measurements[3].medianNanoseconds / measurements[2].medianNanoseconds
    report(benchmark: "feed-cell-text", measurements: measurements,
           ratios: ["real text / monospace (compiled snapshot)": snapshotRatio,
                    "real text / monospace (parse + compile + snapshot)": pipelineRatio,
                    "real text, text caches emptied / monospace (parse + compile + snapshot)":
                        measurements[4].medianNanoseconds / measurements[2].medianNanoseconds],
           target: "real text within 3x of monospace (compiled snapshot)",
           met: ["real text / monospace (compiled snapshot)": snapshotRatio <= 3])
}
