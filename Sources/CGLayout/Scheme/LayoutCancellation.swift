import Synchronization

/// A way to stop long layout work early: compiling and solving equations, finding which
/// equations conflict. The work checks ``current`` at safe points (between the constraints
/// it adds to a solver) and, once it is cancelled, stops with a result that its caller
/// must discard; ``LayoutCancellation/checkpoint()`` says whether that happened.
///
/// A server bounds each computation by binding a cancellation with a deadline, and stops
/// them all at shutdown through a shared parent:
///
/// ```swift
/// let stopping = LayoutCancellation()
/// let budget = LayoutCancellation(deadline: .now + .seconds(5), parent: stopping)
/// let snapshot = try LayoutCancellation.$current.withValue(budget) { try compiled.snapshot(for: environment) }
/// // elsewhere, at shutdown: stopping.cancel()
/// ```
///
/// Layout work with no cancellation bound (the default) is never stopped.
public final class LayoutCancellation: Sendable {
    /// Why work stopped.
    public enum Reason: Sendable, Equatable {
        /// ``cancel()`` was called (on this cancellation or a parent).
        case cancelled
        /// The deadline passed.
        case deadlinePassed
    }

    private let cancelled = Atomic<Bool>(false)
    private let deadline: ContinuousClock.Instant?
    private let parent: LayoutCancellation?

    /// A cancellation that stops work once ``cancel()`` is called on it or on `parent`, or
    /// once `deadline` passes.
    public init(deadline: ContinuousClock.Instant? = nil, parent: LayoutCancellation? = nil) {
        self.deadline = deadline
        self.parent = parent
    }

    /// Stops the work bound to this cancellation, and to those it is the parent of, at
    /// their next safe point.
    public func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    /// Why work bound to this cancellation should stop, or `nil` while it may go on.
    public var reason: Reason? {
        if cancelled.load(ordering: .relaxed) { return .cancelled }
        if let reason = parent?.reason { return reason }
        if let deadline, ContinuousClock.now >= deadline { return .deadlinePassed }
        return nil
    }

    /// The cancellation the layout work of this task (or thread) checks.
    @TaskLocal public static var current: LayoutCancellation?

    /// Why the current work should stop, or `nil`: what work checks at its safe points.
    public static func checkpoint() -> Reason? {
        current?.reason
    }
}
