import CGLClient
import CGLWire
import Foundation
import Synchronization

// The daemon against its floor and its peer, in the same run (docs/performance.md):
//   lookup-latency     one client, warm lookups vs a bare Unix-socket echo of the same sizes
//   lookup-throughput  8 and 64 clients vs Redis GET of the same payload and vs a bare SwiftNIO
//                      server answering the same bytes (NIOFloor.swift); pipelined lookups
//   prewarm            1,000 schemes × 24 environments computed and stored
//   start              start-to-ready with 1,000 schemes registered, and resident memory
//   shared-client      8 threads' warm lookups on one CGLClient, alone and while a prewarm of
//                      24,000 snapshots runs on the same client
//   content-latency, content-batch, content-cold, content-memory: lookups with content
//   content-batch-profile (named only): the warm batch as bytes from --clients N clients (1) for --seconds,
//     then with the client library for --seconds, printing the pids of cgld and of this
//     process, to profile either alone (perf record -p PID), and each phase's CPU a page at each end
//                      (ContentBenchmarks.swift); content-memory is left out unless named
//   fleet-propagation, fleet-sync, fleet-lookup: a fleet sharing PostgreSQL (FleetBenchmarks.swift),
//                      run when --registry-url is given (Benchmarks/run-fleet starts a server)
// Usage: DaemonBenchmarks --cgld PATH [--seconds S] [--rounds N] [--registry-url URL] [name…]   (Benchmarks/run-daemon builds both)

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "echo-server", arguments.count == 4 {
    try EchoServer.serve(path: arguments[1], requestSize: Int(arguments[2])!, responseSize: Int(arguments[3])!)
}
if arguments.first == "nio-server", arguments.count == 4 {
    try NIOFloor.serve(path: arguments[1], requestSize: Int(arguments[2])!, responseSize: Int(arguments[3])!)
}

func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

guard let cgld = option("--cgld") else {
    print("usage: DaemonBenchmarks --cgld PATH [--seconds S] [--rounds N] [--items N] [lookup-latency|lookup-throughput|prewarm|start|shared-client|content-latency|content-batch|content-cold|content-memory]…")
    exit(64)
}
let seconds = option("--seconds").flatMap(Double.init) ?? 3
/// How many times content-batch measures each configuration, in turn; it reports medians.
let rounds = max(1, option("--rounds").flatMap(Int.init) ?? 3)
let registryURL = option("--registry-url")
let names = Set(arguments.enumerated().filter { index, argument in
    !argument.hasPrefix("--") && (index == 0 || !arguments[index - 1].hasPrefix("--"))
}.map(\.element))
func wanted(_ name: String) -> Bool { names.isEmpty || names.contains(name) }

let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let feedCell = try String(contentsOf: repository.appendingPathComponent("examples/schemes/feed-cell.json"), encoding: .utf8)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cgld-bench-\(getpid())").path
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }

// MARK: Warm lookups

