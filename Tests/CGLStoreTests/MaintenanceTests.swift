import Foundation
import Testing

@testable import CGLStore

/// Integrity check, statistics, online backup and durability across reopening.
@Suite struct MaintenanceTests {
    @Test(arguments: Backing.allCases)
    func integrityCheckIsOk(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            _ = try await store.register(name: "card", hash: hash(1), document: document("v1"), elementCount: 3)
            _ = try await store.store(snapshots(of: hash(1), count: 500))
            #expect(try await store.integrityCheck() == "ok")
        }
    }

    @Test(arguments: Backing.allCases)
    func statisticsCountAndMeasure(_ backing: Backing) async throws {
        try await withStore(backing) { store, _ in
            _ = try await store.register(name: "card", hash: hash(1), document: document("v1"), elementCount: 3)
            _ = try await store.register(name: "list", hash: hash(2), document: document("list"), elementCount: 3)
            _ = try await store.store(snapshots(of: hash(1), count: 300))
            let statistics = try await store.statistics()
            #expect(statistics.schemeCount == 2)
            #expect(statistics.snapshotCount == 300)
            #expect(statistics.databaseBytes > 0)
            #expect(statistics.freeBytes >= 0 && statistics.freeBytes < statistics.databaseBytes)
            switch backing {
            case .inMemory: #expect(statistics.walBytes == nil)
            case .onDisk: #expect((statistics.walBytes ?? 0) > 0)
            }
        }
    }

    @Test(arguments: Backing.allCases)
    func onlineBackupWhileAWriterIsBusyIsAValidCopy(_ backing: Backing) async throws {
        try await withStore(backing) { store, directory in
            for index in 0..<50 {
                _ = try await store.register(name: "scheme-\(index)", hash: hash(index), document: document("\(index)"), elementCount: index)
            }
            let batchSize = 250
            let destination = directory.appending(path: "backup.sqlite").path
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for round in 0..<40 {
                        _ = try await store.store(snapshots(of: hash(round % 50), count: batchSize, from: round * batchSize))
                    }
                }
                group.addTask {
                    // Back up once the writer has committed a batch, while it goes on writing.
                    while try await store.snapshotCount() == 0 { await Task.yield() }
                    try await store.backup(to: destination)
                }
                try await group.waitForAll()
            }

            #expect(FileManager.default.fileExists(atPath: destination))
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".partial-") }
            #expect(leftovers.isEmpty)

            let copy = try SQLiteSchemeStore(location: .file(path: destination))
            #expect(try await copy.integrityCheck() == "ok")
            #expect(try await copy.schemes() == store.schemes())
            // One consistent state: whole batches (each is one transaction), never part of one.
            let copied = try await copy.snapshotCount()
            #expect(copied % batchSize == 0)
            #expect(copied >= batchSize && copied <= 40 * batchSize)
            try await copy.close()
        }
    }

    @Test func backupReplacesAnExistingFileAndRefusesAMissingDirectoryOrTheDatabaseItself() async throws {
        try await withStore(.onDisk) { store, directory in
            _ = try await store.register(name: "card", hash: hash(1), document: document("v1"), elementCount: 3)
            let destination = directory.appending(path: "backup.sqlite").path
            try Data("an old backup".utf8).write(to: URL(fileURLWithPath: destination))
            try await store.backup(to: destination)
            let copy = try SQLiteSchemeStore(location: .file(path: destination))
            #expect(try await copy.schemes().map(\.name) == ["card"])
            try await copy.close()

            let error = await #expect(throws: StoreError.self) {
                try await store.backup(to: directory.appending(path: "missing/backup.sqlite").path)
            }
            #expect(error?.code == .cannotOpen)
            #expect(error?.message.contains("missing/backup.sqlite") == true)

            let ownFile = try #require(store.path)
            let selfError = await #expect(throws: StoreError.self) { try await store.backup(to: ownFile) }
            #expect(selfError?.code == .invalidArgument)
            #expect(try await store.scheme(named: "card") != nil)
        }
    }

    @Test func dataWrittenIsAllThereAfterClosingAndReopening() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "store.sqlite").path
            let store = try SQLiteSchemeStore(location: .file(path: path))
            var expectedSchemes: [StoredScheme] = []
            for index in 0..<100 {
                _ = try await store.register(name: String(format: "scheme-%03d", index), hash: hash(index), document: document("\(index)"), elementCount: index)
            }
            _ = try await store.unregister(name: "scheme-050")
            expectedSchemes = try await store.schemes()
            let batch = snapshots(of: hash(7), count: 2_000)
            _ = try await store.store(batch)
            try await store.close()

            let reopened = try SQLiteSchemeStore(location: .file(path: path))
            #expect(try await reopened.schemes() == expectedSchemes)
            #expect(expectedSchemes.count == 99)
            #expect(try await reopened.snapshotCount() == 2_000)
            #expect(try await reopened.snapshots(for: batch.map(\.key)).count == 2_000)
            #expect(try await reopened.snapshot(for: batch[1_234].key) == batch[1_234])
            try await reopened.close()
        }
    }
}
