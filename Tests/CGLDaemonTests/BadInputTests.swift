import CGLTestSupport
import CGLClient
@testable import CGLDaemon
import CGLDaemonTestSupport
import CGLDocument
import CGLWire
import Foundation
import Testing

/// Every kind of bad input, each followed by a check that the daemon still serves another
/// client (and still has its registered schemes).
@Suite struct BadInputTests {
    /// Runs `body` against a daemon with `feed-cell` registered, then checks it still serves.
    private func withDaemon(helloTimeout: Duration = .seconds(5), _ body: @escaping @Sendable (TestDaemon) throws -> Void) async throws {
        try await withTestDaemon(schemes: ["feed-cell"], configure: { configuration in
            configuration.limits.maximumFrameSize = 64 * 1024
            configuration.limits.helloTimeout = helloTimeout
        }) { daemon in
            try await blocking { try body(daemon) }
            let client = daemon.client()
            let snapshot = try await client.lookup("feed-cell", in: .profile("phone-portrait"))
            #expect(snapshot.scheme == "feed-cell" && snapshot.elements.count == 11)
            let names = try await client.list().map(\.name)
            #expect(names == ["feed-cell"])
        }
    }

    private static func open(_ daemon: TestDaemon) throws -> RawConnection {
        let connection = try RawConnection(path: daemon.configuration.socketPath)
        #expect(try connection.handshake().isAccepted)
        return connection
    }

    @Test func randomBytesCloseTheConnectionUnanswered() async throws {
        try await withDaemon { daemon in
            var (generator, _) = SplitMix64.replayable("randomBytesCloseTheConnectionUnanswered")
            let connection = try RawConnection(path: daemon.configuration.socketPath)
            try connection.send((0 ..< 4096).map { _ in UInt8.random(in: 0 ... 255, using: &generator) })
            #expect(try connection.readUntilClosed().isEmpty)
        }
    }

    @Test func randomBytesAfterTheHandshakeAreAnsweredOrCloseTheConnection() async throws {
        try await withDaemon { daemon in
            let connection = try Self.open(daemon)
            var (generator, _) = SplitMix64.replayable("randomBytesAfterTheHandshakeAreAnsweredOrCloseTheConnection")
            try connection.send([0, 0, 0, 40] + (0 ..< 4096).map { _ in UInt8.random(in: 0 ... 255, using: &generator) })
            connection.finishSending()  // in case the bytes declared a frame still waiting for its end
            _ = try connection.readUntilClosed()  // whatever it answered, it ends the stream
        }
    }

    @Test func aTruncatedFrameWaitsForItsLastBytesAndAClientLeavingMidFrameIsForgotten() async throws {
        try await withDaemon { daemon in
            var frame: [UInt8] = []
            WireRequest.unregister(name: "nothing").encode(requestID: 3, into: &frame)
            let connection = try Self.open(daemon)
            try connection.send(Array(frame.dropLast(4)))
            try connection.send(Array(frame.suffix(4)))
            #expect(try connection.readResponse() == (3, .unregistered(name: "nothing", existed: false)))
            let leaving = try Self.open(daemon)
            try leaving.send(Array(frame.prefix(11)))
        }
    }

    @Test func aFrameDeclaringFewerThanFiveBytesIsBadRequestWithIDZeroThenClosed() async throws {
        try await withDaemon { daemon in
            let connection = try Self.open(daemon)
            try connection.send([0, 0, 0, 3, 1, 0, 0])
            let (id, response) = try connection.readResponse()
            #expect(id == 0)
            #expect(Self.errorCode(response) == .badRequest)
            #expect(try connection.readUntilClosed().isEmpty)
        }
    }

    @Test func aFrameOverTheLimitIsTooLargeWithItsIDThenClosed() async throws {
        try await withDaemon { daemon in
            let connection = try Self.open(daemon)
            try connection.send([0, 0x10, 0, 0, 0x02, 0, 0, 0, 77] + [UInt8](repeating: 0x20, count: 1000))
            let (id, response) = try connection.readResponse()
            #expect(id == 77)
            #expect(Self.errorCode(response) == .tooLarge)
            #expect(try connection.readUntilClosed().isEmpty)
        }
    }