let environment = Environment.profile("phone-portrait")
if wanted("lookup-latency") || wanted("lookup-throughput") {
    let (daemon, client, _) = try startDaemon(cgld, in: folder + "/warm")
    _ = try client.register(Data(feedCell.utf8))
    let snapshot = try client.lookup("feed-cell", in: environment)
    // The sizes the floor and the peer reproduce: a lookup frame, and the snapshot frame.
    var request: [UInt8] = []
    WireRequest.lookup(scheme: "feed-cell", environment: .profile("phone-portrait")).encode(requestID: 1, into: &request)
    let responseSize = try RawLookup.answerSize(socket: folder + "/warm/cgld.sock", request: request)
    _ = snapshot

    if wanted("lookup-latency") {
        let echo = try Child(CommandLine.arguments[0], ["echo-server", folder + "/echo.sock", "\(request.count)", "\(responseSize)"], name: "echo")
        try waitUntilListening(folder + "/echo.sock")
        let echoes = try RawLookup(socket: folder + "/echo.sock", request: request, responseSize: responseSize, handshake: false)
        let rawLookup = try RawLookup(socket: folder + "/warm/cgld.sock", request: request, responseSize: responseSize)
        /// Alternating rounds of lookups and echoes, so that the machine's noise hits both alike.
        func measure() throws -> (lookups: [Double], raw: [Double], echoes: [Double]) {
            let times = try alternatingRounds([
                { _ = try client.lookup("feed-cell", in: environment) },
                { try rawLookup.lookup() },
                { try echoes.lookup() },
            ])
            return (times[0], times[1], times[2])
        }
        let (free, pinned) = try freeThenPinned([getpid(), daemon.pid, echo.pid], measure)
        echoes.close()
        rawLookup.close()
        echo.stop()
        var rows: [Row] = []
        var ratios: [String: Double] = [:]
        for (placement, times) in [("one core", pinned), ("scheduler's choice", free)] {
            rows += [
                Row(name: "cgld warm lookup p50, \(placement)", value: percentile(times.lookups, 0.5), unit: "µs"),
                Row(name: "cgld warm lookup p99, \(placement)", value: percentile(times.lookups, 0.99), unit: "µs"),
                Row(name: "cgld lookup frame, no client library, p50, \(placement)", value: percentile(times.raw, 0.5), unit: "µs"),
                Row(name: "bare Unix-socket echo p50, \(placement)", value: percentile(times.echoes, 0.5), unit: "µs"),
                Row(name: "bare Unix-socket echo p99, \(placement)", value: percentile(times.echoes, 0.99), unit: "µs"),
            ]
            ratios["lookup/echo p50, \(placement)"] = percentile(times.lookups, 0.5) / percentile(times.echoes, 0.5)
            ratios["lookup frame without client/echo p50, \(placement)"] = percentile(times.raw, 0.5) / percentile(times.echoes, 0.5)
            ratios["lookup/echo p99, \(placement)"] = percentile(times.lookups, 0.99) / percentile(times.echoes, 0.99)
        }
        report("lookup-latency (request \(request.count) B, response \(responseSize) B)", rows, ratios: ratios,
               target: "p50 within 1.5x of the echo (one core: both ends placed alike)")
    }

    if wanted("lookup-throughput") {
        var rows: [Row] = []
        var ratios: [String: Double] = [:]
        let redis = try Redis.start(in: folder)
        if let (_, socket) = redis { try Redis.set(socket: socket, key: "feed-cell", size: responseSize) }
        let nioSocket = folder + "/nio.sock"
        let nio = try Child(CommandLine.arguments[0], ["nio-server", nioSocket, "\(request.count)", "\(responseSize)"], name: "nio")
        try waitUntilListening(nioSocket)
        for clients in [8, 64] {
            let lookups = try throughput(clients: clients, seconds: seconds) { _ in
                let own = CGLClient(configuration: CGLClient.Configuration(socketPath: folder + "/warm/cgld.sock"))
                return { _ = try own.lookup("feed-cell", in: environment) }
            }
            rows.append(Row(name: "cgld lookups, \(clients) clients", value: lookups, unit: "ops/s"))
            // The daemon alone, its clients doing what Redis's do: write the request, read the bytes.
            let rawLookups = try throughput(clients: clients, seconds: seconds) { _ in
                let raw = try RawLookup(socket: folder + "/warm/cgld.sock", request: request, responseSize: responseSize)
                return { try raw.lookup() }
            }
            rows.append(Row(name: "cgld lookup frames, raw clients, \(clients) clients", value: rawLookups, unit: "ops/s"))
            // SwiftNIO's own floor: the same bytes answered by a handler that does nothing else.
            let floor = try throughput(clients: clients, seconds: seconds) { _ in
                let raw = try RawLookup(socket: nioSocket, request: request, responseSize: responseSize, handshake: false)
                return { try raw.lookup() }
            }
            rows.append(Row(name: "bare SwiftNIO server, \(clients) clients", value: floor, unit: "ops/s"))
            ratios["cgld raw/bare SwiftNIO \(clients) clients"] = rawLookups / floor
            if let (_, socket) = redis {
                let gets = try throughput(clients: clients, seconds: seconds) { _ in
                    let getter = try Redis.Getter(socket: socket, key: "feed-cell", size: responseSize)
                    return { try getter.get() }
                }
                rows.append(Row(name: "Redis GET, \(clients) clients", value: gets, unit: "ops/s"))
                ratios["cgld/redis \(clients) clients"] = lookups / gets
                ratios["cgld raw/redis \(clients) clients"] = rawLookups / gets
                ratios["bare SwiftNIO/redis \(clients) clients"] = floor / gets
            }
        }
        let batch = Array(repeating: Lookup("feed-cell", in: environment), count: 1000)
        let pipelined = try throughput(clients: 1, seconds: seconds) { _ in
            { _ = try client.lookup(batch) }
        } * Double(batch.count)
        rows.append(Row(name: "cgld batch of 1,000 lookups (lookupBatch), 1 connection", value: pipelined, unit: "lookups/s"))
        ratios["pipelined / 200,000 target"] = pipelined / 200_000
        redis?.0.stop()
        nio.stop()
        if redis == nil { print("note: redis-server is not installed (apt-get install redis-server); the peer was skipped") }
        report("lookup-throughput (response \(responseSize) B)", rows, ratios: ratios,
               target: "at least Redis's throughput with 8 and 64 clients; >= 200,000 pipelined lookups/s")
    }
    daemon.stop()
}

