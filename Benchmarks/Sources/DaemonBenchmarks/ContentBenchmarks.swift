import CGLClient
import CGLDocument
import CGLWire
import Crypto
import Foundation
import Synchronization

// Lookups with the caller's content (docs/performance.md, "Content"):
//   content-latency  one warm lookup with a post's content vs a bare Unix-socket echo of the same sizes
//   content-batch    a warm batch of 50 feed cells with content vs Redis MGET of 50 values of the
//                    same size, from 1 and 8 clients (read as bytes, and through hiredis); and vs the same MGET with keys as long as
//                    the lookups in full. The client library sends a page it keeps by reference
//                    (protocol 4); the batch as bytes is measured by reference and in full, and
//                    against the bare SwiftNIO floor at the same sizes. Every page is waited for
//                    in `read`, as the client library waits for one; Redis read as bytes is also
//                    measured waiting in `poll`, and its ratios take the faster of the two
//   content-cold     batches of 50 new posts (real text) on one core, vs the same batch warm and vs
//                    the engine computing the cells in-process
//   content-memory   one million distinct content items looked up in a row: the daemon's resident
//                    memory against its cache budget

/// The page of posts of `examples/content/feed-posts.json`.
func feedPosts(repository: URL) throws -> [Content] {
    try Content.items(json: Array(Data(contentsOf: repository.appendingPathComponent("examples/content/feed-posts.json"))))
}

/// `content` as the client library sends it.
func wireContent(_ content: Content) -> WireContent {
    WireContent(entries: content.values.sorted { $0.key < $1.key }.map { slot, value in
        switch value {
        case .text(let text): WireContent.Entry(slot: slot, value: .text(text))
        case .size(let size): WireContent.Entry(slot: slot, value: .size(width: Double(size.width), height: Double(size.height)))
        case .flag(let flag): WireContent.Entry(slot: slot, value: .flag(flag))
        case .runs(let runs):
            WireContent.Entry(slot: slot, value: .runs(runs.map { run in
                switch run {
                case .string(let string, let style): .text(string, style: style)
                case .atom(let atom): .atom(width: atom.width, height: atom.height, baseline: atom.baseline)
                }
            }))
        }
    })
}

/// The bytes of a `lookup` of the feed cell with `content`, as the client library sends them.
func lookupRequest(_ content: Content) -> [UInt8] {
    var request: [UInt8] = []
    WireRequest.lookup(scheme: "feed-cell", environment: .profile("phone-portrait"), content: wireContent(content))
        .encode(requestID: 1, into: &request)
    return request
}

/// `cgld` started on `folder` with the feed cell registered.
func startWithFeedCell(_ cgld: String, in folder: String, feedCell: String, workers: Int = 0) throws -> (Child, CGLClient) {
    let (daemon, client, _) = try startDaemon(cgld, in: folder, workers: workers)
    _ = try client.register(Data(feedCell.utf8))
    return (daemon, client)
}

/// A post made new (a key never seen) by a suffix on its date.
func fresh(_ post: Content, _ tag: Int) -> Content {
    var values = post.values
    values["date"] = .text("\(tag) min ago")
    return Content(values)
}

