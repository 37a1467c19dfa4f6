import ArgumentParser
import CGLClient
import CGLDocument
import CGLWire
import Foundation

/// `cglctl prewarm [NAME…] [--profiles P,…] [--content-items FILE]`: computes snapshots
/// ahead of lookups (for content items too: a page about to be drawn), with a live progress
/// bar on a terminal and plain lines otherwise.
struct Prewarm: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Compute and store snapshots ahead of lookups.")

    @OptionGroup var daemon: DaemonOptions

    @Option(help: ArgumentHelp("Profiles to prewarm, comma-separated (default: those cgld is configured with).", valueName: "P,…"))
    var profiles: String?

    @Option(name: .customLong("content-items"),
            help: ArgumentHelp("A JSON array of content objects (a page of a feed, such as examples/content/feed-posts.json), each prewarmed for every scheme named and every profile; each scheme must have the slots the items give ('-' for stdin).",
                               valueName: "file"))
    var contentItems: String?

    @Argument(help: "Schemes to prewarm (default: every registered scheme).")
    var names: [String] = []

    func run() async throws {
        let profileNames = (profiles ?? "").split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var content: [Content] = []
        if let contentItems {
            do {
                content = try Content.items(json: Array(try readInput(contentItems)))
            } catch let error as ContentError {
                throw CommandFailure.invalid("invalidContent", "'\(contentItems)' is not a list of content", issues: error.issues, file: contentItems)
            }
        }
        let display = ProgressDisplay(live: isatty(STDERR_FILENO) == 1)
        let summary = try daemon.call { client throws(CGLClientError) in
            try client.prewarm(schemes: names, profiles: profileNames, content: content) { display.show($0) }
        }
        display.finish()
        if daemon.format == .json {
            print(JSONOutput.object([
                ("computed", String(summary.computed)), ("alreadyCached", String(summary.alreadyCached)),
                ("failed", String(summary.failed)), ("cancelled", String(summary.cancelled)), ("seconds", formatNumber(summary.seconds)),
            ]))
        } else {
            let total = summary.computed + summary.alreadyCached + summary.failed + summary.cancelled
            let cancelled = summary.cancelled > 0 ? ", \(summary.cancelled) cancelled" : ""
            print("prewarmed \(total) snapshots in \(String(format: "%.2f", summary.seconds)) s: \(summary.computed) computed, \(summary.alreadyCached) already cached, \(summary.failed) failed\(cancelled)")
        }
        if summary.failed > 0 { printError("cglctl: \(summary.failed) snapshots could not be computed; cgld's log says why") }
        if summary.cancelled > 0 { printError("cglctl: cgld stopped before computing \(summary.cancelled) snapshots; run the prewarm again once it is back") }
    }
}

/// Shows prewarm progress on stderr: one line redrawn in place on a terminal, else a line
/// per event.
final class ProgressDisplay {
    private let live: Bool
    private var drawn = false

    init(live: Bool) {
        self.live = live
    }

    func show(_ progress: PrewarmProgress) {
        let fraction = progress.total == 0 ? 1 : Double(progress.done) / Double(progress.total)
        if live {
            let width = 30
            let filled = Int((fraction * Double(width)).rounded(.down))
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            let line = "[\(bar)] \(progress.done)/\(progress.total) \(progress.scheme)"
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
            drawn = true
        } else {
            printError("prewarm: \(progress.done)/\(progress.total) (\(Int(fraction * 100))%) \(progress.scheme)")
        }
    }

    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