    @Test func anUnknownOperationIsBadRequestAndTheConnectionGoesOn() async throws {
        try await withDaemon { daemon in
            let connection = try Self.open(daemon)
            try connection.send([0, 0, 0, 5, 0x42, 0, 0, 0, 5] + [0, 0, 0, 5, 0x85, 0, 0, 0, 6] + Self.ping(id: 7))
            let answers = try (0 ..< 3).map { _ in try connection.readResponse() }
            #expect(answers.map(\.id).sorted() == [5, 6, 7])
            for (id, response) in answers where id != 7 { #expect(Self.errorCode(response) == .badRequest) }
            #expect(answers.contains { $0.id == 7 && $0.response.kind == .pong })
        }
    }

    /// Id 0 is reserved for errors of the connection: a request using it is refused, with
    /// id 0, and the connection goes on.
    @Test func aRequestWithTheReservedIDZeroIsBadRequestAndTheConnectionGoesOn() async throws {
        try await withDaemon { daemon in
            let connection = try Self.open(daemon)
            try connection.send(Self.ping(id: 0) + Self.ping(id: 1))
            let answers = try (0 ..< 2).map { _ in try connection.readResponse() }
            let refusal = try #require(answers.first { $0.id == 0 })
            #expect(Self.errorCode(refusal.response) == .badRequest)
            if case .error(let error) = refusal.response { #expect(error.message.contains("reserved")) }
            #expect(answers.contains { $0.id == 1 && $0.response.kind == .pong })
        }
    }

    /// A client that sends far more than it reads is paused, not dropped: once it reads,
    /// every answer arrives, and the connection reads its requests again.
    @Test func aClientThatReadsLateGetsEveryAnswer() async throws {
        try await withDaemon { daemon in
            // The snapshot in memory first: every answer is then given at once, none `busy`.
            _ = try daemon.client().lookup("feed-cell", in: .profile("phone-portrait"))
            let connection = try Self.open(daemon)
            let count = 5000
            var frames: [UInt8] = []
            for id in 1 ... count {
                WireRequest.lookup(scheme: "feed-cell", environment: .profile("phone-portrait")).encode(requestID: UInt32(id), into: &frames)
            }
            // 5 MB of answers, past the megabyte of unread answers after which the daemon
            // stops reading: the writer blocks until this thread reads.
            let stream = frames
            let writer = Thread { try? connection.send(stream) }
            writer.start()
            usleep(500_000)
            let answers = try connection.readFrames(count)
            #expect(Set(answers.map(\.requestID)) == Set(1 ... UInt32(count)))
            #expect(answers.allSatisfy { $0.kind == WireResponse.Kind.snapshot.rawValue })
            try connection.send(Self.ping(id: 9))
            #expect(try connection.readResponse().response.kind == .pong)
        }
    }

    @Test func aMalformedPayloadIsBadRequestAndTheConnectionGoesOn() async throws {
        try await withDaemon { daemon in
            let connection = try Self.open(daemon)
            // A lookup whose environment form is 9, then a ping.
            try connection.send([0, 0, 0, 11, 0x05, 0, 0, 0, 1, 0, 0, 0, 1, 0x61, 9] + Self.ping(id: 2))
            let answers = try (0 ..< 2).map { _ in try connection.readResponse() }
            #expect(answers.contains { $0.id == 1 && Self.errorCode($0.response) == .badRequest })
            #expect(answers.contains { $0.id == 2 && $0.response.kind == .pong })
        }
    }

    /// A batch over the daemon's limit is `tooLarge`; one that is also malformed is
    /// `badRequest`, as any malformed request: its lookups are walked before it is counted.
    @Test func aMalformedBatchOverTheLimitIsBadRequest() async throws {
        try await withDaemon { daemon in
            let connection = try Self.open(daemon)
            let lookups = Array(repeating: WireLookup(scheme: "feed-cell", environment: .profile("phone-portrait")), count: 1001)
            var batch: [UInt8] = []
            WireRequest.lookupBatch(lookups).encode(requestID: 5, into: &batch)
            var malformed = batch + [0]
            withUnsafeBytes(of: UInt32(malformed.count - 4).bigEndian) { malformed.replaceSubrange(0 ..< 4, with: $0) }
            try connection.send(malformed)
            #expect(Self.errorCode(try connection.readResponse().response) == .badRequest)
            try connection.send(batch)
            #expect(Self.errorCode(try connection.readResponse().response) == .tooLarge)
        }
    }

    @Test func aWrongProtocolVersionIsRefusedWithTheVersionSpoken() async throws {
        try await withDaemon { daemon in
            let connection = try RawConnection(path: daemon.configuration.socketPath)
            let answer = try connection.handshake(version: Handshake.currentVersion + 1)
            #expect(answer.status == .unsupportedVersion && answer.version == Handshake.currentVersion)
            #expect(try connection.readUntilClosed().isEmpty)
        }
    }

    /// A client of version 1 is served version 1 exactly: its lookups answered without the
    /// fields version 2 appended, a batch refused as a later version's request.
    @Test func aVersionOneClientIsServedVersionOne() async throws {
        try await withDaemon { daemon in
            let connection = try RawConnection(path: daemon.configuration.socketPath)
            #expect(try connection.handshake(version: 1) == Handshake.ServerHello(version: 1, status: .ok, maximumFrameSize: 64 * 1024))
            try connection.send(.lookup(scheme: "feed-cell", environment: .profile("phone-portrait")), id: 1, version: 1)
            let snapshot = try connection.readResponse(version: 1)
            try connection.send(.lookupBatch([]), id: 2)
            let refusal = try connection.readResponse(version: 1)
            try connection.send(.ping, id: 3, version: 1)
            let pong = try connection.readResponse(version: 1)
            let expected = try daemon.client().lookup("feed-cell", in: .profile("phone-portrait"))
            guard case .snapshot(let old) = snapshot.response else {
                Issue.record("not a snapshot: \(snapshot.response)")
                return
            }
            #expect(old.elements == expected.wire.elements && old.hash == expected.hash)
            #expect(refusal.id == 2 && Self.errorCode(refusal.response) == .unsupportedVersion)
            #expect(pong.id == 3 && pong.response.kind == .pong)
        }
    }

    @Test func anInvalidDocumentReportsEveryIssueToTheClient() async throws {
        try await withDaemon { daemon in
            let document = #"{"format": "cglayout/1", "name": "bad", "elements": [{"id": "a", "rigth": 1}, {"id": "a"}], "blocks": []}"#
            #expect {
                _ = try daemon.client().register(Data(document.utf8))
            } throws: { error in
                guard let error = error as? CGLClientError, let wire = error.refusal else { return false }
                return wire.code == .invalidDocument && wire.issues.count >= 2 && wire.issues.contains { $0.code.name == "unknownKey" && $0.position?.line == 1 }
                    && wire.issues.contains { $0.code.name == "duplicateId" }
            }
            #expect {
                _ = try daemon.client().register(Data([0xFF, 0xFE, 0x7B]))
            } throws: { error in
                (error as? CGLClientError)?.refusal?.issues.first?.code.name == "syntax"
            }
        }
    }

