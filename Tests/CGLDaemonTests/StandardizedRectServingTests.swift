import CGLClient
import CGLDaemonTestSupport
import CGLDocument
import CGLayout
import Foundation
import Testing

/// What `docs/engine.md` says of constant rects and of sources narrower than their insets
/// holds for the frames `cgld` serves too: a lookup equals the document computed here.
@Suite struct StandardizedRectServingTests {
    static let document = #"""
        {"format": "cglayout/1", "name": "narrow",
         "elements": [{"id": "card", "boundsOrigin": [20, 10]}, {"id": "pin", "parent": "card"}, {"id": "constant"},
                      {"id": "filled"}, {"id": "right"}, {"id": "negative"}, {"id": "after"}],
         "blocks": [
          {"element": "card", "layout": "rect(20, 10, 360, 280)"},
          {"element": "pin", "layout": "rect(10, 20, 30, 40)"},
          {"element": "constant", "layout": "rect(10, 20, 30, 40)", "constraints": [{"anchors": ["insets(10, 20, 10, 20)"]}]},
          {"element": "filled", "constraints": [{"anchors": ["insets(0, 0, 0, 400)"]}]},
          {"element": "right", "layout": {"x": "right(5)", "width": "fixed(40)"}, "constraints": [{"anchors": ["insets(0, 0, 0, 400)"]}]},
          {"element": "negative", "layout": {"x": "left(100)", "y": "top(0)", "width": "fixed(-40)", "height": "fixed(10)"}},
          {"element": "after", "anchors": ["left.align(negative.right)", "width.equal(negative.width)", "height.equal(10)"]}
         ]}
        """#

    @Test func aLookupServesTheFramesTheDocumentComputes() async throws {
        try await withTestDaemon { daemon in
            let client = daemon.client()
            _ = try await client.register(Data(Self.document.utf8))
            let served = try await client.lookup("narrow", in: .size(width: 300, height: 500))
            let local = try SchemeDocument(data: Data(Self.document.utf8)).compiled().snapshot(for: LayoutEnvironment(width: 300, height: 500))
            // Field by field: Foundation's `==` standardizes, so it cannot tell −40 from 40.
            func fields(_ rect: CGRect) -> [CGFloat] { [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height] }
            let frames = Dictionary(uniqueKeysWithValues: served.elements.map { ($0.id, fields($0.frame)) })
            for element in local.elements { #expect(frames[element.id] == fields(element.frame), "\(element.id)") }
            #expect(frames["pin"] == [10, 20, 30, 40])
            #expect(frames["constant"] == [10, 20, 30, 40])
            #expect(frames["filled"] == [0, 0, 100, 500])
            #expect(frames["right"] == [-45, 0, 40, 500])
            #expect(frames["negative"] == [100, 0, -40, 10])
            #expect(frames["after"] == [100, 0, 40, 10])
        }
    }
}
