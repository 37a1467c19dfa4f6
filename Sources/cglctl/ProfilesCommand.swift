import ArgumentParser
import CGLDocument
import Foundation

/// `cglctl profiles`: the profiles environments can be named by.
struct Profiles: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the device profiles.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let profiles = try global.profileSet()
        if global.format == .json {
            print(JSONOutput.array(profiles.profiles.map(\.json)))
        } else {
            for environment in profiles.profiles { print(SVGRenderer.title(environment)) }
        }
    }
}
