@testable import CGLDaemon
import Foundation
import Testing

/// The link in the user's runtime directory by which clients in any folder find a daemon.
@Suite struct RuntimeLinkTests {
    @Test func aLiveDaemonsLinkIsKeptAStaleOneReplaced() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("cgld-runtime-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let environment = ["XDG_RUNTIME_DIR": runtime]
        let first = runtime + "/first.sock", second = runtime + "/second.sock"
        #expect(FileManager.default.createFile(atPath: first, contents: nil))
        #expect(FileManager.default.createFile(atPath: second, contents: nil))
        let link = runtime + "/cgld/cgld.sock"

        let made = try #require(RuntimeLink.make(to: first, environment: environment))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == first)
        // Another daemon while the first's socket is there: the first keeps the link.
        #expect(RuntimeLink.make(to: second, environment: environment) == nil)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == first)
        // The first's socket gone (it was killed): the link is stale, and replaced.
        try FileManager.default.removeItem(atPath: first)
        let replaced = try #require(RuntimeLink.make(to: second, environment: environment))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == second)
        // A daemon removes the link only while it is its own.
        made.remove()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == second)
        replaced.remove()
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil)
        // No runtime directory, no link.
        #expect(RuntimeLink.make(to: second, environment: [:]) == nil)
    }
}
