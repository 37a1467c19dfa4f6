@testable import CGLClient
@testable import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLTestSupport
import CGLWire
import Foundation
import Testing

/// What §2–§4 and §10 of `docs/protocol.md` say of the transport: where a client looks for
/// the socket, who may make which request, the server's settings and their defaults, and
/// the busy answer that comes before the hello is read.
extension ProtocolPageTests {
    /// §2 lists the places a client looks in the order `CGLClient` tries them.
    @Test func theSocketSearchIsTheClients() throws {
        let transport = try Self.section("2.")
        let candidates = CGLClient.socketCandidates(environment: ["XDG_RUNTIME_DIR": "/xdg"])
            .map { $0.replacingOccurrences(of: "/xdg/", with: "$XDG_RUNTIME_DIR/") }
        let listed = ["CGLD_SOCKET"] + candidates
        #expect(candidates.count == 3)
        let places = listed.map { transport.range(of: "`\($0)`")?.lowerBound }
        #expect(places.allSatisfy { $0 != nil }, "\(listed) not all on the page")
        #expect(places.compactMap { $0 } == places.compactMap { $0 }.sorted(), "the page lists \(listed) in another order")
        #expect(transport.contains("When none exists, `\(CGLClient.localSocketPath)`"))
    }

    /// §2's readers and administrators are the requests each access allows, every kind
    /// named; the defaults are the daemon's.
    @Test func theAccessListsAreTheDaemons() throws {
        let transport = try Self.section("2.")
        func named(after start: String, until end: String) throws -> Set<String> {
            let from = try #require(transport.range(of: start)).upperBound
            let to = try #require(transport[from...].range(of: end)).lowerBound
            return Set(Self.quotedNames(transport[from ..< to]))
        }
        let kinds = WireRequest.Kind.allCases
        #expect(try named(after: "**Readers** may", until: ";") == Set(kinds.filter { Authorization.access(for: $0) == .read }.map(\.operationName)))
        #expect(try named(after: "**administrators** may also", until: ". ") == Set(kinds.filter { Authorization.access(for: $0) == .administer }.map(\.operationName)))
        let defaults = AuthorizationConfiguration()
        #expect(defaults.readers == .init(groups: [.socketGroup]) && defaults.readers.users.isEmpty)
        #expect(defaults.admins == .init(groups: [.ifExists(AuthorizationConfiguration.defaultAdminGroup)]))
        #expect(transport.contains("(`authorization.readers.groups`: `[\"@socket\"]`)"))
        #expect(transport.contains("the group `\(AuthorizationConfiguration.defaultAdminGroup)`, when it exists"))
    }

    /// §10's table of settings gives each key's default, as `cgld` has it; the numbers
    /// §2–§4 quote are those defaults.
    @Test func theSettingsAreTheDaemonsDefaults() throws {
        let defaults = DaemonConfiguration()
        let limits = defaults.limits
        let expected: [String: String] = [
            "limits.maxFrameBytes": "\(limits.maximumFrameSize)",
            "limits.maxConnections": "\(limits.maximumConnections)",
            "limits.helloTimeoutSeconds": "\(limits.helloTimeout.components.seconds)",
            "limits.idleTimeoutSeconds": "\(limits.idleTimeout.components.seconds)",
            "limits.maxRequestsInFlight": "\(limits.maximumRequestsInFlight)",
            "limits.maxRequestsInFlightTotal": "\(limits.maximumRequestsInFlightTotal)",
            "limits.maxUnreadAnswerBytes": "\(limits.maximumUnreadAnswerBytes)",
            "limits.maxBatchItems": "\(limits.maximumBatchItems)",
            "limits.maxContentTextBytes": "\(limits.maximumContentTextBytes)",
            "limits.maxDocumentElements": "\(limits.document.maximumElements)",
            "limits.maxDocumentBlocks": "\(limits.document.maximumBlocks)",
            "limits.maxDocumentEquations": "\(limits.document.maximumEquations)",
            "limits.computeSeconds": "\(limits.computeTime.components.seconds)",
            "cache.memoryBytes": "\(defaults.cacheMemoryBytes)",
            "cache.persistContent": "\(defaults.persistContent)",
        ]
        var table: [String: String] = [:]
        for line in try Self.section("10.").components(separatedBy: "| `").dropFirst() {
            let cells = line.components(separatedBy: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 1, cells[0].hasSuffix("`"), cells[0].hasPrefix("limits.") || cells[0].hasPrefix("cache.") else { continue }
            table[String(cells[0].dropLast())] = cells[1]
        }
        #expect(table == expected)
        // The numbers quoted where each limit applies.
        #expect(try Self.section("2.").contains("`limits.idleTimeoutSeconds` (\(expected["limits.idleTimeoutSeconds"]!) s by default"))
        #expect(try Self.section("3.").contains("`limits.helloTimeoutSeconds` (\(expected["limits.helloTimeoutSeconds"]!) s by default)"))
        let frames = try Self.section("4.")
        #expect(limits.maximumRequestsInFlight == 4096 && frames.contains("`limits.maxRequestsInFlight` of them (4,096 by default)"))
        #expect(limits.maximumRequestsInFlightTotal == 16_384 && frames.contains("`limits.maxRequestsInFlightTotal` (16,384)"))
        #expect(limits.maximumUnreadAnswerBytes == 1 << 20 && frames.contains("`limits.maxUnreadAnswerBytes` (1 MiB by default)"))
    }

    /// §3: a server at its connection limit answers `busy` and closes without reading the
    /// hello; a client that never sent one receives the 12 bytes and the error all the same,
    /// and `CGLClient` reports the daemon's reason.
    @Test func aServerAtItsLimitAnswersBusyBeforeTheHello() async throws {
        try await withTestDaemon(configure: { $0.limits.maximumConnections = 1 }) { daemon in
            let socketPath = daemon.configuration.socketPath
            try await blocking {
                let first = try RawConnection(path: socketPath)
                #expect(try first.handshake().isAccepted)
                let second = try RawConnection(path: socketPath)
                let answer = try second.readUntilClosed()
                let hello = try Handshake.ServerHello(decoding: Array(answer.prefix(Handshake.ServerHello.size)))
                #expect(hello.status == .busy)
                var parser = FrameParser()
                parser.feed(answer.dropFirst(Handshake.ServerHello.size))
                let frame = try #require(try parser.next())
                guard case .error(let error) = try WireResponse(frame: frame) else { Issue.record("not an error: \(frame)"); return }
                #expect(frame.requestID == 0 && error.code == .busy && error.message.contains("(limits.maxConnections)"))
                do {
                    _ = try CGLClient(socketPath: socketPath).ping()
                    Issue.record("a connection over the limit was served")
                } catch let error as CGLClientError {
                    #expect(error.refusal?.code == .busy && error.message.contains("(limits.maxConnections)"), "\(error)")
                }
                _ = first
            }
        }
    }
}
