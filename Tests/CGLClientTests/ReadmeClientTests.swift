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
            struct Post { var body: String }
            let post = Post(body: "Hello from a real post")
            let posts = [post, Post(body: "مرحبا"), Post(body: "A third, longer post that wraps onto a second line at least.")]

            let client = CGLClient(socketPath: daemon.configuration.socketPath)
            let snapshot = try await client.lookup("feed-cell", in: .profile("phone-portrait"))
            snapshot.apply(to: ["avatar": avatarView, "body": bodyLabel])   // your LayoutElements, by element id

            // A cell of a real post: the document's slots filled with its content.
            let cell = try await client.lookup("feed-cell", in: .profile("phone-portrait"),
                                               content: ["body": .text(post.body), "photo": .size(1200, 800), "hasBadge": false])

            // A page of posts in one round trip (a `lookupBatch`: the daemon computes the misses in
            // parallel); every call also has a blocking form, for code that cannot suspend.
            let page = try await client.lookup(posts.map { post in
                Lookup("feed-cell", in: .profile("tablet-landscape", direction: .rightToLeft), content: ["body": .text(post.body)])
            })

            // When the daemon may be down: compute from local documents instead.
            let offline = CGLClient(configuration: .init(socketPath: daemon.folder + "/down.sock",
                                                         fallback: LocalFallback(document: try SchemeDocument(data: json))))

            #expect(avatarView.frame.size.width == 48)
            #expect(cell.contentDigest != nil && cell["body"]?.frame.size.height == 18)
            #expect(page.count == 3 && page.allSatisfy { (try? $0.get())?.contentDigest != nil })
            #expect(try await offline.lookup("feed-cell", in: .profile("phone-portrait")).elements == snapshot.elements)
        }
    }
}
