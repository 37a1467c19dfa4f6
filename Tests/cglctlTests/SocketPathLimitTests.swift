import CGLTestSupport
import Foundation
import Testing

/// A socket path longer than `sun_path` takes (107 bytes) is refused the same everywhere,
/// naming the limit and the path's length: by `cgld` before it touches the database,
/// wherever it is started; by `--check-config`; for `metrics.address`; by `cglctl`.
@Suite struct SocketPathLimitTests {
    /// `folder/ddd…d` (100 d's): a socket in it has a path of about 126 bytes.
    private static func longFolder(in folder: String) throws -> String {
        let long = folder + "/" + String(repeating: "d", count: 100)
        try FileManager.default.createDirectory(atPath: long, withIntermediateDirectories: true)
        return long
    }

    /// Started in the socket's own folder too: the path is refused as configured, never
    /// bound relative to the working directory.
    @Test(arguments: [false, true])
    func cgldRefusesALongSocketPathBeforeTouchingTheDatabase(startedInTheSocketsFolder: Bool) throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let long = try Self.longFolder(in: folder)
        try FileManager.default.copyItem(atPath: example("login-form"), toPath: folder + "/schemes.d/login-form.json")
        let socket = long + "/s.sock"
        let result = try ConfigurationCheckTests.cgld(["--socket", socket, "--database", long + "/db.sqlite", "--schemes-dir", folder + "/schemes.d"],
                                                      directory: startedInTheSocketsFolder ? long : folder)
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("the flag --socket ('socket.path') is \"\(socket)\", \(socket.utf8.count) bytes long; "
            + "it must be a Unix socket path of at most 107 bytes"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: long + "/db.sqlite"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: long).isEmpty)
    }

    @Test func theMetricsSocketHoldsTheSameLimit() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let metrics = try Self.longFolder(in: folder) + "/metrics.sock"
        let start = try ConfigurationCheckTests.cgld(["--socket", folder + "/s.sock", "--database", folder + "/db.sqlite", "--schemes-dir", folder + "/schemes.d"],
                                                     environment: ["CGLD_METRICS_ADDRESS": "unix:" + metrics])
        #expect(start.status == 78, "\(start.stderr)")
        #expect(start.stderr.contains("the environment variable CGLD_METRICS_ADDRESS ('metrics.address') is \"unix:\(metrics)\", a socket path "
            + "\(metrics.utf8.count) bytes long; it must be a Unix socket path of at most 107 bytes"), "\(start.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/db.sqlite") && !FileManager.default.fileExists(atPath: folder + "/s.sock"))
    }

    @Test func checkConfigReportsEveryLongSocketPath() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let long = try Self.longFolder(in: folder)
        let socket = long + "/s.sock", metrics = long + "/metrics.sock"
        let check = try ConfigurationCheckTests.cgld(["--socket", socket, "--database", folder + "/db.sqlite", "--check-config"],
                                                     environment: ["CGLD_METRICS_ADDRESS": "unix:" + metrics])
        #expect(check.status == 78, "\(check.stderr)")
        #expect(check.stderr.contains("2 problems in the configuration"), "\(check.stderr)")
        #expect(check.stderr.contains("the flag --socket ('socket.path') is \"\(socket)\", \(socket.utf8.count) bytes long; "
            + "it must be a Unix socket path of at most 107 bytes"), "\(check.stderr)")
        #expect(check.stderr.contains("\(metrics.utf8.count) bytes long; it must be a Unix socket path of at most 107 bytes"))
    }

    /// `cglctl` names the limit, not "File name too long", and exits 64: the path it was
    /// given is the mistake.
    @Test func cglctlNamesTheLimit() throws {
        let socket = "/tmp/" + String(repeating: "s", count: 110) + ".sock"
        let environment = ProcessInfo.processInfo.environment.merging(["CGLD_SOCKET": socket]) { $1 }
        let fromVariable = try runProcess(productsDirectory.appendingPathComponent("cglctl"), ["list"], environment: environment)
        for result in [try cglctl("ping", "--socket", socket), fromVariable] {
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains("the socket path \(socket) is \(socket.utf8.count) bytes long; a Unix socket path is at most 107 bytes"),
                    "\(result.stderr)")
            #expect(!result.stderr.contains("File name too long"))
        }
    }
}
