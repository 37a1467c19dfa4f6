import CGLayout
import CGLText

/// The version a stored snapshot is keyed by: the layout engine's, and the fingerprint of the
/// fonts that measure text (`docs/format.md` §3). Upgrading a font package changes the
/// fingerprint, so snapshots measured with the old fonts are never served again.
public enum SnapshotVersion {
    /// `<engine>+fonts-<fingerprint>`, computed once per process from the fonts fontconfig
    /// knows when the text engine starts; without fontconfig, `<engine>+fonts-none`.
    public static let current: String = {
        let fonts = (try? TextEngine.shared().fontFingerprint) ?? "none"
        return "\(LayoutEngine.version)+fonts-\(fonts)"
    }()
}
