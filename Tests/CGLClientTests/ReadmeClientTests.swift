import CGLClient
import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLWire
import CGLayout
import Foundation
import Testing

/// The README's client example, verbatim but for where the daemon and the elements come from.
@Suite struct ReadmeClientTests {
    @Test func theReadmeExampleRunsAsWritten() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let avatarView = LayoutView(), bodyLabel = LayoutView()
            let json = try exampleDocument("feed-cell")

            let client = CGLClient(socketPath: daemon.configuration.socketPath)
            let snapshot = try await client.lookup("feed-cell", in: .profile("phone-portrait"))
            snapshot.apply(to: ["avatar": avatarView, "body": bodyLabel])   // your LayoutElements, by element id

            // Many lookups pipelined on one connection, in one round trip; every call also has a
            // blocking form, for code that cannot suspend.
            let results = try await client.lookup([
                Lookup("feed-cell", in: .profile("tablet-landscape", direction: .rightToLeft)),
                Lookup("feed-cell", in: .size(width: 500, height: 300, scale: 2)),
            ])

            // When the daemon may be down: compute from local documents instead.
            let offline = CGLClient(configuration: .init(socketPath: daemon.folder + "/down.sock",
                                                         fallback: LocalFallback(document: try SchemeDocument(data: json))))

            #expect(avatarView.frame.size.width == 48)
            #expect(results.count == 2)
            #expect(try await offline.lookup("feed-cell", in: .profile("phone-portrait")).elements == snapshot.elements)
        }
    }
}
