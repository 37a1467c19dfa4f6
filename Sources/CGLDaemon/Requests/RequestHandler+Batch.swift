import CGLStore
import CGLWire

/// One lookup of a batch, as far as it got: found, failed, or still to load.
enum BatchItem: Sendable {
    case found(EncodedSnapshot, name: String, source: WireSnapshot.Source)
    case failed(WireError)
    case pending(name: String, SnapshotTarget)
}

extension RequestHandler {
    /// Resolves every lookup of a batch on the event loop: answered at once when each one
    /// failed or was found in memory; else the batch, to complete.
    func lookupBatch(_ lookups: [WireLookup], requestID: UInt32, into answers: inout AnswerBuffer) -> PendingRequest? {
        guard lookups.count <= maximumBatchItems else {
            answers.append(WireError(code: .tooLarge, message: "a batch of \(lookups.count) lookups; this daemon answers at most \(maximumBatchItems) in one (limits.maxBatchItems): split it"),
                           requestID: requestID)
            return nil
        }
        var items: [BatchItem] = []
        items.reserveCapacity(lookups.count)
        var isComplete = true
        for lookup in lookups {
            do {
                let target = try resolve(lookup)
                if let cached = snapshots.cached(target.key) {
                    items.append(.found(cached, name: lookup.scheme, source: .memory))
                } else {
                    items.append(.pending(name: lookup.scheme, target))
                    isComplete = false
                }
            } catch {
                items.append(.failed(error.wireError))
            }
        }
        guard isComplete else { return .batch(items) }
        answers.append(frame: Self.snapshotsFrame(items, requestID: requestID))
        return nil
    }

    /// Loads the lookups of a batch that missed memory, together (``SnapshotService/load(_:)-([SnapshotTarget])``):
    /// in parallel across the compute threads, a key asked for twice loaded once.
    func complete(_ items: [BatchItem]) async -> [BatchItem] {
        var targets: [SnapshotKey: SnapshotTarget] = [:]
        for case .pending(_, let target) in items where targets[target.key] == nil { targets[target.key] = target }
        let loaded = await snapshots.load(Array(targets.values))
        var first: Set<SnapshotKey> = []
        return items.map { item in
            guard case .pending(let name, let target) = item, let result = loaded[target.key] else { return item }
            switch result {
            case .success(let (snapshot, source)):
                // A repeat of a key loaded for an earlier item of the batch counts as a lookup too.
                if !first.insert(target.key).inserted { counters.record(source) }
                return .found(snapshot, name: name, source: source)
            case .failure(let error):
                return .failed(RequestError(error).wireError)
            }
        }
    }

    /// The `snapshots` frame answering a batch whose every item is found or failed.
    static func snapshotsFrame(_ items: [BatchItem], requestID: UInt32) -> [UInt8] {
        let capacity = items.reduce(0) { total, item in
            if case .found(let snapshot, let name, _) = item { return total + SnapshotsFrameWriter.answerSize(of: snapshot, named: name) }
            return total + 256
        }
        var writer = SnapshotsFrameWriter(requestID: requestID, count: items.count, capacity: capacity)
        for item in items {
            switch item {
            case .found(let snapshot, let name, let source): writer.append(snapshot, named: name, source: source)
            case .failed(let error): writer.append(error)
            case .pending(let name, _):
                writer.append(WireError(code: .internal, message: "the lookup of '\(quoted(name))' was not completed"))
            }
        }
        return writer.finish()
    }
}