func contentLatency(cgld: String, folder: String, feedCell: String, posts: [Content]) throws {
    let (daemon, client) = try startWithFeedCell(cgld, in: folder + "/content-latency", feedCell: feedCell)
    let post = posts[3]
    _ = try client.lookup("feed-cell", in: .profile("phone-portrait"), content: post)
    let request = lookupRequest(post)
    let responseSize = try RawLookup.answerSize(socket: folder + "/content-latency/cgld.sock", request: request)
    let echo = try Child(CommandLine.arguments[0], ["echo-server", folder + "/content-echo.sock", "\(request.count)", "\(responseSize)"], name: "echo")
    try waitUntilListening(folder + "/content-echo.sock")
    let echoes = try RawLookup(socket: folder + "/content-echo.sock", request: request, responseSize: responseSize, handshake: false)
    _ = try client.lookup("feed-cell", in: .profile("phone-portrait"))
    func measure() throws -> (lookups: [Double], plain: [Double], echoes: [Double]) {
        let times = try alternatingRounds([
            { _ = try client.lookup("feed-cell", in: .profile("phone-portrait"), content: post) },
            { _ = try client.lookup("feed-cell", in: .profile("phone-portrait")) },
            { try echoes.lookup() },
        ])
        return (times[0], times[1], times[2])
    }
    let (free, pinned) = try freeThenPinned([getpid(), daemon.pid, echo.pid], measure)
    echoes.close()
    echo.stop()
    var rows: [Row] = []
    var ratios: [String: Double] = [:]
    for (placement, times) in [("one core", pinned), ("scheduler's choice", free)] {
        rows += [
            Row(name: "warm lookup with content p50, \(placement)", value: percentile(times.lookups, 0.5), unit: "µs"),
            Row(name: "warm lookup with content p99, \(placement)", value: percentile(times.lookups, 0.99), unit: "µs"),
            Row(name: "warm lookup without content p50, \(placement)", value: percentile(times.plain, 0.5), unit: "µs"),
            Row(name: "bare Unix-socket echo p50, \(placement)", value: percentile(times.echoes, 0.5), unit: "µs"),
        ]
        ratios["lookup with content/echo p50, \(placement)"] = percentile(times.lookups, 0.5) / percentile(times.echoes, 0.5)
        ratios["lookup with content/without p50, \(placement)"] = percentile(times.lookups, 0.5) / percentile(times.plain, 0.5)
    }

    report("content-latency (request \(request.count) B with a post's content, response \(responseSize) B)", rows, ratios: ratios,
           target: "p50 within 1.5x of the echo")
    client.close()
    daemon.stop()
}

