import CGLWire
import Foundation
import Testing

/// The hex examples of `docs/protocol.md` are the encoder's bytes: a client written from
/// the page alone agrees with ours.
@Suite struct ProtocolDocumentTests {
    static let page = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/protocol.md")

    /// The bytes each example of the page must show.
    static let examples: [String: [UInt8]] = {
        func bytes(_ body: (inout [UInt8]) -> Void) -> [UInt8] {
            var buffer: [UInt8] = []
            body(&buffer)
            return buffer
        }
        return [
            "client-hello": bytes { Handshake.ClientHello().encode(into: &$0) },
            "server-hello": bytes {
                Handshake.answer(to: Handshake.ClientHello(), maximumFrameSize: WireFrame.defaultMaximumSize).encode(into: &$0)
            },
            "ping": bytes { WireRequest.ping.encode(requestID: 1, into: &$0) },
            "pong": bytes { WireResponse.pong(serverVersion: "0.1.0", uptime: 12.5).encode(requestID: 1, into: &$0) },
            "lookup": bytes { WireRequest.lookup(scheme: "feed-cell", environment: .profile("phone-portrait")).encode(requestID: 2, into: &$0) },
            "snapshot": bytes { WireResponse.snapshot(WireSamples.feedCell).encode(requestID: 2, into: &$0) },
            "error": bytes {
                WireResponse.error(WireError(code: .notFound, message: "no scheme is registered as 'feed-cel'")).encode(requestID: 3, into: &$0)
            },
        ]
    }()

    /// Every `<!-- golden: name -->` block of the page: the hex at the start of each line,
    /// up to the first run of two spaces (where the comment starts).
    static func goldenBlocks() throws -> [String: [UInt8]] {
        let lines = try String(contentsOf: page, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var blocks: [String: [UInt8]] = [:]
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            index += 1
            guard line.hasPrefix("<!-- golden: "), line.hasSuffix(" -->") else { continue }
            let name = String(line.dropFirst("<!-- golden: ".count).dropLast(" -->".count))
            guard index < lines.count, lines[index].hasPrefix("```") else { continue }
            index += 1
            var hex = ""
            while index < lines.count, !lines[index].hasPrefix("```") {
                hex += (lines[index].components(separatedBy: "  ").first ?? "") + " "
                index += 1
            }
            blocks[name] = hexBytes(hex)
        }
        return blocks
    }

    @Test func everyExampleIsOnThePage() throws {
        let blocks = try Self.goldenBlocks()
        #expect(Set(blocks.keys) == Set(Self.examples.keys))
    }

    @Test(arguments: examples.keys.sorted())
    func theExampleIsTheEncodersBytes(name: String) throws {
        let shown = try #require(try Self.goldenBlocks()[name], "no golden block \(name)")
        let encoded = try #require(Self.examples[name])
        #expect(hexString(shown) == hexString(encoded))
    }

    @Test func theExamplesDecodeBack() throws {
        var parser = FrameParser()
        parser.feed(try #require(Self.examples["snapshot"]))
        let frame = try #require(try parser.next())
        #expect(try WireResponse(frame: frame) == .snapshot(WireSamples.feedCell))
        #expect(try Handshake.ServerHello(decoding: try #require(Self.examples["server-hello"])).isAccepted)
    }
}
