/// Facts about this build of the engine.
public enum LayoutEngine {
    /// The version of the layout math. It is part of every cache key of stored snapshots:
    /// bump it whenever a change to the engine can change a frame, so that no stale snapshot
    /// is ever served.
    public static let version = "6"
}

extension LayoutEngine {
    /// The release of cglayout this build is: what `cgld` reports in `pong` and both tools
    /// print for `--version`.
    public static let release = "0.1.0"
}