func contentBatch(cgld: String, folder: String, feedCell: String, posts: [Content], seconds: Double, rounds: Int) throws {
    let (daemon, client) = try startWithFeedCell(cgld, in: folder + "/content-batch", feedCell: feedCell)
    let batch = posts.map { Lookup("feed-cell", in: .profile("phone-portrait"), content: $0) }
    _ = try client.lookup(batch)
    // Each cell's payload: its snapshot frame less the frame's header.
    let sizes = try posts.map { try RawLookup.answerSize(socket: folder + "/content-batch/cgld.sock", request: lookupRequest($0)) - 9 }
    let valueSize = sizes.reduce(0, +) / sizes.count
    var rows: [Row] = []
    var ratios: [String: Double] = [:]
    let redis = try Redis.start(in: folder)
    if let (_, socket) = redis {
        for index in 0..<batch.count { try Redis.set(socket: socket, key: "cell-\(index)", size: valueSize) }
    }
    // The batch as bytes, its answer read as bytes: the daemon's cost without the client
    // library's (which decodes 50 snapshots), as the Redis client reads its values.
    var batchRequest: [UInt8] = []
    WireRequest.lookupBatch(posts.map { WireLookup(scheme: "feed-cell", environment: .profile("phone-portrait"), content: wireContent($0)) })
        .encode(requestID: 1, into: &batchRequest)
    let batchAnswerSize = try RawLookup.answerSize(socket: folder + "/content-batch/cgld.sock", request: batchRequest)
    // The same values under keys as long as the lookups: a request of the batch's size, as a
    // cache keyed by the content itself would take (cgld's request carries the content).
    let lookupSize = batchRequest.count / batch.count
    let longKeys = (0 ..< batch.count).map { "cell-\($0)-" + String(repeating: "k", count: max(0, lookupSize - 8 - "\($0)".count)) }
    if let (_, socket) = redis {
        for key in longKeys { try Redis.set(socket: socket, key: key, size: valueSize) }
    }
    // The batch by reference, as the client library sends a page it keeps (the first
    // `client.lookup(batch)` above sent it in full, which the daemon keeps).
    var referencesRequest: [UInt8] = []
    WireRequest.lookupBatchWithReferences(posts.map { post in
        let encoded = WireLookup(scheme: "feed-cell", environment: .profile("phone-portrait"), content: wireContent(post)).encoded()
        return .reference(WireLookupReference(Array(SHA256.hash(data: encoded)))!)
    }).encode(requestID: 1, into: &referencesRequest)
    let referencesAnswerSize = try RawLookup.answerSize(socket: folder + "/content-batch/cgld.sock", request: referencesRequest)
    guard referencesAnswerSize == batchAnswerSize else {
        throw RawSocket.Failure(description: "the batch by reference was answered in \(referencesAnswerSize) bytes, in full in \(batchAnswerSize)")
    }
    // SwiftNIO's own floor: a server that answers the batch's request with as many bytes
    // as cgld's answer, doing nothing else (one event loop, as Redis has one thread).
    let nioSocket = folder + "/content-nio.sock"
    let nio = try Child(CommandLine.arguments[0], ["nio-server", nioSocket, "\(batchRequest.count)", "\(batchAnswerSize)"], name: "nio")
    try waitUntilListening(nioSocket)
    defer { nio.stop() }
    let cgldSocket = folder + "/content-batch/cgld.sock"
    for clients in [1, 8] {
        // Every configuration, in rounds: each round runs them all in turn, so that the
        // machine's noise (which placed 8 clients' Redis anywhere from 2.3 M to 3.6 M values/s
        // in single runs) hits them alike; each row is the median of its rounds.
        // Each with the server it asks, whose CPU time per page is reported beside the clients'.
        var configurations: [(key: String, name: String, unit: String, server: Child, work: (Int) throws -> Work)] = [
            ("library", "cgld batch of 50 cells with content", "snapshots/s", daemon, { _ in
                let own = CGLClient(configuration: CGLClient.Configuration(socketPath: cgldSocket))
                return { _ = try own.lookup(batch) }
            }),
            // The same batch with its Lookups made on every call (a renderer building the page
            // from fresh posts): what laying a lookup out once, when made, saves a caller that keeps it.
            ("remade", "cgld batch, Lookups made on every call", "snapshots/s", daemon, { _ in
                let own = CGLClient(configuration: CGLClient.Configuration(socketPath: cgldSocket))
                return { _ = try own.lookup(posts.map { Lookup("feed-cell", in: .profile("phone-portrait"), content: $0) }) }
            }),
            ("bytes", "cgld batch as bytes in full (\(batchRequest.count) B)", "snapshots/s", daemon, { _ in
                let connection = try RawLookup(socket: cgldSocket, request: batchRequest, responseSize: batchAnswerSize, waiting: .inRead)
                return { try connection.lookup() }
            }),
            ("floor", "bare SwiftNIO server, the batch's sizes", "snapshots/s", nio, { _ in
                let connection = try RawLookup(socket: nioSocket, request: batchRequest, responseSize: batchAnswerSize, handshake: false, waiting: .inRead)
                return { try connection.lookup() }
            }),
            ("byReference", "cgld batch as bytes by reference (\(referencesRequest.count) B)", "snapshots/s", daemon, { _ in
                let connection = try RawLookup(socket: cgldSocket, request: referencesRequest, responseSize: batchAnswerSize, waiting: .inRead)
                return { try connection.lookup() }
            }),
        ]
        if let (server, socket) = redis {
            configurations += [
                ("redis", "Redis MGET of 50 values of \(valueSize) B", "values/s", server, { _ in
                    let getter = try Redis.MultiGetter(socket: socket, keys: (0..<batch.count).map { "cell-\($0)" }, size: valueSize)
                    return { try getter.get() }
                }),
                // The same, waiting in `poll` (as the client library waits for one answer):
                // faster with 8 clients, slower with one; the Redis ratios take the faster.
                ("redisInPoll", "Redis MGET, read as bytes after poll", "values/s", server, { _ in
                    let getter = try Redis.MultiGetter(socket: socket, keys: (0..<batch.count).map { "cell-\($0)" }, size: valueSize, waiting: .inPoll)
                    return { try getter.get() }
                }),
                // Library to library: Redis's own C client, its reply parsed into 50 values.
                ("hiredis", "Redis MGET through hiredis", "values/s", server, { _ in
                    let getter = try HiredisMultiGetter(socket: socket, keys: (0..<batch.count).map { "cell-\($0)" }, size: valueSize)
                    return { try getter.get() }
                }),
                ("longKeys", "Redis MGET, keys of \(lookupSize) B (the lookups' size)", "values/s", server, { _ in
                    let getter = try Redis.MultiGetter(socket: socket, keys: longKeys, size: valueSize)
                    return { try getter.get() }
                }),
            ]
        }
        var samples = [[Double]](repeating: [], count: configurations.count)
        // The CPU time of a page (50 values) in the server and in the clients: on two cores
        // shared by both ends, throughput is what the two together cost.
        var serverCPU = samples, clientsCPU = samples
        for _ in 0 ..< rounds {
            for (index, configuration) in configurations.enumerated() {
                let (serverBefore, clientsBefore) = (configuration.server.cpuSeconds, ownCPUSeconds())
                let measured = try countedThroughput(clients: clients, seconds: seconds, makeWork: configuration.work)
                let pages = Double(max(1, measured.operations))
                samples[index].append(measured.perSecond * Double(batch.count))
                serverCPU[index].append((configuration.server.cpuSeconds - serverBefore) / pages * 1_000_000)
                clientsCPU[index].append((ownCPUSeconds() - clientsBefore) / pages * 1_000_000)
            }
        }
        var median: [String: Double] = [:]
        func row(_ name: String, _ values: [Double], unit: String) -> Row {
            let sorted = values.sorted()
            return Row(name: name, value: sorted[sorted.count / 2], unit: unit, low: sorted.first, high: sorted.last)
        }
        for (index, configuration) in configurations.enumerated() {
            let throughputRow = row("\(configuration.name), \(clients) clients", samples[index], unit: configuration.unit)
            median[configuration.key] = throughputRow.value
            rows.append(throughputRow)
        }
        for (index, configuration) in configurations.enumerated() {
            rows.append(row("  CPU a page in the server: \(configuration.key), \(clients) clients", serverCPU[index], unit: "µs"))
            rows.append(row("  CPU a page in the clients: \(configuration.key), \(clients) clients", clientsCPU[index], unit: "µs"))
        }
        // Redis read as bytes, waiting whichever way was faster in this run.
        if let inRead = median["redis"], let inPoll = median["redisInPoll"] { median["redisFaster"] = max(inRead, inPoll) }
        func ratio(_ name: String, _ first: String, _ second: String) {
            if let first = median[first], let second = median[second] { ratios["\(name) \(clients) clients"] = first / second }
        }
        ratio("cgld bytes/bare SwiftNIO", "bytes", "floor")
        ratio("cgld/redis through hiredis", "library", "hiredis")
        ratio("cgld/redis", "library", "redisFaster")
        ratio("cgld, Lookups made on every call/redis", "remade", "redisFaster")
        ratio("cgld bytes/redis", "bytes", "redisFaster")
        ratio("cgld bytes by reference/redis", "byReference", "redisFaster")
        ratio("bare SwiftNIO/redis", "floor", "redisFaster")
        ratio("cgld/redis with keys of the lookups' size", "library", "longKeys")
        ratio("cgld bytes/redis with keys of the lookups' size", "bytes", "longKeys")
    }
    redis?.0.stop()
    if redis == nil { print("note: redis-server is not installed (apt-get install redis-server); the peer was skipped") }
    report("content-batch (50 feed cells, snapshots of \(valueSize) B on average; medians of \(rounds) rounds of \(seconds) s)", rows, ratios: ratios, target: "at least Redis MGET's values/s")
    client.close()
    daemon.stop()
}

