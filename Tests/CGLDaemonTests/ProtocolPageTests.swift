import CGLBridge
import CGLClient
import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLTestSupport
import CGLWire
import Foundation
import Testing
import CGLDocumentBridge

/// The worked examples of `docs/protocol.md` are what the code sends: the encoder's bytes
/// for the handshake and the requests, and the bytes a running daemon answers for the
/// example document `docs/examples/card.json`. A client written from the page alone
/// agrees with ours on every byte.
@Suite struct ProtocolPageTests {
    static let page = repositoryRoot + "/docs/protocol.md"
    /// The golden exchanges every client's tests read (Swift, Python, Node).
    static let contract = repositoryRoot + "/clients/contract/exchanges.json"
    static let cardDocument = repositoryRoot + "/docs/examples/card.json"

    /// The bytes the encoder gives for each example that needs no daemon.
    static let encoded: [String: [UInt8]] = {
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
            "lookup": bytes { WireRequest.lookup(scheme: "card", environment: .profile("phone-portrait")).encode(requestID: 2, into: &$0) },
            "lookup-batch": bytes {
                WireRequest.lookupBatch([
                    WireLookup(scheme: "card", environment: .profile("phone-portrait"), content: WireContent(entries: [.init(slot: "hasAvatar", value: .flag(false))])),
                    WireLookup(scheme: "crad", environment: .profile("phone-portrait")),
                ]).encode(requestID: 4, into: &$0)
            },
            "lookup-batch-with-references": bytes { WireRequest.lookupBatchWithReferences(pageByReference).encode(requestID: 5, into: &$0) },
            "lookup-runs": bytes {
                WireRequest.lookup(WireLookup(scheme: "card", environment: .profile("phone-portrait"), content: WireContent(entries: [
                    .init(slot: "body", value: .runs([.text("@ada", style: "mention"), .text(" shipped it", style: nil),
                                                      .atom(width: 18, height: 18, baseline: 15)])),
                ]))).encode(requestID: 6, into: &$0)
            },
        ]
    }()

    /// The page's batch, its first lookup in full: what a version 4 client sends the first time.
    static let pageInFull: [WireLookupItem] = [
        .lookup(WireLookup(scheme: "card", environment: .profile("phone-portrait"), content: WireContent(entries: [.init(slot: "hasAvatar", value: .flag(false))]))),
        .lookup(WireLookup(scheme: "crad", environment: .profile("phone-portrait"))),
    ]

    /// The page's batch the next time: its first lookup by reference.
    static let pageByReference: [WireLookupItem] = {
        guard case .lookup(let first) = pageInFull[0] else { return [] }
        return [.reference(WireLookupReference(lookupBytes: first.encoded())), pageInFull[1]]
    }()

    /// The page's text.
    static func text() throws -> String {
        try String(contentsOfFile: page, encoding: .utf8)
    }

    /// The text of the section headed `## <number>` (`"2."`, `"5a."`), up to the next
    /// section, with its lines joined by spaces (so that a phrase may span a line break).
    static func section(_ number: String) throws -> String {
        let text = try text()
        guard let start = text.range(of: "\n## \(number) ") else { return "" }
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return rest[..<end].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// The names in backticks in `text`, in order.
    static func quotedNames(_ text: Substring) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The golden exchanges, by name, as `clients/contract/exchanges.json` holds them: the
    /// one file the Swift, Python and Node tests all read, so that the three cannot drift.
    static func goldenBlocks() throws -> [String: [UInt8]] {
        struct Contract: Decodable {
            struct Exchange: Decodable { var hex: String }
            var exchanges: [String: Exchange]
        }
        let contract = try JSONDecoder().decode(Contract.self, from: Data(contentsOf: URL(fileURLWithPath: contract)))
        return contract.exchanges.mapValues { hexBytes($0.hex) }
    }

    /// The contract is the page's: every golden block of §13 with the same bytes, and no other.
    @Test func theContractFileHoldsThePagesExchanges() throws {
        let page = try Self.pageBlocks(), file = try Self.goldenBlocks()
        #expect(Set(page.keys) == Set(file.keys))
        for (name, bytes) in page { #expect(file[name].map(hexString) == hexString(bytes), "\(name): run python3 clients/contract/generate.py") }
    }

    /// Every `<!-- golden: name -->` block of the page: the hex at the start of each line,
    /// up to the first run of two spaces (where the comment starts).
    static func pageBlocks() throws -> [String: [UInt8]] {
        let lines = try String(contentsOfFile: page, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
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
        #expect(Set(try Self.goldenBlocks().keys) == Set(Self.encoded.keys).union(["snapshot", "error", "snapshots"]))
    }

    @Test(arguments: encoded.keys.sorted())
    func theExampleIsTheEncodersBytes(name: String) throws {
        let shown = try #require(try Self.goldenBlocks()[name], "no golden block \(name)")
        #expect(hexString(shown) == hexString(try #require(Self.encoded[name])))
    }

    /// The snapshot example is the example document laid out offline, encoded.
    @Test func theSnapshotExampleIsTheExampleDocumentsLayout() throws {
        let document = try SchemeDocument(data: Data(contentsOf: URL(fileURLWithPath: Self.cardDocument)))
        let snapshot = try document.compiled().snapshot(for: try #require(ProfileSet.defaults["phone-portrait"]))
        var bytes: [UInt8] = []
        WireResponse.snapshot(WireSnapshot(snapshot, source: .memory)).encode(requestID: 2, into: &bytes)
        #expect(hexString(try #require(try Self.goldenBlocks()["snapshot"])) == hexString(bytes))
    }

    /// A daemon with the example document registered answers the page's lookup (the second
    /// time, from memory), a lookup of a misspelt name and the page's batch with the page's
    /// bytes.
    @Test func aDaemonAnswersThePagesBytes() async throws {
        try await withTestDaemon() { daemon in
            let document = try Data(contentsOf: URL(fileURLWithPath: Self.cardDocument))
            _ = try await daemon.client().register(document)
            let golden = try Self.goldenBlocks()
            let socketPath = daemon.configuration.socketPath
            let lookup = try #require(Self.encoded["lookup"])
            let batch = try #require(Self.encoded["lookup-batch"])
            let byReference = try #require(Self.encoded["lookup-batch-with-references"])
            let answers = try await blocking {
                let connection = try RawConnection(path: socketPath)
                _ = try connection.handshake()
                try connection.send(lookup)
                _ = try connection.readFrames(1)
                try connection.send(lookup)
                let memory = try connection.readFrames(1)
                try connection.send(WireRequest.lookup(scheme: "crad", environment: .profile("phone-portrait")), id: 3)
                let error = try connection.readFrames(1)
                try connection.send(batch)
                let answers = memory + error + (try connection.readFrames(1))
                // The page by reference, after once in full.
                try connection.send(.lookupBatchWithReferences(Self.pageInFull), id: 6)
                _ = try connection.readFrames(1)
                try connection.send(byReference)
                return answers + (try connection.readFrames(1))
            }
            let bytes = answers.map { frame in
                var bytes: [UInt8] = []
                frame.encode(into: &bytes)
                return bytes
            }
            #expect(hexString(try #require(golden["snapshot"])) == hexString(bytes[0]))
            #expect(hexString(try #require(golden["error"])) == hexString(bytes[1]))
            #expect(hexString(try #require(golden["snapshots"])) == hexString(bytes[2]))
            // The same answers, the first from memory (its source byte), for request id 5.
            var expected = try #require(golden["snapshots"])
            expected.replaceSubrange(5 ..< 9, with: [0, 0, 0, 5])
            expected[18] = WireSnapshot.Source.memory.rawValue
            #expect(hexString(expected) == hexString(bytes[3]))
        }
    }

    @Test func theExamplesDecodeBack() throws {
        var parser = FrameParser()
        parser.feed(try #require(try Self.goldenBlocks()["snapshot"]))
        let frame = try #require(try parser.next())
        guard case .snapshot(let snapshot) = try WireResponse(frame: frame) else { Issue.record("not a snapshot"); return }
        #expect(snapshot.scheme == "card" && snapshot.size == WireSize(width: 382, height: 308))
        parser.feed(try #require(try Self.goldenBlocks()["snapshots"]))
        guard case .snapshots(let answers) = try WireResponse(frame: try #require(try parser.next())), answers.count == 2,
              case .snapshot(let hidden) = answers[0], case .failure(let error) = answers[1] else {
            Issue.record("not the page's two answers")
            return
        }
        #expect(hidden["avatar"]?.frame == WireRect(x: 12, y: 12, width: 0, height: 0))
        #expect(hidden.contentDigest == Content(["hasAvatar": .flag(false)]).digest && error.code == .notFound)
        #expect(try Handshake.ServerHello(decoding: try #require(Self.encoded["server-hello"])).isAccepted)
    }
}
