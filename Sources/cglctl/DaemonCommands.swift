import ArgumentParser
import CGLBridge
import CGLClient
import CGLDocument
import CGLWire
import Foundation

/// `cglctl ping`: whether the daemon answers, its version and uptime.
struct Ping: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check that cgld answers.")

    @OptionGroup var daemon: DaemonOptions

    func run() async throws {
        let (version, uptime) = try daemon.call { client throws(CGLClientError) in try client.ping() }
        let socket = daemon.socket ?? CGLClient.defaultSocketPath
        if daemon.format == .json {
            print(JSONOutput.object([("version", JSONOutput.string(version)), ("uptime", formatNumber(uptime)), ("socket", JSONOutput.string(socket))]))
        } else {
            print("cgld \(version) on \(socket), up \(Formatting.duration(uptime))")
        }
    }
}

/// `cglctl unregister NAME`: removes a scheme and its snapshots.
struct Unregister: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Remove a registered scheme and its snapshots.")

    @OptionGroup var daemon: DaemonOptions

    @Argument(help: "The scheme's name.")
    var name: String

    func run() async throws {
        let existed = try daemon.call { client throws(CGLClientError) in try client.unregister(name) }
        if daemon.format == .json {
            print(JSONOutput.object([("name", JSONOutput.string(name)), ("existed", existed ? "true" : "false")]))
        } else {
            print(existed ? "unregistered \(name)" : "\(name) was not registered")
        }
    }
}

/// `cglctl list`: the registered schemes.
struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the registered schemes.")

    @OptionGroup var daemon: DaemonOptions

    func run() async throws {
        let schemes = try daemon.call { client throws(CGLClientError) in try client.list() }
        if daemon.format == .json {
            print(JSONOutput.array(schemes.map { scheme in
                JSONOutput.object([
                    ("name", JSONOutput.string(scheme.name)), ("hash", JSONOutput.string(scheme.hash)),
                    ("elements", String(scheme.elementCount)), ("registeredAt", formatNumber(scheme.registeredAt.timeIntervalSince1970)),
                    ("updatedAt", formatNumber(scheme.updatedAt.timeIntervalSince1970)),
                ])
            }))
        } else {
            let rows = [["name", "elements", "updated", "hash"]] + schemes.map { scheme in
                [scheme.name, String(scheme.elementCount), Formatting.date(scheme.updatedAt.timeIntervalSince1970), scheme.hash]
            }
            print(Formatting.table(rows))
        }
    }
}

/// `cglctl stats`: the daemon's counters.
struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show cgld's counters: schemes, snapshots, hit rate, memory, database, uptime.")

    @OptionGroup var daemon: DaemonOptions

    func run() async throws {
        let stats = try daemon.call { client throws(CGLClientError) in try client.stats() }
        if daemon.format == .json {
            print(JSONOutput.object(stats.entries.map { ($0.key, formatNumber($0.value)) }))
        } else {
            // A font in use is a counter named after its file: show the file as the value.
            let fontPrefix = "fonts.file:"
            print(Formatting.table(stats.entries.map { entry in
                entry.key.hasPrefix(fontPrefix) ? ["font", String(entry.key.dropFirst(fontPrefix.count))]
                    : [entry.key, Formatting.statistic(entry.key, entry.value)]
            }))
        }
    }
}
