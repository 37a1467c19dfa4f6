public import CGLClient
import CGLDocumentBridge
public import CGLDocument
import CGLWire
import Foundation

/// Documents a client computes from itself when the daemon is unavailable, so that a
/// process keeps laying out (more slowly) while `cgld` is down.
///
/// ```swift
/// let fallback = try LocalFallback(folder: "/etc/cgld/schemes.d")     // the daemon's schemes folder
/// let client = CGLClient(configuration: .init(fallback: fallback))
/// ```
public struct LocalFallback: SnapshotFallback {
    /// Why the fallback could not compute a snapshot, or could not be made.
    public typealias Failure = FallbackFailure

    private let compiled: [String: CompiledDocument]
    /// The profiles that lookups by profile name resolve against.
    public let profiles: ProfileSet

    /// A fallback for `documents` (by their names; a later one replaces an earlier one of
    /// the same name), resolving profiles in `profiles`.
    public init(documents: [SchemeDocument], profiles: ProfileSet = .defaults) {
        var compiled: [String: CompiledDocument] = [:]
        for document in documents { compiled[document.name] = document.compiled() }
        self.compiled = compiled
        self.profiles = profiles
    }

    /// A fallback for one document.
    public init(document: SchemeDocument, profiles: ProfileSet = .defaults) {
        self.init(documents: [document], profiles: profiles)
    }

    /// A fallback for every `*.json` document of a folder, as the daemon registers its
    /// schemes folder (`schemes.directory`: `config/schemes.d`, `/etc/cgld/schemes.d`).
    ///
    /// - Throws: ``Failure`` naming the folder when it cannot be read, or the first file
    ///   that cannot be read or holds an invalid document, with its first error.
    public init(folder: String, profiles: ProfileSet = .defaults) throws(Failure) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw Failure(message: "cannot read the folder \(folder): \(error.localizedDescription)")
        }
        var documents: [SchemeDocument] = []
        for name in names {
            let path = (folder as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path) else { throw Failure(message: "cannot read \(path)") }
            do {
                documents.append(try SchemeDocument(data: data))
            } catch {
                throw Failure(message: "\(path) is invalid: \(error.errors.first.map { $0.line(file: path) } ?? "\(error)")")
            }
        }
        self.init(documents: documents, profiles: profiles)
    }

    /// The names of the schemes it can compute.
    public var schemeNames: [String] { compiled.keys.sorted() }

    /// Computes a snapshot as the daemon would (its source is `computed`), with the
    /// caller's content and text scale.
    ///
    /// - Throws: ``Failure`` naming what is unknown, does not fit the slots, or cannot be
    ///   laid out.
    public func snapshot(_ scheme: String, in environment: Environment, content: Content = [:],
                         textScale: Double? = nil) throws(Failure) -> Snapshot {
        guard let document = compiled[scheme] else { throw Failure(message: "has no document named '\(scheme)'") }
        guard var resolved = environment.resolved(in: profiles) else {
            throw Failure(message: "knows no profile '\(environment.profileName ?? "")'")
        }
        if let textScale { resolved.textScale = textScale }
        do {
            return Snapshot(WireSnapshot(try document.snapshot(for: resolved, content: content), source: .computed))
        } catch {
            throw Failure(message: "cannot lay out '\(scheme)' for \(environment): \(error)")
        }
    }

    /// The snapshot of `lookup`, as ``snapshot(_:in:content:textScale:)`` computes it.
    public func snapshot(for lookup: Lookup) throws(Failure) -> Snapshot {
        try snapshot(lookup.scheme, in: lookup.environment, content: lookup.content, textScale: lookup.textScale)
    }
}
