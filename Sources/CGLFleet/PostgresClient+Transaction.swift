import Logging
import PostgresNIO

/// postgres-nio wraps what a transaction's closure throws in a `PostgresTransactionError`;
/// these unwrap it, so that callers catch their own errors and see the server's.
extension PostgresClient {
    func transaction<Result: Sendable>(logger: Logger, _ body: @Sendable (PostgresConnection) async throws -> Result) async throws -> Result {
        do {
            return try await withConnection { connection in try await connection.transaction(logger: logger, body) }
        }
    }
}

extension PostgresConnection {
    func transaction<Result: Sendable>(logger: Logger, _ body: @Sendable (PostgresConnection) async throws -> Result) async throws -> Result {
        do {
            return try await withTransaction(logger: logger) { connection in try await body(connection) }
        } catch let error as PostgresTransactionError {
            throw error.closureError ?? error.beginError ?? error.commitError ?? error
        }
    }
}
