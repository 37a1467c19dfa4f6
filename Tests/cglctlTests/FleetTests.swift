import CGLClient
import CGLDocument
import CGLStore
import Foundation
import PostgresTestSupport
import Testing

/// Three `cgld` processes sharing one registry in a real PostgreSQL (Debian's package,
/// started by the test in a temporary folder, on a Unix socket only).
///
/// The reconcile interval is an hour unless a test says otherwise, so that what reaches a
/// host got there by `LISTEN/NOTIFY`; how fast is measured by `Benchmarks/` (fleet
/// propagation), not here.
@Suite(.serialized, .enabled(if: TestPostgres.unavailableReason == nil, "\(TestPostgres.unavailableReason ?? "")"))
struct FleetTests {
    /// Registered on A, served by B and C; changed on B, replaced everywhere; unregistered
    /// on C, gone everywhere.
    @Test func changesThroughAnyHostReachEveryHost() async throws {
        let fleet = try await FleetHarness.start(hosts: 3)
        defer { fleet.stop() }
        let created = try await fleet.client(0).register(try fleetDocument("fleet-card"))
        #expect(created.outcome == .created)
        for host in 1...2 {
            try await fleet.eventually("host-\(host) serves fleet-card") {
                (try? await fleet.client(host).lookup("fleet-card", in: .profile("phone-portrait"))) != nil
            }
        }
        let changed = try await fleet.client(1).register(try fleetDocument("fleet-card", version: 1))
        #expect(changed.outcome == .updated && changed.hash != created.hash)
        for host in [0, 2] {
            try await fleet.eventually("host-\(host) has the changed document") {
                (try? await fleet.registry(host))?["fleet-card"] == changed.hash
            }
            let snapshot = try await fleet.client(host).lookup("fleet-card", in: .profile("phone-portrait"))
            #expect(snapshot.hash == changed.hash, "the old document's snapshots are not served")
        }
        #expect(try await fleet.client(2).unregister("fleet-card"))
        for host in 0...1 {
            try await fleet.eventually("host-\(host) no longer serves fleet-card") {
                do throws(CGLClientError) {
                    _ = try await fleet.client(host).lookup("fleet-card", in: .profile("phone-portrait"))
                    return false
                } catch {
                    return error.refusal?.code == .notFound
                }
            }
        }
        let stats = try await fleet.client(1).stats()
        #expect(stats["registry.shared"] == 1 && stats["registry.connected"] == 1)
        #expect(stats["registry.revision"] == 3 && stats["registry.revisionsBehind"] == 0)
        let metrics = try fleet.metrics(1)
        for line in ["cgld_registry_revision 3.0", "cgld_registry_head_revision 3.0", "cgld_registry_connected 1.0", "cgld_registry_sync_lag_seconds 0.0"] {
            #expect(metrics.contains("\n" + line + "\n"), "\(line) in\n\(metrics)")
        }
    }

    /// PostgreSQL stopped: every host serves and prewarms every scheme from its mirror, and a register
    /// answers `registryUnavailable`, changing nothing. Back: each host reconnects; a
    /// change through one reaches all, and so does one written behind the hosts' backs
    /// (no notification), by the periodic reconciliation.
    @Test func withoutPostgreSQLHostsServeAndRefuseChanges() async throws {
        let fleet = try await FleetHarness.start(hosts: 3, reconcileSeconds: 1, ownServer: true)
        defer { fleet.stop() }
        for name in ["fleet-a", "fleet-b"] { _ = try await fleet.client(0).register(try fleetDocument(name)) }
        for host in 0...2 {
            try await fleet.eventually("host-\(host) has both schemes") { (try? await fleet.registry(host))?.count == 2 }
        }
        try await fleet.postgres.stopServer()
        for host in 0...2 {
            for name in ["fleet-a", "fleet-b"] {
                let snapshot = try await fleet.client(host).lookup(name, in: .profile("tablet-landscape"))
                #expect(snapshot.elements.count > 0)
            }
        }
        let prewarmed = try await fleet.client(2).prewarm(schemes: ["fleet-a"], profiles: ["phone-portrait"])
        #expect(prewarmed.failed == 0 && prewarmed.computed + prewarmed.alreadyCached == 2, "prewarms go on from the mirror")
        let refused = await #expect(throws: CGLClientError.self) { try await fleet.client(1).register(try fleetDocument("fleet-c")) }
        #expect(refused?.refusal?.code == .registryUnavailable, "\(String(describing: refused))")
        #expect(refused?.message.contains("registry") == true)
        let unregisterRefused = await #expect(throws: CGLClientError.self) { try await fleet.client(2).unregister("fleet-a") }
        #expect(unregisterRefused?.refusal?.code == .registryUnavailable)
        #expect(try await fleet.registry(1).count == 2, "nothing was written on this host alone")
        try await fleet.eventually("host-0 reports the registry lost") {
            (try? await fleet.client(0).stats())?["registry.connected"] == 0
        }

        try await fleet.postgres.startServer()
        try await fleet.eventually("every host reconnects") {
            var connected = 0
            for host in 0...2 where (try? await fleet.client(host).stats())?["registry.connected"] == 1 { connected += 1 }
            return connected == 3
        }
        _ = try await fleet.client(1).register(try fleetDocument("fleet-c"))
        // Written straight into PostgreSQL, as a restore or a hand-made fix would: no host
        // is notified; reconciliation finds it.
        let document = try fleetDocument("fleet-d")
        try await fleet.postgres.psql("""
            UPDATE cgld_registry_head SET revision = revision + 1;
            INSERT INTO cgld_schemes (name, hash, document, element_count, revision, registered_at, updated_at, updated_by)
            SELECT 'fleet-d', '\(try SchemeDocument(data: document).hash)', decode('\(document.map { String(format: "%02x", $0) }.joined())', 'hex'), 0,
                   revision, now(), now(), 'psql' FROM cgld_registry_head;
            """)
        for host in 0...2 {
            try await fleet.eventually("host-\(host) has fleet-c and fleet-d") {
                let names = (try? await fleet.registry(host)).map { Set($0.keys) }
                return names == ["fleet-a", "fleet-b", "fleet-c", "fleet-d"]
            }
        }
    }