func contentBatchProfile(cgld: String, folder: String, feedCell: String, posts: [Content], seconds: Double, clients: Int) throws {
    let (daemon, client) = try startWithFeedCell(cgld, in: folder + "/content-batch-profile", feedCell: feedCell)
    _ = try client.lookup(posts.map { Lookup("feed-cell", in: .profile("phone-portrait"), content: $0) })
    // By reference, as the client library sends the page it keeps.
    var request: [UInt8] = []
    WireRequest.lookupBatchWithReferences(posts.map { post in
        let encoded = WireLookup(scheme: "feed-cell", environment: .profile("phone-portrait"), content: wireContent(post)).encoded()
        return .reference(WireLookupReference(Array(SHA256.hash(data: encoded)))!)
    }).encode(requestID: 1, into: &request)
    let socket = folder + "/content-batch-profile/cgld.sock"
    let answerSize = try RawLookup.answerSize(socket: socket, request: request)
    print("cgld pid \(daemon.pid)")
    /// Snapshots a second of `clients` threads doing `work`, and the CPU a page cost cgld and them.
    func measured(_ work: (Int) throws -> Work) throws -> (rate: Double, daemon: Double, clients: Double) {
        let (daemonBefore, clientsBefore) = (daemon.cpuSeconds, ownCPUSeconds())
        let counted = try countedThroughput(clients: clients, seconds: seconds, makeWork: work)
        let pages = Double(max(1, counted.operations))
        return (counted.perSecond * Double(posts.count), (daemon.cpuSeconds - daemonBefore) / pages * 1_000_000,
                (ownCPUSeconds() - clientsBefore) / pages * 1_000_000)
    }
    func line(_ what: String, _ result: (rate: Double, daemon: Double, clients: Double)) -> String {
        "\(what), \(clients) clients: \(Int(result.rate)) snapshots/s; CPU a page: cgld \(String(format: "%.1f", result.daemon)) µs, clients \(String(format: "%.1f", result.clients)) µs"
    }
    let bytes = try measured { _ in
        let connection = try RawLookup(socket: socket, request: request, responseSize: answerSize, waiting: .inRead)
        return { try connection.lookup() }
    }
    print(line("batch as bytes by reference", bytes))
    // One page shared by every client, each with a client of its own, as content-batch does.
    let batch = posts.map { Lookup("feed-cell", in: .profile("phone-portrait"), content: $0) }
    print("client library from now on, pid \(getpid())")
    let library = try measured { _ in
        let own = CGLClient(configuration: CGLClient.Configuration(socketPath: socket))
        return { _ = try own.lookup(batch) }
    }
    print(line("batch with the client library", library))
    client.close()
    daemon.stop()
}

