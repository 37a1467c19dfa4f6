import CGLBridge
import CGLValues
import CGLWire

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
            let size = batch[index].encoding.bytes.count + 1
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
    /// marked so (``LookupEncoding/answered()``): it goes by its reference from then on.
    func batchResults(_ requests: [LookupRequest], _ answers: [Answer]) throws(CGLClientError) -> [Result<Snapshot, CGLClientError>] {
        var results: [Result<Snapshot, CGLClientError>] = []
        results.reserveCapacity(requests.reduce(0) { $0 + $1.count })
        for (request, answer) in zip(requests, answers) {
            let expected = request.count
            switch answer {
            case .snapshots(let page) where page.count == expected:
                guard case .batch(let lookups, _) = request else { break }
                // In place, through the lookups' addresses: subscripts and iterators copied each
                // lookup whole, through its value witness.
                let socketPath = configuration.socketPath
                lookups.withUnsafeBufferPointer { lookups in
                    for offset in 0 ..< page.count {
                        switch page[offset] {
                        case .success(let snapshot):
                            if lookups[offset].encoding.isFresh { lookups[offset].encoding.answered() }
                            results.append(.success(Snapshot(snapshot)))
                        case .failure(let error): results.append(.failure(.daemon(error, socketPath: socketPath)))
                        }
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
        // In place: the array's subscript copied each answer, snapshots too, to look at failures.
        results.withUnsafeBufferPointer { results in
            results.indices.filter { index in
                guard case .failure(let error) = results[index] else { return false }
                return error.refusal?.code == .unknownReference
            }
        }
    }

    /// `results` with those at `positions` replaced by `replacements`, in order.
    static func replace(_ results: inout [Result<Snapshot, CGLClientError>], at positions: [Int],
                        with replacements: [Result<Snapshot, CGLClientError>]) {
        for (position, replacement) in zip(positions, replacements) { results[position] = replacement }
    }

    private static func describe(_ answer: Answer) -> String {
        if case .snapshots(let answers) = answer { return "\(answers.count) answers" }
        return "\(answer.kind)"
    }

    /// The local fallback's snapshot when the daemon is unavailable; `error` otherwise.
    func fallback(for error: CGLClientError, _ lookup: Lookup) throws(CGLClientError) -> Snapshot {
        guard error.isDaemonUnavailable, let fallback = configuration.fallback else { throw error }
        do throws(FallbackFailure) {
            return try fallback.snapshot(for: lookup)
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
