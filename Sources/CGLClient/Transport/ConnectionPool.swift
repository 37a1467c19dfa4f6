import Synchronization

/// The client's idle connections: a call takes one (or opens a new one when none is idle)
/// and gives it back when done, so that concurrent calls never wait for one another, and a
/// slow one (a prewarm) holds only its own connection.
final class ConnectionPool: Sendable {
    private let idle = Mutex<[ClientConnection]>([])
    /// How many idle connections are kept; more concurrent calls open more, closed when
    /// given back.
    let maximumIdle: Int

    init(maximumIdle: Int) {
        self.maximumIdle = maximumIdle
    }

    /// An idle connection, the most recently used (its buffers are warm); nil when none is.
    func take() -> ClientConnection? {
        idle.withLock { $0.popLast() }
    }

    /// Gives back a connection that finished its exchange; beyond ``maximumIdle`` it is
    /// closed.
    func giveBack(_ connection: ClientConnection) {
        idle.withLock { idle in
            if idle.count < maximumIdle { idle.append(connection) }
        }
    }

    /// Closes every idle connection.
    func removeAll() {
        idle.withLock { $0.removeAll() }
    }

    var idleCount: Int { idle.withLock { $0.count } }
}
