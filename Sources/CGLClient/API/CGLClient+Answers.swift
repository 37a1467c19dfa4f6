import CGLBridge
public import CGLDocument
import CGLWire
import Synchronization

// What each answer means, shared by the async and the blocking calls.
extension CGLClient {
    func pong(_ answer: Answer) throws(CGLClientError) -> (serverVersion: String, uptime: Double) {
        guard case .response(.pong(let version, let uptime)) = answer else { throw unexpected(answer, for: "ping") }
        return (version, uptime)
    }

    func registration(_ answer: Answer) throws(CGLClientError) -> Registration {
        guard case .response(.registered(let registration)) = answer else { throw unexpected(answer, for: "register") }
        return Registration(registration)
    }

    func existed(_ answer: Answer) throws(CGLClientError) -> Bool {
        guard case .response(.unregistered(_, let existed)) = answer else { throw unexpected(answer, for: "unregister") }
        return existed
    }

    func schemes(_ answer: Answer) throws(CGLClientError) -> [SchemeInfo] {
        guard case .response(.schemes(let schemes)) = answer else { throw unexpected(answer, for: "list") }
        return schemes.map(SchemeInfo.init)
    }

    func snapshot(_ answer: Answer) throws(CGLClientError) -> Snapshot {
        guard case .snapshot(let snapshot) = answer else { throw unexpected(answer, for: "lookup") }
        return Snapshot(snapshot)
    }

    /// A lookup's answer as a result: a refusal fails that lookup alone.
    func lookupResult(_ answer: Answer) -> Result<Snapshot, CGLClientError> {
        switch answer {
        case .snapshot(let snapshot): .success(Snapshot(snapshot))
        case .response(.error(let error)): .failure(.daemon(error, socketPath: configuration.socketPath))
        default: .failure(unexpected(answer, for: "lookup"))
        }
    }

    func summary(_ answer: Answer) throws(CGLClientError) -> PrewarmSummary {
        guard case .response(.prewarmFinished(let summary)) = answer else { throw unexpected(answer, for: "prewarm") }
        return PrewarmSummary(summary)
    }

    func stats(_ answer: Answer) throws(CGLClientError) -> Stats {
        guard case .response(.stats(let stats)) = answer else { throw unexpected(answer, for: "stats") }
        return Stats(stats)
    }

    /// The requests of a batch: `lookupBatch`es of at most the configured number of lookups,
    /// and of at most 4 MiB each (half what a daemon accepts by default), so that a page of
    /// long texts goes as several frames rather than one the daemon would refuse. Each
    /// request is a slice of `batch`: its lookups go out as the bytes they were laid out in.
    ///
    /// - Parameter inFull: Send every lookup in full, none by reference (the lookups the
    ///   daemon did not know by theirs).
    func batchRequests(_ batch: [Lookup], inFull: Bool = false) -> [LookupRequest] {
        let most = max(1, configuration.maximumBatchItems)
        var requests: [LookupRequest] = []
        var start = batch.startIndex
        var bytes = 0
        for index in batch.indices {
            // A lookup in full takes its form byte too (`lookupBatchWithReferences`).
            let size = batch[index].encoded.count + 1
            if index > start, index - start == most || bytes + size > Self.batchFrameBudget {
                requests.append(.batch(batch[start ..< index], inFull: inFull))
                start = index
                bytes = 0
            }
            bytes += size
        }
        if start < batch.endIndex { requests.append(.batch(batch[start...], inFull: inFull)) }
        return requests
    }

    /// The bytes of lookups one `lookupBatch` frame carries at most.
    static let batchFrameBudget = 4 * 1024 * 1024

