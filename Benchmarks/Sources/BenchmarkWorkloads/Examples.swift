import CGLDocument
import Foundation

/// The file of the scheme `examples/schemes/NAME.json` of the repository.
public func exampleURL(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples/schemes/\(name).json")
}

/// The scheme `examples/schemes/NAME.json` of the repository, compiled.
public func compiledExample(_ name: String) -> CompiledDocument {
    do {
        return try SchemeDocument(json: String(contentsOf: exampleURL(name), encoding: .utf8)).compiled()
    } catch {
        fatalError("cannot compile examples/schemes/\(name).json: \(error)")
    }
}
