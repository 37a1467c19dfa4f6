@testable import CGLDaemon
import CGLWire
import Logging
import Testing

/// The policy: who reads, who administers, and what a refusal says.
@Suite struct AuthorizationTests {
    /// A policy for a daemon running as uid 500 whose socket belongs to group 100.
    private func policy(_ configuration: AuthorizationConfiguration = AuthorizationConfiguration()) -> Authorization {
        Authorization(configuration: configuration, socketGroup: 100, ownUser: 500)
    }

    private func peer(uid: UInt32, gid: UInt32, groups: [UInt32] = []) -> PeerCredentials {
        PeerCredentials(uid: uid, gid: gid, pid: 4242, groups: groups)
    }

    @Test(arguments: WireRequest.Kind.allCases)
    func everyKindNeedsReadOrAdminister(kind: WireRequest.Kind) {
        let expected: Authorization.Access = [.register, .unregister, .prewarm].contains(kind) ? .administer : .read
        #expect(Authorization.access(for: kind) == expected)
    }

    @Test func byDefaultTheSocketsGroupReadsButDoesNotAdminister() {
        let member = peer(uid: 1000, gid: 100)
        #expect(policy().decide(kind: .lookup, peer: member) == .allowed)
        #expect(policy().decide(kind: .stats, peer: member) == .allowed)
        #expect(policy().decide(kind: .register, peer: member) == .denied(needed: .administer))
        #expect(policy().decide(kind: .prewarm, peer: member) == .denied(needed: .administer))
    }

    @Test func aSupplementaryGroupCountsAsMuchAsThePrimaryOne() {
        #expect(policy().decide(kind: .list, peer: peer(uid: 1000, gid: 1000, groups: [27, 100])) == .allowed)
    }

    @Test func aPeerOutsideEveryListMayDoNothing() {
        let stranger = peer(uid: 1001, gid: 1001)
        for kind in WireRequest.Kind.allCases {
            #expect(policy().decide(kind: kind, peer: stranger) == .denied(needed: Authorization.access(for: kind)))
        }
    }

    @Test func rootAndTheDaemonsOwnUserMayDoEverything() {
        for uid: UInt32 in [0, 500] {
            for kind in WireRequest.Kind.allCases {
                #expect(policy().decide(kind: kind, peer: peer(uid: uid, gid: 9999)) == .allowed)
            }
        }
    }

    @Test func administratorsMayAlsoRead() {
        let configuration = AuthorizationConfiguration(readers: .init(), admins: .init(users: [1002]))
        #expect(policy(configuration).decide(kind: .lookup, peer: peer(uid: 1002, gid: 1002)) == .allowed)
        #expect(policy(configuration).decide(kind: .unregister, peer: peer(uid: 1002, gid: 1002)) == .allowed)
    }

    @Test func theDefaultAdminGroupCountsOnlyWhenItExists() {
        let missing = AuthorizationConfiguration(admins: .init(groups: [.ifExists("cgld-test-no-such-group")]))
        #expect(policy(missing).adminGroups.isEmpty)
        // Every Linux system has a group called root, gid 0.
        let root = AuthorizationConfiguration(admins: .init(groups: [.ifExists("root")]))
        #expect(policy(root).adminGroups == [0])
        #expect(policy(root).decide(kind: .register, peer: peer(uid: 1003, gid: 1003, groups: [0])) == .allowed)
    }

    @Test func withoutASocketFileTheSocketGroupIsNobody() {
        let policy = Authorization(configuration: AuthorizationConfiguration(), socketGroup: nil, ownUser: 500)
        #expect(policy.readerGroups.isEmpty)
        #expect(policy.decide(kind: .ping, peer: peer(uid: 1000, gid: 100)) == .denied(needed: .read))
    }

    @Test func aRefusalIsTheUnauthorizedErrorNamingTheOperation() throws {
        let refusal = try #require(policy().check(.register(document: Array("{}".utf8)), peer: peer(uid: 1000, gid: 100)))
        #expect(refusal.code == .unauthorized)
        #expect(refusal.message.contains("uid 1000 may not register"))
        #expect(refusal.message.contains("authorization.admins"))
        #expect(policy().check(.lookup(scheme: "feed-cell", environment: .profile("phone-portrait", direction: nil)),
                               peer: peer(uid: 1000, gid: 100)) == nil)
    }

    @Test func theDenialLogLineCarriesThePeerAndTheOperation() {
        let metadata = Authorization.denialMetadata(kind: .unregister, peer: PeerCredentials(uid: 65534, gid: 65533, pid: 77))
        #expect(metadata["cgl.peer.uid"] == "65534")
        #expect(metadata["cgl.peer.gid"] == "65533")
        #expect(metadata["cgl.peer.pid"] == "77")
        #expect(metadata["cgl.request.kind"] == "unregister")
        #expect(metadata["cgl.request.needs"] == "administer")
    }

    @Test func aLivePolicyIsReplacedWhole() {
        let live = LiveAuthorization(policy())
        let member = peer(uid: 1000, gid: 100)
        #expect(live.current.decide(kind: .lookup, peer: member) == .allowed)
        let closed = AuthorizationConfiguration(readers: .init(), admins: .init())
        live.replace(with: Authorization(configuration: closed, socketGroup: 100, ownUser: 500))
        #expect(live.current.decide(kind: .lookup, peer: member) == .denied(needed: .read))
    }
}
