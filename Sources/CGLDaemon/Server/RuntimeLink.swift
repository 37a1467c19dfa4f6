import Foundation

/// Where clients in any folder find a daemon that a user started from a folder of their own
/// (`make run`, `cgld` in a checkout: its socket is `.cgld/cgld.sock` there): a symbolic
/// link `$XDG_RUNTIME_DIR/cgld/cgld.sock` to its socket, which the client library and
/// `cglctl` look for after `CGLD_SOCKET` and `./.cgld/cgld.sock`.
///
/// Made only when `XDG_RUNTIME_DIR` is set (a login session) and no other live daemon holds
/// the link; removed at stop if it still points at this daemon's socket.
struct RuntimeLink {
    /// The link's path, for `environment`; nil without `XDG_RUNTIME_DIR`.
    static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let directory = environment["XDG_RUNTIME_DIR"], directory.hasPrefix("/") else { return nil }
        return directory + "/cgld/cgld.sock"
    }

    let link: String
    let target: String

    /// Links the user's runtime path to `socketPath` unless it already is that socket, or
    /// a link there names another socket that answers. Nothing is made when it cannot be.
    static func make(to socketPath: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> RuntimeLink? {
        guard let link = path(environment: environment) else { return nil }
        let target = socketPath.hasPrefix("/") ? socketPath : FileManager.default.currentDirectoryPath + "/" + socketPath
        guard (target as NSString).standardizingPath != (link as NSString).standardizingPath else { return nil }
        let folder = (link as NSString).deletingLastPathComponent
        guard mkdir(folder, 0o700) == 0 || errno == EEXIST else { return nil }
        if let existing = try? FileManager.default.destinationOfSymbolicLink(atPath: link) {
            // Another daemon's, still there: it keeps the link.
            if existing != target, FileManager.default.fileExists(atPath: existing) { return nil }
            unlink(link)
        } else if FileManager.default.fileExists(atPath: link) {
            return nil  // a real socket (a user daemon bound there): not ours to replace
        }
        guard symlink(target, link) == 0 else { return nil }
        return RuntimeLink(link: link, target: target)
    }

    /// Removes the link if it still points at this daemon's socket.
    func remove() {
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target { unlink(link) }
    }
}
