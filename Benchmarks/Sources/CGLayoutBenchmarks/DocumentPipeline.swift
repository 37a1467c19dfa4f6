import BenchmarkSupport
import CGLDocument
import CGLayout
import Foundation

/// A 200-element settings-style document: 50 rows, each a row view with an icon, a wrapped
/// label and an accessory, rows chained one below the other.
func twoHundredElementDocument() -> String {
    var elements: [String] = []
    var blocks: [String] = []
    var previous = "$safeArea"
    for row in 0..<50 {
        let id = "row\(row)"
        elements += [
            "{\"id\": \"\(id)\"}",
            "{\"id\": \"\(id)Icon\", \"parent\": \"\(id)\", \"intrinsicSize\": [28, 28]}",
            "{\"id\": \"\(id)Label\", \"parent\": \"\(id)\", \"text\": {\"length\": \(20 + row), \"advance\": 8, \"lineHeight\": 22}}",
            "{\"id\": \"\(id)Accessory\", \"parent\": \"\(id)\", \"intrinsicSize\": [51, 31]}",
        ]
        let below = previous == "$safeArea" ? "top.limit(inner)" : "bottom.align(outer)"
        blocks += [
            "{\"element\": \"\(id)\", \"layout\": {\"y\": \"top(1)\", \"height\": \"fixed(44)\"}, \"constraints\": [{\"to\": \"$safeArea\", \"anchors\": [\"equally\"]}, {\"to\": \"\(previous)\", \"anchors\": [\"\(below)\"]}]}",
            "{\"element\": \"\(id)Icon\", \"layout\": {\"x\": \"leading(16)\", \"y\": \"center(0)\", \"width\": \"fixed(28)\", \"height\": \"fixed(28)\"}}",
            "{\"element\": \"\(id)Accessory\", \"layout\": {\"x\": \"trailing(16)\", \"y\": \"center(0)\", \"width\": \"fixed(51)\", \"height\": \"fixed(31)\"}}",
            "{\"element\": \"\(id)Label\", \"layout\": {\"x\": \"leading(12)\", \"y\": \"center(0)\", \"width\": \"boxed(24)\"}, \"anchors\": [\"leading.pull(\(id)Icon.trailing)\", \"trailing.limit(\(id)Accessory.leading)\", \"height.equalIntrinsicSize(1)\"]}",
        ]
        previous = id
    }
    return """
    {"format": "cglayout/1", "name": "settings-200", "elements": [\(elements.joined(separator: ",\n"))],
     "blocks": [\(blocks.joined(separator: ",\n"))]}
    """
}

/// Parse + validate + compile + snapshot of a 200-element document, against the same
/// document compiled once and only snapshotted (issue 3: compilation happens once per
/// document, never per snapshot).
func documentPipeline() {
    let text = Data(twoHundredElementDocument().utf8)
    let environments = ProfileSet.defaults.profiles
    let compiled: CompiledDocument
    do {
        compiled = try SchemeDocument(data: text).compiled()
        let count = try compiled.snapshot(for: environments[0]).elements.count
        precondition(count == 200)
    } catch {
        fatalError("the benchmark document is invalid: \(error)")
    }
    let variants: [(name: String, batch: Batch)] = [
        ("parse + validate + compile + snapshot", { iterations in
            var sum = 0.0
            for i in 0..<iterations {
                let document = try! SchemeDocument(data: text)
                sum += try! document.compiled().snapshot(for: environments[i % environments.count]).size.height
            }
            return sum
        }),
        ("parse + validate", { iterations in
            var sum = 0.0
            for _ in 0..<iterations { sum += Double(try! SchemeDocument(data: text).elementIDs.count) }
            return sum
        }),
        ("compiled once: snapshot for an environment", { iterations in
            var sum = 0.0
            for i in 0..<iterations { sum += try! compiled.snapshot(for: environments[i % environments.count]).size.height }
            return sum
        }),
    ]
    let measurements = measure(variants, iterations: 200, samples: 15)
    report(
        benchmark: "document-pipeline",
        measurements: measurements,
        ratios: ["full pipeline / compiled snapshot": measurements[0].medianNanoseconds / measurements[2].medianNanoseconds],
        target: "compile once per document; snapshots reuse the compiled scheme"
    )
}

/// Only parsing and validating, for profilers.
func documentParseProfile() {
    let text = Data(twoHundredElementDocument().utf8)
    var count = 0
    for _ in 0..<20 { count += (try? SchemeDocument(data: text))?.elementIDs.count ?? 0 }
    print("parsed \(count) elements")
}
