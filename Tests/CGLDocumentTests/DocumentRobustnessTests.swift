import CGLTestSupport
import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// Bad input gets a clear error, never a crash.
@Suite struct DocumentRobustnessTests {
    @Test(arguments: [1, 10, 100, 300, 600, 900])
    func truncatedDocumentsAreSyntaxErrors(length: Int) throws {
        let issue = try #require(issues(String(specExample.prefix(length))).first)
        #expect(issue.code == .syntax)
        #expect(issue.position != nil)
    }

    @Test func documentsOver4MiBAreRefusedBeforeParsing() throws {
        let padding = String(repeating: " ", count: SchemeDocument.maximumSize)
        let issue = try #require(issues(specExample + padding).first)
        #expect(issue.code == .tooLarge)
        #expect(issue.message == "the document is \(specExample.utf8.count + padding.utf8.count) bytes; at most 4194304 (4 MiB) are allowed")
    }

    @Test func tooManyElements() throws {
        let elements = (0...10_000).map { "{\"id\": \"e\($0)\"}" }.joined(separator: ",")
        let issue = try #require(issues(wrap(elements: elements, blocks: "")).first)
        #expect(issue.code == .tooLarge)
        #expect(issue.pointer == "/elements")
        #expect(issue.message == "the document has 10001 elements; the limit is 10000 (limits.maxDocumentElements)")
        #expect(issue.hint == "split the layout into several schemes, or raise limits.maxDocumentElements in cgld's configuration")
        // 10,000 is fine, and fast enough.
        let fine = (0..<10_000).map { "{\"id\": \"e\($0)\"}" }.joined(separator: ",")
        let blocks = (0..<10_000).map { "{\"element\": \"e\($0)\", \"layout\": {\"height\": \"fixed(1)\"}}" }.joined(separator: ",")
        let document = try document(wrap(elements: fine, blocks: blocks))
        #expect(try document.compiled().snapshot(for: LayoutEnvironment(width: 10, height: 10)).elements.count == 10_000)
    }

