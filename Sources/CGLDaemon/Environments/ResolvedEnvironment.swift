import CGLBridge
import CGLDocument

/// An environment to lay out, with its cache key (which takes a few microseconds to
/// build: profiles have theirs built once).
struct ResolvedEnvironment: Sendable, Hashable {
    let environment: LayoutEnvironment
    let key: String

    init(_ environment: LayoutEnvironment) {
        self.environment = environment
        key = environment.cacheKey
    }
}
