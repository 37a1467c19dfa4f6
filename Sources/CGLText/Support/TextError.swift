/// Why text could not be set up: a font that cannot be found or read.
public enum TextError: Error, Sendable, Equatable, CustomStringConvertible {
    /// fontconfig could not load its configuration.
    case fontconfigUnavailable
    /// fontconfig knows no font at all (install one, e.g. Debian's `fonts-dejavu-core`).
    case noFontsInstalled
    /// A style names a font file that does not exist.
    case fontFileNotFound(path: String)
    /// A font file exists but is not a font HarfBuzz can read.
    case unreadableFontFile(path: String)

    public var description: String {
        switch self {
        case .fontconfigUnavailable:
            "fontconfig could not load its configuration (is the fontconfig package installed?)"
        case .noFontsInstalled:
            "fontconfig finds no font on this host; install one (Debian: apt-get install fonts-dejavu-core)"
        case .fontFileNotFound(let path):
            "no font file at '\(path)'; name a file relative to the fonts directory, or install the font"
        case .unreadableFontFile(let path):
            "'\(path)' is not a font file HarfBuzz can read (TrueType, OpenType or a collection)"
        }
    }
}
