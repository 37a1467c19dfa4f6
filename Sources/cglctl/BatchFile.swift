import ArgumentParser
import CGLClient
import CGLDocument
import CGLayout
import Foundation

/// What a line of a batch file leaves out: the command's own name and options.
struct BatchDefaults {
    var scheme: String?
    var environment: Environment?
    var textScale: Double?
    var content: Content
}

/// The lookups of a `cglctl lookup --batch` file: one JSON object per line (blank lines
/// are skipped).
enum BatchFile {
    /// One line.
    private struct Line: Decodable {
        var scheme: String?
        var profile: String?
        var size: String?
        var scale: Double?
        var direction: String?
        var textScale: Double?
        var content: [String: Value]?

        enum Value: Decodable {
            case text(String), flag(Bool), size([Double])

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let flag = try? container.decode(Bool.self) {
                    self = .flag(flag)
                } else if let text = try? container.decode(String.self) {
                    self = .text(text)
                } else if let size = try? container.decode([Double].self), size.count == 2 {
                    self = .size(size)
                } else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "a slot takes a string, [width, height], true or false")
                }
            }

            var slotValue: SlotValue {
                switch self {
                case .text(let text): .text(text)
                case .flag(let flag): .flag(flag)
                case .size(let size): .size(size[0], size[1])
                }
            }
        }
    }

    /// The lookups of `data`; exits 65 naming the first line that is not a lookup.
    static func lookups(in data: Data, path: String, defaults: BatchDefaults) throws -> [Lookup] {
        var lookups: [Lookup] = []
        for (index, text) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !text.allSatisfy(\.isWhitespace) else { continue }
            do {
                let data = Data(text.utf8)
                try rejectUnknownKeys(data)
                let line = try JSONDecoder().decode(Line.self, from: data)
                lookups.append(try lookup(line, defaults: defaults))
            } catch {
                throw CommandFailure(code: "invalidBatch", message: "\(path):\(index + 1): \(describe(error))", exitCode: CLIExit.invalidDocument)
            }
        }
        return lookups
    }

    /// The keys a line may have.
    private static let keys: Set<String> = ["scheme", "profile", "size", "scale", "direction", "textScale", "content"]

    /// Refuses a key a line cannot have (a misspelt `"contnet"` would otherwise look up the
    /// document's own content without a word), naming the closest one.
    private static func rejectUnknownKeys(_ data: Data) throws {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return }
        for key in object.keys.sorted() where !keys.contains(key) {
            let close = suggestion(for: key, among: Array(keys)).map { "; did you mean \"\($0)\"?" } ?? ""
            throw Problem("unknown key \"\(key)\"\(close) (a line has \(keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")))")
        }
    }

    private static func lookup(_ line: Line, defaults: BatchDefaults) throws -> Lookup {
        guard let scheme = line.scheme ?? defaults.scheme else { throw Problem("no \"scheme\", and the command names none") }
        let rtl: Bool?
        switch line.direction {
        case nil: rtl = nil
        case "rtl": rtl = true
        case "ltr": rtl = false
        case let other?: throw Problem("\"direction\" is \"\(other)\"; write \"ltr\" or \"rtl\"")
        }
        let environment: Environment
        if let profile = line.profile {
            if line.size != nil { throw Problem("give \"profile\" or \"size\", not both") }
            if line.scale != nil { throw Problem("\"scale\" goes with \"size\"; a profile has its own") }
            environment = .profile(profile, direction: rtl.map { $0 ? .rightToLeft : .leftToRight })
        } else if let size = line.size {
            let parts = size.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
            guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else {
                throw Problem("\"size\" is \"\(size)\"; write WIDTHxHEIGHT, such as \"390x844\"")
            }
            environment = .size(width: width, height: height, scale: line.scale, direction: rtl == true ? .rightToLeft : .leftToRight)
        } else if let given = defaults.environment {
            environment = given
        } else {
            throw Problem("no \"profile\" or \"size\", and the command gives neither --profile nor --size")
        }
        var values = defaults.content.values
        for (slot, value) in line.content ?? [:] { values[slot] = value.slotValue }
        return Lookup(scheme, in: environment, content: Content(values), textScale: line.textScale ?? defaults.textScale)
    }

    /// A line's problem, for the message.
    private struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case let problem as Problem: return problem.description
        case DecodingError.dataCorrupted(let context): return "not a JSON object of a lookup: \(context.debugDescription)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "\"\(key)\": \(context.debugDescription)"
        default: return "not a JSON object of a lookup"
        }
    }

    /// `{"error": {"code": …, "message": …}}`, the JSON line of a failed lookup.
    static func errorJSON(_ error: CGLClientError) -> String {
        let code = error.refusal.map { "\($0.code)" } ?? error.code.name
        let message = error.refusal?.message ?? error.message
        return JSONOutput.object([("error", JSONOutput.object([("code", JSONOutput.string(code)), ("message", JSONOutput.string(message))]))])
    }
}