func contentCold(cgld: String, folder: String, feedCell: String, posts: [Content]) throws {
    let (daemon, client) = try startWithFeedCell(cgld, in: folder + "/content-cold", feedCell: feedCell, workers: 1)
    let processes = [getpid(), daemon.pid]
    Affinity.pin(processes, to: [0])
    defer { Affinity.pin(processes, to: Affinity.allCPUs) }
    // The fonts and the words of the posts measured once: "cold" is a page never seen, in a
    // daemon that has served others (its text caches warm, as in production).
    _ = try client.lookup(posts.map { Lookup("feed-cell", in: .profile("phone-portrait"), content: fresh($0, -1)) })
    var cold: [Double] = [], warm: [Double] = []
    let rounds = 200
    let timesBefore = daemon.threadCPUTimes
    for round in 0..<rounds {
        let batch = posts.map { Lookup("feed-cell", in: .profile("phone-portrait"), content: fresh($0, round)) }
        var start = DispatchTime.now().uptimeNanoseconds
        let answers = try client.lookup(batch)
        cold.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
        guard answers.allSatisfy({ (try? $0.get())?.source == .computed }) else { throw RawSocket.Failure(description: "a cold batch was not computed") }
        start = DispatchTime.now().uptimeNanoseconds
        _ = try client.lookup(batch)
        warm.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
    }
    // Where the daemon's time went, per round (a cold batch and the same batch warm): each
    // thread's time on the CPU, from /proc.
    let timesAfter = daemon.threadCPUTimes
    let threadRows = timesAfter.keys.sorted().compactMap { name -> Row? in
        let spent = (timesAfter[name] ?? 0) - (timesBefore[name] ?? 0)
        guard spent / Double(rounds) >= 1000 else { return nil }
        return Row(name: "cgld thread \(name), CPU per round (cold + warm)", value: spent / Double(rounds) / 1000, unit: "µs")
    }
    cold.sort()
    warm.sort()
    // The engine alone, in this process: the same cells computed without a daemon.
    let compiled = try SchemeDocument(data: Data(feedCell.utf8)).compiled()
    let phone = ProfileSet.defaults["phone-portrait"]!
    for post in posts { _ = try compiled.snapshot(for: phone, content: fresh(post, -2)) }
    var engine: [Double] = []
    for round in 0..<200 {
        let start = DispatchTime.now().uptimeNanoseconds
        for post in posts { _ = try compiled.snapshot(for: phone, content: fresh(post, 1000 + round)) }
        engine.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
    }
    engine.sort()
    // Of which checking the content against the slots, normalizing it and digesting it.
    let document = try SchemeDocument(data: Data(feedCell.utf8))
    var checking: [Double] = []
    for round in 0..<200 {
        let start = DispatchTime.now().uptimeNanoseconds
        for post in posts {
            let content = fresh(post, 2000 + round)
            try content.validate(for: document)
            _ = content.normalized(for: document).digest
        }
        checking.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
    }
    checking.sort()
    report("content-cold (50 new posts per batch, one compute thread, everything on one core)", [
        Row(name: "cold batch of 50, p50", value: percentile(cold, 0.5), unit: "µs"),
        Row(name: "cold batch of 50, p99", value: percentile(cold, 0.99), unit: "µs"),
        Row(name: "cold, per cell, p50", value: percentile(cold, 0.5) / 50, unit: "µs"),
        Row(name: "the same batch warm, p50", value: percentile(warm, 0.5), unit: "µs"),
        Row(name: "the engine alone, 50 new cells in-process, p50", value: percentile(engine, 0.5), unit: "µs"),
        Row(name: "of which checking, normalizing and digesting the content, p50", value: percentile(checking, 0.5), unit: "µs"),
    ] + threadRows, ratios: ["cold batch / 1 ms target": percentile(cold, 0.5) / 1000, "cold / warm": percentile(cold, 0.5) / percentile(warm, 0.5),
                "cold / engine alone": percentile(cold, 0.5) / percentile(engine, 0.5)],
    target: "<= 1 ms for 50 cells (text measurement and layout <= 20 µs per cell)")
    client.close()
    daemon.stop()
}