// MARK: Prewarm and start

/// Registers `count` distinct documents (the hash ignores the name, so the content differs too).
func registerMany(_ count: Int, with client: CGLClient) throws {
    for index in 0..<count {
        let text = feedCell.replacingOccurrences(of: "\"name\": \"feed-cell\"", with: "\"name\": \"bench-\(index)\"")
            .replacingOccurrences(of: "\"default\": [1200, 800]", with: "\"default\": [1200, \(800 + index)]")
        _ = try client.register(Data(text.utf8))
    }
}

if wanted("prewarm") || wanted("start") {
    let schemes = 1000
    var (daemon, client, _) = try startDaemon(cgld, in: folder + "/many")
    try registerMany(schemes, with: client)
    if wanted("prewarm") {
        let start = Date()
        let summary = try client.prewarm()
        let elapsed = Date().timeIntervalSince(start)
        let stored = try client.stats()[WireStats.Key.snapshotsStored] ?? 0
        report("prewarm (\(schemes) schemes x 24 environments)", [
            Row(name: "snapshots computed", value: Double(summary.computed), unit: ""),
            Row(name: "snapshots in the store afterwards", value: stored, unit: ""),
            Row(name: "wall time", value: elapsed, unit: "s"),
            Row(name: "computed and stored", value: Double(summary.computed) / elapsed, unit: "snapshots/s"),
        ], ratios: ["throughput / 20,000 target": Double(summary.computed) / elapsed / 20_000],
        target: ">= 20,000 snapshots/s computed and stored")
    }
    if wanted("start") {
        client.close()
        daemon.stop()
        (daemon, client, _) = try startDaemon(cgld, in: folder + "/many")
        client.close()
        daemon.stop()
        var times: [Double] = []
        var resident: [Double] = []
        for _ in 0..<5 {
            let started = try startDaemon(cgld, in: folder + "/many")
            times.append(started.seconds)
            resident.append(started.0.residentBytes)
            started.1.close()
            started.0.stop()
        }
        times.sort()
        report("start (\(schemes) schemes registered)", [
            Row(name: "start to ready (first ping answered), median of 5", value: times[2] * 1000, unit: "ms"),
            Row(name: "resident memory when ready", value: resident.sorted()[2] / 1_048_576, unit: "MiB"),
        ], ratios: ["start / 1 s target": times[2]], target: "ready in under 1 s with 1,000 schemes")
    }
    daemon.stop()
}

