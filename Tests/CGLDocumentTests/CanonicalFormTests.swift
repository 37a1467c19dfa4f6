import Foundation
import Testing

@testable import CGLDocument

@Suite struct CanonicalFormTests {
    let base = try! document(specExample)

    @Test func formattingDoesNotChangeTheHash() throws {
        let reformatted = """
        {"variants":[{"blocks":[{"layout":{"height":"fixed( 64 )","width":"fixed(64)","y":"top(16)","x":"left( 16 )"},"element":"avatar"}],
        "when":{"horizontalSizeClass":"regular"}}],"name":"another-name","format":"cglayout/1","description":"different words",
        "blocks":[{"layout":{"height":"fixed(300.0)","width":"boxed(16)","y":"top(8)","x":"left(8)"},"element":"card"},
        {"element":"avatar","layout":{"x":"left(12)","y":"top(12)","width":"fixed(44)","height":"fixed(44)"}},
        {"element":"name","constraints":[{"anchors":["right.align( outer )","right.limit(inner)"],"to":"avatar"}],
        "layout":{"height":"fixed(20)","x":"left(8)","y":"top(12)"}}],
        "elements":[{"id":"card"},{"parent":"card","id":"avatar"},{"intrinsicSize":[120.0,20],"parent":"card","id":"name"},
        {"parent":"card","text":{"lineHeight":16,"advance":7,"length":140},"id":"body"}]}
        """
        let other = try document(reformatted)
        #expect(other.hash == base.hash)
        #expect(other.canonicalJSON == base.canonicalJSON)
        #expect(other.name != base.name)
    }

    @Test(arguments: [
        ("\"fixed(300)\"", "\"fixed(301)\""),
        ("\"left(12)\"", "\"leading(12)\""),
        ("\"right.limit(inner)\"", "\"right.limit(outer)\""),
        ("[120, 20]", "[120, 21]"),
        ("\"regular\"", "\"compact\""),
        ("{\"id\": \"card\"}", "{\"id\": \"card\", \"kind\": \"view\"}"),
    ])
    func meaningChangesTheHash(original: String, changed: String) throws {
        #expect(specExample.contains(original))
        let modified = try document(specExample.replacingOccurrences(of: original, with: changed, options: [], range: specExample.range(of: original)))
        #expect(modified.hash != base.hash)
    }

    @Test func canonicalTextIsSortedCompactAndExcludesTheName() {
        let text = base.canonicalJSON
        #expect(text.hasPrefix("{\"blocks\":[{\"element\":\"card\",\"layout\":{\"height\":\"fixed(300)\""))
        #expect(!text.contains(" \""))
        #expect(!text.contains("feed-cell"))
        #expect(!text.contains("optional free text"))
        #expect(text.contains("\"intrinsicSize\":[120,20]"))
        #expect(text.contains("\"anchors\":[\"right.align(outer)\",\"right.limit(inner)\"]"))
    }

    @Test func hashIsTheSHA256OfTheCanonicalText() {
        #expect(CanonicalForm.hash(of: "") == "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(base.hash == CanonicalForm.hash(of: base.canonicalJSON))
    }
}
