/// Why the daemon cannot start or had to stop: a stable code, and a message that says what
/// happened and how to fix it.
public struct DaemonError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; a struct so that codes can be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, such as `socketInUse`.
        public let name: String

        /// A configuration value is missing, malformed or out of range.
        public static let configuration = Code(name: "configuration")
        /// Another daemon answers on the socket path.
        public static let socketInUse = Code(name: "socketInUse")
        /// Another daemon holds the database's lock: one daemon per database.
        public static let databaseInUse = Code(name: "databaseInUse")
        /// The socket cannot be created or bound (a path too long, a missing permission, a
        /// file in the way).
        public static let socket = Code(name: "socket")
        /// The store cannot be opened or migrated.
        public static let store = Code(name: "store")
        /// The profiles file cannot be read or is invalid.
        public static let profiles = Code(name: "profiles")
        /// The fleet's shared registry was migrated by a newer cgld.
        public static let registry = Code(name: "registry")

        public var description: String { name }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What happened and how to fix it.
    public var message: String

    /// An error.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    static func configuration(key: String, value: String, expected: String) -> DaemonError {
        DaemonError(code: .configuration, message: "the configuration key '\(key)' is \(value); it must be \(expected)")
    }
}

extension DaemonError {
    /// One error for `problems`: the only one itself, or all of them listed under one
    /// message (code `configuration`); nil for none.
    public static func gathering(_ problems: [DaemonError]) -> DaemonError? {
        guard let first = problems.first else { return nil }
        guard problems.count > 1 else { return first }
        let lines = problems.map { "- " + $0.message.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ") }
        return DaemonError(code: .configuration, message: "\(problems.count) problems in the configuration:\n" + lines.joined(separator: "\n"))
    }
}
