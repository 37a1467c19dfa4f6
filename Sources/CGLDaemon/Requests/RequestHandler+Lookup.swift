import CGLBridge
import CGLDocument
import CGLWire

extension RequestHandler {
    /// Resolves a lookup once: answered at once when it fails or its snapshot is in memory;
    /// else the resolved lookup, to load.
    func lookup(_ lookup: WireLookup, requestID: UInt32, version: UInt16, into answers: inout AnswerBuffer) -> PendingRequest? {
        let name = lookup.scheme
        let target: SnapshotTarget
        do {
            target = try resolve(lookup)
        } catch {
            answers.append(error.wireError, requestID: requestID)
            return nil
        }
        guard let cached = snapshots.cached(target.key) else { return .lookup(name: name, target, version: version) }
        guard cached.fitsInFrame(named: name, version: version) else {
            answers.append(Self.tooLarge(name, cached, version: version).wireError, requestID: requestID)
            return nil
        }
        answers.append(cached, named: name, source: .memory, version: version, requestID: requestID)
        return nil
    }

    /// A lookup that missed memory: from the store, or computed. The snapshot carries
    /// `name` (snapshots are shared by content, not by name).
    func lookup(_ name: String, _ target: SnapshotTarget, version: UInt16) async throws(RequestError) -> LoadedSnapshot {
        let found: (EncodedSnapshot, WireSnapshot.Source)
        do throws(SnapshotFailure) {
            found = try await snapshots.load(target)
        } catch {
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
        let resolved = try contentKeys.resolved(lookup.content, schemeHash: scheme.hash) { () throws(RequestError) in
            let checked = try content(lookup.content, for: scheme)
            return ContentKeys.Resolved(content: checked, digest: checked.values.isEmpty ? "" : checked.digest)
        }
        return SnapshotTarget(scheme, environment, content: resolved.content, digest: resolved.digest)
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