    @Test func anUnknownSchemeIsNotFound() async throws {
        try await withDaemon { daemon in
            #expect {
                _ = try daemon.client().lookup("feed-cel", in: .profile("phone-portrait"))
            } throws: { error in
                guard let wire = (error as? CGLClientError)?.refusal else { return false }
                return wire.code == .notFound && wire.message.contains("'feed-cel'") && wire.message.contains("feed-cell")
            }
            #expect {
                _ = try daemon.client().prewarm(schemes: ["feed-cell", "nope"])
            } throws: { error in (error as? CGLClientError)?.refusal?.code == .notFound }
        }
    }

    @Test(arguments: [
        (0.0, 100.0, nil), (-10.0, 100.0, nil), (1e9, 100.0, nil), (Double.nan, 100.0, nil), (100.0, Double.infinity, nil),
        (100.0, 100.0, 0.0), (100.0, 100.0, Double.nan),
    ] as [(Double, Double, Double?)])
    func invalidEnvironmentsAreRefused(width: Double, height: Double, scale: Double?) async throws {
        try await withDaemon { daemon in
            #expect {
                _ = try daemon.client().lookup("feed-cell", in: .size(width: width, height: height, scale: scale))
            } throws: { error in (error as? CGLClientError)?.refusal?.code == .invalidEnvironment }
        }
    }

    @Test func anUnknownProfileIsAnInvalidEnvironment() async throws {
        try await withDaemon { daemon in
            #expect {
                _ = try daemon.client().lookup("feed-cell", in: .profile("phone-portrat"))
            } throws: { error in
                guard let wire = (error as? CGLClientError)?.refusal else { return false }
                return wire.code == .invalidEnvironment && wire.message.contains("phone-portrait")
            }
        }
    }

    @Test func aClientThatLeavesMidRequestCostsNothingElse() async throws {
        try await withDaemon { daemon in
            for _ in 0 ..< 20 {
                let connection = try Self.open(daemon)
                var frames: [UInt8] = []
                WireRequest.prewarm(schemes: [], profiles: []).encode(requestID: 1, into: &frames)
                WireRequest.lookup(scheme: "feed-cell", environment: .explicit(.init(width: 321, height: 123))).encode(requestID: 2, into: &frames)
                try connection.send(frames + Array(Self.ping(id: 3).prefix(6)))
            }  // each connection is closed here, with its requests in flight
        }
    }

    @Test func aClientThatSendsNothingIsClosedAfterTheHelloTimeout() async throws {
        try await withDaemon(helloTimeout: .milliseconds(500)) { daemon in
            let silent = try RawConnection(path: daemon.configuration.socketPath)
            #expect(try silent.readUntilClosed(timeout: .seconds(20)).isEmpty)
        }
    }

    private static func ping(id: UInt32) -> [UInt8] {
        var bytes: [UInt8] = []
        WireRequest.ping.encode(requestID: id, into: &bytes)
        return bytes
    }

    private static func errorCode(_ response: WireResponse) -> WireError.Code? {
        if case .error(let error) = response { return error.code }
        return nil
    }
}

