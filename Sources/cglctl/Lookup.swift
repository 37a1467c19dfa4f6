import ArgumentParser
import CGLBridge
import CGLClientFallback
import CGLDocumentBridge
import CGLClient
import CGLDocument
import CGLWire
import CGLayout
import Foundation

/// `cglctl lookup NAME (--profile NAME | --size WxH …) [--content FILE] [--set slot=value]…`:
/// a snapshot from the daemon, as `compute` prints it, with where the daemon found it; or
/// `cglctl lookup --batch FILE.jsonl`: many, in one round trip.
struct LookupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "Ask cgld for a registered scheme's frames in one environment, with content, or for a batch of lookups.",
        discussion: """
            With --batch, each line of the file is one lookup, a JSON object: {"scheme": "feed-cell", \
            "profile": "phone-portrait", "content": {"body": "…"}}; also "size": "390x844", "scale", \
            "direction": "rtl", "textScale". What a line leaves out, the command's NAME and options give. \
            Each answer is printed on a line of its own, in order (with --format json, one JSON object per \
            line: the snapshot, or {"error": …}).
            """)

    @OptionGroup var daemon: DaemonOptions
    @OptionGroup var environment: EnvironmentOptions
    @OptionGroup var contentOptions: ContentOptions

    @Option(help: ArgumentHelp("A file of lookups, one JSON object per line ('-' for stdin).", valueName: "file.jsonl"))
    var batch: String?

    @Argument(help: "The scheme's name (with --batch: the scheme of lines that name none).")
    var name: String?

    func validate() throws {
        if batch == nil {
            try environment.requireOne()
            guard name != nil else { throw ValidationError("give the scheme's name, or --batch FILE") }
        }
        if batch == "-", contentOptions.content == "-" {
            throw ValidationError("--batch and --content cannot both be read from stdin; give one of them as a file")
        }
    }

    func run() async throws {
        let content = try contentOptions.untypedContent()
        if let batch {
            try await runBatch(batch, content: content)
            return
        }
        let request = try environmentRequest()
        let scheme = name ?? ""
        let snapshot = try daemon.call { client throws(CGLClientError) in
            try client.lookup(scheme, in: request, content: content, textScale: environment.textScale)
        }
        if daemon.format == .json {
            print(snapshot.wire.json)
        } else {
            print(snapshot.document.textTable)
            print("source \(snapshot.source.rawValue)")
        }
    }

    /// A profile travels by name (the daemon's profiles decide); explicit values are
    /// checked here first, as `compute` checks them. The text scale travels apart.
    private func environmentRequest() throws -> Environment {
        if let profile = environment.profile {
            return .profile(profile, direction: environment.rtl ? .rightToLeft : nil)
        }
        var values = try environment.environment(profiles: .defaults)
        values.textScale = 1
        return .values(of: values)
    }

    private func runBatch(_ path: String, content: Content) async throws {
        let defaults = BatchDefaults(scheme: name, environment: environment.profile == nil && environment.size == nil ? nil : try environmentRequest(),
                                     textScale: environment.textScale, content: content)
        let lookups = try BatchFile.lookups(in: try readInput(path), path: path, defaults: defaults)
        let results = try daemon.call { client throws(CGLClientError) in try client.lookup(lookups) }
        var firstFailure: CGLClientError?
        for (index, (lookup, result)) in zip(lookups, results).enumerated() {
            switch result {
            case .success(let snapshot):
                print(daemon.format == .json ? snapshot.wire.json
                      : "\(index + 1)\t\(lookup.scheme)\t\(lookup.environment)\t\(snapshot.source.rawValue)\t\(Formatting.points(snapshot.size.width))×\(Formatting.points(snapshot.size.height))")
            case .failure(let error):
                firstFailure = firstFailure ?? error
                print(daemon.format == .json ? BatchFile.errorJSON(error) : "\(index + 1)\t\(lookup.scheme)\t\(lookup.environment)\terror\t\(DaemonOptions.describe(error))")
            }
        }
        if let firstFailure { throw DaemonOptions.exitCode(for: firstFailure) }
    }
}
