import CGLWire

extension RequestHandler {
    /// Loads the lookups of a batch that missed memory, together (``SnapshotService/load(_:)-([SnapshotTarget])``):
    /// in parallel across the compute threads, a key asked for twice loaded once.
    func complete(_ items: [BatchItem]) async -> [BatchItem] {
        let (pending, targets) = Self.pending(items)
        return self.completed(items, pending: pending, loaded: await snapshots.load(targets))
    }

    /// ``complete(_:)`` without Swift's cooperative pool, when the misses allow it
    /// (``SnapshotService/loadDirectly(_:done:)``): `done` gets the completed items on a
    /// compute thread. False, with nothing started, when they do not.
    func completeDirectly(_ items: [BatchItem], done: @escaping @Sendable ([BatchItem]) -> Void) -> Bool {
        let (pending, targets) = Self.pending(items)
        return snapshots.loadDirectly(targets) { loaded in
            done(self.completed(items, pending: pending, loaded: loaded))
        }
    }

    /// Where the pending items are, and their targets.
    private static func pending(_ items: [BatchItem]) -> (positions: [Int], targets: [SnapshotTarget]) {
        var positions: [Int] = []
        var targets: [SnapshotTarget] = []
        for (index, item) in items.enumerated() {
            guard case .pending(_, let target, _) = item else { continue }
            positions.append(index)
            targets.append(target)
        }
        return (positions, targets)
    }

    /// `items` with the pending ones at `pending` replaced by what loading them gave.
    private func completed(_ items: [BatchItem], pending: [Int],
                           loaded: [Result<(EncodedSnapshot, WireSnapshot.Source), SnapshotFailure>]) -> [BatchItem] {
        var completed = items
        for (index, result) in zip(pending, loaded) {
            guard case .pending(let name, _, let reference) = items[index] else { continue }
            switch result {
            case .success(let (snapshot, source)): completed[index] = .found(snapshot, name: name, source: source)
            case .failure(let error):
                DaemonCounters.increment(counters.lookupFailures)
                // Resolved, then failed to lay out (or to load): not kept, as a lookup that
                // failed to resolve is not.
                if let reference { lookupKeys.forget(reference: reference) }
                completed[index] = .failed(RequestError(error).wireError)
            }
        }
        return completed
    }

    /// The `snapshots` frame answering a batch whose every item is found or failed.
    ///
    /// - Parameter buffer: An array whose storage to write the frame into.
    static func snapshotsFrame(_ items: [BatchItem], requestID: UInt32, version: UInt16, reusing buffer: consuming [UInt8] = []) -> [UInt8] {
        let capacity = items.reduce(0) { total, item in
            if case .found(let snapshot, let name, _) = item { return total + SnapshotsFrameWriter.answerSize(of: snapshot, .asked(name), version: version) }
            return total + 256
        }
        var writer = SnapshotsFrameWriter(requestID: requestID, count: items.count, version: version, capacity: capacity, reusing: buffer)
        for item in items {
            switch item {
            case .found(let snapshot, let name, let source): writer.append(snapshot, named: name, source: source)
            case .failed(let error): writer.append(error)
            case .pending(let name, _, _):
                writer.append(WireError(code: .internal, message: "the lookup of '\(quoted(name))' was not completed"))
            }
        }
        return writer.finish()
    }
}