@Suite struct ConnectionLimitTests {
    @Test func aSilentConnectionIsClosedAfterTheIdleTimeoutButNotWhileARequestRuns() async throws {
        try await withTestDaemon(schemes: ["feed-cell"], configure: { $0.limits.idleTimeout = .seconds(1) }) { daemon in
            let socketPath = daemon.configuration.socketPath
            try await blocking {
                let idle = try RawConnection(path: socketPath)
                #expect(try idle.handshake().isAccepted)
                try idle.send(.ping, id: 1)
                #expect(try idle.readResponse().response.kind == .pong)
                #expect(try idle.readUntilClosed(timeout: .seconds(20)).isEmpty)
            }
            #expect(try await daemon.client().ping().serverVersion == "0.1.0")
        }
    }

    @Test func theTimeoutsCountFromWhenTheDaemonStartsReading() async throws {
        // The peer check takes three times the hello and idle timeouts (a slow group lookup
        // on a busy host); a client that sent its hello at once must still be served.
        var options = Daemon.Options()
        options.identifyPeer = { channel in
            try await Task.sleep(for: .milliseconds(900))
            return try await PeerCredentials.read(from: channel)
        }
        try await withTestDaemon(options: options, configure: { configuration in
            configuration.limits.helloTimeout = .milliseconds(300)
            configuration.limits.idleTimeout = .milliseconds(300)
        }) { daemon in
            let socketPath = daemon.configuration.socketPath
            try await blocking {
                let connection = try RawConnection(path: socketPath)
                #expect(try connection.handshake().isAccepted)
                #expect(try connection.ask(.ping, id: 1).kind == .pong)
            }
        }
    }

    /// A connection over `limits.maxConnections` is told why before it is closed: its hello
    /// is answered `busy`, then an error of the connection names the limit. The client
    /// library says the same. The others are served.
    @Test func connectionsOverTheLimitAreToldWhyAndClosedAndTheOthersServed() async throws {
        try await withTestDaemon(configure: { $0.limits.maximumConnections = 2 }) { daemon in
            let socketPath = daemon.configuration.socketPath
            try await blocking {
                let first = try RawConnection(path: socketPath)
                let second = try RawConnection(path: socketPath)
                #expect(try first.handshake().isAccepted && second.handshake().isAccepted)
                let third = try RawConnection(path: socketPath)
                #expect(try third.handshake().status == .busy)
                let refusal = try third.readResponse()
                guard case .error(let error) = refusal.response else {
                    Issue.record("not an error: \(refusal.response)")
                    return
                }
                #expect(refusal.id == 0 && error.code == .busy)
                #expect(error.message.contains("at most 2 connections at once (limits.maxConnections)"))
                #expect(try third.readUntilClosed().isEmpty)
                let client = CGLClient(configuration: .init(socketPath: socketPath))
                let refused = #expect(throws: CGLClientError.self) { try client.ping() }
                #expect(refused?.refusal?.code == .busy && refused?.message.contains("limits.maxConnections") == true, "\(String(describing: refused))")
                try first.send(.ping, id: 1)
                #expect(try first.readResponse().response.kind == .pong)
            }
        }
    }

    @Test func progressEventsComeBeforeThePrewarmsFinalAnswer() async throws {
        try await withTestDaemon(schemes: ["feed-cell", "toolbar", "settings-list"]) { daemon in
            let socketPath = daemon.configuration.socketPath
            try await blocking {
                let connection = try RawConnection(path: socketPath)
                _ = try connection.handshake()
                try connection.send(.prewarm(schemes: [], profiles: []), id: 9)
                var events: [WirePrewarmProgress] = []
                while true {
                    let (id, response) = try connection.readResponse()
                    #expect(id == 9)
                    if case .prewarmProgress(let progress) = response {
                        events.append(progress)
                        continue
                    }
                    guard case .prewarmFinished(let summary) = response else { Issue.record("unexpected \(response)"); return }
                    #expect(summary.computed + summary.alreadyCached + summary.failed == 72)
                    break
                }
                #expect(events.last?.done == 72 && events.allSatisfy { $0.total == 72 })
                #expect(events.map(\.done) == events.map(\.done).sorted())
            }
        }
    }
}
