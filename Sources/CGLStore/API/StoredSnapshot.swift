public import Foundation

/// A computed layout snapshot and what it cost, as the store keeps it.
public struct StoredSnapshot: Sendable, Hashable {
    /// What the snapshot is the layout of.
    public var key: SnapshotKey
    /// The compact binary snapshot; the store never looks inside.
    public var payload: Data
    /// How long computing it took (kept to the nanosecond).
    public var computeTime: Duration
    /// When it was computed.
    public var createdAt: Date

    /// - Parameters:
    ///   - key: What the snapshot is the layout of.
    ///   - payload: The encoded snapshot.
    ///   - computeTime: How long computing it took; negative values are stored as zero.
    ///   - createdAt: When it was computed; now by default.
    public init(key: SnapshotKey, payload: Data, computeTime: Duration, createdAt: Date = Date()) {
        self.key = key
        self.payload = payload
        self.computeTime = computeTime
        self.createdAt = createdAt
    }
}
