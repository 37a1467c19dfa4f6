import BenchmarkWorkloads
@_spi(Benchmarks) import CGLClient
@_spi(Benchmarks) import CGLDaemon
import CGLDocument
import CGLText
import CGLWire
import CGLayout
import Foundation

/// `HotPathGate NAME`: sets up one hot path and warms it, then runs it a fixed number of
/// times through a function of its own (`gate…`), which `Benchmarks/run-gate` has callgrind
/// count (`--toggle-collect`): the instructions of the path alone, warm, the same from run to
/// run. Prints the iteration count, which the script divides by.
struct GatedPath {
    let iterations: Int
    /// Runs the path `n` times; a checksum, so that nothing is optimized away.
    let loop: (Int) -> Double
    /// The path's `gate…` function, which runs `loop` under its own name.
    let gate: ((Int) -> Double, Int) -> Double
}

// One function per path, each `@inline(never)` so that callgrind finds it by name.
@inline(never) func gateCompiledSnapshot(_ loop: (Int) -> Double, _ n: Int) -> Double { loop(n) }
@inline(never) func gateBoxRelayout(_ loop: (Int) -> Double, _ n: Int) -> Double { loop(n) }
@inline(never) func gateKeptLayout(_ loop: (Int) -> Double, _ n: Int) -> Double { loop(n) }
@inline(never) func gateTextMeasure(_ loop: (Int) -> Double, _ n: Int) -> Double { loop(n) }
@inline(never) func gatePageDecode(_ loop: (Int) -> Double, _ n: Int) -> Double { loop(n) }
@inline(never) func gateWarmLookup(_ loop: (Int) -> Double, _ n: Int) -> Double { loop(n) }
@inline(never) func gateWarmPage(_ loop: (Int) -> Double, _ n: Int) -> Double { loop(n) }
@inline(never) func gateClientPage(_ loop: (Int) -> Double, _ n: Int) -> Double { loop(n) }

/// A lookup of feed-cell.json for a phone, with a post of its own (`index` tells them apart).
func feedCellLookup(_ index: Int) -> WireLookup {
    WireLookup(scheme: "feed-cell", environment: .profile("phone-portrait"),
               content: WireContent(entries: [WireContent.Entry(slot: "body", value: .text("Post \(index): the harbour at dusk, the old ships coming in."))]))
}

/// The daemon's server work for `request`, warm, `iterations` times (``WarmLookupProbe``).
func warmAnswers(_ request: WireRequest) -> (Int) -> Double {
    let document = Array(try! Data(contentsOf: exampleURL("feed-cell")))
    let probe = blocking { () async -> WarmLookupProbe in
        do {
            return try await WarmLookupProbe.make(document: document, request: request)
        } catch {
            fatalError("cannot make the probe: \(error)")
        }
    }
    return { iterations in
        var bytes = 0
        for _ in 0 ..< iterations { bytes += probe.answer() }
        return Double(bytes)
    }
}

/// What `body` returns, waited for on this thread. Not top-level `await`: an async main
/// ends in `dispatch_main`, whose `sigsuspend` valgrind 3.19 cannot follow (it crashes,
/// as it does on `cgld`); a thread waiting on a semaphore it follows.
func blocking<Value>(_ body: @escaping @Sendable () async -> Value) -> Value {
    let (handover, done) = (Handover<Value>(), DispatchSemaphore(value: 0))
    Task {
        handover.value = await body()
        done.signal()
    }
    done.wait()
    return handover.value!
}

/// A value handed from a task to the thread that waits for it. `@unchecked`: written once by
/// the task before it signals the semaphore, read only after the wait returns, which orders
/// the two.
final class Handover<Value>: @unchecked Sendable {
    var value: Value?
}

/// A compiled document snapshotted at widths 320–400 (height 844).
func snapshots(of document: CompiledDocument) -> (Int) -> Double {
    { iterations in
        var sum = 0.0
        for i in 0 ..< iterations { sum += try! document.snapshot(for: LayoutEnvironment(width: 320 + Double(i % 81), height: 844)).size.height }
        return sum
    }
}

