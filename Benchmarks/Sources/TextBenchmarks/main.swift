import BenchmarkSupport
import Foundation

/// `TextBenchmarks [--pango PATH] [NAME…]`: runs the named benchmarks (all but the profiles by
/// default), printing a table and one JSON line each. `--pango` is a built
/// `Tests/TextAgreement/pango-measure`; without it, `text-paragraph` has no Pango row.
var arguments = Array(CommandLine.arguments.dropFirst())
var pango: Pango?
if let index = arguments.firstIndex(of: "--pango"), index + 1 < arguments.count {
    pango = Pango(executable: arguments[index + 1])
    arguments.removeSubrange(index...index + 1)
}
let requested = Set(arguments)
let benchmarks: [(name: String, run: () -> Void)] = [
    ("text-paragraph", { textParagraph(pango: pango) }),
    ("feed-cell-text", feedCellText),
    ("text-rich-paragraph", { textRichParagraph(pango: pango) }),
    ("feed-cell-rich", feedCellRich),
    ("text-cold-profile", { textMeasureProfile(.cold) }),
    ("text-words-profile", { textMeasureProfile(.warmWords) }),
    ("text-miss-profile", { textMeasureProfile(.newWidth) }),
    ("text-rich-words-profile", textRichWordsProfile),
]
let unknown = requested.subtracting(benchmarks.map(\.name))
guard unknown.isEmpty else {
    FileHandle.standardError.write("unknown benchmark(s) \(unknown.sorted()); known: \(benchmarks.map(\.name))\n".data(using: .utf8)!)
    exit(2)
}
if pango == nil, requested.isEmpty || requested.contains("text-paragraph") || requested.contains("text-rich-paragraph") {
    FileHandle.standardError.write("no --pango PATH: text-paragraph and text-rich-paragraph run without Pango (use Benchmarks/run-text)\n".data(using: .utf8)!)
}
for benchmark in benchmarks where requested.contains(benchmark.name) || (requested.isEmpty && !benchmark.name.hasSuffix("-profile")) {
    benchmark.run()
}
