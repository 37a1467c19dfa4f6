import CGLDocument
import CGLStore

/// What a lookup asks for, resolved once: the registered scheme, the environment, the
/// caller's content, and the cache key they make.
///
/// A class: a batch's targets pass through the flight, the compute threads and back, and a
/// copy is then one reference rather than the dozen of its fields.
final class SnapshotTarget: Sendable {
    let scheme: RegisteredScheme
    let environment: ResolvedEnvironment
    /// Checked against the scheme's slots, without the values equal to their defaults;
    /// empty for the document's own content.
    let content: Content
    let key: SnapshotKey

    /// The target of `content`, which must be checked and normalized
    /// (`Content.normalized(for:)`): its digest is the key's.
    convenience init(_ scheme: RegisteredScheme, _ environment: ResolvedEnvironment, content: Content = .empty) {
        self.init(scheme, environment, content: content, digest: content.values.isEmpty ? "" : content.digest)
    }

    /// The target of checked, normalized `content` whose digest the caller has (`""` for no
    /// content).
    init(_ scheme: RegisteredScheme, _ environment: ResolvedEnvironment, content: Content, digest: String) {
        self.scheme = scheme
        self.environment = environment
        self.content = content
        key = SnapshotKey(schemeHash: scheme.hash, engineVersion: SnapshotVersion.current, environmentKey: environment.key, contentDigest: digest)
    }
}
