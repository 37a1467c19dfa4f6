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
    /// A style names a font file by an absolute path, or one that leaves the fonts directory.
    case fontFileOutsideFontsDirectory(path: String)
    /// A style names a font file, but no fonts directory is configured.
    case noFontsDirectory(path: String)
    /// A paragraph's runs cannot be laid out: the reason names the run and what to do.
    case invalidRuns(String)

    public var description: String {
        switch self {
        case .fontconfigUnavailable:
            "fontconfig could not load its configuration (is the fontconfig package installed?)"
        case .noFontsInstalled:
            "fontconfig finds no font on this host; install one (Debian: apt-get install fonts-dejavu-core)"
        case .fontFileNotFound(let path):
            "no font file at '\(path)'; name a file relative to the fonts directory, or install the font"
        case .unreadableFontFile(let path):
            "'\(path)' is not a font file HarfBuzz can read (a regular TrueType, OpenType or collection file of at most 256 MiB)"
        case .fontFileOutsideFontsDirectory(let path):
            "the font file '\(path)' must be named relative to the fonts directory, without '..'; put the font in the fonts directory (CGL_FONTS_DIR)"
        case .noFontsDirectory(let path):
            "the font file '\(path)' needs a fonts directory; set CGL_FONTS_DIR to the folder of your fonts, or name an installed family instead"
        case .invalidRuns(let reason):
            reason
        }
    }
}
