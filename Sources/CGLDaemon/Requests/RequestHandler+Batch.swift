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

    /// Loads the lookups of a batch that missed memory, in parallel (the compute threads
    /// take the misses); a key asked for twice is loaded once.
    func complete(_ items: [BatchItem]) async -> [BatchItem] {
        var first: [SnapshotKey: Int] = [:]
        var loads: [(index: Int, target: SnapshotTarget)] = []
        for (index, item) in items.enumerated() {
            guard case .pending(_, let target) = item, first[target.key] == nil else { continue }
            first[target.key] = index
            loads.append((index, target))
        }
        var loaded: [Int: Result<(EncodedSnapshot, WireSnapshot.Source), RequestError>] = [:]
        await withTaskGroup(of: (Int, Result<(EncodedSnapshot, WireSnapshot.Source), RequestError>).self) { group in
            for (index, target) in loads {
                group.addTask { [snapshots] in
                    do throws(SnapshotFailure) {
                        return (index, .success(try await snapshots.load(target)))
                    } catch {
                        return (index, .failure(RequestError(error)))
                    }
                }
            }
            for await (index, result) in group { loaded[index] = result }
        }
        return items.enumerated().map { index, item in
            guard case .pending(let name, let target) = item, let origin = first[target.key], let result = loaded[origin] else { return item }
            switch result {
            case .success(let (snapshot, source)):
                // A repeat of a key loaded for an earlier item of the batch counts as a lookup too.
                if origin != index { counters.record(source) }
                return .found(snapshot, name: name, source: source)
            case .failure(let error):
                return .failed(error.wireError)
            }
        }
    }

    /// The `snapshots` frame answering a batch whose every item is found or failed.
    static func snapshotsFrame(_ items: [BatchItem], requestID: UInt32) -> [UInt8] {
        var writer = SnapshotsFrameWriter(requestID: requestID, count: items.count)
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
