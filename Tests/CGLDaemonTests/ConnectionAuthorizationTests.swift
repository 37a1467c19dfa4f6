@testable import CGLDaemon
import CGLDaemonTestSupport
import CGLWire
import Foundation
import Synchronization
import Testing

/// Requests decided against the policy in force, for peers that are not this process's user
/// (``Daemon/Options/identifyPeer`` stands in for them; the end-to-end suite of `cglctl`
/// runs real clients as other users).
@Suite struct ConnectionAuthorizationTests {
    private static let reader: UInt32 = 4242
    private static let stranger: UInt32 = 4343
    private static let portrait = WireEnvironmentRequest.profile("phone-portrait")

    /// Runs `body` with a daemon whose every peer is `uid` (group `uid`), with `reader`
    /// allowed to read.
    private static func withDaemon(peer uid: UInt32, options: Daemon.Options = Daemon.Options(),
                                   _ body: (TestDaemon) async throws -> Void) async throws {
        var options = options
        options.identifyPeer = { _ in PeerCredentials(uid: uid, gid: uid, pid: 99) }
        try await withTestDaemon(schemes: ["feed-cell"], options: options, configure: { configuration in
            configuration.authorization = AuthorizationConfiguration(readers: .init(users: [reader]), admins: .init())
        }, body)
    }

    private static func open(_ daemon: TestDaemon) throws -> RawConnection {
        let connection = try RawConnection(path: daemon.configuration.socketPath)
        #expect(try connection.handshake().isAccepted)
        return connection
    }

    private static func refusal(_ response: WireResponse) -> WireError? {
        guard case .error(let error) = response, error.code == .unauthorized else { return nil }
        return error
    }

    @Test func aReaderIsRefusedWhatItMayNotDoAndTheConnectionKeepsServingWhatItMay() async throws {
        try await Self.withDaemon(peer: Self.reader) { daemon in
            let document = try [UInt8](Data(contentsOf: URL(fileURLWithPath: examplePath("toolbar"))))
            try await blocking {
                let connection = try Self.open(daemon)
                let register = try #require(try Self.refusal(connection.ask(.register(document: document), id: 1)))
                #expect(register.message.contains("uid 4242 may not register") && register.message.contains("authorization.admins"))
                #expect(try Self.refusal(connection.ask(.prewarm(schemes: [], profiles: []), id: 2)) != nil)
                #expect(try Self.refusal(connection.ask(.unregister(name: "feed-cell"), id: 3)) != nil)
                guard case .snapshot(let snapshot) = try connection.ask(.lookup(scheme: "feed-cell", environment: Self.portrait), id: 4) else {
                    Issue.record("a reader's lookup after refusals was not answered with a snapshot")
                    return
                }
                #expect(snapshot.scheme == "feed-cell")
                guard case .schemes(let schemes) = try connection.ask(.list, id: 5) else {
                    Issue.record("a reader's list was not answered")
                    return
                }
                #expect(schemes.map(\.name) == ["feed-cell"])  // nothing registered, nothing removed
            }
        }
    }

    @Test func aStrangerMayDoNothingNotEvenPing() async throws {
        try await Self.withDaemon(peer: Self.stranger) { daemon in
            try await blocking {
                let connection = try Self.open(daemon)
                let ping = try #require(try Self.refusal(connection.ask(.ping, id: 7)))
                #expect(ping.message.contains("uid 4343 may not ping") && ping.message.contains("authorization.readers"))
                // Pipelined: each refused with its own id, in order.
                try connection.send(.lookup(scheme: "feed-cell", environment: Self.portrait), id: 8)
                try connection.send(.stats, id: 9)
                let answers = try (0 ..< 2).map { _ in try connection.readResponse() }
                #expect(answers.map(\.id) == [8, 9] && answers.allSatisfy { Self.refusal($0.response) != nil })
            }
        }
    }

    @Test func aReloadThatGrantsAccessAppliesToConnectionsAlreadyOpen() async throws {
        let next = Mutex<DaemonConfiguration?>(nil)
        let options = Daemon.Options(reloadConfiguration: { () throws(DaemonError) in next.withLock { $0 }! })
        try await Self.withDaemon(peer: Self.stranger, options: options) { daemon in
            let connection = try await blocking { try Self.open(daemon) }
            let refused = try await blocking { try Self.refusal(connection.ask(.ping, id: 1)) }
            #expect(refused != nil)

            var granting = daemon.configuration
            granting.authorization = AuthorizationConfiguration(readers: .init(users: [Self.stranger]), admins: .init())
            next.withLock { $0 = granting }
            #expect(try #require(await daemon.daemon.reload()).refusal == nil)
            try await blocking {
                guard case .pong = try connection.ask(.ping, id: 2) else {
                    Issue.record("the open connection was not granted what the reload granted")
                    return
                }
                #expect(try Self.refusal(connection.ask(.register(document: []), id: 3)) != nil)
            }
        }
    }
}
