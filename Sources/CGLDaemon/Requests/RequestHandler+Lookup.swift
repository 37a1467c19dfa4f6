import CGLDocument
import CGLWire

extension RequestHandler {
    /// Resolves a lookup once: answered at once when it fails or its snapshot is in memory;
    /// else the resolved lookup, to load.
    func lookup(_ name: String, _ request: WireEnvironmentRequest, requestID: UInt32, into answers: inout AnswerBuffer) -> PendingRequest? {
        let target: SnapshotTarget
        do {
            target = try resolve(name, request)
        } catch {
            answers.append(error.wireError, requestID: requestID)
            return nil
        }
        guard let cached = snapshots.cached(target.key) else { return .lookup(name: name, target) }
        answers.append(cached.renamed(to: name), source: .memory, requestID: requestID)
        return nil
    }

    /// A lookup that missed memory: from the store, or computed. The snapshot carries
    /// `name` (snapshots are shared by content, not by name).
    func lookup(_ name: String, _ target: SnapshotTarget) async throws(RequestError) -> LoadedSnapshot {
        let found: (EncodedSnapshot, WireSnapshot.Source)
        do throws(SnapshotFailure) {
            found = try await snapshots.load(target)
        } catch {
            throw RequestError(error)
        }
        let snapshot = found.0.renamed(to: name)
        guard snapshot.fitsInFrame() else {
            throw RequestError(.tooLarge, "the snapshot of '\(name)' is \(snapshot.payload.count) bytes, over the frame size a server may send")
        }
        return LoadedSnapshot(snapshot: snapshot, source: found.1)
    }

    /// The registered scheme and the environment a lookup names.
    func resolve(_ name: String, _ request: WireEnvironmentRequest) throws(RequestError) -> SnapshotTarget {
        guard let scheme = registry.scheme(named: name) else { throw Self.notFound(name, among: registry.all().map(\.name)) }
        do throws(EnvironmentRefusal) {
            return SnapshotTarget(scheme, try resolver.environment(for: request))
        } catch {
            throw RequestError(error)
        }
    }

    /// `notFound` for `name`, with a suggestion when a registered name is close.
    static func notFound(_ name: String, among names: [String]) -> RequestError {
        var message = "no scheme is registered as '\(name)'"
        if let close = suggestion(for: name, among: names) { message += "; did you mean '\(close)'?" }
        return RequestError(.notFound, message)
    }
}

/// A snapshot a lookup found after missing memory, and where.
struct LoadedSnapshot: Sendable {
    let snapshot: EncodedSnapshot
    let source: WireSnapshot.Source

    func appendFrame(requestID: UInt32, to frame: inout [UInt8]) {
        snapshot.appendFrame(requestID: requestID, source: source, to: &frame)
    }
}
