@testable import CGLClient
import Testing

/// Where a client looks for the daemon when told nothing.
@Suite struct DefaultSocketPathTests {
    @Test func cgldSocketWinsOverEverySocketOnDisk() {
        let path = CGLClient.defaultSocketPath(environment: ["CGLD_SOCKET": "/tmp/x.sock"]) { _ in true }
        #expect(path == "/tmp/x.sock")
    }

    @Test func aLocalDaemonWinsOverTheSystemOne() {
        #expect(CGLClient.defaultSocketPath(environment: [:]) { _ in true } == ".cgld/cgld.sock")
    }

    @Test func theSystemDaemonServesWhereNoLocalOneRuns() {
        #expect(CGLClient.defaultSocketPath(environment: ["CGLD_SOCKET": ""]) { $0 == "/run/cgld/cgld.sock" } == "/run/cgld/cgld.sock")
    }

    @Test func withNoDaemonAtAllTheLocalPathIsNamed() {
        #expect(CGLClient.defaultSocketPath(environment: [:]) { _ in false } == ".cgld/cgld.sock")
    }

    /// A daemon this user started in another folder links its socket into the runtime
    /// directory: found after the working directory's, before the system's.
    @Test func theUsersRuntimeLinkComesBetweenTheLocalAndTheSystemSockets() {
        let environment = ["XDG_RUNTIME_DIR": "/run/user/1000"]
        #expect(CGLClient.defaultSocketPath(environment: environment) { $0 != ".cgld/cgld.sock" } == "/run/user/1000/cgld/cgld.sock")
        #expect(CGLClient.defaultSocketPath(environment: environment) { $0 == "/run/cgld/cgld.sock" } == "/run/cgld/cgld.sock")
        #expect(CGLClient.searchDescription(failing: ".cgld/cgld.sock", environment: environment)
            == "no cgld socket exists in any place a client looks: .cgld/cgld.sock, /run/user/1000/cgld/cgld.sock, /run/cgld/cgld.sock (and CGLD_SOCKET is not set)")
        // A socket the caller named is not a search.
        #expect(CGLClient.searchDescription(failing: "/tmp/mine.sock", environment: environment) == nil)
        #expect(CGLClient.searchDescription(failing: ".cgld/cgld.sock", environment: ["CGLD_SOCKET": ".cgld/cgld.sock"]) == nil)
    }
}
