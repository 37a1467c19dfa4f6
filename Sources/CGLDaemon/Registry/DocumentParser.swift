import CGLBridge
import CGLDocument
import CGLWire
import Foundation

/// Parses and validates documents on the compute threads: a 4 MiB document takes long
/// enough that it must not hold one of the few threads of Swift's cooperative pool.
struct DocumentParser: Sendable {
    let pool: ComputePool

    /// The document `bytes` hold.
    ///
    /// - Throws: `RequestError` `invalidDocument` with every issue (errors first, then
    ///   warnings).
    func parse(_ bytes: [UInt8]) async throws(RequestError) -> SchemeDocument {
        let result = await pool.run { () -> Result<SchemeDocument, DocumentError> in
            Result { () throws(DocumentError) -> SchemeDocument in try SchemeDocument(data: Data(bytes)) }
        }
        switch result {
        case .success(.success(let document)):
            return document
        case .success(.failure(let error)):
            let count = error.errors.count
            throw RequestError(WireError(code: .invalidDocument,
                                         message: "the document is invalid: \(count) error\(count == 1 ? "" : "s")",
                                         issues: error.issues.map(WireIssue.init)))
        case .failure(let error):
            throw error
        }
    }
}
