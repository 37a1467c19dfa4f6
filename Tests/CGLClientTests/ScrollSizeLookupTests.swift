import CGLBridge
import CGLClient
import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLWire
import CGLayout
import Foundation
import Testing
import CGLClientFallback

/// A box that scrolls reaches a client of the daemon with its scroll size (protocol
/// version 5), in single lookups and batches, fresh and from memory, and as the same JSON
/// `cglctl compute` prints.
@Suite struct ScrollSizeLookupTests {
    static let document = #"""
    {"format": "cglayout/1", "name": "inbox",
     "elements": [
       {"id": "page", "box": {"width": "100%", "flexDirection": "column"}},
       {"id": "list", "parent": "page", "box": {"height": 200, "flexDirection": "column", "padding": 10, "overflowY": "scroll"}},
       {"id": "one", "parent": "list", "box": {"height": 90, "flexShrink": 0, "marginBottom": 8}},
       {"id": "two", "parent": "list", "visible": {"slot": "showTwo", "default": true}, "box": {"height": 90, "flexShrink": 0, "marginBottom": 8}},
       {"id": "three", "parent": "list", "box": {"height": 90, "flexShrink": 0, "marginBottom": 8}}
     ],
     "blocks": [{"box": {"root": "page"}}]}
    """#

    @Test func aClientReceivesScrollSizes() async throws {
        try await withTestDaemon { daemon in
            let client = daemon.client()
            _ = try await client.register(Data(Self.document.utf8))
            let local = try SchemeDocument(json: Self.document).compiled()
            let phone = try #require(ProfileSet.defaults["phone-portrait"])
            for _ in 0 ..< 2 {
                let snapshot = try await client.lookup("inbox", in: .profile("phone-portrait"))
                // 10 + 3 × (90 + 8) + 10 = 314 of content in a client area of 200.
                #expect(snapshot["list"]?.scrollSize == CGSize(width: 0, height: 114))
                #expect(snapshot.elements.filter { $0.scrollSize != nil }.map(\.id) == ["list"])
                #expect(snapshot.document == (try local.snapshot(for: phone)))
            }
            let page = try await client.lookup([Lookup("inbox", in: .profile("phone-portrait"), content: ["showTwo": .flag(false)]),
                                                Lookup("inbox", in: .profile("phone-portrait"))])
            #expect(try page[0].get()["list"]?.scrollSize == CGSize(width: 0, height: 16))
            #expect(try page[1].get()["list"]?.scrollSize == CGSize(width: 0, height: 114))
            #expect(try page[0].get().document == (try local.snapshot(for: phone, content: Content(["showTwo": .flag(false)]))))
        }
    }
}
