import CGLayout
import Foundation
import Testing

@testable import CGLDocument

@Suite struct SchemeDocumentTests {
    @Test func specExampleComputesTheSpecSnapshot() throws {
        let document = try document(specExample)
        #expect(document.name == "feed-cell")
        #expect(document.elementIDs == ["card", "avatar", "name", "body"])
        #expect(document.hash.hasPrefix("sha256:") && document.hash.count == 7 + 64)
        // 'body' is never laid out: valid, with a warning.
        #expect(document.warnings.contains { $0.code == .unusedElement && $0.pointer == "/elements/3" })

        let phone = LayoutEnvironment(width: 390, height: 844, scale: 3, safeArea: EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        let snapshot = try document.compiled().snapshot(for: phone)
        #expect(snapshot["card"]?.frame == rect(8, 8, 374, 300))
        #expect(snapshot["card"]?.inRoot == rect(8, 8, 374, 300))
        #expect(snapshot["avatar"]?.frame == rect(12, 12, 44, 44))
        #expect(snapshot["avatar"]?.inRoot == rect(20, 20, 44, 44))
        #expect(snapshot.size == CGSize(width: 382, height: 308))
        #expect(snapshot.environment.horizontalSizeClass == .compact)
        #expect(snapshot.environment.orientation == .portrait)

        // A regular width selects the variant.
        let tablet = try document.compiled().snapshot(for: LayoutEnvironment(width: 820, height: 1180))
        #expect(tablet["avatar"]?.frame == rect(16, 16, 64, 64))
        #expect(tablet["card"]?.frame == rect(8, 8, 804, 300))
    }

    /// `"rect(x, y, w, h)"` is CGLayout's `Layout.equal(rect)`: a constant frame whatever the
    /// source; the source-relative form is written with `left`/`top`/`fixed`.
    @Test func rectLayoutIsAConstantFrameNotRelativeToTheSource() throws {
        // insets(10, 20, 10, 20) in a 400×300 root narrow the source to (20, 10, 360, 280).
        let narrowed = #"[{"anchors": ["insets(10, 20, 10, 20)"]}]"#
        let json = wrap(elements: #"{"id": "constant"}, {"id": "relative"}"#, blocks: """
            {"element": "constant", "layout": "rect(10, 20, 30, 40)", "constraints": \(narrowed)},
            {"element": "relative", "layout": {"x": "left(10)", "y": "top(20)", "width": "fixed(30)", "height": "fixed(40)"}, "constraints": \(narrowed)}
            """)
        let snapshot = try document(json).compiled().snapshot(for: LayoutEnvironment(width: 400, height: 300))
        #expect(snapshot["constant"]?.frame == rect(10, 20, 30, 40))
        #expect(snapshot["relative"]?.frame == rect(30, 30, 30, 40))
    }

    /// Insets larger than the source make it negative; every rule then reads it as CGLayout
    /// does, standardized (`docs/engine.md`): a 300-wide root inset by 400 on the right is
    /// `(0, 0, −100, 500)`, read as 100 wide with its upper edge at 0.
    @Test func sourcesNarrowerThanTheirInsetsAreReadStandardized() throws {
        let narrowed = #"[{"anchors": ["insets(0, 0, 0, 400)"]}]"#
        let json = wrap(elements: #"{"id": "filled"}, {"id": "right"}, {"id": "negative"}, {"id": "after"}, {"id": "inside"}"#, blocks: """
            {"element": "filled", "constraints": \(narrowed)},
            {"element": "right", "layout": {"x": "right(5)", "width": "fixed(40)"}, "constraints": \(narrowed)},
            {"element": "negative", "layout": {"x": "left(100)", "y": "top(0)", "width": "fixed(-40)", "height": "fixed(10)"}},
            {"element": "after", "anchors": ["left.align(negative.right)", "width.equal(negative.width)", "height.equal(10)"]},
            {"element": "inside", "layout": {"x": "center(0)", "width": "scaled(0.5)"},
             "constraints": [{"to": "negative", "anchors": ["equally"]}]}
            """)
        let snapshot = try document(json).compiled().snapshot(for: LayoutEnvironment(width: 300, height: 500))
        // Field by field: Foundation's `==` standardizes, so it cannot tell −40 from 40.
        func frame(_ id: String) -> [CGFloat]? {
            snapshot[id].map { [$0.frame.origin.x, $0.frame.origin.y, $0.frame.size.width, $0.frame.size.height] }
        }
        #expect(frame("filled") == [0, 0, 100, 500])
        #expect(frame("right") == [-45, 0, 40, 500])
        #expect(frame("negative") == [100, 0, -40, 10])
        // `negative` spans 60…100: its right edge is 100, its width 40.
        #expect(frame("after") == [100, 0, 40, 10])
        #expect(frame("inside") == [70, 0, 20, 10])
    }

    @Test func snapshotJSONHasTheSpecShape() throws {
        let snapshot = try document(specExample).compiled().snapshot(for: LayoutEnvironment(width: 390, height: 844, scale: 3))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(snapshot.json.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["scheme", "hash", "engine", "environment", "size", "frames"])
        #expect(object["scheme"] as? String == "feed-cell")
        #expect(object["engine"] as? String == LayoutEngine.version)
        let environment = try #require(object["environment"] as? [String: Any])
        #expect(Set(environment.keys) == ["width", "height", "scale", "direction", "horizontalSizeClass", "verticalSizeClass", "orientation", "safeArea", "textScale"])
        let frames = try #require(object["frames"] as? [String: Any])
        let card = try #require(frames["card"] as? [String: Any])
        #expect(card["frame"] as? [Double] == [8, 8, 374, 300])
        #expect(card["inRoot"] as? [Double] == [8, 8, 374, 300])
        // Frames are listed in document order.
        let order = ["card", "avatar", "name", "body"].map { snapshot.json.range(of: "\"\($0)\":{")!.lowerBound }
        #expect(order == order.sorted())
    }
}
