import CGLWire

/// Representative values of every message: empty and non-ASCII strings, extreme doubles,
/// zero and maximum counts, every enumeration value.
enum WireSamples {
    static let extremes: [Double] = [
        0, -0.0, 1, -1, .pi, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
        .leastNormalMagnitude, .infinity, -.infinity, 1e-300, 123_456_789.125,
    ]

    static let unicode = "Ω≈ç√ ∫ 日本語 — 👩🏽‍💻 \u{0} é"

    static let issues: [WireIssue] = [
        WireIssue(severity: .error, code: "unknownKey", pointer: "/blocks/3/constraints/0/anchors/1", message: "unknown anchor 'rigth'",
                  hint: "did you mean 'right'?", line: 12, column: 7),
        WireIssue(severity: .warning, code: "", pointer: "", message: "", hint: nil, line: 0, column: 0),
        WireIssue(severity: .error, code: unicode, pointer: "/elements/~1x", message: unicode, hint: unicode, line: .max, column: .max),
    ]

    static let profileEnvironment = WireEnvironment(
        width: 390, height: 844, scale: 3, direction: .leftToRight, horizontalSizeClass: .compact, verticalSizeClass: .regular,
        safeArea: WireInsets(top: 47, left: 0, bottom: 34, right: 0), profile: "phone-portrait")

    /// A small snapshot of two elements, one inside the other.
    static let feedCell = WireSnapshot(
        source: .memory, scheme: "feed-cell", hash: "sha256:3b1f0c9e5d7a2b4c6e8f0a1b3c5d7e9f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d", engine: "1",
        environment: profileEnvironment, size: WireSize(width: 390, height: 324),
        elements: [
            WireSnapshot.Element(id: "card", frame: WireRect(x: 8, y: 8, width: 374, height: 300),
                                 inRoot: WireRect(x: 8, y: 8, width: 374, height: 300)),
            WireSnapshot.Element(id: "avatar", frame: WireRect(x: 12, y: 12, width: 44, height: 44),
                                 inRoot: WireRect(x: 20, y: 20, width: 44, height: 44)),
        ])

    /// A snapshot of the caller's content at a text scale (version 2's fields).
    static let contentCell: WireSnapshot = {
        var snapshot = feedCell
        snapshot.environment.textScale = 1.35
        snapshot.contentDigest = "sha256:" + String(repeating: "ab", count: 32)
        return snapshot
    }()

    /// A snapshot whose card is a box that scrolls (version 5's field).
    static let scrollingCell: WireSnapshot = {
        var snapshot = contentCell
        snapshot.elements[0].scrollSize = WireSize(width: 0, height: 812.5)
        return snapshot
    }()

    static let content = WireContent(entries: [
        .init(slot: "body", value: .text(unicode)), .init(slot: "photo", value: .size(width: 1200, height: .leastNonzeroMagnitude)),
        .init(slot: "hasBadge", value: .flag(true)), .init(slot: "", value: .text("")), .init(slot: "body", value: .flag(false)),
    ])

    /// Texts in runs (version 6): styled and not, empty strings, atoms of any size (the
    /// server checks them; the wire carries them), an empty list.
    static let runsContent = WireContent(entries: [
        .init(slot: "body", value: .runs([.text(unicode, style: "bold"), .text("", style: nil), .text("x", style: ""),
                                          .atom(width: 18, height: .infinity, baseline: nil), .atom(width: -0.0, height: 1, baseline: 0.5)])),
        .init(slot: "empty", value: .runs([])), .init(slot: "hasBadge", value: .flag(false)),
    ])

    static let extremeSnapshot = WireSnapshot(
        source: .computed, scheme: unicode, hash: "", engine: "",
        environment: WireEnvironment(width: .greatestFiniteMagnitude, height: -0.0, scale: .leastNonzeroMagnitude, direction: .rightToLeft,
                                     horizontalSizeClass: .regular, verticalSizeClass: .compact,
                                     safeArea: WireInsets(top: .infinity, left: -.infinity, bottom: 1e-300, right: -1)),
        size: WireSize(width: 0, height: .greatestFiniteMagnitude),
        elements: extremes.enumerated().map { index, value in
            WireSnapshot.Element(id: index == 0 ? "" : "e\(index)\(unicode)", frame: WireRect(x: value, y: -value, width: value, height: 0),
                                 inRoot: WireRect(x: 0, y: value, width: -value, height: value),
                                 scrollSize: index % 4 == 0 ? WireSize(width: value, height: -value) : nil)
        })

