import CGLText
import Foundation
import Testing
import CGLValues

/// Texts in runs from the command line, as the built binaries run: `measure --runs`,
/// `compute`/`render`/`lookup` with `--set body=@runs.json`.
@Suite(.serialized) struct RunsCommandTests {
    static let runs = #"[{"string": "Ada Lovelace", "style": "headline"}, {"string": " shipped the new feed layout "}, {"atom": {"size": [18, 18], "baseline": 15}}, {"string": " today, and it looks great."}]"#
    static let file = #"""
        {"styles": {"body": {"family": "DejaVu Sans", "size": 13, "lineHeight": 18}, "headline": {"family": "DejaVu Sans", "size": 15, "weight": 700}},
         "style": "body", "runs": \#(runs)}
        """#

    @Test func measureRunsPrintsWhatTheEngineMeasures() throws {
        let path = try temporaryFile("runs.json", contents: Self.file)
        let result = try cglctl("measure", "--runs", path, "--width", "150", "--format", "json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try result.json() as? [String: Any])
        let measured = try TextEngine.shared().measure([
            .text("Ada Lovelace", style: TextStyle(family: "DejaVu Sans", size: 15, weight: 700)), .text(" shipped the new feed layout "),
            .atom(InlineAtom(width: 18, height: 18, baseline: 15)), .text(" today, and it looks great."),
        ], style: TextStyle(family: "DejaVu Sans", size: 13, lineHeight: .points(18)), width: 150)
        #expect(abs((object["width"] as? Double ?? 0) - measured.width) < 1e-4)
        #expect(abs((object["height"] as? Double ?? 0) - measured.height) < 1e-4)
        #expect(object["lines"] as? Int == measured.lineCount && measured.lineCount > 1)
        #expect((object["lineTexts"] as? [String])?.first == "Ada Lovelace")
        #expect((object["fonts"] as? [String])?.first?.hasSuffix("DejaVuSans-Bold.ttf") == true)
        // Unwrapped, as a table.
        let table = try cglctl("measure", "--runs", path)
        #expect(table.status == 0 && table.stdout.contains("lines           1"), "\(table.stdout)")
    }

    @Test func measureRunsExplainsBadInput() throws {
        let bad = try temporaryFile("bad.json", contents: #"{"styles": {"body": {"family": "DejaVu Sans", "size": 13}}, "style": "body", "runs": [{"string": "", "style": "bodyy"}, {"atom": {"size": [-1, 2]}}]}"#)
        let result = try cglctl("measure", "--runs", bad)
        #expect(result.status == 65)
        for expected in ["/runs/0/string: run 0 has an empty string", "/runs/0/style: unknown text style 'bodyy'; did you mean 'body'?", "/runs/1/atom/size: an atom's size"] {
            #expect(result.stderr.contains(expected), "\(result.stderr)")
        }
        let both = try cglctl("measure", "--runs", bad, "--family", "DejaVu Sans")
        #expect(both.status == 64 && both.stderr.contains("--runs FILE takes its fonts from the file's styles"))
        let neither = try cglctl("measure", "--size", "13")
        #expect(neither.status == 64 && neither.stderr.contains("give the TEXT to measure, or --runs FILE"))
    }

    @Test func computeRenderAndLookupTakeRunsFromAFile() throws {
        let body = try temporaryFile("body.json", contents: Self.runs)
        let content = try temporaryFile("content.json", contents: #"{"body": \#(Self.runs)}"#)
        let fromFile = try cglctl("compute", example("feed-cell"), "--profile", "phone-portrait", "--set", "body=@\(body)", "--format", "json")
        let fromContent = try cglctl("compute", example("feed-cell"), "--profile", "phone-portrait", "--content", content, "--format", "json")
        #expect(fromFile.status == 0 && fromFile.stdout == fromContent.stdout, "\(fromFile.stderr)")
        let plain = try cglctl("compute", example("feed-cell"), "--profile", "phone-portrait", "--set", "body=Ada Lovelace shipped the new feed layout today", "--format", "json")
        #expect(plain.stdout != fromFile.stdout)
        // A text that starts with @ is written in JSON quotes.
        let mention = try cglctl("compute", example("feed-cell"), "--profile", "phone-portrait", "--set", #"body="@ada""#, "--format", "json")
        #expect(mention.status == 0, "\(mention.stderr)")
        // A run naming a style the document lacks: pointed at within the file.
        let unknown = try temporaryFile("unknown.json", contents: #"[{"string": "x", "style": "mention"}]"#)
        let refused = try cglctl("compute", example("feed-cell"), "--profile", "phone-portrait", "--set", "body=@\(unknown)")
        #expect(refused.status == 65 && refused.stderr.contains("/body/0/style: unknown text style 'mention'"), "\(refused.stderr)")
        let missing = try cglctl("compute", example("feed-cell"), "--profile", "phone-portrait", "--set", "body=@/nonexistent/runs.json")
        #expect(missing.status != 0 && missing.stderr.contains("/nonexistent/runs.json"))

        // Rendered, each run in its font.
        let svg = try temporaryFile("card.svg")
        let render = try cglctl("render", example("feed-cell"), "--profile", "phone-portrait", "--set", "body=@\(body)", "--out", svg)
        #expect(render.status == 0, "\(render.stderr)")
        let drawn = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(drawn.contains(#"font-weight="700">Ada Lovelace</tspan>"#) && drawn.contains(#"font-size="13" font-weight="400"> shipped"#), "\(drawn)")

        // Through the daemon: the answer is compute's.
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let daemon = try DaemonProcess(folder: folder, arguments: ["--no-prewarm"])
        let socket = ["--socket", daemon.socketPath]
        #expect(try cglctl(["register", example("feed-cell")] + socket).status == 0)
        let lookup = try cglctl(["lookup", "feed-cell", "--profile", "phone-portrait", "--set", "body=@\(body)", "--format", "json"] + socket)
        #expect(lookup.status == 0, "\(lookup.stderr)")
        #expect(lookup.stdout.contains(fromFile.stdout.trimmingCharacters(in: .whitespacesAndNewlines).dropLast()), "\(lookup.stdout)\n\(fromFile.stdout)")
        let lookupRefused = try cglctl(["lookup", "feed-cell", "--profile", "phone-portrait", "--set", "body=@\(unknown)"] + socket)
        #expect(lookupRefused.status == 65 && lookupRefused.stderr.contains("/body/0/style"), "\(lookupRefused.stderr)")
    }
}
