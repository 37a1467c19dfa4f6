import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// The examples' slots with a page of real posts (`examples/content/feed-posts.json`): a
/// snapshot with content equals the snapshot of the document with those values written in,
/// in every profile — the compiled program measures the content, it is not recompiled.
@Suite struct ContentExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func example(_ name: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent("examples/schemes/\(name).json"))
    }

    /// The document with each slot's value written where the slot is.
    static func written(_ data: Data, _ content: Content) throws -> SchemeDocument {
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let elements = try #require(object["elements"] as? [[String: Any]])
        object["elements"] = elements.map { element -> [String: Any] in
            var element = element
            if var text = element["text"] as? [String: Any], let slot = text["slot"] as? String {
                if case .text(let value)? = content.values[slot] { text["default"] = value }
                text["string"] = text.removeValue(forKey: "default")
                text["slot"] = nil
                element["text"] = text
            }
            // A size or a visibility becomes the slot's default: the document's own content.
            if var size = element["intrinsicSize"] as? [String: Any], let slot = size["slot"] as? String,
               case .size(let value)? = content.values[slot] {
                size["default"] = [Double(value.width), Double(value.height)]
                element["intrinsicSize"] = size
            }
            if var visible = element["visible"] as? [String: Any], let slot = visible["slot"] as? String,
               case .flag(let value)? = content.values[slot] {
                visible["default"] = value
                element["visible"] = visible
            }
            return element
        }
        return try SchemeDocument(data: JSONSerialization.data(withJSONObject: object))
    }

    /// The page of posts, each post's values as its JSON gives them.
    static func posts() throws -> [[String: SlotValue]] {
        struct Value: Decodable {
            let value: SlotValue

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let flag = try? container.decode(Bool.self) {
                    value = .flag(flag)
                } else if let text = try? container.decode(String.self) {
                    value = .text(text)
                } else {
                    let size = try container.decode([Double].self)
                    value = .size(size[0], size[1])
                }
            }
        }
        let data = try Data(contentsOf: root.appendingPathComponent("examples/content/feed-posts.json"))
        return try JSONDecoder().decode([[String: Value]].self, from: data).map { $0.mapValues(\.value) }
    }

    /// The feed cell in anchors and the same card in boxes (`feed-card`) share their slots.
    @Test(arguments: ["feed-cell", "feed-card"])
    func aPageOfPostsLaysOutAsWrittenInEveryProfile(example: String) throws {
        let data = try Self.example(example)
        let compiled = try SchemeDocument(data: data).compiled()
        let page = try Self.posts()
        #expect(page.count == 50)
        var environments = ProfileSet.defaults.profiles
        var rtl = try #require(ProfileSet.defaults["phone-portrait"])
        rtl.direction = .rightToLeft
        environments.append(rtl)
        var heights: Set<CGFloat> = []
        var photoHeights: Set<CGFloat> = []
        for (index, post) in page.enumerated() {
            let content = Content(post)
            try content.validate(for: compiled.document)
            let written = try Self.written(data, content).compiled()
            for environment in environments {
                let withContent = try compiled.snapshot(for: environment, content: content)
                let expected = try written.snapshot(for: environment)
                #expect(withContent.elements == expected.elements, "\(example): post \(index), \(environment.profile ?? "") \(environment.direction)")
                heights.insert(withContent["body"]?.frame.height ?? 0)
                if environment.profile == "phone-portrait" { photoHeights.insert(withContent["image"]?.frame.height ?? 0) }
            }
        }
        // The posts are not all alike: bodies of many heights, photos of many aspects and none.
        #expect(heights.count >= 5)
        #expect(photoHeights.count >= 5 && photoHeights.contains(0))
    }

    @Test func theSettingsListTakesItsLabelsFromContent() throws {
        let data = try Self.example("settings-list")
        let compiled = try SchemeDocument(data: data).compiled()
        let content = Content(["title": .text("Réglages"), "wifi": .text("Wi‑Fi et réseaux mobiles disponibles à proximité"), "privacy": .text("خصوصية")])
        let phone = try #require(ProfileSet.defaults["phone-portrait"])
        #expect(try compiled.snapshot(for: phone, content: content).elements == (try Self.written(data, content).compiled().snapshot(for: phone).elements))
    }
}
