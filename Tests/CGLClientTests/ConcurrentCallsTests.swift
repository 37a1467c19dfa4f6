import CGLClient
import CGLDaemon
import CGLDaemonTestSupport
import Foundation
import Synchronization
import Testing

/// A client shared by many threads and tasks: a slow call (a prewarm of 2 000 snapshots)
/// holds up no other call, blocking or async.
@Suite struct ConcurrentCallsTests {
    /// Set once, read from any thread.
    final class Flag: Sendable {
        private let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .acquiring) }
        func set() { value.store(true, ordering: .releasing) }
    }

    /// `toolbar` under `count` names, each with its own content (the back button's height),
    /// so that a prewarm computes every one.
    private func registerToolbars(_ count: Int, with client: CGLClient) async throws {
        let toolbar = String(decoding: try exampleDocument("toolbar"), as: UTF8.self)
        let back = #"{"id": "back", "parent": "bar", "intrinsicSize": [44, 44]}"#
        try #require(toolbar.contains(back))
        for index in 0 ..< count {
            let text = toolbar.replacingOccurrences(of: #""name": "toolbar""#, with: #""name": "toolbar-\#(index)""#)
                .replacingOccurrences(of: back, with: #"{"id": "back", "parent": "bar", "intrinsicSize": [44, \#(100 + index)]}"#)
            _ = try await client.register(Data(text.utf8))
        }
    }

    @Test func aSlowCallHoldsUpNoOtherCallOfTheSameClient() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let client = daemon.client()
            try await registerToolbars(80, with: client)
            _ = try await client.lookup("feed-cell", in: .profile("phone-portrait"))  // warm in memory
            let prewarmStarted = Flag(), prewarmEnded = Flag()
            // Four threads calling the blocking API and four tasks calling the async one, each
            // counting the warm lookups it completed while the prewarm ran.
            let counts = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0 ..< 4 {
                    group.addTask {
                        try await blocking {
                            var during = 0
                            while !prewarmStarted.isSet { _ = try client.lookup("feed-cell", in: .profile("phone-portrait")) }
                            while !prewarmEnded.isSet {
                                _ = try client.lookup("feed-cell", in: .profile("phone-portrait"))
                                if !prewarmEnded.isSet { during += 1 }
                            }
                            return during
                        }
                    }
                    group.addTask {
                        var during = 0
                        while !prewarmStarted.isSet { _ = try await client.lookup("feed-cell", in: .profile("phone-portrait")) }
                        while !prewarmEnded.isSet {
                            _ = try await client.lookup("feed-cell", in: .profile("phone-portrait"))
                            if !prewarmEnded.isSet { during += 1 }
                        }
                        return during
                    }
                }
                group.addTask {
                    let summary = try await blocking {
                        prewarmStarted.set()
                        defer { prewarmEnded.set() }
                        return try client.prewarm(schemes: (0 ..< 80).map { "toolbar-\($0)" })
                    }
                    #expect(summary.computed == 80 * 24)
                    return -1
                }
                return try await group.reduce(into: []) { $0.append($1) }.filter { $0 >= 0 }
            }
            #expect(counts.count == 8)
            // Callers held up behind the prewarm would complete one lookup each at most, in the
        // instant between the prewarm's answer and the flag; side by side they complete many.
        #expect(counts.allSatisfy { $0 >= 5 }, "lookups completed during the prewarm, per caller: \(counts)")
            // The callers ran side by side, each on a connection of its own.
            #expect(client.idleConnections > 1)
        }
    }

    @Test func aCancelledAsyncCallEndsAndTheClientGoesOn() async throws {
        try await withTestDaemon(schemes: ["feed-cell"]) { daemon in
            let client = daemon.client()
            try await registerToolbars(40, with: client)
            // Cancelled at once: whether it was connecting or waiting for the prewarm's answer
            // (960 snapshots), it stops waiting.
            let prewarm = Task { try await client.prewarm(schemes: (0 ..< 40).map { "toolbar-\($0)" }) }
            prewarm.cancel()
            await #expect { _ = try await prewarm.value } throws: { ($0 as? CGLClientError)?.code == .cancelled }
            #expect(try await client.lookup("feed-cell", in: .profile("phone-portrait")).scheme == "feed-cell")
        }
    }
}
