@testable import CGLDaemon
import CGLDaemonTestSupport
import Configuration
import Foundation
import Logging
import Testing

/// A configuration read from its layers: each value checked in every layer that sets it,
/// every problem gathered, each value's place noted.
@Suite struct ConfigLayerTests {
    private func file(_ json: String) async throws -> (layer: ConfigLayer, path: String) {
        let folder = try makeTemporaryFolder()
        let path = folder + "/c.json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return (try await ConfigLayer.file(path), path)
    }

    @Test func aValueIsCheckedInEveryLayerThatSetsIt() async throws {
        let (file, path) = try await file(#"{"database": {"path": 7}, "workers": 4}"#)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let reading = DaemonConfiguration.read([
            .flags(["database.path": .string("x.sqlite")], names: ["database.path": "--database"]),
            .environment(["CGLD_WORKERS": "many", "CGLD_LOG_LEVEL": "debug"]),
            file,
        ])
        // The valid layers still give their values; every invalid one is a problem.
        #expect(reading.configuration.databasePath == "x.sqlite" && reading.configuration.workers == 4 && reading.configuration.logLevel == .debug)
        #expect(reading.problems.map(\.message) == [
            "the configuration file \(path) sets 'database.path' to a number (7); it must be a path, as a string. Correct it in the file or remove it "
                + "(--database overrides it for now, but every value is checked wherever it is set)",
            "the environment variable CGLD_WORKERS ('workers') is \"many\"; it must be an integer. Correct it or unset it",
        ])
        #expect(reading.sources["database.path"] == "--database" && reading.sources["workers"] == path && reading.sources["log.level"] == "CGLD_LOG_LEVEL")
        #expect(reading.sources["socket.path"] == nil)
        #expect(reading.invalidKeys == ["database.path", "workers"])
        let gathered = try #require(DaemonError.gathering(reading.problems))
        #expect(gathered.code == .configuration && gathered.message.hasPrefix("2 problems in the configuration:\n- the configuration file"))
    }

    @Test func aFileValueIsNamedByJSONsOwnType() throws {
        let leaves = try #require(ConfigJSONValue.leaves(of: Data(#"{"a": true, "b": 7, "c": 1.5, "d": "x", "e": [1, "y"], "f": null, "g": {}}"#.utf8)))
        #expect(leaves.mapValues(\.described) == [
            "a": "a boolean (true)", "b": "a number (7)", "c": "a number (1.5)", "d": "a string (\"x\")", "e": "an array ([1, \"y\"])", "f": "null",
        ])
        #expect(JSONKind.integer.matches(.number(3)) && !JSONKind.integer.matches(.number(3.5)) && !JSONKind.integer.matches(.boolean(true)))
        #expect(JSONKind.names.matches(.array([.number(1), .number(2)])) && !JSONKind.names.matches(.array([.number(1), .string("a")])))
    }

    /// `--check-config`'s effective configuration shows every key, and no secret.
    @Test func theSettingsShowEveryKeyAndNoSecret() {
        var configuration = DaemonConfiguration()
        configuration.registry = .postgres(url: "postgres://cgld:hunter2@db/cglayout", password: "s3cret")
        configuration.limits.idleTimeout = .milliseconds(1500)
        let settings = Dictionary(uniqueKeysWithValues: configuration.settings.map { ($0.key, $0.value) })
        #expect(Set(settings.keys) == DaemonConfiguration.knownKeys)
        #expect(settings["registry.password"] == "***" && settings["registry.url"] == "postgres://cgld:***@db/cglayout")
        #expect(settings["limits.idleTimeoutSeconds"] == "1.5" && settings["limits.computeSeconds"] == "10" && settings["socket.mode"] == "0660")
        #expect(!configuration.settings.contains { $0.value.contains("s3cret") || $0.value.contains("hunter2") })
    }
}
