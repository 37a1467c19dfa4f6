import CFontconfig
import CHarfBuzz
import CICUText
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fonts of this host, found with fontconfig, plus those of a configured fonts
/// directory (a deployment's brand fonts, usable by family name or by file).
///
/// Resolving a style is done once per (font, weight, slant) and kept; fontconfig itself is
/// called under a lock, the resolved faces are immutable and shared by every thread.
final class FontLibrary: Sendable {
    private struct ChainKey: Hashable {
        var source: TextStyle.Source
        var weight: Int
        var italic: Bool
    }

    private struct State {
        var chains: [ChainKey: (FontChain, FontResolution)] = [:]
        /// Chain numbers are never reused: caches key prepared paragraphs by them.
        var nextChainID: Int32 = 0
        var faces: [FontFile: FontFace] = [:]
        var used: Set<FontFile> = []
    }

    /// The families fontconfig maps to its configured defaults: asking for them never
    /// counts as a substitution.
    static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "emoji", "cursive", "fantasy", "math",
    ]

    /// The most chains kept: documents from clients may name any number of families. Past it
    /// the chains are resolved again (the loaded faces stay).
    private static let maximumChains = 4096

    /// The most fonts a chain keeps: fontconfig's trimmed sort rarely needs more.
    private static let maximumChainLength = 48

    let fontsDirectory: String?
    /// A digest of every font file fontconfig can use (path, size, modification time), of
    /// fontconfig's configuration files, and of the versions of HarfBuzz, ICU and fontconfig:
    /// it changes whenever a font package or a library that measures text is installed,
    /// upgraded or removed, or fontconfig is configured differently.
    let fingerprint: String
    private let config: FontconfigHandle
    private let state = Mutex(State())

    init(fontsDirectory: String?, scansFontsDirectory: Bool = true) throws(TextError) {
        guard let config = FcInitLoadConfigAndFonts() else { throw .fontconfigUnavailable }
        if let fontsDirectory, scansFontsDirectory {
            _ = fontsDirectory.withFcString { FcConfigAppFontAddDir(config, $0) }
        }
        self.config = FontconfigHandle(config: config)
        self.fontsDirectory = fontsDirectory
        let files = Self.installedFiles(config)
        guard !files.isEmpty else { throw .noFontsInstalled }
        fingerprint = Self.fingerprint(of: files.map(\.path) + Self.configurationFiles(config), versions: Self.libraryVersions)
    }

    deinit { FcConfigDestroy(config.config) }

    /// The chain of fonts for a style's font, weight and slant.
    func chain(for style: TextStyle) throws(TextError) -> (chain: FontChain, resolution: FontResolution) {
        let key = ChainKey(source: style.source, weight: style.weight, italic: style.italic)
        return try state.withLock { (state: inout State) throws(TextError) -> (FontChain, FontResolution) in
            if let known = state.chains[key] { return known }
            let made = try makeChain(key, state: &state)
            if state.chains.count >= Self.maximumChains { state.chains.removeAll(keepingCapacity: true) }
            state.chains[key] = made
            return made
        }
    }

    /// Marks fonts as having measured text (for `fontsInUse`).
    func noteUse(of files: [FontFile]) {
        state.withLock { state in
            for file in files { state.used.insert(file) }
        }
    }

    /// The font files that have measured text so far, sorted by path.
    var fontsInUse: [FontFile] { state.withLock { $0.used.sorted() } }

    private func makeChain(_ key: ChainKey, state: inout State) throws(TextError) -> (FontChain, FontResolution) {
        var files: [FontFile] = []
        switch key.source {
        case .family(let family):
            files = sortedFiles(family: family, weight: key.weight, italic: key.italic)
            guard !files.isEmpty else { throw .noFontsInstalled }
        case .file(let path):
            // The brand font first; characters it lacks fall back as for the generic family.
            files = [FontFile(path: try fontFile(named: path), family: "")]
                + sortedFiles(family: "sans-serif", weight: key.weight, italic: key.italic)
        }
        // The emoji font joins every chain, so that emoji presentation finds it first.
        let emojiFiles = sortedFiles(family: "emoji", weight: 400, italic: false).prefix(1)
        var faces: [FontFace] = []
        for file in files + Array(emojiFiles) where faces.count < Self.maximumChainLength {
            if let face = state.faces[file] {
                if !faces.contains(where: { $0 === face }) { faces.append(face) }
                continue
            }
            guard let face = FontFace(id: Int32(state.faces.count), file: file) else {
                // A named file must load; of fontconfig's candidates (which may include
                // formats HarfBuzz does not read), the first that loads is the primary.
                if faces.isEmpty, case .file = key.source { throw .unreadableFontFile(path: file.path) }
                continue
            }
            state.faces[file] = face
            faces.append(face)
        }
        guard !faces.isEmpty else { throw .noFontsInstalled }
        var substituted: String?
        if case .family(let family) = key.source, !Self.genericFamilies.contains(family.lowercased()),
           faces[0].file.family.lowercased() != family.lowercased() {
            substituted = faces[0].file.family
        }
        let emojiFaces = faces.indices.filter { faces[$0].hasColorGlyphs }
        let chain = FontChain(id: state.nextChainID, faces: faces, emojiFaces: emojiFaces)
        state.nextChainID &+= 1
        let resolution = FontResolution(primary: faces[0].file, fallbacks: faces.dropFirst().map(\.file), substitutedFamily: substituted)
        return (chain, resolution)
    }

    /// The largest font file read: CJK collections reach tens of megabytes.
    static let maximumFontFileSize = 256 << 20

    /// The path of a font file a style names: relative to the fonts directory and inside it
    /// (documents come from clients; they must not read or probe the rest of the host), a
    /// regular file of a sane size (not a FIFO or a device, which would block or never end).
    private func fontFile(named path: String) throws(TextError) -> String {
        guard !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else { throw .fontFileOutsideFontsDirectory(path: path) }
        guard let fontsDirectory else { throw .noFontsDirectory(path: path) }
        let joined = fontsDirectory.hasSuffix("/") ? fontsDirectory + path : fontsDirectory + "/" + path
        guard let directory = realPath(fontsDirectory), let resolved = realPath(joined) else { throw .fontFileNotFound(path: joined) }
        guard resolved.hasPrefix(directory.hasSuffix("/") ? directory : directory + "/") else { throw .fontFileOutsideFontsDirectory(path: path) }
        var info = stat()
        guard stat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= Self.maximumFontFileSize,
              access(resolved, R_OK) == 0 else { throw .unreadableFontFile(path: joined) }
        return resolved
    }

    private func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// fontconfig's sorted, trimmed set for a pattern: the best match first, then the fonts
    /// that add coverage, in order of preference (what Pango's fallback walks).
    private func sortedFiles(family: String, weight: Int, italic: Bool) -> [FontFile] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        _ = family.withFcString { FcPatternAddString(pattern, "family", $0) }
        FcPatternAddInteger(pattern, "weight", FcWeightFromOpenType(Int32(weight)))
        FcPatternAddInteger(pattern, "slant", italic ? 100 : 0)  // FC_SLANT_ITALIC, FC_SLANT_ROMAN
        FcConfigSubstitute(config.config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let set = FcFontSort(config.config, pattern, 1, nil, &result) else { return [] }
        defer { FcFontSetDestroy(set) }
        return Self.files(in: set)
    }

    private static func files(in set: UnsafeMutablePointer<FcFontSet>) -> [FontFile] {
        var files: [FontFile] = []
        var seen: Set<FontFile> = []
        for position in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[position] else { continue }
            var path: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, "file", 0, &path) == FcResultMatch, let path else { continue }
            var index: Int32 = 0
            _ = FcPatternGetInteger(pattern, "index", 0, &index)
            var family: UnsafeMutablePointer<FcChar8>?
            let familyName = FcPatternGetString(pattern, "family", 0, &family) == FcResultMatch && family != nil
                ? String(cString: family!) : ""
            let file = FontFile(path: String(cString: path), index: Int(index), family: familyName)
            if seen.insert(file).inserted { files.append(file) }
        }
        return files
    }

    /// Every font file fontconfig can use: the system's and the fonts directory's.
    private static func installedFiles(_ config: OpaquePointer) -> [FontFile] {
        var files: [FontFile] = []
        for kind in [FcSetSystem, FcSetApplication] {
            if let set = FcConfigGetFonts(config, kind) { files += self.files(in: set) }
        }
        return files
    }

    /// The configuration files fontconfig read (its conf.d and any user configuration).
    private static func configurationFiles(_ config: OpaquePointer) -> [String] {
        guard let list = FcConfigGetConfigFiles(config) else { return [] }
        defer { FcStrListDone(list) }
        var files: [String] = []
        while let file = FcStrListNext(list) { files.append(String(cString: file)) }
        return files
    }

    /// The versions of the libraries that shape, break and find fonts.
    private static var libraryVersions: String {
        var buffer = [UInt8](repeating: 0, count: 32)
        buffer.withUnsafeMutableBufferPointer { $0.withMemoryRebound(to: CChar.self) { cgl_icu_version($0.baseAddress) } }
        let icu = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        let harfBuzz = String(cString: hb_version_string())
        return "harfbuzz \(harfBuzz); icu \(icu); fontconfig \(FcGetVersion())"
    }

    /// FNV-1a (64 bits) over the library versions and each file's path, size and modification
    /// time, sorted: a change detector, not a security measure.
    private static func fingerprint(of paths: [String], versions: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for described in [versions + "\n"] + Set(paths).sorted().map({ "\($0)\t\(fileStamp($0) ?? "-")\n" }) {
            for byte in described.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        return String(hash, radix: 16).leftPadded(to: 16)
    }
}

/// A file's size and modification time, or `nil` if it cannot be read.
private func fileStamp(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if os(Linux)
    return "\(info.st_size)\t\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    #else
    return "\(info.st_size)\t\(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
    #endif
}

/// fontconfig's configuration, owned by one library and only used under its lock.
// Unchecked: a raw pointer, used only in init, deinit and under the library's lock.
private struct FontconfigHandle: @unchecked Sendable {
    let config: OpaquePointer
}

extension String {
    fileprivate func withFcString<R>(_ body: (UnsafePointer<FcChar8>) -> R) -> R {
        withCString { pointer in pointer.withMemoryRebound(to: FcChar8.self, capacity: utf8.count + 1, body) }
    }

    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