    /// A host killed outright misses a hundred registrations; restarted, it has them all.
    @Test func aHostKilledAndRestartedCatchesUp() async throws {
        let fleet = try await FleetHarness.start(hosts: 3)
        defer { fleet.stop() }
        _ = try await fleet.client(0).register(try fleetDocument("before-the-kill"))
        try await fleet.eventually("host-2 has the first scheme") { (try? await fleet.registry(2))?.count == 1 }
        fleet.stop(2, signal: SIGKILL)
        for index in 0..<100 {
            _ = try await fleet.client(index % 2).register(try fleetDocument("missed-\(index)"))
        }
        try await fleet.eventually("host-0 has all 101") { (try? await fleet.registry(0))?.count == 101 }
        let expected = try await fleet.registry(0)
        try await fleet.start(2)
        // It serves at once from its mirror, and catches up before it says it is ready
        // when PostgreSQL answers, as here.
        #expect(try await fleet.registry(2) == expected)
        #expect(try await fleet.client(2).stats()["registry.revision"] == 101)
    }

    /// A thousand registrations through three hosts at once, many of the same names: every
    /// host ends with the same names, hashes and revisions, which are the registry's.
    @Test func aThousandConcurrentRegistrationsEndTheSameEverywhere() async throws {
        let fleet = try await FleetHarness.start(hosts: 3)
        defer { fleet.stop() }
        let documents = try (0..<1000).map { index in try fleetDocument("race-\(index % 250)", version: index / 250) }
        let clients = (0...2).map { fleet.client($0) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for host in 0...2 {
                group.addTask {
                    let client = clients[host]
                    for index in stride(from: host, to: documents.count, by: 3) { _ = try await client.register(documents[index]) }
                }
            }
            try await group.waitForAll()
        }
        try await fleet.eventually("every host has applied all 1 000 revisions") {
            var done = 0
            for host in 0...2 {
                let stats = try? await fleet.client(host).stats()
                if stats?["registry.revision"] == 1000, stats?["registry.revisionsBehind"] == 0 { done += 1 }
            }
            return done == 3
        }
        let served = try await fleet.registry(0)
        #expect(served.count == 250)
        for host in 1...2 { #expect(try await fleet.registry(host) == served) }
        // The revisions, from each host's mirror once it has stopped.
        for host in 0...2 { fleet.stop(host) }
        var mirrors: [[SchemeSummary]] = []
        for folder in fleet.folders {
            let store = try SQLiteSchemeStore(location: .file(path: folder + "/db.sqlite"))
            mirrors.append(try await store.schemeSummaries())
            #expect(try await store.registryMirror()?.revision == 1000)
            try await store.close()
        }
        #expect(mirrors[0].allSatisfy { $0.revision != nil })
        #expect(Set(mirrors[0].compactMap(\.revision)).count == 250, "each name its own last revision")
        for mirror in mirrors.dropFirst() {
            #expect(mirror.map { [$0.name, $0.hash, "\($0.revision ?? -1)"] } == mirrors[0].map { [$0.name, $0.hash, "\($0.revision ?? -1)"] })
        }
    }
}
