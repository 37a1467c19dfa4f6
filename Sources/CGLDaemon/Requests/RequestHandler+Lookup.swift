import CGLBridge
import CGLDocument
import CGLWire
import Synchronization

/// One lookup of a request, as far as the event loop got: found, failed, or still to load.
enum BatchItem: Sendable {
    case found(EncodedSnapshot, name: String, source: WireSnapshot.Source)
    case failed(WireError)
    /// Still to load; `reference` is the one the lookup is kept under, if any (forgotten
    /// when the load fails).
    case pending(name: String, SnapshotTarget, reference: WireLookupReference?)
}

extension RequestHandler {
    /// Resolves the lookups of a `lookup` or `lookupBatch` frame on the event loop: answered
    /// into `answers` when each one failed or was found in memory; else what is left to load.
    ///
    /// A lookup whose bytes were resolved before (``LookupKeys``) is found by them alone;
    /// any other is decoded and resolved, and its bytes kept.
    ///
    /// - Throws: `WireDecodingError` when a lookup's bytes do not decode; nothing was
    ///   answered or counted, and the caller answers the frame as the full decoder does.
    func lookups(_ frame: WireLookupFrame, version: UInt16, into answers: inout AnswerBuffer) throws(WireDecodingError) -> PendingRequest? {
        let requestID = frame.requestID
        guard !frame.isBatch || frame.count <= maximumBatchItems else {
            // A malformed batch is refused as malformed, whatever its size.
            try frame.forEachItem { _, _ in }
            answers.append(WireError(code: .tooLarge, message: "a batch of \(frame.count) lookups; this daemon answers at most \(maximumBatchItems) in one (limits.maxBatchItems): split it"),
                           requestID: requestID)
            return nil
        }
        let generation = registry.generation
        guard frame.isBatch else {
            // One lookup: no array of items.
            var found: BatchItem?
            try frame.forEachItem { _, lookup throws(WireDecodingError) in
                found = try item(lookup, referable: false, version: version, registryGeneration: generation)
            }
            guard let found else { return nil }
            if case .found = found { snapshots.countMemoryHits(1) }
            return single(found, requestID: requestID, version: version, into: &answers)
        }
        if frame.hasReferences, try answerWarmPage(frame, registryGeneration: generation, version: version, into: &answers) { return nil }
        var items: [BatchItem] = []
        items.reserveCapacity(frame.count)
        let referable = frame.hasReferences
        // Counted once per frame: the counters are shared by every event loop.
        var (known, unknown) = (0, 0)
        try frame.forEachItem { _, lookup throws(WireDecodingError) in
            let answer = try item(lookup, referable: referable, version: version, registryGeneration: generation)
            if case .reference = lookup {
                if case .failed(let error) = answer, error.code == .unknownReference { unknown += 1 } else { known += 1 }
            }
            items.append(answer)
        }
        if known > 0 { counters.lookupsByReference.add(known, ordering: .relaxed) }
        if unknown > 0 { counters.unknownReferences.add(unknown, ordering: .relaxed) }
        var isComplete = true
        var hits = 0
        for item in items {
            switch item {
            case .found: hits += 1
            case .pending: isComplete = false
            case .failed: break
            }
        }
        snapshots.countMemoryHits(hits)
        guard isComplete else { return .batch(items, version: version) }
        if !answers.appendFound(items, requestID: requestID, version: version) {
            answers.append { Self.snapshotsFrame(items, requestID: requestID, version: version, reusing: $0) }
        }
        return nil
    }

    /// Answers a page sent whole by reference, each lookup resolved in this registry and its
    /// snapshot in memory: the warm path of a kept page, with a lock of each table per page
    /// rather than per lookup, and no item made. False, with nothing answered or counted,
    /// for any other page (the general path then answers it).
    private func answerWarmPage(_ frame: WireLookupFrame, registryGeneration: UInt64, version: UInt16, into answers: inout AnswerBuffer) throws(WireDecodingError) -> Bool {
        var references: [WireLookupReference] = []
        references.reserveCapacity(frame.count)
        var isWhole = true
        try frame.forEachItem { _, item in
            guard case .reference(let reference) = item else {
                isWhole = false
                return
            }
            references.append(reference)
        }
        guard isWhole else { return false }
        // Where the hot cache remembers each reference's entry; else each resolved to its
        // key, and the entries remembered for the next time.
        let page = HotCache.PageReferences(references: references, registryGeneration: registryGeneration, version: version,
                                           lookupKeysAge: lookupKeys.age)
        if !answers.appendFound(page, from: snapshots.hotCache, requestID: frame.requestID) {
            guard let resolved = lookupKeys.resolved(references: references, registryGeneration: registryGeneration),
                  answers.appendFound(resolved, remembering: page, from: snapshots.hotCache, requestID: frame.requestID, version: version) else { return false }
        }
        counters.lookupsByReference.add(references.count, ordering: .relaxed)
        snapshots.countMemoryHits(references.count)
        return true
    }

