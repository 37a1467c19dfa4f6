import CGLClient
import Foundation
import Synchronization

// A fleet sharing a registry in PostgreSQL (`Benchmarks/run-fleet` starts the server):
//   fleet-propagation  register on host A, served on host C: p50/p99 over 200 registrations
//   fleet-sync         a new host joining a registry of 10,000 schemes: start to ready (its
//                      first sync included), against its restart from the mirror it then has
//   fleet-lookup       a warm lookup on a host of the fleet against one with the SQLite
//                      registry, alternating rounds

/// What a host of the fleet is started with.
func fleetEnvironment(_ url: String, host: String) -> [String: String] {
    ["CGLD_REGISTRY_KIND": "postgres", "CGLD_REGISTRY_URL": url, "CGLD_REGISTRY_HOST_NAME": host,
     // Only LISTEN/NOTIFY propagates during the measurement.
     "CGLD_REGISTRY_RECONCILE_SECONDS": "3600"]
}

/// A document named `name`, its content distinct by `variant` (the hash ignores the name).
func fleetDocument(_ name: String, variant: Int) -> Data {
    Data(feedCell.replacingOccurrences(of: "\"name\": \"feed-cell\"", with: "\"name\": \"\(name)\"")
        .replacingOccurrences(of: "\"default\": [1200, 800]", with: "\"default\": [1200, \(800 + variant)]").utf8)
}

func fleetPropagation(cgld: String, url: String, folder: String) throws {
    let (hostA, clientA, _) = try startDaemon(cgld, in: folder + "/a", environment: fleetEnvironment(url, host: "a"))
    let (hostC, clientC, _) = try startDaemon(cgld, in: folder + "/c", environment: fleetEnvironment(url, host: "c"))
    defer { hostA.stop(); hostC.stop() }
    var propagation: [Double] = []
    var registration: [Double] = []
    for index in 0..<200 {
        let name = "propagated-\(index)"
        let document = fleetDocument(name, variant: index)
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try clientA.register(document)
        registration.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        // Asked as fast as C answers (a lookup of an unknown name costs microseconds).
        while (try? clientC.lookup(name, in: .profile("phone-portrait"))) == nil {
            guard Double(DispatchTime.now().uptimeNanoseconds - start) < 10e9 else { throw RawSocket.Failure(description: "\(name) never reached host C") }
        }
        propagation.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    propagation.sort()
    registration.sort()
    report("fleet-propagation (register on host A until a lookup on host C finds it; 200 registrations)", [
        Row(name: "register on A, p50", value: percentile(registration, 0.5), unit: "ms"),
        Row(name: "register on A, p99", value: percentile(registration, 0.99), unit: "ms"),
        Row(name: "register on A to served on C, p50", value: percentile(propagation, 0.5), unit: "ms"),
        Row(name: "register on A to served on C, p99", value: percentile(propagation, 0.99), unit: "ms"),
    ], ratios: ["p99 / 1 s target": percentile(propagation, 0.99) / 1000], target: "served by every host within 1 s (p99)")
}

func fleetSync(cgld: String, url: String, folder: String, schemes: Int = 10_000) throws {
    let (writer, writerClient, _) = try startDaemon(cgld, in: folder + "/writer", environment: fleetEnvironment(url, host: "writer"))
    let registered = Date()
    // Eight clients at once, as a deploy registering a catalogue would.
    let failure = Mutex<(any Error)?>(nil)
    let done = DispatchSemaphore(value: 0)
    for lane in 0..<8 {
        Thread {
            let client = CGLClient(configuration: CGLClient.Configuration(socketPath: folder + "/writer/cgld.sock"))
            do {
                for index in stride(from: lane, to: schemes, by: 8) { _ = try client.register(fleetDocument("synced-\(index)", variant: index)) }
            } catch {
                failure.withLock { $0 = error }
            }
            done.signal()
        }.start()
    }
    for _ in 0..<8 { done.wait() }
    if let error = failure.withLock({ $0 }) { throw error }
    let registering = Date().timeIntervalSince(registered)
    // (The registry may hold the other fleet benchmarks' schemes too.)
    func synced(_ client: CGLClient) throws -> Int { try client.list().filter { $0.name.hasPrefix("synced-") }.count }
    guard try synced(writerClient) == schemes else { throw RawSocket.Failure(description: "not every registration reached the writer") }
    writer.stop()

    let joinFolder = folder + "/joining"
    let (joining, joiningClient, joinSeconds) = try startDaemon(cgld, in: joinFolder, environment: fleetEnvironment(url, host: "joining"))
    let count = try synced(joiningClient)
    guard count == schemes else { throw RawSocket.Failure(description: "the joining host has \(count) schemes, not \(schemes)") }
    let resident = joining.residentBytes
    joining.stop()
    // The restart finds its mirror current: ready once it has loaded it and checked the head.
    let (restarted, _, restartSeconds) = try startDaemon(cgld, in: joinFolder, environment: fleetEnvironment(url, host: "joining"))
    restarted.stop()
    report("fleet-sync (a new host joins a registry of \(schemes) schemes)", [
        Row(name: "registering them through one host, 8 clients", value: registering, unit: "s"),
        Row(name: "new host: start to ready, first sync included", value: joinSeconds, unit: "s"),
        Row(name: "same host restarted: start to ready from its mirror", value: restartSeconds, unit: "s"),
        Row(name: "new host's resident memory after the sync", value: resident / 1_048_576, unit: "MiB"),
    ], ratios: ["first sync / restart from the mirror": joinSeconds / restartSeconds], target: "a host joins a fleet of 10,000 schemes in seconds")
}

func fleetLookup(cgld: String, url: String, folder: String) throws {
    let (alone, aloneClient, _) = try startDaemon(cgld, in: folder + "/sqlite-registry")
    let (shared, sharedClient, _) = try startDaemon(cgld, in: folder + "/shared-registry", environment: fleetEnvironment(url, host: "lookup"))
    defer { shared.stop(); alone.stop() }
    let document = fleetDocument("looked-up", variant: 0)
    _ = try sharedClient.register(document)
    _ = try aloneClient.register(document)
    let environment = Environment.profile("phone-portrait")
    _ = try sharedClient.lookup("looked-up", in: environment)
    _ = try aloneClient.lookup("looked-up", in: environment)
    let (free, pinned) = try freeThenPinned([getpid(), shared.pid, alone.pid]) {
        try alternatingRounds([
            { _ = try sharedClient.lookup("looked-up", in: environment) },
            { _ = try aloneClient.lookup("looked-up", in: environment) },
        ])
    }
    var rows: [Row] = []
    var ratios: [String: Double] = [:]
    for (placement, times) in [("one core", pinned), ("scheduler's choice", free)] {
        rows += [
            Row(name: "warm lookup p50, PostgreSQL registry, \(placement)", value: percentile(times[0], 0.5), unit: "µs"),
            Row(name: "warm lookup p50, SQLite registry, \(placement)", value: percentile(times[1], 0.5), unit: "µs"),
            Row(name: "warm lookup p99, PostgreSQL registry, \(placement)", value: percentile(times[0], 0.99), unit: "µs"),
            Row(name: "warm lookup p99, SQLite registry, \(placement)", value: percentile(times[1], 0.99), unit: "µs"),
        ]
        ratios["postgres/sqlite p50, \(placement)"] = percentile(times[0], 0.5) / percentile(times[1], 0.5)
    }
    report("fleet-lookup (a warm lookup with either registry)", rows, ratios: ratios, target: "unchanged: ratio within noise of 1")
}
