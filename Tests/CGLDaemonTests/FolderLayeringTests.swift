import CGLDaemonTestSupport
import Foundation
import Testing

/// The daemon's folders form layers: no folder uses a type of a folder that uses one of
/// its own, directly or not (`Requests` → `Cache` → `Registry` → `Support`, never back).
@Suite struct FolderLayeringTests {
    @Test func noFolderOfTheDaemonDependsOnOneThatDependsOnIt() throws {
        let root = repositoryRoot + "/Sources/CGLDaemon"
        let manager = FileManager.default
        let folders = try manager.contentsOfDirectory(atPath: root).filter { name in
            var isFolder: ObjCBool = false
            return manager.fileExists(atPath: root + "/" + name, isDirectory: &isFolder) && isFolder.boolValue
        }
        var sources: [String: [String]] = [:]
        var home: [String: String] = [:]
        let declaration = try Regex(#"(?m)^(?:public |package |private |fileprivate )?(?:final )?(?:class|struct|enum|protocol|actor) (\w+)"#)
        for folder in folders {
            for file in try manager.contentsOfDirectory(atPath: root + "/" + folder) where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: root + "/" + folder + "/" + file, encoding: .utf8)
                // Comments name types freely; code is what depends.
                let code = text.split(separator: "\n").map { $0.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }.joined(separator: "\n")
                sources[folder, default: []].append(code)
                for match in code.matches(of: declaration) { home[String(match.output[1].substring ?? "")] = folder }
            }
        }
        var uses: [String: Set<String>] = [:]
        for (folder, codes) in sources {
            for (name, owner) in home where owner != folder {
                let word = try Regex("\\b\(name)\\b")
                if codes.contains(where: { $0.contains(word) }) { uses[folder, default: []].insert(owner) }
            }
        }
        func reaches(_ from: String, _ to: String, _ seen: Set<String> = []) -> Bool {
            from == to || (uses[from] ?? []).contains { !seen.contains($0) && reaches($0, to, seen.union([from])) }
        }
        let cycles = uses.flatMap { folder, used in used.filter { reaches($0, folder) }.map { "\(folder) ↔ \($0)" } }
        #expect(cycles.isEmpty, "folders that depend on each other: \(cycles.sorted())")
        #expect(uses["Requests"]?.contains("Cache") == true)  // the scan sees dependencies at all
    }
}