    /// Answers the one lookup of a `lookup` frame, or returns it to load.
    private func single(_ item: BatchItem, requestID: UInt32, version: UInt16, into answers: inout AnswerBuffer) -> PendingRequest? {
        switch item {
        case .found(let snapshot, let name, let source):
            guard snapshot.fitsInFrame(named: name, version: version) else {
                answers.append(Self.tooLarge(name, snapshot, version: version).wireError, requestID: requestID)
                return nil
            }
            answers.append(snapshot, named: name, source: source, version: version, requestID: requestID)
            return nil
        case .failed(let error):
            answers.append(error, requestID: requestID)
            return nil
        case .pending(let name, let target, _):
            return .lookup(name: name, target, version: version)
        }
    }

    /// One lookup of a frame, by its bytes or its reference.
    ///
    /// - Parameter referable: Whether the frame may name lookups by reference afterwards
    ///   (`lookupBatchWithReferences`): a lookup sent in full is then kept under its reference.
    private func item(_ item: WireLookupFrame.Item, referable: Bool, version: UInt16,
                      registryGeneration: UInt64) throws(WireDecodingError) -> BatchItem {
        switch item {
        case .lookup(let bytes):
            return try self.item(bytes, version: version, registryGeneration: registryGeneration, reference: referable ? .compute : .none)
        case .reference(let reference):
            // The warm path: resolved in this registry, its snapshot in memory.
            if let resolved = lookupKeys.resolved(reference: reference, registryGeneration: registryGeneration),
               let cached = snapshots.hotCache.get(resolved.key) {
                return .found(cached, name: resolved.name, source: .memory)
            }
            guard let referenced = lookupKeys.find(reference: reference, registryGeneration: registryGeneration) else {
                // Short: a hostile client's 33 bytes must not become much more (the reference
                // is the client's own; its place in the batch names it).
                return .failed(WireError(code: .unknownReference, message: "unknown reference (never sent in full, or forgotten): send this lookup in full"))
            }
            if let resolved = referenced.resolved, let cached = snapshots.hotCache.get(resolved.key) {
                return .found(cached, name: resolved.name, source: .memory)
            }
            // Resolved in an earlier registry, or its snapshot left memory: the lookup's own
            // bytes, as first sent, resolved again.
            // `withUnsafeBytes` rethrows untyped errors: the typed one travels in a `Result`.
            return try referenced.bytes.withUnsafeBytes { bytes in
                Result { () throws(WireDecodingError) in
                    try self.item(bytes, version: referenced.version, registryGeneration: registryGeneration, reference: .known(reference))
                }
            }.get()
        }
    }

    /// What a lookup sent in full needs of its reference.
    private enum ReferenceNeed {
        /// None: the frame cannot name lookups by reference.
        case none
        /// The SHA-256 of its bytes, unless its entry has it.
        case compute
        /// This one: the lookup was named by it.
        case known(WireLookupReference)

        var isNeeded: Bool {
            if case .none = self { false } else { true }
        }
    }

    /// One lookup by its bytes: found in memory by them, or decoded and resolved.
    private func item(_ bytes: UnsafeRawBufferPointer, version: UInt16, registryGeneration: UInt64,
                      reference need: ReferenceNeed) throws(WireDecodingError) -> BatchItem {
        let hash = lookupKeys.hash(bytes, version: version)
        // The lookup's reference, once known or computed (at most once).
        var reference: WireLookupReference?
        if !need.isNeeded {
            if let known = lookupKeys.find(bytes, version: version, hash: hash, registryGeneration: registryGeneration),
               let cached = snapshots.hotCache.get(known.key) {
                return .found(cached, name: known.name, source: .memory)
            }
        } else if let (known, kept) = lookupKeys.findReferable(bytes, version: version, hash: hash, registryGeneration: registryGeneration) {
            reference = kept
            if kept == nil {
                let made = Self.reference(need, of: bytes)
                lookupKeys.attach(made, to: bytes, version: version, hash: hash, registryGeneration: registryGeneration)
                reference = made
            }
            if let cached = snapshots.hotCache.get(known.key) { return .found(cached, name: known.name, source: .memory) }
        }
        let lookup = try WireLookup(item: bytes, version: version)
        let target: SnapshotTarget
        do {
            target = try resolve(lookup)
        } catch {
            DaemonCounters.increment(counters.lookupFailures)
            return .failed(error.wireError)
        }
        if need.isNeeded, reference == nil { reference = Self.reference(need, of: bytes) }
        lookupKeys.insert(LookupKeys.Resolved(key: target.key, name: lookup.scheme), bytes: bytes, version: version, hash: hash,
                          registryGeneration: registryGeneration, reference: reference)
        guard let cached = snapshots.hotCache.get(target.key) else { return .pending(name: lookup.scheme, target, reference: reference) }
        return .found(cached, name: lookup.scheme, source: .memory)
    }

