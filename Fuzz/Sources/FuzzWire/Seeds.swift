import CGLWire
#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer calls this once before it reads its corpus: with `CGL_FUZZ_SEEDS` naming a
/// folder, one encoded message of every kind is written there (files already there are
/// kept), so that the fuzzer starts from valid frames rather than from nothing.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutableRawPointer?) -> CInt {
    guard let folder = getenv("CGL_FUZZ_SEEDS").map({ String(cString: $0) }) else { return 0 }
    for (index, seed) in seeds.enumerated() {
        let path = "\(folder)/seed-\(index)"
        guard let file = fopen(path, "wx") else { continue }
        _ = seed.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
    return 0
}

private var seeds: [[UInt8]] {
    let environment = WireEnvironment(width: 390, height: 844, scale: 3, direction: .leftToRight, horizontalSizeClass: .compact,
                                      verticalSizeClass: .regular, safeArea: WireInsets(top: 47, left: 0, bottom: 34, right: 0),
                                      profile: "phone-portrait")
    let snapshot = WireSnapshot(
        source: .memory, scheme: "feed-cell", hash: "sha256:3b1f", engine: "1", environment: environment, size: WireSize(width: 390, height: 324),
        elements: [
            WireSnapshot.Element(id: "card", frame: WireRect(x: 8, y: 8, width: 374, height: 300), inRoot: WireRect(x: 8, y: 8, width: 374, height: 300)),
            WireSnapshot.Element(id: "avatar", frame: WireRect(x: 12, y: 12, width: 44, height: 44), inRoot: WireRect(x: 20, y: 20, width: 44, height: 44)),
        ])
    let issue = WireIssue(severity: .error, code: "unknownKey", pointer: "/blocks/0", message: "unknown anchor 'rigth'", hint: "did you mean 'right'?",
                          line: 12, column: 7)
    let requests: [WireRequest] = [
        .ping, .list, .stats,
        .register(document: Array(#"{"format": "cglayout/1", "name": "a", "elements": [{"id": "card"}]}"#.utf8)),
        .unregister(name: "feed-cell"),
        .lookup(scheme: "feed-cell", environment: .profile("phone-portrait", direction: .rightToLeft)),
        .lookup(scheme: "feed-cell", environment: .explicit(.init(width: 390, height: 844, scale: 3, direction: .rightToLeft,
                                                                   safeArea: WireInsets(top: 47, left: 0, bottom: 34, right: 0)))),
        .prewarm(schemes: ["feed-cell"], profiles: ["phone-portrait"]),
        .lookup(WireLookup(scheme: "feed-cell", environment: .profile("phone-portrait"), content: WireContent(entries: [
            .init(slot: "body", value: .runs([.text("@ada", style: "bold"), .text(" shipped it", style: nil), .atom(width: 18, height: 18, baseline: 15)])),
            .init(slot: "photo", value: .size(width: 1200, height: 800)), .init(slot: "hasBadge", value: .flag(true)),
        ]))),
    ]
    let responses: [WireResponse] = [
        .pong(serverVersion: "0.1.0", uptime: 12.5),
        .registered(WireRegistration(name: "feed-cell", hash: "sha256:00", outcome: .updated, warnings: [issue])),
        .unregistered(name: "feed-cell", existed: true),
        .schemes([WireSchemeInfo(name: "feed-cell", hash: "sha256:ab", elementCount: 4, registeredAt: 1_760_000_000, updatedAt: 1_760_000_100)]),
        .snapshot(snapshot),
        .prewarmProgress(WirePrewarmProgress(done: 1, total: 24, scheme: "feed-cell")),
        .prewarmFinished(WirePrewarmSummary(computed: 10, alreadyCached: 2, failed: 1, seconds: 0.75)),
        .stats(WireStats(entries: [WireStats.Entry(key: WireStats.Key.snapshotsStored, value: 24)])),
        .error(WireError(code: .invalidDocument, message: "the document has 1 error", issues: [issue])),
    ]
    var hello: [UInt8] = []
    Handshake.ClientHello().encode(into: &hello)
    return [hello]
        + requests.enumerated().map { index, request in
            var bytes: [UInt8] = []
            request.encode(requestID: UInt32(index + 1), into: &bytes)
            return bytes
        }
        + responses.enumerated().map { index, response in
            var bytes: [UInt8] = []
            response.encode(requestID: UInt32(index + 1), into: &bytes)
            return bytes
        }
}
