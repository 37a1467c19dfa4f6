import CGLDocument
import CGLStore

/// What a lookup asks for, resolved once: the registered scheme, the environment, and the
/// cache key they make.
struct SnapshotTarget: Sendable {
    let scheme: RegisteredScheme
    let environment: ResolvedEnvironment
    let key: SnapshotKey

    init(_ scheme: RegisteredScheme, _ environment: ResolvedEnvironment) {
        self.scheme = scheme
        self.environment = environment
        key = SnapshotKey(schemeHash: scheme.hash, engineVersion: SnapshotVersion.current, environmentKey: environment.key)
    }
}
