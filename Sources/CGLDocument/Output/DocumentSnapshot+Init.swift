package import Foundation

// Snapshots also arrive from elsewhere than `CompiledDocument.snapshot(for:)`: the client
// library decodes them from the daemon's answers and renders them with the same JSON.
extension DocumentSnapshot {
    /// A snapshot made of its parts, for our own modules (the wire bridge).
    package init(scheme: String, hash: String, engine: String, environment: LayoutEnvironment, size: CGSize, entries: [Entry],
                 contentDigest: String? = nil) {
        self.init(scheme: scheme, hash: hash, engine: engine, environment: environment, size: size, elements: entries,
                  contentDigest: contentDigest)
    }
}
