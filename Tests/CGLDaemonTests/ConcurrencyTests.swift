import CGLBridge
import CGLClient
import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLWire
import Foundation
import Testing
import CGLDocumentBridge

@Suite struct ConcurrencyTests {
    /// The lookups the tests ask for: profiles in both directions, and explicit sizes.
    private static let requests: [(scheme: String, environment: WireEnvironmentRequest)] = {
        let schemes = ["feed-cell", "toolbar", "settings-list", "login-form"]
        let environments: [WireEnvironmentRequest] = ProfileSet.defaults.names.flatMap { name in
            [.profile(name), .profile(name, direction: .rightToLeft)]
        } + [320.0, 414, 768, 1024, 1440].map { width in .explicit(.init(width: width, height: 700, scale: 2)) }
        return schemes.flatMap { scheme in environments.map { (scheme, $0) } }
    }()

    /// What each request must answer: the offline computation of `CompiledDocument.snapshot`.
    private static func expectedSnapshots() throws -> [WireSnapshot] {
        let compiled = try Dictionary(uniqueKeysWithValues: ["feed-cell", "toolbar", "settings-list", "login-form"].map { name in
            (name, try SchemeDocument(data: exampleDocument(name)).compiled())
        })
        return try requests.map { request in
            var environment: LayoutEnvironment
            switch request.environment {
            case .profile(let name, let direction):
                environment = try #require(ProfileSet.defaults[name])
                if let direction { environment.direction = .init(direction) }
            case .explicit(let values):
                environment = LayoutEnvironment(values)
            }
            return WireSnapshot(try compiled[request.scheme]!.snapshot(for: environment), source: .computed)
        }
    }

    @Test func pipelinedRequestsAreAnsweredWithTheirOwnIDs() async throws {
        try await withTestDaemon(schemes: ["feed-cell", "toolbar"]) { daemon in
            let socketPath = daemon.configuration.socketPath
            try await blocking {
                let connection = try RawConnection(path: socketPath)
                _ = try connection.handshake()
                var frames: [UInt8] = []
                let requests: [(UInt32, WireRequest)] = [
                    (901, .lookup(scheme: "feed-cell", environment: .profile("phone-portrait"))), (17, .ping), (4, .list),
                    (88, .lookup(scheme: "toolbar", environment: .explicit(.init(width: 300, height: 60)))), (5, .stats),
                    (6, .lookup(scheme: "missing", environment: .profile("phone-portrait"))), (7, .prewarm(schemes: ["toolbar"], profiles: ["phone-portrait"])),
                    (8, .unregister(name: "nothing")),
                ]
                for (id, request) in requests { request.encode(requestID: id, into: &frames) }
                try connection.send(frames)
                var finals: [UInt32: WireResponse] = [:]
                while finals.count < requests.count {
                    let (id, response) = try connection.readResponse()
                    #expect(finals[id] == nil)
                    if response.isFinal { finals[id] = response }
                }
                #expect(finals[901].map { if case .snapshot(let s) = $0 { s.scheme == "feed-cell" } else { false } } == true)
                #expect(finals[17]?.kind == .pong && finals[4]?.kind == .schemes && finals[5]?.kind == .stats)
                #expect(finals[88].map { if case .snapshot(let s) = $0 { s.scheme == "toolbar" && s.environment.width == 300 } else { false } } == true)
                #expect(finals[6].map { if case .error(let e) = $0 { e.code == .notFound } else { false } } == true)
                #expect(finals[7]?.kind == .prewarmFinished)
                #expect(finals[8] == .unregistered(name: "nothing", existed: false))
            }
        }
    }

    @Test func sixtyFourClientsTimesAThousandLookupsAllEqualTheOfflineComputation() async throws {
        try await withTestDaemon(schemes: ["feed-cell", "toolbar", "settings-list", "login-form"], configure: {
            $0.cacheMemoryBytes = 64 * 1024  // small: lookups go through memory, the store and computing
        }) { daemon in
            let expected = try Self.expectedSnapshots()
            let requests = Self.requests
            let socketPath = daemon.configuration.socketPath
            let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
                for clientIndex in 0 ..< 64 {
                    group.addTask {
                        try await blocking {
                            let client = CGLClient(configuration: .init(socketPath: socketPath, connectTimeout: .seconds(30)))
                            var mismatches = 0
                            // 1,000 lookups in batches of 100, each batch pipelined on the connection.
                            for batch in 0 ..< 10 {
                                let indices = (0 ..< 100).map { (clientIndex * 7919 + batch * 100 + $0 * 31) % requests.count }
                                for (index, result) in zip(indices, try client.lookup(indices.map { Lookup(requests[$0].scheme, in: Environment(requests[$0].environment)) })) {
                                    var snapshot = try result.get().wire
                                    snapshot.source = .computed
                                    if snapshot != expected[index] { mismatches += 1 }
                                }
                            }
                            return mismatches
                        }
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(mismatches == 0)
            let stats = try await daemon.client().stats()
            #expect(stats[WireStats.Key.lookups] == 64_000)
            #expect(stats["snapshots.computed"]! <= Double(requests.count))  // each snapshot computed at most once
        }
    }

    @Test func concurrentMissesOfOneKeyComputeOnce() async throws {
        try await withTestDaemon(schemes: ["settings-list"]) { daemon in
            let socketPath = daemon.configuration.socketPath
            let sources = try await withThrowingTaskGroup(of: Snapshot.Source.self) { group in
                for _ in 0 ..< 16 {
                    group.addTask {
                        try await blocking {
                            try CGLClient(socketPath: socketPath).lookup("settings-list", in: .size(width: 777, height: 555))
                        }.source
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            // The one lookup that computed says so; the others shared its result (or found
            // it in memory afterwards): hits, whichever.
            #expect(sources.count == 16 && sources.filter { $0 == .computed }.count == 1 && sources.filter { $0 == .memory }.count == 15)
            let stats = try await daemon.client().stats()
            #expect(stats[WireStats.Key.snapshotsStored] == 1)
            #expect(stats["snapshots.computed"] == 1)
            #expect(stats[WireStats.Key.lookups] == 16 && stats[WireStats.Key.misses] == 1 && stats[WireStats.Key.hitsMemory] == 15)
        }
    }
}
