import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// Pictures that show what a renderer would: scroll content clipped, no text in a frame
/// that has no room, and element names that cover neither each other nor text.
@Suite struct SVGRendererTests {
    private static func svg(_ name: String, profile: String) throws -> (document: SchemeDocument, snapshot: DocumentSnapshot, svg: String) {
        let document = try ExampleSchemeTests.load(name)
        let environment = try #require(ProfileSet.defaults[profile])
        let snapshot = try document.compiled().snapshot(for: environment)
        let texts = document.textRenderings(for: snapshot)
        return (document, snapshot, SVGRenderer.svg(snapshot, texts: texts, clips: document.clippingFrames(for: snapshot)))
    }

    /// A box's border and padding are drawn inside its frame, shown on hover, with a legend;
    /// percentages of padding resolve against the containing block's width.
    @Test func boxesShowTheirBorderAndPadding() throws {
        let json = wrap(elements: """
            {"id": "card", "box": {"width": "50%", "padding": ["10%", 4], "border": [1, 2, 3, 4]}},
            {"id": "inner", "parent": "card", "box": {"padding": "10%", "height": 20}}
            """, blocks: #"{"box": {"root": "card", "snap": false}}"#)
        let document = try document(json)
        let snapshot = try document.compiled().snapshot(for: LayoutEnvironment(width: 400, height: 300))
        let boxes = document.boxDecorations(for: snapshot)
        // 10 % of the root's 400 on every side; the inner box's of the card's content width,
        // 200 − 4 − 4 − 4 − 2 = 186.
        #expect(boxes["card"] == BoxDecoration(border: EdgeInsets(top: 1, left: 4, bottom: 3, right: 2), padding: EdgeInsets(top: 40, left: 4, bottom: 40, right: 4)))
        #expect(boxes["inner"]?.padding == EdgeInsets(all: 18.6))
        let svg = SVGRenderer.svg(snapshot, boxes: boxes)
        #expect(svg.contains("class=\"box-layer box-border\"") && svg.contains("class=\"box-layer box-padding\""))
        #expect(svg.contains(".element:hover>.box-layer{opacity:1}") && svg.contains(">padding (hover a box)</text>"))
        // Without boxes, no legend.
        #expect(!SVGRenderer.svg(snapshot).contains("box-layer"))
    }

    @Test func theContentOfAScrollIsClippedToIt() throws {
        let (document, snapshot, svg) = try Self.svg("photo-feed", profile: "phone-portrait")
        let clips = document.clippingFrames(for: snapshot)
        let feed = try #require(snapshot["feed"]?.inRoot)
        #expect(Set(clips.keys) == ["cards", "card1", "card2", "card3", "card4", "card5"])
        #expect(clips.values.allSatisfy { $0 == feed })
        // The first card is scrolled under the header: a renderer shows only its part in the feed.
        #expect(try #require(snapshot["card1"]?.inRoot).minY < feed.minY)
        #expect(svg.contains("<clipPath id=\"clip0\"><rect x=\"0\" y=\"103\" width=\"390\" height=\"707\""))
        #expect(svg.contains("<g class=\"element\" data-element=\"card1\" clip-path=\"url(#clip0)\">"))
        #expect(svg.contains("<g class=\"element\" data-element=\"header\"><title>"))
    }

    /// A carousel in a feed: what the inner scroll holds shows only inside both.
    @Test func nestedScrollsClipByEveryScroll() throws {
        let document = try SchemeDocument(json: """
        {"format": "cglayout/1", "name": "nest", "elements": [
          {"id": "feed", "kind": "scroll", "scroll": {"contentSize": [300, 900]}},
          {"id": "carousel", "parent": "feed", "kind": "scroll", "scroll": {"contentSize": [900, 200]}},
          {"id": "item", "parent": "carousel"}],
         "blocks": [
          {"element": "feed", "layout": {"x": "left(0)", "y": "top(100)", "width": "fixed(300)", "height": "fixed(300)"}},
          {"element": "carousel", "layout": {"x": "left(0)", "y": "top(250)", "width": "fixed(300)", "height": "fixed(200)"}},
          {"element": "item", "layout": {"x": "left(250)", "y": "top(0)", "width": "fixed(100)", "height": "fixed(200)"}}]}
        """)
        let snapshot = try document.compiled().snapshot(for: LayoutEnvironment(width: 400, height: 600))
        let clips = document.clippingFrames(for: snapshot)
        #expect(clips["carousel"] == CGRect(x: 0, y: 100, width: 300, height: 300))
        // The carousel's frame (0, 350, 300, 200) within the feed's (0, 100, 300, 300).
        #expect(clips["item"] == CGRect(x: 0, y: 350, width: 300, height: 50))
        #expect(clips["feed"] == nil)
    }

    @Test func aFrameWithoutWidthDrawsNoText() throws {
        // At compact width the sidebar collapses to no width: its title has no room for a
        // letter, and drawing one letter a line would show a frame nobody meant.
        let (document, snapshot, svg) = try Self.svg("split-view", profile: "phone-portrait")
        #expect(snapshot["sidebarTitle"]?.inRoot.width == 0)
        #expect(document.textRenderings(for: snapshot)["sidebarTitle"] == nil)
        let group = try #require(svg.firstRange(of: "data-element=\"sidebarTitle\"")).upperBound
        let end = try #require(svg[group...].firstRange(of: "</g>")).lowerBound
        #expect(!svg[group..<end].contains("<text"))
        #expect(svg.contains(">Inbox</text>"))
    }

    /// Every example in every profile: each label lies inside its element (within its clip),
    /// and no two labels overlap, nor a label and a line of text.
    @Test func labelsCoverNeitherEachOtherNorText() throws {
        let folder = repositoryRoot.appendingPathComponent("examples/schemes").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        #expect(names.count >= 8)
        var placed = 0
        for name in names.sorted() {
            for environment in ProfileSet.defaults.profiles {
                let (document, snapshot, svg) = try Self.svg(name, profile: environment.profile!)
                let clips = document.clippingFrames(for: snapshot)
                let texts = document.textRenderings(for: snapshot)
                let labels = svg.matches(of: /<text class="label" data-element="([^"]+)"(?: clip-path="[^"]+")? x="([-\d.]+)" y="([-\d.]+)"/).map { match in
                    (id: String(match.1), box: CGRect(x: Double(match.2)!, y: Double(match.3)!,
                                                      width: Double(match.1.count) * LabelPlacement.characterWidth, height: LabelPlacement.fontSize * 1.2))
                }
                placed += labels.count
                var textBoxes: [CGRect] = []
                for (id, text) in texts {
                    let frame = try #require(snapshot[id]?.inRoot)
                    textBoxes += text.lines.map { CGRect(x: text.rightToLeft ? frame.maxX - $0.width : frame.minX, y: frame.minY + $0.baseline - text.size,
                                                         width: $0.width, height: text.size * 1.25) }
                }
                for (index, label) in labels.enumerated() {
                    let frame = try #require(snapshot[label.id]?.inRoot.standardized)
                    let visible = clips[label.id].map { frame.intersection($0) } ?? frame
                    // (Foundation's CGRect.contains(CGRect) compares a union for equality, which
                    // rounding defeats.)
                    let inside = label.box.minX >= visible.minX - 0.001 && label.box.maxX <= visible.maxX + 0.001
                        && label.box.minY >= visible.minY - 0.001 && label.box.maxY <= visible.maxY + 0.001
                    #expect(inside, "\(name) \(environment.profile!): \(label.id) \(label.box) outside its element \(visible)")
                    for other in labels[(index + 1)...] {
                        #expect(!label.box.intersects(other.box), "\(name) \(environment.profile!): \(label.id) covers \(other.id)")
                    }
                    #expect(!textBoxes.contains { $0.intersects(label.box) }, "\(name) \(environment.profile!): \(label.id) covers text")
                }
            }
        }
        #expect(placed > 200, "most elements are named in their pictures (\(placed) labels)")
    }
}