/// A page of 50 snapshots of feed-cell.json's frames, as a daemon answers a warm page.
func feedPage() -> WireFrame {
    let document = compiledExample("feed-cell")
    let environment = WireEnvironment(width: 390, height: 844, scale: 3, direction: .leftToRight, horizontalSizeClass: .compact,
                                      verticalSizeClass: .regular, safeArea: WireInsets(top: 47, left: 0, bottom: 34, right: 0),
                                      profile: "phone-portrait")
    let answers = (0 ..< 50).map { index -> WireBatchAnswer in
        let snapshot = try! document.snapshot(for: LayoutEnvironment(width: 390, height: 844 + Double(index)))
        let elements = snapshot.elements.map { element in
            WireSnapshot.Element(id: element.id, frame: WireRect(element.frame), inRoot: WireRect(element.inRoot))
        }
        return .snapshot(WireSnapshot(source: .memory, scheme: "feed-cell", hash: "sha256:" + String(repeating: "ab", count: 32), engine: "6",
                                      environment: environment, size: WireSize(width: 390, height: Double(snapshot.size.height)), elements: elements,
                                      contentDigest: "sha256:" + String(repeating: "\(index % 10)", count: 64)))
    }
    var bytes: [UInt8] = []
    WireResponse.snapshots(answers).encode(requestID: 7, into: &bytes)
    var parser = FrameParser()
    parser.feed(bytes)
    return try! parser.next()!
}

extension WireRect {
    init(_ rect: CGRect) {
        self.init(x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width), height: Double(rect.size.height))
    }
}

let paths: [String: () -> GatedPath] = [
    // examples/schemes/feed-cell.json (blocks, real text): a document's compiled snapshot,
    // its texts measured from the warm caches.
    "compiled-snapshot": { GatedPath(iterations: 2_000, loop: snapshots(of: compiledExample("feed-cell")), gate: gateCompiledSnapshot) },
    // examples/schemes/feed-card.json: the same cell in boxes (flexbox), relaid out.
    "box-relayout": { GatedPath(iterations: 2_000, loop: snapshots(of: compiledExample("feed-card")), gate: gateBoxRelayout) },
    // The everyday API: a kept scheme of ten rows laid out in place.
    "kept-layout": {
        let list = RowList(count: 10)
        let bounds = list.container.layoutBounds
        return GatedPath(iterations: 20_000, loop: { iterations in
            for _ in 0 ..< iterations { list.scheme.layout(in: bounds) }
            return Double(list.rows[9].frame.maxY)
        }, gate: gateKeptLayout)
    },
    // A warm text measure: the benchmark paragraph's words cached, filled at a new width each time.
    "text-measure": {
        let engine = try! TextEngine()
        return GatedPath(iterations: 20_000, loop: { iterations in
            var sum = 0.0
            for i in 0 ..< iterations {
                sum += try! engine.measure(benchmarkParagraph, style: benchmarkStyle, width: benchmarkWidths[i % 10] + Double(i) * 1e-9).height
            }
            return sum
        }, gate: gateTextMeasure)
    },
    // A client's check of a warm page: a `snapshots` frame of 50 snapshots of one scheme
    // decoded, its strings interned across pages (`WireStringCache`).
    "page-decode": {
        let (frame, strings) = (feedPage(), WireStringCache())
        return GatedPath(iterations: 500, loop: { iterations in
            var sum = 0.0
            for _ in 0 ..< iterations {
                guard case .snapshots(let answers) = try! WireResponse(frame: frame, strings: strings), case .snapshot(let first) = answers[0] else {
                    fatalError("not a page")
                }
                sum += first.size.height
            }
            return sum
        }, gate: gatePageDecode)
    },
    // The daemon's work for a warm lookup with content (its frame walked, its key found from
    // its bytes, the snapshot written from the hot cache), without the socket.
    "warm-lookup": { GatedPath(iterations: 20_000, loop: warmAnswers(.lookup(feedCellLookup(0))), gate: gateWarmLookup) },
    // The same for a page of 50 posts (`lookupBatch`), every one warm.
    "warm-page": { GatedPath(iterations: 1_000, loop: warmAnswers(.lookupBatch((0 ..< 50).map(feedCellLookup))), gate: gateWarmPage) },
    // `CGLClient`'s check of that page's answer: the frame checked, each lookup's result
    // made, each snapshot's size read.
    "client-page": {
        let lookups = (0 ..< 50).map { Lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": .text("Post \($0)")]) }
        let probe = PageCheckProbe(lookups: lookups, answer: feedPage())
        return GatedPath(iterations: 2_000, loop: { iterations in
            var sum = 0.0
            for _ in 0 ..< iterations {
                for result in try! probe.check() { sum += try! result.get().size.height }
            }
            return sum
        }, gate: gateClientPage)
    },
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 1, let make = paths[arguments[0]] else {
    FileHandle.standardError.write("usage: HotPathGate \(paths.keys.sorted().joined(separator: "|"))\n".data(using: .utf8)!)
    exit(2)
}
let path = make()
// Warm: the caches filled and the lazy state made, outside the count.
let warm = path.loop(max(1, path.iterations / 10))
let sum = path.gate(path.loop, path.iterations)
print("\(arguments[0]) iterations \(path.iterations) checksum \(sum + warm)")
