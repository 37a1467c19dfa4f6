/// What went wrong with the shared registry.
public struct FleetError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        /// PostgreSQL could not be reached, or did not answer in time: nothing was written.
        case registryUnavailable
        /// The registry was migrated by a newer `cgld`; this one refuses to use it.
        case schemaTooNew
        /// `registry.url` is not a PostgreSQL URL this daemon can use.
        case invalidURL
        /// The registry refused a value (a name too long, a malformed hash).
        case refused
    }

    public var code: Code
    /// What happened, for people: never a password.
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
