import CGLDocument
import CGLayout
import Foundation

/// Parses and validates documents on the compute threads: a 4 MiB document takes long
/// enough that it must not hold one of the few threads of Swift's cooperative pool.
struct DocumentParser: Sendable {
    let pool: ComputePool
    /// How large a document may be registered.
    var limits = SchemeDocument.Limits()
    /// What bounds validating one document: its time, and the daemon's stop.
    var budget = ComputeBudget.unbounded
    /// The daemon's profiles: a variant naming none of them is warned about.
    var profiles = ProfileSet.defaults

    /// The document `bytes` hold.
    ///
    /// - Parameters:
    ///   - limits: How large it may be: ``limits`` unless given.
    ///   - timed: Whether ``budget``'s time limit applies (its stop always does): not for
    ///     documents accepted before, which are data to serve, however long a busy start
    ///     makes their validation.
    /// - Throws: ``RegistryError/invalidDocument(_:)`` with every issue, `overBudget` when
    ///   validating took longer than the budget, or `stopping`.
    func parse(_ bytes: [UInt8], limits: SchemeDocument.Limits? = nil, timed: Bool = true) async throws(RegistryError) -> SchemeDocument {
        let limits = limits ?? self.limits
        let budget = timed ? self.budget : ComputeBudget(stopping: self.budget.stopping, limit: ComputeBudget.unbounded.limit)
        let result = await pool.run { () -> Result<SchemeDocument, RegistryError> in
            budget.run {
                let parsed = Result { () throws(DocumentError) -> SchemeDocument in try SchemeDocument(data: Data(bytes), limits: limits, profiles: profiles) }
                // Stopped part way, the validation proved nothing, whatever it answered.
                switch LayoutCancellation.checkpoint() {
                case .cancelled?: return .failure(.stopping)
                case .deadlinePassed?: return .failure(.overBudget(limit: budget.limit))
                case nil: return parsed.mapError(RegistryError.invalidDocument)
                }
            }
        }
        switch result {
        case .success(let parsed): return try parsed.get()
        case .failure: throw .stopping
        }
    }
}
