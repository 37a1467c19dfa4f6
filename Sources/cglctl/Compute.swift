import ArgumentParser
import CGLDocument
import Foundation

/// `cglctl compute FILE (--profile NAME | --size WxH …)`: the frames of a document.
struct Compute: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Compute a document's frames for one environment.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var environment: EnvironmentOptions

    @Argument(help: "The document file ('-' for stdin).")
    var file: String

    func run() async throws {
        let environment = try self.environment.environment(profiles: try global.profileSet())
        let document = try loadDocument(file, format: global.format)
        let snapshot = try snapshot(document.compiled(), for: environment, file: file)
        print(global.format == .json ? snapshot.json : snapshot.textTable)
    }
}
