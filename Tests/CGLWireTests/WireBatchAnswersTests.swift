import CGLWire
import Testing

/// A `snapshots` payload checked once and kept as its bytes (`WireBatchAnswers`) says what
/// decoding it says, answer by answer, and is refused where decoding is.
@Suite struct WireBatchAnswersTests {
    static let answers: [WireBatchAnswer] = [
        .snapshot(WireSamples.feedCell), .failure(WireError(code: .invalidContent, message: "no slot 'bdy'", issues: WireSamples.issues)),
        .snapshot(WireSamples.contentCell), .snapshot(WireSamples.extremeSnapshot),
    ]

    /// The payload of the `snapshots` frame of `answers` in protocol `version`.
    static func payload(_ answers: [WireBatchAnswer], version: UInt16 = Handshake.currentVersion) throws -> [UInt8] {
        var bytes: [UInt8] = []
        WireResponse.snapshots(answers).encode(requestID: 3, version: version, into: &bytes)
        var parser = FrameParser()
        parser.feed(bytes)
        return try #require(try parser.next()).payload
    }

    @Test func everyAnswerReadsAsDecoded() throws {
        for version in Handshake.supportedVersions where version >= WireResponse.Kind.snapshots.introducedIn {
            let payload = try Self.payload(Self.answers, version: version)
            let answers = try WireBatchAnswers(payload: payload, version: version)
            let response = try WireResponse(frame: WireFrame(kind: WireResponse.Kind.snapshots.rawValue, requestID: 3, payload: payload), version: version)
            guard case .snapshots(let decoded) = response else {
                Issue.record("version \(version) decodes as \(response)")
                continue
            }
            let read = (0 ..< answers.count).map { index -> WireBatchAnswer in
                switch answers[index] {
                case .success(let view): .snapshot(view.snapshot)
                case .failure(let error): .failure(error)
                }
            }
            #expect(read == decoded, "version \(version)")
            if version == Handshake.currentVersion { #expect(read == Self.answers) }
        }
        #expect(try WireBatchAnswers(payload: try Self.payload([]), version: Handshake.currentVersion).count == 0)
    }

    /// Cut anywhere, lengthened, or with an answer's kind changed, the payload is refused,
    /// as decoding the response refuses it.
    @Test func aPayloadDecodingRefusesIsRefused() throws {
        let payload = try Self.payload(Self.answers)
        let version = Handshake.currentVersion
        func agrees(_ bytes: [UInt8], _ what: String) {
            let decoded = Result { try WireResponse(frame: WireFrame(kind: WireResponse.Kind.snapshots.rawValue, requestID: 3, payload: bytes), version: version) }
            let checked = Result { try WireBatchAnswers(payload: bytes, version: version) }
            switch (decoded, checked) {
            case (.success, .success), (.failure, .failure): break
            default: Issue.record("\(what): decoding \(decoded), checking \(checked)")
            }
        }
        for count in 0 ..< payload.count { agrees(Array(payload[..<count]), "cut at \(count)") }
        agrees(payload + [0], "one byte more")
        // The first answer's kind (after the count): neither a snapshot nor an error.
        var changed = payload
        changed[4] = 0x42
        agrees(changed, "a kind of 0x42")
        #expect(throws: WireDecodingError.self) { try WireBatchAnswers(payload: changed, version: version) }
    }
}
