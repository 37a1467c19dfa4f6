import ArgumentParser
import CGLDocument
import CGLayout
import Foundation

/// `cglctl render FILE (--profile NAME | --all-profiles) --out PATH`: a picture of a layout.
struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a document: an SVG for one environment, or an HTML page of all profiles side by side."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var contentOptions: ContentOptions

    @Option(help: "A profile name (see 'cglctl profiles').")
    var profile: String?

    @Option(help: ArgumentHelp("The container size, such as 390x844.", valueName: "WxH"))
    var size: String?

    @Flag(help: "Lay out right-to-left.")
    var rtl = false

    @Option(name: .customLong("text-scale"), help: ArgumentHelp("Text size category as a factor, 0.8–3.1 (default 1, or the profile's).", valueName: "F"))
    var textScale: Double?

    @Flag(name: .customLong("all-profiles"), help: "Draw every profile on one HTML page.")
    var allProfiles = false

    @Option(help: ArgumentHelp("Where to write the SVG or HTML file.", valueName: "path"))
    var out: String

    @Argument(help: "The document file ('-' for stdin).")
    var file: String

    func validate() throws {
        guard [profile != nil, size != nil, allProfiles].filter({ $0 }).count == 1 else {
            throw ValidationError("give one of --profile NAME, --size WxH or --all-profiles")
        }
        // A browser or viewer opens a file by its extension: HTML in a .svg file shows nothing.
        let written = allProfiles ? ["html", "htm"] : ["svg"]
        let given = URL(fileURLWithPath: out).pathExtension.lowercased()
        guard written.contains(given) else {
            let what = allProfiles ? "--all-profiles writes an HTML page" : "one environment is drawn as an SVG"
            let instead = allProfiles ? "(or give --profile NAME for one SVG)" : "(or give --all-profiles for an HTML page of every profile)"
            throw ValidationError("--out '\(out)': \(what); name the file .\(written[0]) \(instead)")
        }
    }

    func run() async throws {
        let profiles = try global.profileSet()
        try contentOptions.checkStdin(documentFile: file)
        let document = try loadDocument(file, format: global.format, profiles: profiles)
        let compiled = document.compiled()
        let content = try contentOptions.content(for: document)
        if allProfiles {
            let snapshots = try profiles.profiles.map { environment in
                var environment = environment
                if rtl { environment.direction = .rightToLeft }
                if let textScale { environment.textScale = textScale }
                // A value out of range is the command line's (64), not the document's.
                do throws(EnvironmentError) {
                    try environment.validate()
                } catch {
                    throw CommandFailure.usage(error.message)
                }
                return try snapshot(compiled, for: environment, content: content, file: file)
            }
            try write(HTMLPage.page(scheme: document.name, hash: document.hash, snapshots: snapshots,
                                    texts: snapshots.map { document.textRenderings(for: $0, content: content) },
                                    clips: snapshots.map(document.clippingFrames(for:)),
                                    boxes: snapshots.map(document.boxDecorations(for:))), to: out)
        } else {
            // Parsed, not built field by field: an option group's properties can only be read
            // once ArgumentParser has parsed them.
            // `--name=value`: a value may start with '-' (it is then refused as out of range).
            var arguments = [profile.map { "--profile=\($0)" } ?? "--size=\(size ?? "")"]
            if rtl { arguments.append("--rtl") }
            if let textScale { arguments.append("--text-scale=\(textScale)") }
            let environment = try EnvironmentOptions.parse(arguments).environment(profiles: profiles)
            let computed = try snapshot(compiled, for: environment, content: content, file: file)
            try write(SVGRenderer.svg(computed, texts: document.textRenderings(for: computed, content: content),
                                      clips: document.clippingFrames(for: computed), boxes: document.boxDecorations(for: computed)), to: out)
        }
        if global.format == .json {
            print(JSONOutput.object([("file", JSONOutput.string(out)), ("scheme", JSONOutput.string(document.name))]))
        } else {
            printError("wrote \(out)")
        }
    }
}
