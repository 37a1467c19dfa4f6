import BenchmarkSupport
import CGLayout
import Foundation

/// `cglayout-benchmarks [NAME…]`: runs the named benchmarks (all by default), printing a
/// table and one JSON line each.
let requested = Set(CommandLine.arguments.dropFirst())
let benchmarks: [(name: String, run: () -> Void)] = [
    ("feed-cell-snapshot", feedCellSnapshot),
    ("feed-cell-profile", feedCellProfile),
    ("document-pipeline", documentPipeline),
    ("everyday-api", everydayAPI),
    ("everyday-profile", everydayProfile),
    ("document-parse-profile", documentParseProfile),
]
for benchmark in benchmarks where requested.contains(benchmark.name) || (requested.isEmpty && !benchmark.name.hasSuffix("-profile")) {
    benchmark.run()
}
