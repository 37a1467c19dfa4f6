import CGLDaemon
import CGLDaemonTestSupport
import Configuration
import Foundation
import SystemPackage
import Testing

/// `authorization.*`: names and ids, `@socket`, defaults, and names that do not exist.
@Suite struct AuthorizationConfigurationTests {
    private func read(_ values: [String: ConfigContent]) throws(DaemonError) -> AuthorizationConfiguration {
        let provider = InMemoryProvider(values: Dictionary(uniqueKeysWithValues: values.map {
            (AbsoluteConfigKey(stringLiteral: $0.key), ConfigValue($0.value, isSecret: false))
        }))
        return try AuthorizationConfiguration(config: ConfigReader(provider: provider))
    }

    @Test func absentKeysGiveTheDefaults() throws {
        let configuration = try read([:])
        #expect(configuration == AuthorizationConfiguration())
        #expect(configuration.readers == .init(groups: [.socketGroup]))
        #expect(configuration.admins == .init(groups: [.ifExists("cgld-admin")]))
    }

    @Test func namesBecomeIdsAndNumbersStayIds() throws {
        let configuration = try read([
            "authorization.readers.users": .stringArray(["root", "1234"]),
            "authorization.readers.groups": .stringArray(["@socket", "root", " 77 "]),
            "authorization.admins.users": .stringArray([]),
            "authorization.admins.groups": .stringArray(["0"]),
        ])
        #expect(configuration.readers.users == [0, 1234])
        #expect(configuration.readers.groups == [.socketGroup, .id(0), .id(77)])
        #expect(configuration.admins.users.isEmpty)
        #expect(configuration.admins.groups == [.id(0)])
    }

    @Test func eachKeyKeepsItsOwnDefault() throws {
        // Naming reader users keeps the socket's group as readers, and the admins as they were.
        let configuration = try read(["authorization.readers.users": .stringArray(["4321"])])
        #expect(configuration.readers == .init(users: [4321], groups: [.socketGroup]))
        #expect(configuration.admins == AuthorizationConfiguration().admins)
    }

    @Test(arguments: [
        ("authorization.readers.users", "cgld-test-no-such-user", "getent passwd"),
        ("authorization.admins.users", "cgld-test-no-such-user", "getent passwd"),
        ("authorization.readers.groups", "cgld-test-no-such-group", "getent group"),
        ("authorization.admins.groups", "cgld-admin-typo", "getent group"),
        ("authorization.readers.users", "@socket", "getent passwd"),
    ])
    func anUnknownNameIsAnErrorNamingTheKeyAndTheName(key: String, name: String, hint: String) {
        #expect {
            _ = try read([key: .stringArray([name])])
        } throws: { error in
            guard let error = error as? DaemonError else { return false }
            return error.code == .configuration && error.message.contains("'\(key)'") && error.message.contains("\"\(name)\"")
                && error.message.contains(hint)
        }
    }

    @Test func environmentListsAreCommaSeparatedAndAnEmptyOneIsNobody() throws {
        let provider = EnvironmentVariablesProvider(environmentVariables: [
            "CGLD_AUTHORIZATION_ADMINS_GROUPS": "root,@socket", "CGLD_AUTHORIZATION_READERS_GROUPS": "",
        ]).prefixKeys(with: "cgld")
        let configuration = try AuthorizationConfiguration(config: ConfigReader(provider: provider))
        #expect(configuration.admins.groups == [.id(0), .socketGroup])
        #expect(configuration.readers.groups.isEmpty)
    }

    @Test func aFileMayListNumbersAsIntegers() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/cgld.json"
        try Data(#"{"authorization": {"admins": {"users": [0, 1500]}, "readers": {"groups": ["@socket", "root"]}}}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let reader = ConfigReader(provider: try await FileProvider<JSONSnapshot>(filePath: FilePath(path)))
        let configuration = try AuthorizationConfiguration(config: reader)
        #expect(configuration.admins.users == [0, 1500])
        #expect(configuration.readers.groups == [.socketGroup, .id(0)])
    }

    @Test func aSingleNameWhereAListBelongsIsAnError() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/cgld.json"
        try Data(#"{"authorization": {"admins": {"users": "root"}}}"#.utf8).write(to: URL(fileURLWithPath: path))
        let reader = ConfigReader(provider: try await FileProvider<JSONSnapshot>(filePath: FilePath(path)))
        #expect(throws: DaemonError.self) { _ = try AuthorizationConfiguration(config: reader) }
    }
}