    /// The answers of a batch's requests, one result per lookup: a request refused whole (a
    /// batch over the daemon's limit) fails each of its lookups. Each lookup answered is
    /// marked so (``Lookup/answered()``): it goes by its reference from then on.
    func batchResults(_ requests: [LookupRequest], _ answers: [Answer]) throws(CGLClientError) -> [Result<Snapshot, CGLClientError>] {
        var results: [Result<Snapshot, CGLClientError>] = []
        results.reserveCapacity(requests.reduce(0) { $0 + $1.count })
        for (request, answer) in zip(requests, answers) {
            let expected = request.count
            switch answer {
            case .snapshots(let items) where items.count == expected:
                guard case .batch(let lookups, _) = request else { break }
                // By index: no copy of each lookup.
                for (offset, item) in items.enumerated() {
                    switch item {
                    case .success(let snapshot):
                        lookups[lookups.startIndex + offset].answered()
                        results.append(.success(Snapshot(snapshot)))
                    case .failure(let error): results.append(.failure(.daemon(error, socketPath: configuration.socketPath)))
                    }
                }
            case .response(.error(let error)):
                let failure = CGLClientError.daemon(error, socketPath: configuration.socketPath)
                results += repeatElement(.failure(failure), count: expected)
            default:
                throw CGLClientError(code: .protocolViolation, message: "cgld answered a lookupBatch of \(expected) with \(Self.describe(answer))",
                                     socketPath: configuration.socketPath)
            }
        }
        return results
    }

    /// The positions of the lookups the daemon did not know by their reference: to send
    /// again in full (``batchRequests(_:inFull:)``).
    static func unknownReferences(in results: [Result<Snapshot, CGLClientError>]) -> [Int] {
        results.indices.filter { index in
            guard case .failure(let error) = results[index] else { return false }
            return error.refusal?.code == .unknownReference
        }
    }

    /// `results` with those at `positions` replaced by `replacements`, in order.
    static func replace(_ results: inout [Result<Snapshot, CGLClientError>], at positions: [Int],
                        with replacements: [Result<Snapshot, CGLClientError>]) {
        for (position, replacement) in zip(positions, replacements) { results[position] = replacement }
    }

    private static func describe(_ answer: Answer) -> String {
        if case .snapshots(let items) = answer { return "\(items.count) answers" }
        return "\(answer.kind)"
    }

    /// The local fallback's snapshot when the daemon is unavailable; `error` otherwise.
    func fallback(for error: CGLClientError, _ lookup: Lookup) throws(CGLClientError) -> Snapshot {
        guard error.isDaemonUnavailable, let fallback = configuration.fallback else { throw error }
        do throws(LocalFallback.Failure) {
            return try fallback.snapshot(lookup.scheme, in: lookup.environment, content: lookup.content, textScale: lookup.textScale)
        } catch {
            throw CGLClientError(code: .fallbackFailed, message: "cgld is unavailable and the local fallback \(error.message)",
                                 socketPath: configuration.socketPath)
        }
    }

    /// The local fallback's snapshots of a batch when the daemon is unavailable; `error`
    /// otherwise.
    func fallback(for error: CGLClientError, _ batch: [Lookup]) throws(CGLClientError) -> [Result<Snapshot, CGLClientError>] {
        guard error.isDaemonUnavailable, configuration.fallback != nil else { throw error }
        return batch.map { lookup in
            Result { () throws(CGLClientError) in try fallback(for: error, lookup) }
        }
    }
}

/// One lookup of a batch (``CGLClient/lookup(_:)-([Lookup])``).
///
/// ```swift
/// Lookup("feed-cell", in: .profile("phone-portrait"), content: ["body": .text(post.body), "hasBadge": false])
/// ```
///
/// A lookup is laid out in the protocol's bytes when it is made (and again when it is
/// changed). Keep the lookups of a page you ask for again and again (the posts of a
/// popular feed): once a daemon has answered one, it goes by its reference, the SHA-256 of
/// those bytes (33 bytes instead of its content; `docs/protocol.md`,
/// `lookupBatchWithReferences`). Copies of a lookup share that state; a daemon that does
/// not know the reference (restarted, another host) is sent the lookup in full again, at
/// the cost of a second round trip.
public struct Lookup: Sendable, Hashable {
    /// The scheme's name.
    public var scheme: String { didSet { encode() } }
    /// The environment.
    public var environment: Environment { didSet { encode() } }
    /// Values of the scheme's slots; empty for the document's own content.
    public var content: Content { didSet { encode() } }
    /// The text scale replacing the environment's; nil keeps it.
    public var textScale: Double? { didSet { encode() } }
    /// The lookup as protocol version 2 carries it (``WireLookup/encoded()``).
    private(set) var encoded: [UInt8] = []
    /// Whether a daemon answered this lookup, and its reference once made; shared by the
    /// lookup's copies (a page kept by the caller), new whenever a field changes.
    private var state = ReferenceState()

