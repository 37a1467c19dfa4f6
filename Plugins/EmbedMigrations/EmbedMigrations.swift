import Foundation
import PackagePlugin

/// Compiles the package's migrations into the target that uses this plugin, so that the
/// installed `cgld` needs no files beside it: `migrations/*.sql` (SQLite) into `CGLStore`,
/// `migrations/postgres/*.sql` into `CGLFleet`.
///
/// Inputs are the folder (its listing changes when a file is added, renamed or removed) and
/// each SQL file (its bytes change when edited), so any change reruns the tool.
///
/// SwiftPM caches its build plan and calls this plugin again only when `Package.swift` or a
/// target's folder changes, so the file list below can be stale. The tool therefore lists
/// the folder itself and fails the build, saying what to do, when the list differs; a file
/// removed since the plan makes SwiftPM itself fail with "missing inputs". Either way,
/// `touch Package.swift` replans.
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: target.name == "CGLFleet" ? "migrations/postgres" : "migrations", directoryHint: .isDirectory)
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension.lowercased() == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) migration files into \(target.name)",
                executable: try context.tool(named: "EmbedMigrationsTool").url,
                arguments: [output.path, folder.path] + files.map(\.lastPathComponent),
                inputFiles: [folder] + files,
                outputFiles: [output]
            ),
        ]
    }
}
