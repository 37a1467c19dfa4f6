import Foundation
import Testing

@testable import CGLStore

/// Many tasks at once, as the daemon calls the store.
@Suite struct ConcurrencyTests {
    @Test(arguments: Backing.allCases)
    func concurrentReadersAndAWriterSeeNoErrors(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            for index in 0..<20 {
                _ = try await store.register(name: "scheme-\(index)", hash: hash(index), document: document("\(index)"), elementCount: index)
            }
            _ = try await store.store(snapshots(of: hash(0), count: 200))

            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // The writer: batches of snapshots and re-registrations, interleaved.
                    for round in 0..<20 {
                        _ = try await store.store(snapshots(of: hash(round % 20), count: 100, from: 1_000 + round * 100))
                        _ = try await store.register(name: "scheme-\(round)", hash: hash(round), document: document("\(round) v\(round)"), elementCount: round)
                    }
                }
                for reader in 0..<8 {
                    group.addTask {
                        for step in 0..<50 {
                            let found = try await store.snapshot(for: key(hash(0), environment: "env-\((reader * 50 + step) % 200)"))
                            #expect(found != nil)
                            if step % 10 == 0 {
                                #expect(try await store.schemeSummaries().count == 20)
                                _ = try await store.snapshotCount()
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await store.snapshotCount() == 200 + 20 * 100)
            #expect(try await store.integrityCheck() == "ok")
        }
    }
}
