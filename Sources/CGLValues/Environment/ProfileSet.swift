/// Named environments (`docs/format.md` §2): the profiles snapshots are prewarmed for
/// and that `cglctl --profile` names.
///
/// The defaults are built into the library, so that every binary has them without a file;
/// `config/profiles.json` holds the same set for operators to copy and edit (a test keeps
/// the two identical). Their JSON form is read and written by `CGLDocument`
/// (`ProfileSet(json:)`, `json`).
public struct ProfileSet: Sendable {
    /// The profiles, in order; each environment carries its `profile` name.
    public var profiles: [LayoutEnvironment]

    public init(profiles: [LayoutEnvironment]) {
        self.profiles = profiles
    }

    /// The profile named `name`.
    public subscript(name: String) -> LayoutEnvironment? {
        profiles.first { $0.profile == name }
    }

    public var names: [String] { profiles.compactMap(\.profile) }
}
