import CGLDaemon
import CGLDaemonTestSupport
import Configuration
import SystemPackage
import Testing

@Suite struct ConfigFileTests {
    /// `config/cgld.json` documents the embedded defaults: the two must not drift apart.
    @Test func theShippedConfigFileEqualsTheEmbeddedDefaults() async throws {
        let provider = try await FileProvider<JSONSnapshot>(filePath: FilePath(repositoryRoot + "/config/cgld.json"))
        let reader = ConfigReader(provider: provider)
        #expect(try DaemonConfiguration(config: reader) == DaemonConfiguration())
        #expect(reader.string(forKey: "log.level") == "info")
    }

    /// `systemd/cgld.json`, installed as `/etc/cgld/cgld.json`: the defaults, at the places
    /// the units give cgld.
    @Test func theProductionConfigFileIsTheDefaultsAtTheUnitsPlaces() async throws {
        let provider = try await FileProvider<JSONSnapshot>(filePath: FilePath(repositoryRoot + "/systemd/cgld.json"))
        var expected = DaemonConfiguration()
        expected.socketPath = "/run/cgld/cgld.sock"
        expected.databasePath = "/var/lib/cgld/cgld.sqlite"
        expected.schemesDirectory = "/etc/cgld/schemes.d"
        expected.profilesFile = "/etc/cgld/profiles.json"
        #expect(try DaemonConfiguration(config: ConfigReader(provider: provider)) == expected)
    }

    /// `config/cgld-fleet.json`: the production places, and a shared registry in PostgreSQL.
    @Test func theFleetSampleNamesASharedRegistry() async throws {
        let provider = try await FileProvider<JSONSnapshot>(filePath: FilePath(repositoryRoot + "/config/cgld-fleet.json"))
        let configuration = try DaemonConfiguration(config: ConfigReader(provider: provider))
        #expect(configuration.registry == RegistryConfiguration(kind: .postgres, url: "postgres://cgld@db.internal:5432/cglayout?sslmode=require",
                                                                passwordFile: "/etc/cgld/registry-password"))
        #expect(configuration.databasePath == "/var/lib/cgld/cgld.sqlite")
    }
}
