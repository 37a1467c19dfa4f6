import CGLBridge
public import CGLDocument
public import CGLWire

/// Documents a client computes from itself when the daemon is unavailable, so that a
/// process keeps laying out (more slowly) while `cgld` is down.
///
/// ```swift
/// let fallback = try LocalFallback(documents: [SchemeDocument(data: feedCellJSON)])
/// let client = CGLClient(configuration: .init(fallback: fallback))
/// ```
public struct LocalFallback: Sendable {
    private let compiled: [String: CompiledDocument]
    /// The profiles that lookups by profile name resolve against.
    public let profiles: ProfileSet

    /// A fallback for `documents` (by their names), resolving profiles in `profiles`.
    public init(documents: [SchemeDocument], profiles: ProfileSet = .defaults) {
        var compiled: [String: CompiledDocument] = [:]
        for document in documents { compiled[document.name] = document.compiled() }
        self.compiled = compiled
        self.profiles = profiles
    }

    /// The names of the schemes it can compute.
    public var schemeNames: [String] { compiled.keys.sorted() }

    /// Computes a snapshot as the daemon would (its source is `computed`).
    ///
    /// - Throws: `CGLClientError` with code `fallbackFailed` naming what is unknown or
    ///   cannot be laid out.
    public func snapshot(scheme: String, environment request: WireEnvironmentRequest, socketPath: String = "") throws(CGLClientError) -> WireSnapshot {
        func failure(_ message: String) -> CGLClientError {
            CGLClientError(code: .fallbackFailed, message: "cgld is unavailable and the local fallback \(message)", socketPath: socketPath)
        }
        guard let document = compiled[scheme] else { throw failure("has no document named '\(scheme)'") }
        var environment: LayoutEnvironment
        switch request {
        case .profile(let name, let direction):
            guard let profile = profiles[name] else { throw failure("knows no profile '\(name)'") }
            environment = profile
            if let direction { environment.direction = .init(direction) }
        case .explicit(let values):
            environment = LayoutEnvironment(values)
        }
        do {
            return WireSnapshot(try document.snapshot(for: environment), source: .computed)
        } catch {
            throw failure("cannot lay out '\(scheme)': \(error)")
        }
    }
}
