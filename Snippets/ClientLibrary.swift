import CGLClient
// snippet.hide
import CGLayout
import Foundation
import CGLClientFallback
import CGLDocument

struct Post { var body: String }
let post = Post(body: "A post of my own")
let posts = [post, Post(body: "مرحبا"), Post(body: "A third, longer post that wraps onto a second line at least.")]
let avatarView = LayoutView(), bodyLabel = LayoutView()
let json = try Data(contentsOf: URL(fileURLWithPath: "examples/schemes/feed-cell.json"))

// In an async function of the app (top-level code would pick the blocking forms).
@MainActor func feed() async throws {
// snippet.show

let client = CGLClient()                                    // CGLD_SOCKET, else the daemon's socket found as cglctl finds it
let snapshot = try await client.lookup("feed-cell", in: .profile("phone-portrait"))
snapshot.apply(to: ["avatar": avatarView, "body": bodyLabel])   // your LayoutElements, by element id

// A cell of a real post: the document's slots filled with its content.
let cell = try await client.lookup("feed-cell", in: .profile("phone-portrait"),
                                   content: ["body": .text(post.body), "photo": .size(1200, 800), "hasBadge": false])

// A post written in runs of the document's styles, with an emoji drawn as an image inline.
let rich = try await client.lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": .runs([
    .string("@ada", style: "headline"), .string(" shipped it "), .atom(width: 18, height: 18, baseline: 15),
])])

// A page of posts in one round trip (a `lookupBatch`: the daemon computes the misses in
// parallel); every call also has a blocking form, for code that cannot suspend.
let page = try await client.lookup(posts.map { post in
    Lookup("feed-cell", in: .profile("tablet-landscape", direction: .rightToLeft), content: ["body": .text(post.body)])
})

// When the daemon may be down: compute from local documents instead (one document, or
// a folder of them such as the daemon's schemes folder), with the CGLClientFallback
// product (import CGLClientFallback and CGLDocument), which brings the text stack.
let offline = CGLClient(configuration: .init(fallback: LocalFallback(document: try SchemeDocument(data: json))))
// snippet.hide
// What it got, which the tests check.
print("avatar-width", avatarView.frame.width)
print("cell-digest", cell.contentDigest != nil, "body-height", cell["body"]?.frame.height ?? -1)
print("rich-digest", rich.contentDigest != nil, "rich-body-height", rich["body"]?.frame.height ?? -1)
print("page", page.count, page.allSatisfy { (try? $0.get())?.contentDigest != nil })
let local = try await CGLClient(configuration: .init(socketPath: "/nonexistent/cgld.sock", fallback: offline.configuration.fallback))
    .lookup("feed-cell", in: .profile("phone-portrait"))
print("offline-equal", local.elements == snapshot.elements)
}
try await feed()
