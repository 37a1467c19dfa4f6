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
}
