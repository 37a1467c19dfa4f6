/// What registering a document under a name did.
public enum RegistrationOutcome: Sendable, Hashable {
    /// The name was new.
    case created
    /// The name was registered with another document, now replaced. When `previousHash`
    /// differs from the new hash, the previous hash's snapshots were deleted (unless another
    /// name still has that hash); when it is the same, only the bytes changed (formatting,
    /// description) and the snapshots stay valid.
    case updated(previousHash: String)
    /// The name was registered with exactly these bytes, hash and element count: nothing
    /// was written.
    case unchanged
}
