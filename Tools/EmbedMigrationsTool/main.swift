// The tool of the EmbedMigrations build plugin:
//
//     EmbedMigrationsTool OUTPUT.swift MIGRATIONS-FOLDER [PLANNED-NAME.sql ...]
//
// Lists the folder's *.sql files, checks that they are the ones SwiftPM planned the build
// with, checks their names (`NNNN_name.sql`, numbered 0001, 0002, … without gaps or repeats,
// so that the file order is the migration order), and writes a Swift file holding each
// file's name and its SQL, byte for byte. Any problem fails the build, naming the file.
import Foundation

/// A migration file that cannot be embedded; printed as a compiler-style error.
struct EmbedError: Error, CustomStringConvertible {
    var path: String
    var message: String

    var description: String { "\(path): error: \(message)" }
}

/// The folder's `.sql` file names, sorted.
func sqlFiles(in folder: String) throws(EmbedError) -> [String] {
    do {
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.lowercased().hasSuffix(".sql") }.sorted()
    } catch {
        throw EmbedError(path: folder, message: "cannot list the migrations folder: \(error.localizedDescription)")
    }
}

/// Fails when the folder no longer has the files SwiftPM planned this build with.
func checkPlanned(_ planned: [String], against found: [String], folder: String) throws(EmbedError) {
    guard planned.sorted() != found else { return }
    let added = Set(found).subtracting(planned).sorted(), gone = Set(planned).subtracting(found).sorted()
    throw EmbedError(path: folder, message: "the migrations changed since SwiftPM planned this build (new: \(added.joined(separator: ", ")); "
        + "gone: \(gone.joined(separator: ", "))). SwiftPM reruns build plugins only when Package.swift or a target's folder changes: "
        + "run `touch Package.swift` and build again.")
}

/// Checks that the sorted names are `0001_….sql`, `0002_….sql`, … without gaps or repeats.
func checkNames(_ names: [String], folder: String) throws(EmbedError) {
    for (index, name) in names.enumerated() {
        let path = folder + "/" + name
        guard let number = migrationNumber(name) else {
            throw EmbedError(path: path, message: "a migration is named NNNN_name.sql: four digits, '_', then lowercase letters, digits or '_' (such as 0002_snapshot_index.sql)")
        }
        guard number == index + 1 else {
            throw EmbedError(path: path, message: "migration number \(number) should be \(index + 1): migrations are numbered from 0001 without gaps or repeats, and released ones are never renamed or removed")
        }
    }
}

/// The number of a well-formed name `NNNN_name.sql`, or nil.
func migrationNumber(_ name: String) -> Int? {
    let bytes = Array(name.utf8)
    guard bytes.count > 9, name.hasSuffix(".sql"), bytes[4] == UInt8(ascii: "_") else { return nil }
    let digits = bytes[0..<4], stem = bytes[5..<(bytes.count - 4)]
    func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    func isStem(_ byte: UInt8) -> Bool { isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "_") }
    guard digits.allSatisfy(isDigit), !stem.isEmpty, stem.allSatisfy(isStem) else { return nil }
    return Int(String(decoding: digits, as: UTF8.self))
}

/// A Swift multi-line string literal whose value is exactly `text`.
///
/// Every backslash and quote is escaped, so nothing in the SQL can end the literal or
/// interpolate; `\r` and other control characters are escaped because the compiler would
/// normalize or reject them; line feeds stay real line breaks so that the SQL reads as SQL.
/// The closing delimiter sits at column 0, so no indentation is stripped.
func swiftLiteral(_ text: String) -> String {
    var body = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": body += "\\\\"
        case "\"": body += "\\\""
        case "\n": body += "\n"
        case "\t": body += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            body += "\\u{" + String(scalar.value, radix: 16) + "}"
        default: body.unicodeScalars.append(scalar)
        }
    }
    return "\"\"\"\n" + body + "\n\"\"\""
}

/// The Swift source declaring `MigrationFile.embedded`.
func generatedSource(for names: [String], in folder: String) throws(EmbedError) -> String {
    var entries: [String] = []
    for name in names {
        let path = folder + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else {
            throw EmbedError(path: path, message: "cannot read the file")
        }
        guard let sql = String(validating: data, as: UTF8.self) else {
            throw EmbedError(path: path, message: "the file is not valid UTF-8 text")
        }
        // The name needs no escaping: checkNames allows only [0-9a-z_.] in it.
        entries.append("        MigrationFile(\n            fileName: \"\(name)\",\n            sql: \(swiftLiteral(sql))\n        ),\n")
    }
    return """
    // Generated at build time by the EmbedMigrations plugin from the package's \(URL(fileURLWithPath: folder).lastPathComponent)/ folder.
    // Do not edit: change the NNNN_name.sql files instead (append-only once released).

    extension MigrationFile {
        /// The migration files, in order, exactly as they were at build time.
        static let embedded: [MigrationFile] = [

    """ + entries.joined() + "    ]\n}\n"
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: EmbedMigrationsTool OUTPUT.swift MIGRATIONS-FOLDER [PLANNED-NAME.sql ...]\n".utf8))
    exit(2)
}
let (output, folder, planned) = (arguments[0], arguments[1], Array(arguments.dropFirst(2)))
do {
    let names = try sqlFiles(in: folder)
    try checkPlanned(planned, against: names, folder: folder)
    try checkNames(names, folder: folder)
    let source = Data(try generatedSource(for: names, in: folder).utf8)
    // Rewritten only on change, so that an unchanged schema does not recompile the module.
    if FileManager.default.contents(atPath: output) != source {
        try source.write(to: URL(fileURLWithPath: output), options: .atomic)
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
