import CGLTestSupport
import Foundation
import Testing

/// Runs the built `cglctl` binary and captures what it prints.
struct CommandResult: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String

    /// stdout parsed as JSON.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(stdout.utf8))
    }
}

/// The folder the build products are in (next to this test bundle).
let productsDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()

let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func example(_ name: String) -> String {
    repositoryRoot.appendingPathComponent("examples/schemes/\(name).json").path
}

func cglctl(_ arguments: String..., stdin: String? = nil) throws -> CommandResult {
    try runCglctl(arguments, stdin: stdin)
}

func runCglctl(_ arguments: [String], stdin: String? = nil) throws -> CommandResult {
    try runProcess(productsDirectory.appendingPathComponent("cglctl"), arguments, stdin: stdin)
}

/// Runs `executable` with `arguments` and captures what it prints; in `directory` and with
/// `environment` when given (else this process's).
func runProcess(_ executable: URL, _ arguments: [String], stdin: String? = nil, directory: String? = nil,
                environment: [String: String]? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    if let environment { process.environment = environment }
    let output = Pipe()
    let errors = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = input
    try launch(process)
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    // Read both pipes to the end before waiting, so a large output cannot block the child.
    let stdoutData = output.fileHandleForReading.readDataToEndOfFile()
    let stderrData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                         stderr: String(decoding: stderrData, as: UTF8.self))
}

/// A file in a fresh temporary folder.
func temporaryFile(_ name: String, contents: String? = nil) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cglctl-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    if let contents { try Data(contents.utf8).write(to: url) }
    return url.path
}
