import CGLClient
import Testing

/// A socket path longer than a Unix socket address holds is its own error, naming the
/// limit and the path's length, in the blocking and the async calls alike.
@Suite struct SocketPathLimitTests {
    let path = "/tmp/" + String(repeating: "x", count: 120) + ".sock"

    private func isTooLong(_ error: CGLClientError) -> Bool {
        error.code == .socketPathTooLong && error.socketPath == path
            && error.message.contains("the socket path \(path) is 130 bytes long; a Unix socket path is at most 107 bytes")
            && !error.message.contains("File name too long")
    }

    @Test func aBlockingCallNamesTheLimit() throws {
        let error = try #require(throws: CGLClientError.self) { try CGLClient(socketPath: path).ping() }
        #expect(isTooLong(error), "\(error)")
    }

    @Test func anAsyncCallNamesTheLimit() async throws {
        let error = try await #require(throws: CGLClientError.self) { try await CGLClient(socketPath: path).ping() }
        #expect(isTooLong(error), "\(error)")
        #expect(!error.isDaemonUnavailable)
    }
}
