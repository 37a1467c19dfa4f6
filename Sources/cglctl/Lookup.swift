import ArgumentParser
import CGLBridge
import CGLClient
import CGLDocument
import CGLWire
import CGLayout
import Foundation

/// `cglctl lookup NAME (--profile NAME | --size WxH …)`: a snapshot from the daemon, as
/// `compute` prints it, with where the daemon found it.
struct Lookup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Ask cgld for a registered scheme's frames in one environment.")

    @OptionGroup var daemon: DaemonOptions
    @OptionGroup var environment: EnvironmentOptions

    @Argument(help: "The scheme's name.")
    var name: String

    func validate() throws {
        // Version 1 of the wire protocol has no text scale in its environments; a profile's
        // own text scale applies. Refuse rather than answer for another size.
        if environment.textScale != nil {
            throw ValidationError("--text-scale is not carried by cgld's protocol yet; use a profile with a textScale, or 'cglctl compute --text-scale'")
        }
    }

    func run() async throws {
        let request = try environmentRequest()
        let snapshot = try daemon.call { client throws(CGLClientError) in try client.lookup(scheme: name, environment: request) }
        if daemon.format == .json {
            print(snapshot.wire.json)
        } else {
            print(snapshot.document.textTable)
            print("source \(snapshot.source.rawValue)")
        }
    }

    /// A profile travels by name (the daemon's profiles decide); explicit values are
    /// checked here first, as `compute` checks them.
    private func environmentRequest() throws -> Environment {
        if let profile = environment.profile {
            return .profile(profile, direction: environment.rtl ? .rightToLeft : nil)
        }
        return .values(of: try environment.environment(profiles: .defaults))
    }
}
