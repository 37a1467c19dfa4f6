import BenchmarkSupport
import CGLayout
import Foundation

/// One tree of `Benchmarks/run-boxes`: cglayout's boxes against the peers' figures (the JSON of
/// `Benchmarks/boxes/peers.py`, measured just before in the same run): the frames compared, then
/// the first layout of a new tree and the relayout of a kept tree at a new width.
func treeBenchmark(name: String, tree: NeutralTree, peers: [String: Any]?) {
    let nodes = tree.nodes.count
    // Frames: a kept scheme laid out live, read back from the views (each in its parent's space).
    let built = tree.build()
    let scheme = LayoutScheme(blocks: [tree.block(built)])
    let firstStart = DispatchTime.now().uptimeNanoseconds
    scheme.layout(in: tree.source(width: tree.width))
    let once = Double(DispatchTime.now().uptimeNanoseconds - firstStart)
    let ours = built.elements.map(\.frame)
    let compiled = scheme.compiled()
    let snapshot = compiled.snapshot(for: tree.source(width: tree.width))
    if snapshot.frames.count == ours.count, zip(snapshot.frames, ours).contains(where: { !close($0, $1) }) {
        print("\(name): the compiled snapshot disagrees with the live layout")
    }
    if let issue = snapshot.issue { print("\(name): snapshot issue \(issue)") }
    let engines = peers?["engines"] as? [String: [String: Any]] ?? [:]
    for (key, engine) in engines.sorted(by: { $0.key < $1.key }) {
        compare(name: name, ours: ours, theirs: engine["frames"] as? [[Double]] ?? [], peer: engine["name"] as? String ?? key)
    }
    if engines.count == 2, let a = engines["taffy"]?["frames"] as? [[Double]], let b = engines["yoga"]?["frames"] as? [[Double]] {
        compare(name: name, ours: a.map(rect), theirs: b, peer: "Yoga vs Taffy")
    }

    // Timings. First layout: the views and box nodes are built untimed; timed is the scheme's
    // creation and its first layout (compiling the block: flattening the tree) — or its
    // compiled snapshot.
    let firstRuns = runs(for: once, maximum: 300)
    var fresh: NeutralTree.Built?
    var sink = 0.0
    let firstLayout = timeEach(runs: firstRuns, setup: { _ in fresh = tree.build() }) { _ in
        let scheme = LayoutScheme(blocks: [tree.block(fresh!)])
        scheme.layout(in: tree.source(width: tree.width))
        return fresh!.elements[0].frame.height
    }
    let firstSnapshot = timeEach(runs: firstRuns, setup: { _ in fresh = tree.build() }) { _ in
        LayoutScheme(blocks: [tree.block(fresh!)]).compiled().snapshot(for: tree.source(width: tree.width)).frames[0].height
    }
    fresh = nil
    // Relayout: the kept scheme laid out again at a width it has not seen in the last 400.
    let relayoutRuns = runs(for: median(firstLayout) / 4, minimum: 20, maximum: 4_000)
    let widths = tree.widths
    let relayout = timeEach(runs: relayoutRuns) { i in
        scheme.layout(in: tree.source(width: widths[i % widths.count]))
        return built.elements[0].frame.height
    }
    var kept = LayoutSnapshot()
    let resnapshot = timeEach(runs: relayoutRuns) { i in
        compiled.snapshot(for: tree.source(width: widths[i % widths.count]), into: &kept)
        return kept.frames[0].height
    }
    sink += ours[0].height
    // Allocations per relayout (with `run-boxes`, which preloads the counter), over 50 more.
    let relayoutAllocations = countAllocations {
        for i in 0..<50 { scheme.layout(in: tree.source(width: widths[i % widths.count])) }
    }.map { Double($0) / 50 }
    let resnapshotAllocations = countAllocations {
        for i in 0..<50 { compiled.snapshot(for: tree.source(width: widths[i % widths.count]), into: &kept) }
    }.map { Double($0) / 50 }

    func row(_ variant: String, _ samples: [Double], allocations: Double? = nil) -> BenchmarkMeasurement {
        BenchmarkMeasurement(name: variant, samples: samples, allocationsPerOperation: allocations)
    }
    var measurements = [
        row("cglayout first: new LayoutScheme.layout(in:)", firstLayout),
        row("cglayout first: new scheme compiled().snapshot", firstSnapshot),
        row("cglayout relayout: kept scheme layout(in:)", relayout, allocations: relayoutAllocations),
        row("cglayout relayout: kept compiled snapshot(into:)", resnapshot, allocations: resnapshotAllocations),
    ]
    var peerFirst: [Double] = [], peerRelayout: [Double] = []
    for (key, engine) in engines.sorted(by: { $0.key < $1.key }) {
        let label = key == "taffy" ? "Taffy" : "Yoga"
        guard let first = engine["firstNs"] as? Double, let again = engine["relayoutNs"] as? Double else { continue }
        peerFirst.append(first)
        peerRelayout.append(again)
        measurements.append(BenchmarkMeasurement(name: "\(label) first (from Python, \(engine["firstMeasureCalls"] ?? 0) measure calls)",
                                                 medianNanoseconds: first, p10Nanoseconds: first, p90Nanoseconds: first, allocationsPerOperation: nil))
        measurements.append(BenchmarkMeasurement(name: "\(label) relayout (from Python, \(engine["relayoutMeasureCalls"] ?? 0) measure calls)",
                                                 medianNanoseconds: again, p10Nanoseconds: again, p90Nanoseconds: again, allocationsPerOperation: nil))
    }
    var ratios: [String: Double] = ["first / relayout (kept scheme layout(in:))": median(firstLayout) / median(relayout),
                                    "first / relayout (compiled snapshot)": median(firstSnapshot) / median(resnapshot)]
    var met: [String: Bool] = ["first / relayout (kept scheme layout(in:))": ratios["first / relayout (kept scheme layout(in:))"]! >= 10,
                               "first / relayout (compiled snapshot)": ratios["first / relayout (compiled snapshot)"]! >= 10]
    if let fastestFirst = peerFirst.min(), let fastestRelayout = peerRelayout.min() {
        ratios["faster peer first / cglayout first (layout(in:))"] = fastestFirst / median(firstLayout)
        ratios["faster peer relayout / cglayout relayout (layout(in:))"] = fastestRelayout / median(relayout)
        met["faster peer first / cglayout first (layout(in:))"] = fastestFirst / median(firstLayout) >= 1
        met["faster peer relayout / cglayout relayout (layout(in:))"] = fastestRelayout / median(relayout) >= 1
    }
    if sink.isNaN { print(sink) }
    report(benchmark: "boxes-\(name) (\(nodes) nodes)", measurements: measurements, ratios: ratios,
           target: "each tree at least as fast as the faster of Taffy and Yoga (goal 2x); relayout at a new width 10x faster than the first layout",
           met: met)
}

private func rect(_ v: [Double]) -> CGRect { CGRect(x: v[0], y: v[1], width: v[2], height: v[3]) }

private func close(_ a: CGRect, _ b: CGRect, tolerance: CGFloat = 0.5) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

/// Prints how many frames differ by more than 0.5 pt, and the first few.
private func compare(name: String, ours: [CGRect], theirs: [[Double]], peer: String) {
    guard theirs.count == ours.count else {
        print("\(name): \(peer) has \(theirs.count) frames, cglayout \(ours.count)")
        return
    }
    let differing = ours.indices.filter { !close(ours[$0], rect(theirs[$0])) }
    let subject = peer.contains(" vs ") ? peer : "cglayout vs \(peer)"
    print("\(name): \(subject): \(differing.isEmpty ? "all \(ours.count) frames agree within 0.5 pt" : "\(differing.count) of \(ours.count) frames differ by more than 0.5 pt")")
    for index in differing.prefix(5) {
        let t = rect(theirs[index])
        print("  node \(index) (preorder): \(fmt(ours[index])) against \(fmt(t))")
    }
}

private func fmt(_ r: CGRect) -> String {
    String(format: "(%.2f, %.2f, %.2f × %.2f)", r.minX, r.minY, r.width, r.height)
}