    /// The reference `need` names, or the SHA-256 of `bytes`.
    private static func reference(_ need: ReferenceNeed, of bytes: UnsafeRawBufferPointer) -> WireLookupReference {
        if case .known(let reference) = need { return reference }
        return WireLookupReference(lookupBytes: bytes)
    }

    /// A lookup that missed memory: from the store, or computed. The snapshot carries
    /// `name` (snapshots are shared by content, not by name).
    func lookup(_ name: String, _ target: SnapshotTarget, version: UInt16) async throws(RequestError) -> LoadedSnapshot {
        let found: (EncodedSnapshot, WireSnapshot.Source)
        do throws(SnapshotFailure) {
            found = try await snapshots.load(target)
        } catch {
            DaemonCounters.increment(counters.lookupFailures)
            throw RequestError(error)
        }
        guard found.0.fitsInFrame(named: name, version: version) else { throw Self.tooLarge(name, found.0, version: version) }
        return LoadedSnapshot(snapshot: found.0, name: name, source: found.1)
    }

    /// `tooLarge` for a snapshot whose frame would pass the 8 MiB every client accepts.
    static func tooLarge(_ name: String, _ snapshot: EncodedSnapshot, version: UInt16) -> RequestError {
        RequestError(.tooLarge, "the snapshot of '\(quoted(name))' would be a frame of \(snapshot.frameSize(named: name, version: version)) bytes, over the \(WireFrame.defaultMaximumSize) a server may send")
    }

    /// The registered scheme, the environment (with its text scale) and the content a
    /// lookup names, checked.
    func resolve(_ lookup: WireLookup) throws(RequestError) -> SnapshotTarget {
        guard let scheme = registry.scheme(named: lookup.scheme) else { throw Self.notFound(lookup.scheme, among: registry.all().map(\.name)) }
        let environment: ResolvedEnvironment
        do throws(EnvironmentRefusal) {
            environment = try resolver.environment(for: lookup.environment, textScale: lookup.textScale)
        } catch {
            throw RequestError(error)
        }
        guard !lookup.content.isEmpty else { return SnapshotTarget(scheme, environment) }
        let checked = try content(lookup.content, for: scheme)
        return SnapshotTarget(scheme, environment, content: checked, digest: checked.values.isEmpty ? "" : checked.digest)
    }

    /// `content` checked against the slots of `scheme` and the configured limits, without
    /// the values equal to the defaults.
    func content(_ content: WireContent, for scheme: RegisteredScheme) throws(RequestError) -> Content {
        guard !content.isEmpty else { return .empty }
        let document = scheme.compiled.document
        do throws(ContentError) {
            let checked = try Content(content)
            try checked.validate(for: document, limits: contentLimits)
            return checked.normalized(for: document)
        } catch {
            throw RequestError.invalidContent(error, scheme: scheme.name)
        }
    }

    /// `notFound` for `name`, with a suggestion when a registered name is close.
    static func notFound(_ name: String, among names: [String]) -> RequestError {
        var message = "no scheme is registered as '\(quoted(name))'"
        if let close = suggestion(for: name, among: names) { message += "; did you mean '\(close)'?" }
        return RequestError(.notFound, message)
    }
}

/// A snapshot a lookup found after missing memory, the name it was asked for, and where.
struct LoadedSnapshot: Sendable {
    let snapshot: EncodedSnapshot
    let name: String
    let source: WireSnapshot.Source

    func appendFrame(requestID: UInt32, version: UInt16, to frame: inout [UInt8]) {
        snapshot.appendFrame(requestID: requestID, source: source, named: name, version: version, to: &frame)
    }
}
