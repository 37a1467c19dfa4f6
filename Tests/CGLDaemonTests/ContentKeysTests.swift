@testable import CGLDaemon
import CGLDocument
import CGLWire
import Testing

@Suite struct ContentKeysTests {
    private func resolved(_ text: String) -> ContentKeys.Resolved {
        let content = Content(["title": .text(text)])
        return ContentKeys.Resolved(content: content, digest: content.digest)
    }

    private func wire(_ text: String) -> WireContent {
        WireContent(entries: [.init(slot: "title", value: .text(text))])
    }

    @Test func contentIsResolvedOncePerSchemeAndKept() {
        let keys = ContentKeys(limit: 1 << 20)
        var calls = 0
        for _ in 0 ..< 3 {
            let found = keys.resolved(wire("Hello"), schemeHash: "sha256:a") { calls += 1; return resolved("Hello") }
            #expect(found.digest == Content(["title": .text("Hello")]).digest)
        }
        #expect(calls == 1)
        // Another scheme's slots may differ: resolved apart.
        _ = keys.resolved(wire("Hello"), schemeHash: "sha256:b") { calls += 1; return resolved("Hello") }
        #expect(calls == 2 && keys.count == 2)
    }

    /// A text and its canonically equivalent other form are different bytes, different
    /// digests: never one entry.
    @Test func canonicallyEquivalentTextsAreKeptApart() {
        let keys = ContentKeys(limit: 1 << 20)
        let composed = keys.resolved(wire("caf\u{E9}"), schemeHash: "sha256:a") { resolved("caf\u{E9}") }
        let decomposed = keys.resolved(wire("cafe\u{301}"), schemeHash: "sha256:a") { resolved("cafe\u{301}") }
        #expect(composed.digest != decomposed.digest && keys.count == 2)
    }

    /// Two generations bound it: entries past the limit age out, and an entry used again
    /// is kept.
    @Test func oldContentAgesOutAndUsedContentStays() {
        let keys = ContentKeys(limit: 4096)
        var calls = 0
        let kept = wire("kept")
        for index in 0 ..< 2000 {
            _ = keys.resolved(wire("text \(index)"), schemeHash: "sha256:a") { resolved("text \(index)") }
            _ = keys.resolved(kept, schemeHash: "sha256:a") { calls += 1; return resolved("kept") }
        }
        #expect(calls == 1)
        // Each entry counts at least 128 bytes: at most two generations of 4096 bytes.
        #expect(keys.count <= 2 * 4096 / 128)
        var again = 0
        _ = keys.resolved(wire("text 0"), schemeHash: "sha256:a") { again += 1; return resolved("text 0") }
        #expect(again == 1)
    }

    /// A failure is not kept: the next lookup of the same content resolves it again.
    @Test func failuresAreNotKept() {
        struct Unfit: Error {}
        let keys = ContentKeys(limit: 1 << 20)
        var calls = 0
        for _ in 0 ..< 2 {
            #expect(throws: Unfit.self) {
                try keys.resolved(wire("x"), schemeHash: "sha256:a") { () throws(Unfit) in calls += 1; throw Unfit() }
            }
        }
        #expect(calls == 2 && keys.count == 0)
    }
}
