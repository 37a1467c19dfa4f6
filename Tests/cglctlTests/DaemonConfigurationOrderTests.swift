import CGLClient
import CGLTestSupport
import Foundation
import Testing

/// `cgld` takes each setting from its flags, else `CGLD_*` variables, else `--config`.
@Suite(.serialized) struct DaemonConfigurationOrderTests {
    private func start(_ arguments: [String], environment: [String: String], folder: String) throws -> Process {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("cgld")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardError = FileHandle.nullDevice
        try launch(process)
        return process
    }

    private func waitForPing(_ socket: String, _ process: Process) -> Bool {
        let client = CGLClient(socketPath: socket)
        for _ in 0 ..< 600 where process.isRunning {
            if (try? client.ping()) != nil { return true }
            usleep(10_000)
        }
        return false
    }

    @Test func flagsOverrideTheEnvironmentWhichOverridesTheFile() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = folder + "/cgld.json"
        try Data("""
            {"socket": {"path": "\(folder)/file.sock"}, "database": {"path": "\(folder)/db.sqlite"},
             "schemes": {"directory": "\(folder)/schemes.d"}, "prewarm": {"atStart": false}}
            """.utf8).write(to: URL(fileURLWithPath: config))
        let cases: [(arguments: [String], environment: [String: String], socket: String)] = [
            (["--config", config], [:], "file.sock"),
            (["--config", config], ["CGLD_SOCKET_PATH": folder + "/env.sock"], "env.sock"),
            (["--config", config, "--socket", folder + "/flag.sock"], ["CGLD_SOCKET_PATH": folder + "/env.sock"], "flag.sock"),
        ]
        for (arguments, environment, socket) in cases {
            let process = try start(arguments, environment: environment, folder: folder)
            #expect(waitForPing(folder + "/" + socket, process), "\(arguments) \(environment)")
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
    }

    @Test func anInvalidValueStopsTheDaemonWithExit78() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = try start(["--socket", folder + "/s.sock", "--database", folder + "/db.sqlite"],
                                environment: ["CGLD_WORKERS": "many"], folder: folder)
        process.waitUntilExit()
        #expect(process.terminationStatus == 78)
    }
}
