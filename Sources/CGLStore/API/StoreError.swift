/// Why the store refused or failed an operation: a stable code for programs, a message for
/// people that says what happened and how to fix it, and the input concerned.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; a struct rather than an enum so that codes can be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, such as `schemaTooNew`.
        public let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// The database was migrated by a newer binary: upgrade cgld (``StoreError/unknownMigrations``
        /// names the migrations this binary does not know).
        public static let schemaTooNew = Code("schemaTooNew")
        /// The database file cannot be opened or created (missing directory, permissions), or
        /// the SQLite library is too old for the schema.
        public static let cannotOpen = Code("cannotOpen")
        /// The file is not an SQLite database, or it is damaged.
        public static let corrupt = Code("corrupt")
        /// Reading or writing the file failed: disk full, I/O error, read-only file.
        public static let io = Code("io")
        /// A value was refused by a constraint of the schema (an empty name, a malformed hash).
        public static let constraint = Code("constraint")
        /// The database stayed locked by another process for longer than the busy timeout.
        public static let busy = Code("busy")
        /// The store was used after ``SQLiteSchemeStore/close()``.
        public static let closed = Code("closed")
        /// The calling task was cancelled before or while the database was accessed; nothing
        /// of the operation was committed.
        public static let cancelled = Code("cancelled")
        /// An argument the store cannot act on (such as a backup destination that is the
        /// database itself).
        public static let invalidArgument = Code("invalidArgument")
        /// Any other database failure; the message carries the database's own words.
        public static let database = Code("database")

        public var description: String { name }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What happened and how to fix it, naming the input.
    public var message: String
    /// The database file (or backup destination) concerned, when there is one.
    public var path: String?
    /// The scheme concerned, when the operation was about one.
    public var schemeName: String?
    /// For ``Code/schemaTooNew``: the migrations recorded in the database that this binary
    /// does not know, sorted.
    public var unknownMigrations: [String]

    /// Creates an error; the store's own errors are made by its static factories.
    public init(code: Code, message: String, path: String? = nil, schemeName: String? = nil, unknownMigrations: [String] = []) {
        self.code = code
        self.message = message
        self.path = path
        self.schemeName = schemeName
        self.unknownMigrations = unknownMigrations
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}

extension StoreError {
    static func schemaTooNew(unknown: [String], known: [String], path: String?) -> StoreError {
        let place = path.map { "The database \($0)" } ?? "The database"
        return StoreError(
            code: .schemaTooNew,
            message: "\(place) has been migrated by a newer cgld: it records the migration(s) \(unknown.joined(separator: ", ")), "
                + "which this binary does not know (it knows \(known.joined(separator: ", "))). "
                + "Upgrade cgld to the version that wrote this database; this one refuses to open it rather than risk misreading it.",
            path: path, unknownMigrations: unknown)
    }

    static func closed(operation: String, path: String?) -> StoreError {
        StoreError(code: .closed, message: "\(operation.prefix(1).uppercased() + operation.dropFirst()) failed: the store has been closed. Open a new store.",
                   path: path)
    }
}