    static let requests: [WireRequest] = [
        .ping,
        .register(document: []),
        .register(document: Array(#"{"format": "cglayout/1", "name": "feed-cell", "elements": [{"id": "card"}]}"#.utf8)),
        .register(document: [0xFF, 0xFE, 0x00, 0xC0]),
        .unregister(name: ""),
        .unregister(name: unicode),
        .list,
        .lookup(scheme: "feed-cell", environment: .profile("phone")),
        .lookup(scheme: "", environment: .profile("", direction: .rightToLeft)),
        .lookup(scheme: unicode, environment: .profile("tablet-landscape", direction: .leftToRight)),
        .lookup(scheme: "feed-cell", environment: .explicit(.init(width: 390, height: 844))),
        .lookup(scheme: "x", environment: .explicit(.init(
            width: .greatestFiniteMagnitude, height: .leastNonzeroMagnitude, scale: 3, direction: .rightToLeft,
            horizontalSizeClass: .compact, verticalSizeClass: .regular, safeArea: WireInsets(top: 47, left: -0.0, bottom: .infinity, right: -1)))),
        .lookup(scheme: "x", environment: .explicit(.init(width: 0, height: -0.0, scale: 0, horizontalSizeClass: .regular))),
        .prewarm(schemes: [], profiles: []),
        .prewarm(schemes: ["feed-cell", "", unicode], profiles: ["phone"]),
        .stats,
        .lookup(scheme: "feed-cell", environment: .profile("phone"), textScale: 2.5, content: content),
        .lookup(scheme: "feed-cell", environment: .profile("phone"), textScale: -0.0),
        .lookupBatch([]),
        .lookupBatch([WireLookup(scheme: "a", environment: .profile("p")),
                      WireLookup(scheme: unicode, environment: .explicit(.init(width: 1, height: 2)), textScale: 3, content: content)]),
        .prewarm(schemes: ["feed-cell"], profiles: [], content: [.none, content]),
        .lookupBatchWithReferences([]),
        .lookupBatchWithReferences([
            .reference(WireLookupReference((0 ..< 32).map { UInt8($0 * 7 + 1) })!),
            .lookup(WireLookup(scheme: unicode, environment: .explicit(.init(width: 1, height: 2)), textScale: 3, content: content)),
            .reference(WireLookupReference([UInt8](repeating: 0xFF, count: 32))!),
            .lookup(WireLookup(scheme: "a", environment: .profile("p"))),
        ]),
        .lookup(scheme: "feed-cell", environment: .profile("phone"), content: runsContent),
        .lookupBatch([WireLookup(scheme: "a", environment: .profile("p"), content: runsContent), WireLookup(scheme: "b", environment: .profile("p"))]),
        .prewarm(schemes: ["feed-cell"], profiles: [], content: [runsContent, content]),
        .lookupBatchWithReferences([.lookup(WireLookup(scheme: "a", environment: .profile("p"), content: runsContent))]),
    ]

    static let responses: [WireResponse] = [
        .pong(serverVersion: "0.1.0", uptime: 12.5),
        .pong(serverVersion: "", uptime: .greatestFiniteMagnitude),
        .registered(WireRegistration(name: "feed-cell", hash: "sha256:00", outcome: .created)),
        .registered(WireRegistration(name: unicode, hash: "", outcome: .updated, warnings: issues)),
        .registered(WireRegistration(name: "", hash: "h", outcome: .unchanged, warnings: [])),
        .unregistered(name: "feed-cell", existed: true),
        .unregistered(name: "", existed: false),
        .schemes([]),
        .schemes([
            WireSchemeInfo(name: "feed-cell", hash: "sha256:ab", elementCount: 4, registeredAt: 1_760_000_000.25, updatedAt: 1_760_000_100.5),
            WireSchemeInfo(name: unicode, hash: "", elementCount: .max, registeredAt: -0.0, updatedAt: .greatestFiniteMagnitude),
            WireSchemeInfo(name: "", hash: "", elementCount: 0, registeredAt: 0, updatedAt: 0),
        ]),
        .snapshot(feedCell),
        .snapshot(extremeSnapshot),
        .snapshot(WireSnapshot(source: .store, scheme: "empty", hash: "h", engine: "1",
                               environment: WireEnvironment(width: 1, height: 1), size: .zero, elements: [])),
        .prewarmProgress(WirePrewarmProgress(done: 0, total: 0, scheme: "")),
        .prewarmProgress(WirePrewarmProgress(done: .max, total: .max, scheme: unicode)),
        .prewarmFinished(WirePrewarmSummary(computed: 10, alreadyCached: 2, failed: 1, seconds: 0.75)),
        .prewarmFinished(WirePrewarmSummary(computed: .max, alreadyCached: 0, failed: .max, seconds: .infinity)),
        .prewarmFinished(WirePrewarmSummary(computed: 3, alreadyCached: 1, failed: 0, seconds: 2.5, cancelled: 7)),
        .stats(WireStats(entries: [])),
        .stats(WireStats(entries: WireStats.Key.all.enumerated().map { WireStats.Entry(key: $1, value: Double($0) * 1.5) }
                + [WireStats.Entry(key: unicode, value: -.infinity)])),
        .error(WireError(code: .notFound, message: "no scheme is registered as 'feed-cel'")),
        .error(WireError(code: .invalidDocument, message: "the document has 2 errors", issues: issues)),
        .error(WireError(code: WireError.Code(rawValue: .max), message: "")),
        .snapshot(contentCell),
        .snapshots([]),
        .snapshots([.snapshot(feedCell), .failure(WireError(code: .invalidContent, message: "no slot 'bdy'", issues: issues)),
                    .snapshot(contentCell), .snapshot(extremeSnapshot)]),
    ]

    /// A value whose doubles include NaN, which no `==` can compare: checked by bytes.
    static let nanResponse = WireResponse.snapshot(WireSnapshot(
        source: .memory, scheme: "nan", hash: "", engine: "",
        environment: WireEnvironment(width: .nan, height: -.nan, scale: .signalingNaN), size: WireSize(width: .nan, height: 0),
        elements: [WireSnapshot.Element(id: "n", frame: WireRect(x: .nan, y: 0, width: 0, height: 0), inRoot: .zero)]))

    static func payload(of request: WireRequest) -> [UInt8] {
        var bytes: [UInt8] = []
        request.encodePayload(into: &bytes)
        return bytes
    }

    static func payload(of response: WireResponse) -> [UInt8] {
        var bytes: [UInt8] = []
        response.encodePayload(into: &bytes)
        return bytes
    }
}
