@testable import CGLDaemon
import CGLDaemonTestSupport
import Foundation
import NIOCore
import NIOPosix
import Testing

/// `SO_PEERCRED` and the group lookup, on real sockets.
@Suite struct PeerCredentialsTests {
    /// The groups this process is a member of, as the kernel says.
    private var ownGroups: Set<UInt32> {
        var groups = [gid_t](repeating: 0, count: Int(getgroups(0, nil)))
        let count = getgroups(Int32(groups.count), &groups)
        return Set(groups.prefix(Int(max(count, 0))) + [getgid()])
    }

    @Test func aConnectedPairReportsThisProcess() throws {
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        let peer = try PeerCredentials(socket: pair[0])
        #expect(peer.uid == getuid())
        #expect(peer.gid == getgid())
        #expect(peer.pid == getpid())
        #expect(peer.groups.first == getgid())
        #expect(peer.description == "uid \(getuid()) gid \(getgid()) pid \(getpid())")
    }

    @Test func somethingThatIsNoSocketIsAFailureWithItsErrno() {
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer { close(pipeEnds[0]); close(pipeEnds[1]) }
        #expect {
            _ = try PeerCredentials(socket: pipeEnds[0])
        } throws: { error in
            (error as? PeerCredentials.Failure)?.errno == ENOTSOCK
        }
    }

    @Test func theGroupDatabaseGivesTheUsersGroups() {
        // root is a member of group root on every Linux system.
        #expect(UserDatabase.groups(of: 0, primaryGroup: 0).contains(0))
        #expect(UserDatabase.userID(named: "root") == 0)
        #expect(UserDatabase.groupID(named: "root") == 0)
        #expect(UserDatabase.userName(of: 0) == "root")
        #expect(UserDatabase.userID(named: "cgld-test-no-such-user") == nil)
        // A uid with no name has its primary group only.
        #expect(UserDatabase.groups(of: 3_999_999_999, primaryGroup: 42) == [42])
    }

    @Test func theGroupsGivenIncludeThePrimaryGroupOnce() {
        #expect(PeerCredentials(uid: 1, gid: 5, pid: 1, groups: [7]).groups == [5, 7])
        #expect(PeerCredentials(uid: 1, gid: 5, pid: 1, groups: [7, 5]).groups == [7, 5])
        #expect(PeerCredentials(uid: 1, gid: 5, pid: 1, groups: [7, 5]).isMember(ofAny: [5]))
        #expect(!PeerCredentials(uid: 1, gid: 5, pid: 1, groups: [7]).isMember(ofAny: [8]))
    }

    /// What the connection path will do: read the credentials of an accepted NIO channel.
    @Test func anAcceptedNIOConnectionReportsItsPeer() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (credentials, found) = AsyncStream<Result<PeerCredentials, PeerCredentials.Failure>>.makeStream()
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                Task {
                    do throws(PeerCredentials.Failure) {
                        found.yield(.success(try await PeerCredentials.read(from: channel)))
                    } catch {
                        found.yield(.failure(error))
                    }
                }
                return channel.eventLoop.makeSucceededVoidFuture()
            }
            .bind(unixDomainSocketPath: folder + "/s.sock").get()
        let client = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(unixDomainSocketPath: folder + "/s.sock").get()
        var iterator = credentials.makeAsyncIterator()
        let peer = try #require(await iterator.next()).get()
        #expect(peer.uid == getuid())
        #expect(peer.pid == getpid())
        #expect(Set(peer.groups).isSuperset(of: [getgid()]))
        #expect(ownGroups.contains(peer.gid))
        try await client.close()
        try await server.close()
    }
}
