import Foundation
import Testing

/// `cglctl lookup` with content, a text scale and batches, against the built `cgld`: its
/// answers are `cglctl compute`'s for the same document, content and environment.
@Suite(.serialized) struct ContentCommandTests {
    /// The JSON of a lookup without its `"source"`, which `compute` does not print.
    private func withoutSource(_ json: String) -> String {
        let trimmed = json.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let range = trimmed.range(of: ",\"source\":\"", options: .backwards) else { return trimmed }
        return String(trimmed[..<range.lowerBound]) + "}"
    }

    @Test func aLookupWithContentAndATextScaleIsComputesAnswer() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(folder: folder, arguments: ["--no-prewarm"])
        let socket = ["--socket", daemon.socketPath]
        #expect(try cglctl(["register", example("feed-cell")] + socket).status == 0)
        let content = try temporaryFile("post.json", contents: #"{"body": "مرحبا بالعالم — a post that is long enough to wrap onto a second line, and a third one too", "name": "Ada"}"#)
        let cases: [[String]] = [
            ["--profile", "phone-portrait", "--content", content],
            ["--profile", "phone-portrait", "--content", content, "--set", "date=yesterday", "--text-scale", "1.5"],
            ["--size", "500x300", "--scale", "2", "--rtl", "--set", "body=short"],
            ["--profile", "tablet-landscape", "--text-scale", "2"],
        ]
        for arguments in cases {
            let lookup = try cglctl(["lookup", "feed-cell", "--format", "json"] + arguments + socket)
            let compute = try cglctl(["compute", example("feed-cell"), "--format", "json"] + arguments)
            #expect(lookup.status == 0 && compute.status == 0, "\(arguments): \(lookup.stderr) \(compute.stderr)")
            #expect(withoutSource(lookup.stdout) == compute.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "\(arguments)")
        }
        // Content equal to the defaults is the document's own content: no digest.
        let defaults = try cglctl(["lookup", "feed-cell", "--profile", "phone-portrait", "--set", "name=Ada Lovelace", "--format", "json"] + socket)
        #expect(defaults.status == 0 && !defaults.stdout.contains("\"content\""), "\(defaults.stdout)")

        let unknown = try cglctl(["lookup", "feed-cell", "--profile", "phone-portrait", "--set", "bdy=x"] + socket)
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("cglctl: the content does not fit the slots of 'feed-cell': the scheme 'feed-cell' has no slot 'bdy' (did you mean 'body'?)"),
                "\(unknown.stderr)")
        let wrongKind = try cglctl(["lookup", "feed-cell", "--profile", "phone-portrait", "--set", "body=true"] + socket)
        #expect(wrongKind.status == 65 && wrongKind.stderr.contains("the slot 'body' takes a string"), "\(wrongKind.stderr)")
        // A value in JSON quotes is a text, whatever it looks like.
        #expect(try cglctl(["lookup", "feed-cell", "--profile", "phone-portrait", "--set", #"body="true""#] + socket).status == 0)
        let scale = try cglctl(["lookup", "feed-cell", "--profile", "phone-portrait", "--text-scale", "9"] + socket)
        #expect(scale.status == 64 && scale.stderr.contains("the text scale 9.0 must be between 0.8 and 3.1"), "\(scale.stderr)")
        #expect(daemon.stop() == 0)
    }

    @Test func aBatchFileIsAnsweredLineByLineInOrder() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(folder: folder, arguments: ["--no-prewarm"])
        let socket = ["--socket", daemon.socketPath]
        #expect(try cglctl(["register", example("feed-cell"), example("toolbar")] + socket).status == 0)
        let batch = try temporaryFile("page.jsonl", contents: """
            {"content": {"body": "First post"}}
            {"scheme": "toolbar", "size": "500x60", "direction": "rtl"}

            {"scheme": "feed-cel"}
            {"content": {"body": "Third post", "name": "Lin"}, "textScale": 1.2}
            """)
        let result = try cglctl(["lookup", "feed-cell", "--profile", "phone-portrait", "--batch", batch, "--format", "json"] + socket)
        // The first failure, an unknown scheme, decides: 67.
        #expect(result.status == 67, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        guard lines.count == 4 else { return }
        let expected = [
            try cglctl(["compute", example("feed-cell"), "--profile", "phone-portrait", "--set", "body=First post", "--format", "json"]),
            try cglctl(["compute", example("toolbar"), "--size", "500x60", "--rtl", "--format", "json"]),
            nil,
            try cglctl(["compute", example("feed-cell"), "--profile", "phone-portrait", "--set", "body=Third post", "--set", "name=Lin",
                        "--text-scale", "1.2", "--format", "json"]),
        ]
        for (line, compute) in zip(lines, expected) {
            if let compute {
                #expect(withoutSource(line) == compute.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            } else {
                #expect(line.hasPrefix(#"{"error":{"code":"notFound","message":"no scheme is registered as 'feed-cel'; did you mean 'feed-cell'?"#), "\(line)")
            }
        }
        let badLine = try temporaryFile("bad.jsonl", contents: "{\"scheme\": \"feed-cell\", \"profile\": \"phone-portrait\"}\n{\"scheme\": \"feed-cell\", \"direction\": \"up\"}\n")
        let refused = try cglctl(["lookup", "--batch", badLine] + socket)
        #expect(refused.status == 65 && refused.stderr.contains("bad.jsonl:2: \"direction\" is \"up\"; write \"ltr\" or \"rtl\""), "\(refused.stderr)")
        let misspelt = try temporaryFile("misspelt.jsonl", contents: "{\"scheme\": \"feed-cell\", \"profile\": \"phone-portrait\", \"contnet\": {\"body\": \"x\"}}\n")
        let unknown = try cglctl(["lookup", "--batch", misspelt] + socket)
        #expect(unknown.status == 65 && unknown.stderr.contains("misspelt.jsonl:1: unknown key \"contnet\"; did you mean \"content\"?"), "\(unknown.stderr)")
        #expect(daemon.stop() == 0)
    }

    /// In text, a batch prints each size as the single lookup's table does: to 3 decimals
    /// at most (`440.667`, not `440.6666666666667`).
    @Test func aBatchInTextRoundsSizesAsTheSingleLookup() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(folder: folder, arguments: ["--no-prewarm"])
        let socket = ["--socket", daemon.socketPath]
        #expect(try cglctl(["register", example("feed-cell")] + socket).status == 0)
        let scales = ["1.1", "1.3", "1.7"]
        let batch = try temporaryFile("scaled.jsonl", contents: scales.map { "{\"textScale\": \($0)}" }.joined(separator: "\n") + "\n")
        let result = try cglctl(["lookup", "feed-cell", "--profile", "phone-portrait", "--batch", batch] + socket)
        #expect(result.status == 0, "\(result.stderr)")
        let sizes = result.stdout.split(separator: "\n").map { $0.split(separator: "\t").last.map(String.init) ?? "" }
        #expect(sizes.count == scales.count)
        for (scale, size) in zip(scales, sizes) {
            let single = try cglctl(["lookup", "feed-cell", "--profile", "phone-portrait", "--text-scale", scale] + socket)
            let line = single.stdout.split(separator: "\n").first { $0.hasPrefix("size ") } ?? ""
            #expect(size == line.dropFirst("size ".count).replacingOccurrences(of: " × ", with: "×"), "\(scale): \(size) and \(line)")
            for number in size.split(separator: "×") {
                #expect((number.split(separator: ".").dropFirst().first?.count ?? 0) <= 3, "\(size)")
            }
        }
        #expect(daemon.stop() == 0)
    }
}