    /// Blocks and equations are bounded too, each limit named in its error; counting stops
    /// the decoding at the limit, so that what is over it costs nothing.
    @Test func blockAndEquationLimitsAreNamed() throws {
        let limits = SchemeDocument.Limits(maximumElements: 3, maximumBlocks: 4, maximumEquations: 5)
        func issues(_ text: String) -> [DocumentIssue] {
            do {
                _ = try SchemeDocument(json: text, limits: limits)
                return []
            } catch {
                return error.issues.filter { $0.severity == .error }
            }
        }
        let three = #"{"id": "a"}, {"id": "b"}, {"id": "c"}"#
        let elementBlocks = (0..<5).map { _ in #"{"element": "a"}"# }.joined(separator: ",")
        let blocksIssue = try #require(issues(wrap(elements: three, blocks: elementBlocks)).first)
        #expect(blocksIssue.code == .tooLarge && blocksIssue.pointer == "/blocks/4")
        #expect(blocksIssue.message == "the document has more than 4 blocks; the limit is 4 (limits.maxDocumentBlocks)")
        // Nested schemes count every block inside: 1 scheme + 4 inside = 5.
        let fourInside = (0..<4).map { _ in #"{"element": "a"}"# }.joined(separator: ",")
        let nestedIssue = try #require(issues(wrap(elements: three, blocks: "{\"scheme\": [\(fourInside)]}")).first)
        #expect(nestedIssue.code == .tooLarge && nestedIssue.pointer == "/blocks/0/scheme/3")
        let equations = (0..<6).map { "\"a.left == \($0)\"" }.joined(separator: ",")
        let equationsIssue = try #require(issues(wrap(elements: three, blocks: "{\"equations\": [\(equations)]}")).first)
        #expect(equationsIssue.code == .tooLarge && equationsIssue.pointer == "/blocks/0/equations")
        #expect(equationsIssue.message == "the document has more than 5 equations; the limit is 5 (limits.maxDocumentEquations)")
        let fourElements = three + #", {"id": "d"}"#
        #expect(issues(wrap(elements: fourElements, blocks: "")).first?.message == "the document has 4 elements; the limit is 3 (limits.maxDocumentElements)")
        // Over the elements' limit, none is declared: the blocks that name them are not
        // reported unknown, the limit alone is.
        let overElements = issues(wrap(elements: fourElements, blocks: #"{"element": "a"}, {"element": "d", "layout": {"height": "fixed(1)"}}"#))
        #expect(overElements.map(\.code) == [.tooLarge] && overElements.first?.pointer == "/elements")
        // At the limits, the document is valid.
        let five = (0..<5).map { "\"a.left == \($0) ~ \(100 + $0)\"" }.joined(separator: ",")
        #expect(issues(wrap(elements: three, blocks: "{\"equations\": [\(five)]}, " + (0..<3).map { _ in #"{"element": "b"}"# }.joined(separator: ","))).isEmpty)
    }

    @Test func deepSchemeNesting() throws {
        func nested(_ depth: Int) -> String {
            (0..<depth).reduce(#"{"element": "box"}"#) { inner, _ in "{\"scheme\": [\(inner)]}" }
        }
        _ = try document(wrap(elements: #"{"id": "box"}"#, blocks: nested(63)))
        let issue = try #require(issues(wrap(elements: #"{"id": "box"}"#, blocks: nested(64))).first)
        #expect(issue.code == .tooLarge)
        #expect(issue.message == "schemes are nested deeper than 64 levels")
    }

    @Test func deepJSONNestingIsRefusedWithoutExhaustingTheStack() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let issue = try #require(issues(deep).first)
        #expect(issue.code == .syntax)
        #expect(issue.message == "invalid JSON: the document is nested deeper than 144 levels")
    }

    @Test(arguments: ["", "null", "[]", "42", "\"text\"", "{", "{\"format\": }", "{\"a\": 1,}", "\u{FEFF}{}", "{\"a\": \"\\uD800\"}", "{\"a\": \"\u{01}\"}"])
    func garbageIsAnErrorNotACrash(text: String) {
        let found = issues(text)
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.severity == .error })
    }

    /// JSON text is UTF-8: bytes that are not, inside a string, are a syntax error at their
    /// place rather than U+FFFD in a registered name or text.
    @Test(arguments: [([0xFF, 0xFE], "FF"), ([0xED, 0xA0, 0x80], "ED"), ([0xC0, 0xAF], "C0"), ([0x61, 0xE2, 0x82], "E2")])
    func invalidUTF8InsideAStringIsASyntaxErrorWithItsPosition(bytes: [UInt8], first: String) throws {
        for escaped in [false, true] {
            // `"name": "ab<bytes>"`, the string with an escape before the bytes or not.
            let prefix = Array(#"{"format": "cglayout/1", "name": "a"#.utf8) + (escaped ? Array(#"\n"#.utf8) : []) + [UInt8(ascii: "b")]
            let data = Data(prefix + bytes + Array(#"", "elements": [], "blocks": []}"#.utf8))
            do {
                _ = try SchemeDocument(data: data)
                Issue.record("bytes \(bytes) were accepted")
            } catch {
                let issue = try #require(error.issues.first)
                #expect(issue.code == .syntax)
                #expect(issue.message.contains("0x\(first) inside a string is not UTF-8"), "\(issue.message)")
                // The column of the bad byte: characters before it, counted from 1.
                let column = 1 + String(decoding: prefix, as: UTF8.self).count + (bytes.first == 0x61 ? 1 : 0)
                #expect(issue.position == TextPosition(line: 1, column: column))
            }
        }
        // Valid multi-byte text still reads.
        let valid = try JSONReader.parse(Array(#"["añ日😀", "a\n日😀"]"#.utf8))
        guard case .array(let items) = valid.kind else { Issue.record("not an array"); return }
        #expect(items.map { if case .string(let text) = $0.kind { text } else { "" } } == ["añ日😀", "a\n日😀"])
    }

    @Test func randomBytesNeverCrash() {
        var (random, _) = SplitMix64.replayable("randomBytesNeverCrash")
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            _ = try? SchemeDocument(data: Data(bytes))
        }
        // Mutations of a valid document: every result is a document or an error.
        let valid = Array(specExample.utf8)
        for _ in 0..<500 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 32...126, using: &random)
            }
            if let document = try? SchemeDocument(data: Data(bytes)) {
                _ = try? document.compiled().snapshot(for: LayoutEnvironment(width: 390, height: 844, scale: 3))
            }
        }
    }
}