func contentMemory(cgld: String, folder: String, feedCell: String, posts: [Content], items: Int) throws {
    let (daemon, client) = try startWithFeedCell(cgld, in: folder + "/content-memory", feedCell: feedCell)
    _ = try client.lookup("feed-cell", in: .profile("phone-portrait"))
    let budget = try client.stats()[WireStats.Key.memoryLimit] ?? 0
    let baseline = daemon.residentBytes
    var peak = baseline
    var samples: [Row] = []
    let start = Date()
    let batchSize = 1000
    for first in stride(from: 0, to: items, by: batchSize) {
        let batch = (first..<min(items, first + batchSize)).map { index in
            Lookup("feed-cell", in: .profile("phone-portrait"), content: fresh(posts[index % posts.count], index))
        }
        let answers = try client.lookup(batch)
        if let failure = answers.first(where: { (try? $0.get()) == nil }) { _ = try failure.get() }
        peak = max(peak, daemon.residentBytes)
        if (first + batchSize) % (items / 10) == 0 {
            samples.append(Row(name: "resident after \(first + batchSize) items", value: daemon.residentBytes / 1_048_576, unit: "MiB"))
        }
    }
    let elapsed = Date().timeIntervalSince(start)
    let stats = try client.stats()
    let overhead = peak - baseline - budget
    report("content-memory (\(items) distinct content items, cache.memoryBytes \(Int(budget / 1_048_576)) MiB)", [
        Row(name: "resident when ready", value: baseline / 1_048_576, unit: "MiB"),
        Row(name: "peak resident", value: peak / 1_048_576, unit: "MiB"),
        Row(name: "hot cache bytes at the end", value: (stats[WireStats.Key.memoryBytes] ?? 0) / 1_048_576, unit: "MiB"),
        Row(name: "hot cache entries at the end", value: stats["memory.entries"] ?? 0, unit: ""),
        Row(name: "text paragraph cache at the end", value: (stats["text.paragraphs.bytes"] ?? 0) / 1_048_576, unit: "MiB"),
        Row(name: "text word cache at the end", value: (stats["text.words.bytes"] ?? 0) / 1_048_576, unit: "MiB"),
        Row(name: "peak over (ready + budget)", value: overhead / 1_048_576, unit: "MiB"),
        Row(name: "items looked up", value: Double(items) / elapsed, unit: "items/s"),
    ] + samples, ratios: ["peak / (ready + budget)": peak / (baseline + budget)],
    target: "resident memory within the configured budget plus a fixed overhead")
    client.close()
    daemon.stop()
}
