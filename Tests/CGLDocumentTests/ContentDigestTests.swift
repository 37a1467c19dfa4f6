import CGLTestSupport
import Foundation
import Testing

@testable import CGLDocument

/// The digest a daemon takes on every lookup with content is the hash of the canonical
/// JSON the documentation defines, byte for byte, whatever the content holds.
@Suite struct ContentDigestTests {
    @Test func theDigestIsTheHashOfTheCanonicalJSON() {
        var (random, seed) = SplitMix64.replayable("theDigestIsTheHashOfTheCanonicalJSON")
        let pieces = ["a", "Z", "é", "日本", "👩🏽‍💻", "\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{01}", "\u{1F}", "\u{7F}", " ", "/", "\u{2028}", "\u{0}"]
        func text() -> String {
            (0 ..< Int(random.next() % 12)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        }
        for _ in 0 ..< 500 {
            var values: [String: SlotValue] = [:]
            for _ in 0 ..< Int(random.next() % 6) {
                switch random.next() % 3 {
                case 0: values[text()] = .text(text())
                case 1: values[text()] = .size(Double(random.next() % 5000) / 7, Double(random.next() % 5000) / 3)
                default: values[text()] = .flag(random.next() % 2 == 0)
                }
            }
            let content = Content(values)
            #expect(content.digest == CanonicalForm.hash(of: content.canonicalJSON), "seed \(seed): \(content.canonicalJSON)")
        }
    }

    @Test func equalContentWrittenDifferentlyHasOneDigest() throws {
        let document = try SchemeDocument(data: Data(contentsOf: repositoryRoot.appendingPathComponent("examples/schemes/feed-cell.json")))
        let first = try Content(json: #"{"body": "Hi", "photo": [1200, 800.0], "hasBadge": false}"#, for: document)
        let second = try Content(json: #"{"hasBadge":false,"photo":[1.2e3,800],"body":"Hi"}"#, for: document)
        #expect(first.digest == second.digest)
        #expect(first.canonicalJSON == #"{"body":"Hi","hasBadge":false,"photo":[1200,800]}"#)
        // As `printf '%s' '{"body":"Hi","hasBadge":false,"photo":[1200,800]}' | sha256sum` prints it.
        #expect(first.digest == "sha256:b4442c4273789e2bcb3c5efa4ccab2be2bfcc4f1c9565add5048b5ada682ca45")
    }

    /// A text canonically equivalent to the default but of other bytes is content of its
    /// own, as its digest says: normalization compares bytes, as the digest does.
    @Test func aDefaultWrittenInAnotherNormalFormIsContentOfItsOwn() throws {
        let document = try SchemeDocument(data: Data("""
            {"format": "cglayout/1", "name": "n", "styles": {"s": {"family": "DejaVu Sans", "size": 12}},
             "elements": [{"id": "t", "text": {"slot": "title", "default": "café", "style": "s"}}],
             "blocks": [{"element": "t", "layout": "rect(0, 0, 100, 20)"}]}
            """.utf8))
        let composed = Content(["title": .text("caf\u{E9}")]).normalized(for: document)
        let decomposed = Content(["title": .text("cafe\u{301}")]).normalized(for: document)
        #expect(composed.values.isEmpty)
        #expect(decomposed.values.count == 1)
        #expect(decomposed.digest != Content.empty.digest)
    }
}