    /// See ``state``: an atomic stage, not a lock, since the threads that send one page
    /// share its lookups' states and, after the first answer, only read them.
    ///
    /// `@unchecked Sendable`: `reference` is written once, by the one thread that moves the
    /// stage from `answered` to `writing`, before it stores `ready` (releasing); it is read
    /// only after `ready` was loaded (acquiring).
    private final class ReferenceState: @unchecked Sendable {
        static let (fresh, answered, writing, ready) = (0, 1, 2, 3)
        let stage = Atomic<Int>(fresh)
        var reference: WireLookupReference?
        /// References of this lookup a daemon did not know, and the sends in full left
        /// before the next try (``referenceUnknown()``).
        let unknown = Atomic<Int>(0)
        let sendsInFullLeft = Atomic<Int>(0)
    }

    /// A lookup.
    public init(_ scheme: String, in environment: Environment, content: Content = [:], textScale: Double? = nil) {
        self.scheme = scheme
        self.environment = environment
        self.content = content
        self.textScale = textScale
        encode()
    }

    private mutating func encode() {
        encoded = wire.encoded()
        state = ReferenceState()
    }

    /// The reference to send in place of the lookup: once a daemon has answered it (which
    /// keeps it under that reference), made then, once. Nil until then, for a lookup no
    /// longer than a reference, and for a while after a daemon did not know it.
    func referenceToSend() -> WireLookupReference? {
        let stage = state.stage.load(ordering: .acquiring)
        guard stage != ReferenceState.fresh, encoded.count > WireLookupReference.size else { return nil }
        if state.sendsInFullLeft.load(ordering: .relaxed) > 0 {
            state.sendsInFullLeft.subtract(1, ordering: .relaxed)
            return nil
        }
        if stage == ReferenceState.ready { return state.reference }
        let made = WireLookupReference(lookupBytes: encoded)
        // Kept by the first thread here; another one meanwhile uses the one it made.
        if state.stage.compareExchange(expected: ReferenceState.answered, desired: ReferenceState.writing, ordering: .acquiring).exchanged {
            state.reference = made
            state.stage.store(ReferenceState.ready, ordering: .releasing)
        }
        return made
    }

    /// Records that a daemon did not know the lookup's reference: it goes in full the next
    /// 1, 2, 4, … 1 024 times, one more unknown reference each. A restarted daemon costs
    /// one send in full; a daemon that does not keep this lookup (larger than it keeps, or
    /// a working set beyond its bound) a second round trip now and then, not on every call.
    func referenceUnknown() {
        let unknown = state.unknown.add(1, ordering: .relaxed).newValue
        state.sendsInFullLeft.store(1 << min(unknown - 1, 10), ordering: .relaxed)
    }

    /// Records that a daemon answered the lookup: sent again, it goes by its reference.
    func answered() {
        // Read first: a page's lookups are answered on every call, and marked once.
        guard state.stage.load(ordering: .relaxed) == ReferenceState.fresh else { return }
        _ = state.stage.compareExchange(expected: ReferenceState.fresh, desired: ReferenceState.answered, ordering: .relaxed)
    }

    var wire: WireLookup {
        WireLookup(scheme: scheme, environment: environment.request, textScale: textScale, content: WireContent(content))
    }

    var request: WireRequest { .lookup(wire) }

    public static func == (first: Lookup, second: Lookup) -> Bool {
        first.scheme == second.scheme && first.environment == second.environment && first.content == second.content
            && first.textScale == second.textScale
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(scheme)
        hasher.combine(environment)
        hasher.combine(content)
        hasher.combine(textScale)
    }
}
