import ArgumentParser
import CGLDocument
import CGLayout
import Foundation

/// How results are written to stdout.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// Options every command shares.
struct GlobalOptions: ParsableArguments {
    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp("A profiles file to use instead of the built-in profiles.", valueName: "file"))
    var profiles: String?

    /// The profiles to use: the file given, or the built-in defaults.
    func profileSet() throws -> ProfileSet {
        guard let path = profiles else { return .defaults }
        let data = try readInput(path)
        do {
            return try ProfileSet(json: data)
        } catch {
            throw CommandFailure.invalid("invalidDocument", "'\(path)' is not a valid profiles file", issues: error.issues, file: path)
        }
    }
}

/// Which environment to lay out for: a profile, or a size with optional traits.
struct EnvironmentOptions: ParsableArguments {
    @Option(help: "A profile name (see 'cglctl profiles').")
    var profile: String?

    @Option(help: ArgumentHelp("The container size, such as 390x844.", valueName: "WxH"))
    var size: String?

    @Option(help: "Points per pixel for pixel snapping (with --size).")
    var scale: Double?

    @Flag(help: "Lay out right-to-left.")
    var rtl = false

    @Option(name: .customLong("size-classes"), help: ArgumentHelp("Horizontal and vertical size classes (with --size).", valueName: "h,v"))
    var sizeClasses: String?

    @Option(name: .customLong("safe-area"), help: ArgumentHelp("Safe-area insets top,left,bottom,right (with --size).", valueName: "t,l,b,r"))
    var safeArea: String?

    @Option(name: .customLong("text-scale"), help: ArgumentHelp("Text size category as a factor, 0.8–3.1 (Dynamic Type; default 1, or the profile's).", valueName: "F"))
    var textScale: Double?

    func validate() throws {
        if profile != nil, size != nil { throw ValidationError("give either --profile NAME or --size WxH, not both") }
        if profile != nil, scale != nil || sizeClasses != nil || safeArea != nil {
            throw ValidationError("--scale, --size-classes and --safe-area go with --size; a profile has its own")
        }
    }

    /// Whether an environment was given: a command that needs one calls this from its own
    /// `validate()` (a batch of lookups names its own, so `lookup --batch` does not).
    func requireOne() throws {
        guard profile != nil || size != nil else { throw ValidationError("give either --profile NAME or --size WxH") }
    }

    func environment(profiles: ProfileSet) throws -> LayoutEnvironment {
        var environment: LayoutEnvironment
        if let profile {
            guard let named = profiles[profile] else {
                throw ValidationError("unknown profile '\(profile)'; \(hint(for: profile, among: profiles.names)) ('cglctl profiles' lists them)")
            }
            environment = named
        } else {
            environment = try sized()
        }
        if rtl { environment.direction = .rightToLeft }
        if let textScale { environment.textScale = textScale }
        do {
            try environment.validate()
        } catch {
            throw ValidationError(error.message)
        }
        return environment
    }

    private func sized() throws -> LayoutEnvironment {
        let parts = (size ?? "").lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else {
            throw ValidationError("--size takes WIDTHxHEIGHT in points, such as 390x844")
        }
        var horizontal: SizeClass?
        var vertical: SizeClass?
        if let sizeClasses {
            let names = sizeClasses.split(separator: ",").map { SizeClass(rawValue: String($0)) }
            guard names.count == 2, let h = names[0], let v = names[1] else {
                throw ValidationError("--size-classes takes two of compact|regular, such as compact,regular")
            }
            (horizontal, vertical) = (h, v)
        }
        var insets = EdgeInsets.zero
        if let safeArea {
            let values = safeArea.split(separator: ",").compactMap { Double($0) }
            guard values.count == 4 else { throw ValidationError("--safe-area takes four numbers: top,left,bottom,right") }
            insets = EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
        }
        return LayoutEnvironment(width: width, height: height, scale: scale, horizontalSizeClass: horizontal,
                                 verticalSizeClass: vertical, safeArea: insets)
    }
}
