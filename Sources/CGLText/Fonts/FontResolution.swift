/// What a style's font resolved to on this host.
public struct FontResolution: Sendable, Hashable {
    /// The font that draws the style's text, and the fallbacks for characters it lacks.
    public var primary: FontFile
    public var fallbacks: [FontFile]
    /// Set when the requested family is not installed and fontconfig substituted another:
    /// text still measures, in `primary`'s family.
    public var substitutedFamily: String?

    public init(primary: FontFile, fallbacks: [FontFile], substitutedFamily: String? = nil) {
        self.primary = primary
        self.fallbacks = fallbacks
        self.substitutedFamily = substitutedFamily
    }
}
