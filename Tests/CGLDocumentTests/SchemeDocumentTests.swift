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
