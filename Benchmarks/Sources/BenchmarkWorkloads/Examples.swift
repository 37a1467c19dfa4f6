import CGLDocument
import Foundation

/// The scheme `examples/schemes/NAME.json` of the repository, compiled.
public func compiledExample(_ name: String) -> CompiledDocument {
    let schemes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples/schemes")
    do {
        return try SchemeDocument(json: String(contentsOf: schemes.appendingPathComponent("\(name).json"), encoding: .utf8)).compiled()
    } catch {
        fatalError("cannot compile examples/schemes/\(name).json: \(error)")
    }
}
