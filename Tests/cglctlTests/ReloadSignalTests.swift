import CGLDaemonTestSupport
import CGLWire
import Foundation
import Testing

/// SIGHUP to the built `cgld`: the schemes folder and the configuration are read again while
/// connections stay; a broken configuration is refused and the one in force stays.
@Suite struct ReloadSignalTests {
    private static let portrait = WireEnvironmentRequest.profile("phone-portrait")

    /// Sends SIGHUP and returns the `READY=1` message that ends the reload.
    @discardableResult
    private func reload(_ daemon: DaemonProcess, _ listener: NotifyListener) throws -> String {
        kill(daemon.process.processIdentifier, SIGHUP)
        try listener.wait(for: "RELOADING=1") { NotifyListener.has("RELOADING=1", in: $0) }
        return try listener.wait(for: "READY=1 after RELOADING=1") { NotifyListener.has("READY=1", in: $0) }
    }

    private func open(_ daemon: DaemonProcess) throws -> RawConnection {
        let connection = try RawConnection(path: daemon.socketPath)
        _ = try connection.handshake()
        return connection
    }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private static func hash(_ response: WireResponse) -> String? {
        if case .snapshot(let snapshot) = response { return snapshot.hash }
        return nil
    }

    private static func names(_ response: WireResponse) -> [String]? {
        if case .schemes(let schemes) = response { return schemes.map(\.name) }
        return nil
    }

    @Test func aChangedDocumentIsServedWithoutDroppingAConnectedClient() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/schemes.d/feed-cell.json"
        try FileManager.default.copyItem(atPath: example("feed-cell"), toPath: file)
        let listener = try NotifyListener(address: folder + "/notify")
        let daemon = try DaemonProcess(folder: folder, environment: ["NOTIFY_SOCKET": listener.address])
        defer { if daemon.process.isRunning { daemon.stop(SIGKILL) } }
        try listener.wait(for: "READY=1") { NotifyListener.has("READY=1", in: $0) }
        let connection = try open(daemon)
        let before = Self.hash(try connection.ask(.lookup(scheme: "feed-cell", environment: Self.portrait), id: 1))

        let text = try String(contentsOfFile: file, encoding: .utf8)
        try write(text.replacingOccurrences(of: "\"fixed(48)\"", with: "\"fixed(56)\""), to: file)
        try reload(daemon, listener)

        let after = Self.hash(try connection.ask(.lookup(scheme: "feed-cell", environment: Self.portrait), id: 2))
        #expect(before != nil && after != nil && after != before)
        #expect(Self.names(try connection.ask(.list, id: 3)) == ["feed-cell"])
        #expect(daemon.stop() == 0)
    }

    @Test func aBrokenConfigurationIsRefusedAndTheOldOneStaysInForce() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: example("feed-cell"), toPath: folder + "/schemes.d/feed-cell.json")
        try FileManager.default.createDirectory(atPath: folder + "/other.d", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: example("toolbar"), toPath: folder + "/other.d/toolbar.json")
        let config = folder + "/cgld.json"
        func configuration(level: String, schemes: String, extra: String = "") -> String {
            #"{"log": {"level": "\#(level)"}, "schemes": {"directory": "\#(folder)/\#(schemes)"}, "prewarm": {"atStart": false}\#(extra)}"#
        }
        try write(configuration(level: "warning", schemes: "schemes.d"), to: config)
        let listener = try NotifyListener(address: folder + "/notify")
        let daemon = try DaemonProcess(folder: folder, arguments: ["--config", config], environment: ["NOTIFY_SOCKET": listener.address],
                                       schemesFlag: false)
        defer { if daemon.process.isRunning { daemon.stop(SIGKILL) } }
        try listener.wait(for: "READY=1") { NotifyListener.has("READY=1", in: $0) }
        let connection = try open(daemon)

        // An invalid value: refused whole, even the parts that were fine.
        try write(configuration(level: "info", schemes: "other.d", extra: #", "workers": "many""#), to: config)
        let refused = try reload(daemon, listener)
        #expect(refused.contains("reload refused") && refused.contains("'workers'"))
        // A file that cannot be read: refused too.
        try FileManager.default.removeItem(atPath: config)
        #expect(try reload(daemon, listener).contains("reload refused"))

        #expect(Self.names(try connection.ask(.list, id: 1)) == ["feed-cell"])
        #expect(Self.hash(try connection.ask(.lookup(scheme: "feed-cell", environment: Self.portrait), id: 2)) != nil)
        var log = daemon.logText
        #expect(log.contains("The configuration was not reloaded; the one in force stays"))
        #expect(log.contains("cannot read the configuration file \(config)"))
        // Still at warning: the info lines of the start and of the reloads were not written.
        #expect(!log.contains("cgld is ready") && !log.contains("Reloading the configuration"))

        // A good one again: applied, over the same connection.
        try write(configuration(level: "info", schemes: "other.d"), to: config)
        try reload(daemon, listener)
        #expect(Self.names(try connection.ask(.list, id: 3)) == ["toolbar"])
        #expect(daemon.stop() == 0)
        log = daemon.logText
        #expect(log.contains("Reloaded") && log.contains("cgld stopped"))
    }
}
