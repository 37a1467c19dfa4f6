import CGLStore
import CGLWire

extension RequestHandler {
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