// MARK: Content

if wanted("content-latency") || wanted("content-batch") || wanted("content-cold") || names.contains("content-memory") || names.contains("content-batch-profile") {
    let posts = try feedPosts(repository: repository)
    if wanted("content-latency") { try contentLatency(cgld: cgld, folder: folder, feedCell: feedCell, posts: posts) }
    if wanted("content-batch") { try contentBatch(cgld: cgld, folder: folder, feedCell: feedCell, posts: posts, seconds: seconds, rounds: rounds) }
    if wanted("content-cold") { try contentCold(cgld: cgld, folder: folder, feedCell: feedCell, posts: posts) }
    if names.contains("content-batch-profile") { try contentBatchProfile(cgld: cgld, folder: folder, feedCell: feedCell, posts: posts, seconds: seconds,
                                                                           clients: option("--clients").flatMap(Int.init) ?? 1) }
    if names.contains("content-memory") {
        try contentMemory(cgld: cgld, folder: folder, feedCell: feedCell, posts: posts, items: option("--items").flatMap(Int.init) ?? 1_000_000)
    }
}

// MARK: One client shared while it waits on a slow call

if wanted("shared-client") {
    let (daemon, client, _) = try startDaemon(cgld, in: folder + "/shared")
    try registerMany(1000, with: client)
    _ = try client.register(Data(feedCell.utf8))
    _ = try client.lookup("feed-cell", in: environment)
    /// Eight threads doing warm lookups on the one client until `stop`, their latencies in µs.
    func lookups(until stop: @escaping @Sendable () -> Bool) throws -> [Double] {
        let times = Mutex<[Double]>([])
        let failure = Mutex<(any Error)?>(nil)
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<8 {
            Thread {
                var own: [Double] = []
                do {
                    while !stop() {
                        let start = DispatchTime.now().uptimeNanoseconds
                        _ = try client.lookup("feed-cell", in: environment)
                        own.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
                    }
                } catch {
                    failure.withLock { $0 = error }
                }
                times.withLock { $0 += own }
                done.signal()
            }.start()
        }
        for _ in 0..<8 { done.wait() }
        if let error = failure.withLock({ $0 }) { throw error }
        return times.withLock { $0 }.sorted()
    }
    let deadline = Date().addingTimeInterval(seconds)
    let alone = try lookups { Date() > deadline }
    let prewarming = Atomic<Bool>(true)
    let prewarm = Thread {
        _ = try? client.prewarm()
        prewarming.store(false, ordering: .releasing)
    }
    prewarm.start()
    let during = try lookups { !prewarming.load(ordering: .acquiring) }
    report("shared-client (8 threads on one CGLClient, one prewarm of 24,000 snapshots on it)", [
        Row(name: "warm lookup p50, alone", value: percentile(alone, 0.5), unit: "µs"),
        Row(name: "warm lookup p99, alone", value: percentile(alone, 0.99), unit: "µs"),
        Row(name: "warm lookup p50, while the prewarm runs", value: percentile(during, 0.5), unit: "µs"),
        Row(name: "warm lookup p99, while the prewarm runs", value: percentile(during, 0.99), unit: "µs"),
        Row(name: "lookups while the prewarm ran", value: Double(during.count), unit: ""),
    ], ratios: ["p50 during / alone": percentile(during, 0.5) / percentile(alone, 0.5)],
    target: "warm lookups in microseconds while another caller of the same client waits on a prewarm")
    daemon.stop()
}

// MARK: A fleet

if let registryURL {
    if wanted("fleet-propagation") { try fleetPropagation(cgld: cgld, url: registryURL, folder: folder + "/fleet-propagation") }
    if wanted("fleet-lookup") { try fleetLookup(cgld: cgld, url: registryURL, folder: folder + "/fleet-lookup") }
    if wanted("fleet-sync") { try fleetSync(cgld: cgld, url: registryURL, folder: folder + "/fleet-sync") }
}
