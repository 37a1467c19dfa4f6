import Foundation
import Synchronization
import Testing

@testable import CGLStore

/// The gate that keeps accesses off closed connections.
@Suite struct AccessGateTests {
    final class Flag: Sendable {
        private let value = Mutex(false)
        var isSet: Bool { value.withLock { $0 } }
        func set() { value.withLock { $0 = true } }
    }

    @Test func anOpenGateLetsAccessesInAndAClosedOneRefusesThem() async {
        let gate = AccessGate()
        #expect(gate.enter())
        gate.leave()
        #expect(await gate.close())
        #expect(gate.enter() == false)
        #expect(await gate.close() == false, "closing twice closes once")
    }

    @Test func closingWaitsForTheAccessesInFlight() async throws {
        let gate = AccessGate()
        #expect(gate.enter())
        #expect(gate.enter())
        let closed = Flag()
        let closer = Task {
            _ = await gate.close()
            closed.set()
        }
        try await Task.sleep(for: .milliseconds(20))
        #expect(gate.enter() == false, "a closing gate refuses new accesses")
        gate.leave()
        try await Task.sleep(for: .milliseconds(20))
        #expect(closed.isSet == false, "one access is still in flight")
        gate.leave()
        await closer.value
        #expect(closed.isSet)
    }

    @Test(arguments: Backing.allCases)
    func closingAStoreLetsACallInFlightFinishAndRefusesLaterOnes(_ backing: Backing) async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "s.sqlite").path
            let store = try SQLiteSchemeStore(location: backing == .inMemory ? .inMemory : .file(path: path))
            _ = try await store.register(name: "card", hash: hash(1), document: document("v1"), elementCount: 3)
            let batch = snapshots(of: hash(1), count: 20_000)
            let write = Task { () async throws(StoreError) -> Int in try await store.store(batch) }
            // Close only once the write has passed the gate, so that it is in flight.
            let deadline = ContinuousClock.now + .seconds(5)
            while store.gate.inFlight == 0, ContinuousClock.now < deadline { await Task.yield() }
            #expect(store.gate.inFlight == 1)
            try await store.close()

            #expect(try await write.value == 20_000)
            let error = await #expect(throws: StoreError.self) { try await store.snapshotCount() }
            #expect(error?.code == .closed)
            if backing == .onDisk {
                let reopened = try SQLiteSchemeStore(location: .file(path: path))
                #expect(try await reopened.snapshotCount() == 20_000)
                try await reopened.close()
            }
        }
    }
}
