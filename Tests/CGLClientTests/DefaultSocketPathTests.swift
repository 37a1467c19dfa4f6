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
}
