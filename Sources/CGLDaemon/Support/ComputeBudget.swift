import CGLayout

/// What bounds one computation on the compute threads: a time budget, and the daemon's
/// stop. Layout work checks them at its safe points (between the constraints it gives a
/// solver) and gives up past either, so that no document holds a thread for long and a
/// stopping daemon is not kept waiting by work no one will read.
struct ComputeBudget: Sendable {
    /// Cancelled when the daemon starts stopping: every computation gives up.
    let stopping: LayoutCancellation
    /// How long one computation (a snapshot, or validating a document) may take.
    let limit: Duration

    /// A budget whose computations are never stopped: for tests and tools.
    static let unbounded = ComputeBudget(stopping: LayoutCancellation(), limit: .seconds(1_000_000_000))

    /// Runs `work`, which layout work bounds by this budget, counted from now.
    func run<T>(_ work: () -> T) -> T {
        LayoutCancellation.$current.withValue(LayoutCancellation(deadline: .now + limit, parent: stopping), operation: work)
    }

    /// Whether the daemon is stopping.
    var isStopping: Bool { stopping.reason != nil }
}
