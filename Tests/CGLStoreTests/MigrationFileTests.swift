import Foundation
import Testing

@testable import CGLStore

/// The migrations compiled into the module are the top-level `migrations/` folder, exactly.
@Suite struct MigrationFileTests {
    /// `<package>/migrations`, found from this file's path.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "migrations", directoryHint: .isDirectory)

    static func folderFiles() throws -> [(name: String, bytes: Data)] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.lowercased().hasSuffix(".sql") }
            .sorted()
            .map { ($0, try Data(contentsOf: folder.appending(path: $0))) }
    }

    @Test func embeddedListEqualsTheFolderByteForByte() throws {
        let files = try Self.folderFiles()
        #expect(!files.isEmpty)
        #expect(MigrationFile.embedded.map(\.fileName) == files.map(\.name))
        for (embedded, file) in zip(MigrationFile.embedded, files) {
            #expect(Data(embedded.sql.utf8) == file.bytes, "\(file.name) differs from its embedded copy: rebuild")
        }
    }

    @Test func namesAreSortableNumberedAndUnique() throws {
        let names = MigrationFile.embedded.map(\.fileName)
        #expect(names == names.sorted())
        #expect(Set(names).count == names.count)
        #expect(Set(MigrationFile.embedded.map(\.identifier)).count == names.count)
        for (index, name) in names.enumerated() {
            let number = try #require(Int(name.prefix(4)), "\(name) does not start with four digits")
            #expect(number == index + 1, "\(name): migrations are numbered 0001, 0002, … without gaps")
            #expect(name.range(of: #"^[0-9]{4}_[a-z0-9_]+\.sql$"#, options: .regularExpression) != nil, "\(name) is not NNNN_name.sql")
        }
    }

    @Test func identifiersAreTheNamesWithoutExtension() {
        #expect(MigrationFile(fileName: "0007_add_index.sql", sql: "").identifier == "0007_add_index")
        #expect(SQLiteSchemeStore.knownMigrations.first == "0001_initial")
        #expect(SQLiteSchemeStore.knownMigrations == MigrationFile.embedded.map(\.identifier))
    }
}
