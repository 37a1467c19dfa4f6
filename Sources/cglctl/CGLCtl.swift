import ArgumentParser

/// `cglctl`: check, compute and draw scheme documents (offline), and drive `cgld`.
@main
struct CGLCtl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cglctl",
        abstract: "Check, compute and render cglayout scheme documents.",
        discussion: """
        Exit codes: 0 ok, 64 usage, 65 invalid document, 69 daemon unavailable, 70 internal error.
        Output for programs goes to stdout (--format json); diagnostics go to stderr.
        """,
        subcommands: [Validate.self, Compute.self, Render.self, Profiles.self]
    )
}
