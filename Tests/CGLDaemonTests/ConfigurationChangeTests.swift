@testable import CGLDaemon
import Logging
import Testing

/// What a reload applies and what waits for a restart.
@Suite struct ConfigurationChangeTests {
    @Test func liveSettingsApplyAndTheOthersKeepTheirRunningValues() {
        let running = DaemonConfiguration()
        var loaded = running
        loaded.logLevel = .debug
        loaded.schemesDirectory = "/etc/cgld/schemes.d"
        loaded.schemesDropRemoved = false
        loaded.prewarmAtStart = false
        loaded.socketMode = 0o600
        loaded.authorization = AuthorizationConfiguration(readers: .init(users: [7]))
        loaded.cacheMemoryBytes = 1024
        loaded.databasePath = "/var/lib/cgld/other.sqlite"
        loaded.limits.maximumConnections = 3
        loaded.socketPath = "/run/elsewhere.sock"
        let change = ConfigurationChange(running: running, loaded: loaded, socketIsActivated: false)
        var expected = loaded
        expected.cacheMemoryBytes = running.cacheMemoryBytes
        expected.databasePath = running.databasePath
        expected.limits = running.limits
        expected.socketPath = running.socketPath
        #expect(change.effective == expected)
        #expect(change.needsRestart.map(\.key) == ["socket.path", "database.path", "cache.memoryBytes", "limits.maxConnections"])
        #expect(change.needsRestart.first == .init(key: "socket.path", running: ".cgld/cgld.sock", configured: "/run/elsewhere.sock"))
    }

    @Test func underSocketActivationTheSocketSettingsAreSystemds() {
        var loaded = DaemonConfiguration()
        loaded.socketPath = "/run/elsewhere.sock"
        loaded.socketMode = 0o666
        let change = ConfigurationChange(running: DaemonConfiguration(), loaded: loaded, socketIsActivated: true)
        #expect(change.needsRestart.isEmpty)
        #expect(change.effective == DaemonConfiguration())
    }

    @Test func anUnchangedConfigurationChangesNothing() {
        let change = ConfigurationChange(running: DaemonConfiguration(), loaded: DaemonConfiguration(), socketIsActivated: false)
        #expect(change.needsRestart.isEmpty && change.effective == DaemonConfiguration())
    }
}
