import ArgumentParser

/// `cglctl`: check, compute and draw scheme documents (offline), and drive `cgld` through
/// `CGLClient` (register, unregister, list, prewarm, lookup, stats, ping); back up its database.
@main
struct CGLCtl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cglctl",
        abstract: "Check, compute and render cglayout scheme documents, and drive the cgld daemon.",
        discussion: """
        Exit codes: 0 ok, 64 usage, 65 invalid document, 69 daemon unavailable, 70 internal error, \
        77 not authorized (the daemon refused the request for this user).
        Output for programs goes to stdout (--format json); diagnostics go to stderr.
        """,
        subcommands: [
            Validate.self, Compute.self, Render.self, Profiles.self, Measure.self,
            Register.self, Unregister.self, List.self, Prewarm.self, Lookup.self, Stats.self, Ping.self, Backup.self,
        ]
    )
}
