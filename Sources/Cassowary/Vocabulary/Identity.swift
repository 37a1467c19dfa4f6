import Synchronization

/// Hands out process-wide unique identities for variables and constraints.
///
/// Identity, not content, is what the solver keys on (two `Variable("x")` are different
/// unknowns; two `x == 0` are different constraints), and values must stay cheap and
/// `Sendable`. A relaxed atomic counter gives both: no reference to share, no lock.
enum Identity {
    private static let counter = Atomic<Int>(1)

    /// A fresh identity, never returned before in this process.
    static func next() -> Int {
        counter.wrappingAdd(1, ordering: .relaxed).oldValue
    }
}
