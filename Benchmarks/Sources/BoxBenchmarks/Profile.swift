import CGLayout
import Foundation

/// Loops one operation on a tree for `seconds`, for a profiler (`perf record`, callgrind):
/// `first` lays out new schemes of newly built trees, `relayout` a kept scheme at new widths.
func profile(tree: NeutralTree, mode: String, seconds: Double) {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    var count = 0
    var sink = 0.0
    let built = tree.build()
    let scheme = LayoutScheme(blocks: [tree.block(built)])
    while DispatchTime.now().uptimeNanoseconds < deadline {
        if mode == "first" {
            let fresh = tree.build()
            LayoutScheme(blocks: [tree.block(fresh)]).layout(in: tree.source(width: tree.width))
            sink += fresh.elements[0].frame.height
        } else {
            scheme.layout(in: tree.source(width: tree.widths[count % tree.widths.count]))
            sink += built.elements[0].frame.height
        }
        count += 1
    }
    print("\(mode): \(count) layouts in \(seconds) s (\(sink.isNaN ? "" : "ok"))")
}
