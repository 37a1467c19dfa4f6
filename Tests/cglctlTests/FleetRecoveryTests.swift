import CGLClient
import CGLDaemonTestSupport
import CGLDocument
import Foundation
import PostgresTestSupport
import Testing

/// How a fleet recovers from what operators do to it: a single host joining with the
/// schemes it has, a registry restored from an older backup, a row written by hand wrong.
@Suite(.serialized, .enabled(if: TestPostgres.unavailableReason == nil, "\(TestPostgres.unavailableReason ?? "")"))
struct FleetRecoveryTests {
    /// A host that served alone joins a fleet: the schemes it registered alone are brought
    /// into the shared registry (and so reach the other hosts), unless the registry has the
    /// name, whose row wins.
    @Test func aSingleHostGrowsIntoAFleet() async throws {
        let fleet = try await FleetHarness.start(hosts: 2, started: false)
        defer { fleet.stop() }
        let folder = fleet.folders[0]
        let alone = try await blocking { try DaemonProcess(folder: folder, arguments: ["--no-prewarm"]) }
        let client = fleet.client(0)
        let own = try await client.register(try fleetDocument("only-here"))
        _ = try await client.register(try fleetDocument("both", version: 1))
        alone.stop()

        try await fleet.start(1)
        let fleetVersion = try await fleet.client(1).register(try fleetDocument("both", version: 2))
        try await fleet.start(0)
        #expect(try await fleet.registry(0) == ["only-here": own.hash, "both": fleetVersion.hash])
        try await fleet.eventually("the other host has the joining host's scheme") {
            (try? await fleet.registry(1)) == ["only-here": own.hash, "both": fleetVersion.hash]
        }
    }

    /// PostgreSQL restored from a backup taken before the latest changes: every host sees
    /// the registry's head behind its mirror and makes its mirror the registry's again.
    @Test func aRegistryRestoredFromAnOlderBackupIsFollowed() async throws {
        let fleet = try await FleetHarness.start(hosts: 2, reconcileSeconds: 1)
        defer { fleet.stop() }
        let kept = try await fleet.client(0).register(try fleetDocument("kept"))
        let backup = fleet.postgres.directory.path + "/backup.sql"
        try await fleet.postgres.dump(to: backup)
        _ = try await fleet.client(0).register(try fleetDocument("lost"))
        _ = try await fleet.client(0).register(try fleetDocument("kept", version: 3))
        for host in 0...1 {
            try await fleet.eventually("host-\(host) has both") { (try? await fleet.registry(host))?.count == 2 }
        }
        try await fleet.postgres.psql("DROP TABLE cgld_schemes, cgld_registry_head, cgld_schema_migrations")
        try await fleet.postgres.restore(from: backup)
        for host in 0...1 {
            try await fleet.eventually("host-\(host) follows the restored registry") {
                (try? await fleet.registry(host)) == ["kept": kept.hash]
            }
        }
        // And goes on from there.
        let next = try await fleet.client(1).register(try fleetDocument("after"))
        try await fleet.eventually("host-0 has the change made after the restore") { (try? await fleet.registry(0))?["after"] == next.hash }
    }

    /// A host started while PostgreSQL is down serves what it has, and registers its
    /// schemes folder once the registry answers.
    @Test func aHostStartedWithoutPostgreSQLRegistersItsFolderWhenItComesBack() async throws {
        let fleet = try await FleetHarness.start(hosts: 1, started: false, ownServer: true)
        defer { fleet.stop() }
        try fleetDocument("from-the-folder").write(to: URL(fileURLWithPath: fleet.folders[0] + "/schemes.d/from-the-folder.json"))
        try await fleet.postgres.stopServer()
        try await fleet.start(0)
        #expect(try await fleet.registry(0).isEmpty, "nothing is registered on this host alone")
        #expect(try await fleet.client(0).stats()["registry.connected"] == 0)
        try await fleet.postgres.startServer()
        try await fleet.eventually("the folder's document is registered once PostgreSQL answers") {
            (try? await fleet.registry(0))?.keys.contains("from-the-folder") == true
        }
    }

    /// A row written by hand whose hash is not its document's is not served (its snapshots
    /// would be another document's), and the host says so; the other schemes are served.
    @Test func aRowWhoseHashIsNotItsDocumentsIsNotServed() async throws {
        let fleet = try await FleetHarness.start(hosts: 1, reconcileSeconds: 1)
        defer { fleet.stop() }
        let good = try await fleet.client(0).register(try fleetDocument("good"))
        let bytes = try fleetDocument("forged", version: 5)
        try await fleet.postgres.psql("""
            UPDATE cgld_registry_head SET revision = revision + 1;
            INSERT INTO cgld_schemes (name, hash, document, element_count, revision, registered_at, updated_at, updated_by)
            SELECT 'forged', '\(good.hash)', decode('\(bytes.map { String(format: "%02x", $0) }.joined())', 'hex'), 0,
                   revision, now(), now(), 'psql' FROM cgld_registry_head;
            """)
        try await fleet.eventually("host-0 logs the forged row") {
            fleet.hosts[0]?.logText.contains("does not match its row") == true
        }
        #expect(try await fleet.registry(0) == ["good": good.hash])
    }
}
