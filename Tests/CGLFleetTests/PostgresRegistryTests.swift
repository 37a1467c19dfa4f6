import CGLFleet
import CGLStore
import Foundation
import Logging
import PostgresTestSupport
import Synchronization
import Testing

/// The shared registry against a real PostgreSQL, started for each test in a temporary
/// folder (Debian's postgresql package; the tests are skipped, saying why, without it).
@Suite(.enabled(if: TestPostgres.unavailableReason == nil, "\(TestPostgres.unavailableReason ?? "")"))
struct PostgresRegistryTests {
    static let hash = "sha256:" + String(repeating: "a", count: 64)
    static func hash(_ digit: Character) -> String { "sha256:" + String(repeating: digit, count: 64) }

    /// Runs `body` with a fresh database and `count` registries on it (hosts "host0"…), each
    /// running its pool, migrated when `migrated`; on a server of its own when `ownServer`
    /// (to stop it), else on the tests' shared one.
    func withRegistries(_ count: Int = 1, timeout: Duration = .seconds(5), migrated: Bool = true, ownServer: Bool = false,
                        _ body: @Sendable (TestPostgres, [PostgresRegistry]) async throws -> Void) async throws {
        let server = ownServer ? try await TestPostgres.start() : try await TestPostgres.freshDatabase()
        defer { server.stop() }
        let connection = try RegistryConnection(url: server.url)
        let registries = (0..<count).map {
            PostgresRegistry(connection: connection, hostName: "host\($0)", timeout: timeout, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for registry in registries { group.addTask { await registry.run() } }
            defer { group.cancelAll() }
            if migrated { _ = try await Self.onceReachable { try await registries[0].migrate() } }
            try await body(server, registries)
        }
    }

    /// `call`'s result, retried while it answers `registryUnavailable` for up to 20 s: a
    /// server just started, on a machine running the whole suite, may take longer than a
    /// test's short timeout to answer its first calls. For calls to a server that is up.
    static func onceReachable<Result>(_ call: () async throws -> Result) async throws -> Result {
        let deadline = ContinuousClock.now + .seconds(20)
        while true {
            do {
                return try await call()
            } catch let error as FleetError where error.code == .registryUnavailable && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    /// Eight hosts starting at once migrate the registry once, under the advisory lock.
    @Test func manyHostsStartingAtOnceMigrateOnce() async throws {
        try await withRegistries(8, migrated: false) { _, registries in
            let applied = try await withThrowingTaskGroup(of: [String].self) { group in
                for registry in registries { group.addTask { try await registry.migrate() } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(applied.filter { !$0.isEmpty } == [["0001_registry"]])
            #expect(try await registries[3].headRevision() == 0)
        }
    }

    /// A registry migrated by a newer cgld is refused, naming what this one does not know.
    @Test func aNewerSchemaIsRefused() async throws {
        try await withRegistries { server, registries in
            try await server.psql("INSERT INTO cgld_schema_migrations (identifier) VALUES ('0002_from_the_future')")
            let error = await #expect(throws: FleetError.self) { try await registries[0].migrate() }
            #expect(error?.code == .schemaTooNew)
            #expect(error?.message.contains("0002_from_the_future") == true)
        }
    }

    /// Registrations, replacements and removals take one revision each, in order; a
    /// registration of the same document and a removal of nothing take none.
    @Test func changesTakeRevisionsInOrder() async throws {
        try await withRegistries(2) { _, registries in
            let (a, b) = (registries[0], registries[1])
            let (first, created) = try await a.register(name: "feed-cell", hash: Self.hash("a"), document: Data("one".utf8), elementCount: 3)
            #expect(created == .created)
            #expect(first.revision == 1 && first.updatedBy == "host0" && !first.isRemoval)
            #expect(try await b.register(name: "login", hash: Self.hash("b"), document: Data("two".utf8), elementCount: 2).entry.revision == 2)
            let (replaced, updated) = try await b.register(name: "feed-cell", hash: Self.hash("c"), document: Data("three".utf8), elementCount: 4)
            #expect(updated == .updated(previousHash: Self.hash("a")))
            #expect(replaced.revision == 3 && replaced.registeredAt == first.registeredAt && replaced.updatedBy == "host1")
            let (same, unchanged) = try await a.register(name: "feed-cell", hash: Self.hash("c"), document: Data("three".utf8), elementCount: 4)
            #expect(same.revision == 3 && unchanged == .unchanged, "the same document again is no change")
            let removed = try await a.unregister(name: "login")?.removal
            #expect(removed?.revision == 4 && removed?.isRemoval == true)
            #expect(try await a.unregister(name: "login") == nil)
            #expect(try await a.unregister(name: "never-registered") == nil)
            // Only if absent: a name with a row (a removal too) is left as it is.
            let (kept, keptOutcome) = try await b.register(name: "feed-cell", hash: Self.hash("d"), document: Data("four".utf8), elementCount: 1,
                                                           onlyIfAbsent: true)
            #expect(kept.revision == 3 && kept.hash == Self.hash("c") && keptOutcome == .unchanged)
            #expect(try await b.register(name: "login", hash: Self.hash("d"), document: Data("x".utf8), elementCount: 1, onlyIfAbsent: true).outcome == .unchanged)
            #expect(try await b.headRevision() == 4)

            let changes = try await b.changes(since: 0)
            #expect(changes.map(\.revision) == [3, 4])
            #expect(changes.map(\.name) == ["feed-cell", "login"])
            #expect(changes[0].document == Data("three".utf8) && changes[0].hash == Self.hash("c") && changes[0].elementCount == 4)
            #expect(changes[1].isRemoval && changes[1].hash == nil)
            #expect(try await b.changes(since: 3).map(\.name) == ["login"])
            #expect(try await b.changes(since: 4).isEmpty)

            // Registered again after its removal: a new registration time.
            let (again, recreated) = try await b.register(name: "login", hash: Self.hash("b"), document: Data("two".utf8), elementCount: 2)
            #expect(recreated == .created, "registered again after a removal is a creation")
            #expect(again.revision == 5 && again.registeredAt >= removed!.updatedAt)
        }
    }

    /// What a reconciling host reads: the registry's identity and head, every name's
    /// revision without documents, the rows of chosen names, and changes a page at a time.
    @Test func aHostReadsTheIndexTheRowsItLacksAndPagesOfChanges() async throws {
        try await withRegistries(1) { server, registries in
            let registry = registries[0]
            for index in 0..<5 {
                _ = try await registry.register(name: "s\(index)", hash: Self.hash("a"), document: Data("\(index)".utf8), elementCount: index)
            }
            _ = try await registry.unregister(name: "s1")
            let head = try await registry.head()
            #expect(head.revision == 6)
            #expect(UUID(uuidString: head.registryID) != nil, "the registry's identity is a UUID: \(head.registryID)")
            let (indexHead, revisions) = try await registry.index()
            #expect(indexHead == head)
            #expect(revisions.count == 5)
            #expect(revisions["s1"] == RegistryRevision(revision: 6, hash: nil))
            #expect(revisions["s4"] == RegistryRevision(revision: 5, hash: Self.hash("a")))
            let rows = try await registry.entries(named: ["s4", "s0", "missing"])
            #expect(rows.map(\.name) == ["s0", "s4"], "in revision order, only the names it has")
            #expect(rows.last?.document == Data("4".utf8))
            #expect(try await registry.changes(since: 0, limit: 2).map(\.revision) == [1, 3], "s1's row is its removal, at 6")
            #expect(try await registry.changes(since: 3, limit: 2).map(\.revision) == [4, 5])
            #expect(try await registry.changes(since: 5, limit: 2).map(\.revision) == [6])
            // Another registry (a new database) has another identity.
            try await server.psql("DROP TABLE cgld_schemes, cgld_registry_head, cgld_schema_migrations")
            let fresh = PostgresRegistry(connection: try RegistryConnection(url: server.url), hostName: "h", logger: Logger(label: "test"))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await fresh.run() }
                defer { group.cancelAll() }
                try await fresh.migrate()
                let other = try await fresh.head()
                #expect(other.registryID != head.registryID && other.revision == 0)
            }
        }
    }

    /// Three hosts registering at once: every change has its own revision, without gaps,
    /// and each name ends with the document of its last revision, as every host reads it.
    @Test func concurrentChangesEndInOneOrder() async throws {
        try await withRegistries(3) { _, registries in
            let names = (0..<10).map { "scheme-\($0)" }
            let outcomes = try await withThrowingTaskGroup(of: [RegistryEntry].self) { group in
                for (host, registry) in registries.enumerated() {
                    group.addTask {
                        var entries: [RegistryEntry] = []
                        for round in 0..<60 {
                            let name = names[(round * 7 + host) % names.count]
                            let body = Data("\(host)-\(round)".utf8)
                            entries.append(try await registry.register(name: name, hash: Self.hash(Character(String(host))), document: body, elementCount: round).entry)
                        }
                        return entries
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            let revisions = outcomes.map(\.revision).sorted()
            #expect(revisions == Array(1...Int64(180)), "each change its own revision, none lost")
            let last = Dictionary(grouping: outcomes, by: \.name).mapValues { $0.max { $0.revision < $1.revision }! }
            for registry in registries {
                let state = Dictionary(uniqueKeysWithValues: try await registry.changes(since: 0).map { ($0.name, $0) })
                #expect(state.count == names.count)
                for name in names {
                    #expect(state[name]?.revision == last[name]?.revision && state[name]?.document == last[name]?.document)
                }
            }
        }
    }

    /// A host listening hears each change's revision as it commits.
    @Test func listenersHearEachRevision() async throws {
        try await withRegistries(2) { _, registries in
            let heard = Mutex<[Int64]>([])
            let (ready, readyContinuation) = AsyncStream<Void>.makeStream()
            let listener = Task {
                try await registries[1].listen(listening: { readyContinuation.yield() }) { revision in
                    heard.withLock { $0.append(revision) }
                }
            }
            defer { listener.cancel() }
            var iterator = ready.makeAsyncIterator()
            _ = await iterator.next()
            _ = try await registries[0].register(name: "a", hash: Self.hash, document: Data("x".utf8), elementCount: 1)
            _ = try await registries[0].unregister(name: "a")
            let deadline = ContinuousClock.now + .seconds(5)
            while heard.withLock({ $0.count }) < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            #expect(heard.withLock { $0 } == [1, 2])
        }
    }

    /// PostgreSQL down: a change answers `registryUnavailable` within the timeout, and
    /// nothing is written; back up, the same registry writes again.
    @Test func aStoppedServerIsUnavailableThenBack() async throws {
        try await withRegistries(timeout: .seconds(2), ownServer: true) { server, registries in
            let registry = registries[0]
            let first = try await Self.onceReachable {
                try await registry.register(name: "a", hash: Self.hash, document: Data("x".utf8), elementCount: 1).entry.revision
            }
            #expect(first == 1)
            try await server.stopServer()
            let started = ContinuousClock.now
            let error = await #expect(throws: FleetError.self) {
                try await registry.register(name: "b", hash: Self.hash, document: Data("y".utf8), elementCount: 1)
            }
            #expect(error?.code == .registryUnavailable)
            #expect(ContinuousClock.now - started < .seconds(4))
            let reading = await #expect(throws: FleetError.self) { try await registry.changes(since: 0) }
            #expect(reading?.code == .registryUnavailable)
            try await server.startServer()
            var revision: Int64?
            let deadline = ContinuousClock.now + .seconds(20)
            while revision == nil, ContinuousClock.now < deadline {
                revision = try? await registry.register(name: "b", hash: Self.hash, document: Data("y".utf8), elementCount: 1).entry.revision
                if revision == nil { try await Task.sleep(for: .milliseconds(200)) }
            }
            #expect(revision == 2, "the change made while the server was down was not written")
        }
    }
}
