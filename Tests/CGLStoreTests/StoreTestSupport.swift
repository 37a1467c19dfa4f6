import Foundation
import GRDB
import Testing

@testable import CGLStore

/// The two kinds of database every store test runs against.
enum Backing: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory, onDisk

    var testDescription: String { rawValue }
}

/// A per-test temporary directory, removed afterwards.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appending(path: "cglstore-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}

/// Opens a fresh store of the given kind (on disk: `store.sqlite` in a temporary directory),
/// runs `body`, closes the store.
func withStore<T>(_ backing: Backing, configuration: SQLiteSchemeStore.Configuration = .init(),
                  _ body: (SQLiteSchemeStore, URL) async throws -> T) async throws -> T {
    try await withTemporaryDirectory { directory in
        let location: SQLiteSchemeStore.Location = switch backing {
        case .inMemory: .inMemory
        case .onDisk: .file(path: directory.appending(path: "store.sqlite").path)
        }
        let store = try SQLiteSchemeStore(location: location, configuration: configuration)
        do {
            let result = try await body(store, directory)
            try await store.close()
            return result
        } catch {
            try? await store.close()
            throw error
        }
    }
}

/// A well-formed content hash made from a number.
func hash(_ number: Int) -> String {
    let hex = String(number, radix: 16)
    return "sha256:" + String(repeating: "0", count: 64 - hex.count) + hex
}

/// A document's bytes, distinct per text.
func document(_ text: String) -> Data {
    Data("{\"format\":\"cglayout/1\",\"name\":\"\(text)\"}".utf8)
}

func key(_ schemeHash: String, engine: String = "engine-1", environment: String) -> SnapshotKey {
    SnapshotKey(schemeHash: schemeHash, engineVersion: engine, environmentKey: environment)
}

/// A snapshot whose payload tells its key apart.
func snapshot(_ key: SnapshotKey, payload: String? = nil, computeTime: Duration = .microseconds(250)) -> StoredSnapshot {
    StoredSnapshot(key: key, payload: Data((payload ?? "frames of \(key)").utf8), computeTime: computeTime,
                   createdAt: Date(timeIntervalSince1970: 1_800_000_000))
}

/// `count` snapshots of one hash, environments `env-0`, `env-1`, ….
func snapshots(of schemeHash: String, count: Int, engine: String = "engine-1", from start: Int = 0) -> [StoredSnapshot] {
    (start..<(start + count)).map { snapshot(key(schemeHash, engine: engine, environment: "env-\($0)")) }
}
