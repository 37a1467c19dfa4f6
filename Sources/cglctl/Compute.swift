import ArgumentParser
import CGLDocument
import Foundation

/// `cglctl compute FILE (--profile NAME | --size WxH …) [--content FILE] [--set slot=value]…`:
/// the frames of a document, with the caller's content in its slots.
struct Compute: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Compute a document's frames for one environment.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var environment: EnvironmentOptions
    @OptionGroup var contentOptions: ContentOptions

    @Argument(help: "The document file ('-' for stdin).")
    var file: String

    func validate() throws {
        try environment.requireOne()
    }

    func run() async throws {
        let profiles = try global.profileSet()
        let environment = try self.environment.environment(profiles: profiles)
        try contentOptions.checkStdin(documentFile: file)
        let document = try loadDocument(file, format: global.format, profiles: profiles)
        let content = try contentOptions.content(for: document)
        let snapshot = try snapshot(document.compiled(), for: environment, content: content, file: file)
        print(global.format == .json ? snapshot.json : snapshot.textTable)
    }
}
