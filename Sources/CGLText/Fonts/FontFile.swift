/// A font file on disk, as fontconfig or a style named it.
public struct FontFile: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file's path.
    public var path: String
    /// The face's index within the file (collections hold several).
    public var index: Int
    /// The family the font declares.
    public var family: String

    public init(path: String, index: Int = 0, family: String) {
        self.path = path
        self.index = index
        self.family = family
    }

    public var description: String { index == 0 ? path : "\(path)#\(index)" }

    public static func < (lhs: FontFile, rhs: FontFile) -> Bool {
        (lhs.path, lhs.index) < (rhs.path, rhs.index)
    }
}
