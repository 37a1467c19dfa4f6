import CGLDocument
import Foundation

/// Parses and validates documents on the compute threads: a 4 MiB document takes long
/// enough that it must not hold one of the few threads of Swift's cooperative pool.
struct DocumentParser: Sendable {
    let pool: ComputePool
    /// How large a document may be registered.
    var limits = SchemeDocument.Limits()

    /// The document `bytes` hold.
    ///
    /// - Parameter limits: How large it may be: ``limits`` unless given.
    /// - Throws: ``RegistryError/invalidDocument(_:)`` with every issue, or `stopping`.
    func parse(_ bytes: [UInt8], limits: SchemeDocument.Limits? = nil) async throws(RegistryError) -> SchemeDocument {
        let limits = limits ?? self.limits
        let result = await pool.run { () -> Result<SchemeDocument, DocumentError> in
            Result { () throws(DocumentError) -> SchemeDocument in try SchemeDocument(data: Data(bytes), limits: limits) }
        }
        switch result {
        case .success(.success(let document)): return document
        case .success(.failure(let error)): throw .invalidDocument(error)
        case .failure: throw .stopping
        }
    }
}
