import CGLTestSupport
import Foundation
import Testing

/// `cglctl validate`, `compute`, `render`, `profiles`, run as the built binary.
@Suite struct OfflineCommandTests {
    @Test func validateAcceptsTheExamples() throws {
        let result = try cglctl("validate", example("feed-cell"), example("login-form"))
        #expect(result.status == 0)
        #expect(result.stdout.contains("feed-cell.json: ok (feed-cell, sha256:"))
        #expect(result.stderr.isEmpty)
    }

    /// `validate --profiles FILE` checks variants against that file's profiles.
    @Test func validateChecksVariantProfilesAgainstTheProfilesGiven() throws {
        let file = try temporaryFile("kiosk.json", contents: """
        {"format": "cglayout/1", "name": "kiosk", "elements": [{"id": "a"}], "blocks": [{"id": "b", "element": "a"}],
         "variants": [{"when": {"profile": "kiosk-portrait"}, "blocks": [{"id": "b", "element": "a", "layout": {"width": "fixed(10)"}}]}]}
        """)
        let builtIn = try cglctl("validate", file)
        #expect(builtIn.status == 0)
        #expect(builtIn.stderr.contains("warning: /variants/0/when/profile: no profile is called 'kiosk-portrait'"), "\(builtIn.stderr)")
        let profiles = try temporaryFile("profiles.json", contents: #"{"profiles": [{"name": "kiosk-portrait", "width": 1080, "height": 1920}]}"#)
        let own = try cglctl("validate", file, "--profiles", profiles)
        #expect(own.status == 0 && own.stderr.isEmpty, "\(own.stderr)")
        #expect(try cglctl("validate", file, "--profiles", "/nonexistent/profiles.json").status == 66)
    }

    @Test func validateReportsEveryErrorOnStderrAndExits65() throws {
        let file = try temporaryFile("bad.json", contents: """
        {"format": "cglayout/1", "name": "bad", "elements": [{"id": "a", "colour": 1}],
         "blocks": [{"element": "b"}, {"element": "a", "layout": {"x": "lfet(1)"}}]}
        """)
        let result = try cglctl("validate", file)
        #expect(result.status == 65)
        #expect(result.stdout.contains("bad.json: invalid (3 errors)"))
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasSuffix("error: /elements/0/colour: unknown key 'colour' in an element; expected one of: 'id', 'parent', 'kind', 'intrinsicSize', 'text', 'boundsOrigin', 'stack', 'scroll', 'visible', 'box'"))
        #expect(lines[0].hasPrefix("\(file):1:76:"))
        #expect(lines[2].contains("/blocks/1/layout/x: unknown x rule 'lfet' at character 1; did you mean 'left'?"))
    }

    @Test func validateJSONListsEveryFile() throws {
        let bad = try temporaryFile("bad.json", contents: "{\"format\": ")
        let result = try cglctl("validate", "--format", "json", example("toolbar"), bad)
        #expect(result.status == 65)
        #expect(result.stderr.isEmpty)
        let files = try #require(try result.json() as? [[String: Any]])
        #expect(files.count == 2)
        #expect(files[0]["valid"] as? Bool == true)
        #expect(files[0]["name"] as? String == "toolbar")
        #expect(files[1]["valid"] as? Bool == false)
        let issue = try #require((files[1]["issues"] as? [[String: Any]])?.first)
        #expect(issue["code"] as? String == "syntax")
        #expect(issue["line"] as? Int == 1)
    }

    @Test func computeJSONHasTheSnapshotShape() throws {
        let result = try cglctl("compute", example("feed-cell"), "--profile", "phone-portrait", "--format", "json")
        #expect(result.status == 0)
        let snapshot = try #require(try result.json() as? [String: Any])
        #expect(Set(snapshot.keys) == ["scheme", "hash", "engine", "environment", "size", "frames"])
        let environment = try #require(snapshot["environment"] as? [String: Any])
        #expect(environment["profile"] as? String == "phone-portrait")
        #expect(environment["safeArea"] as? [Double] == [47, 0, 34, 0])
        let frames = try #require(snapshot["frames"] as? [String: [String: [Double]]])
        #expect(frames["avatar"]?["frame"] == [16, 59, 48, 48])
        #expect(frames.count == 11)
    }

    @Test func computeTextWithASizeAndTraits() throws {
        let result = try cglctl("compute", example("feed-cell"), "--size", "320x480", "--scale", "2", "--rtl", "--size-classes", "compact,compact",
                                "--safe-area", "20,0,0,0")
        #expect(result.status == 0)
        #expect(result.stdout.contains("320×480 @2x, compact/compact, rtl"))
        #expect(result.stdout.contains("avatar     (256, 32, 48, 48)"))
    }

    /// Exit 64 for every usage error; the usage text follows a command line of the wrong
    /// shape, not a value found wrong while running (an unknown profile, a zero width).
    @Test(arguments: [
        (["compute", "FILE"], "give either --profile NAME or --size WxH", true),
        (["compute", "FILE", "--profile", "phone-portrait", "--size", "1x1"], "give either --profile NAME or --size WxH", true),
        (["compute", "FILE", "--profile", "fone-portrait"], "unknown profile 'fone-portrait'; did you mean 'phone-portrait'?", false),
        (["compute", "FILE", "--size", "big"], "--size takes WIDTHxHEIGHT in points", false),
        (["compute", "FILE", "--size", "0x10"], "the width 0.0 must be a finite number of points greater than 0", false),
        (["compute", "FILE", "--size", "nanx10"], "the width nan must be", false),
        (["compute", "FILE", "--profile", "phone-portrait", "--scale", "2"], "--scale, --size-classes and --safe-area go with --size", true),
        (["compute", "FILE", "--size", "10x10", "--size-classes", "small,big"], "--size-classes takes two of compact|regular", false),
        (["render", "FILE", "--out", "x.svg"], "give one of --profile NAME, --size WxH or --all-profiles", true),
        (["frobnicate"], "Unexpected argument 'frobnicate'", true),
    ])
    func usageErrorsExit64(arguments: [String], message: String, showsUsage: Bool) throws {
        let arguments = arguments.map { $0 == "FILE" ? example("feed-cell") : $0 }
        let process = try runCglctl(arguments)
        #expect(process.status == 64)
        #expect(process.stderr.contains(message), "\(process.stderr)")
        #expect(process.stderr.contains("Usage:") == showsUsage, "\(process.stderr)")
        #expect(process.stdout.isEmpty)
    }

    @Test func missingFilesAndInvalidDocuments() throws {
        let missing = try cglctl("compute", "/nonexistent/doc.json", "--profile", "phone-portrait")
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("cannot read '/nonexistent/doc.json'"))
        let invalid = try cglctl("compute", "-", "--profile", "phone-portrait", stdin: "{\"format\": \"cglayout/1\"}")
        #expect(invalid.status == 65)
        #expect(invalid.stderr.contains("-:1:1: error: /: the document needs a 'name'"))
        #expect(invalid.stdout.isEmpty)
    }

    /// With `--format json`, a failure is one JSON object on stderr, whatever failed: a file,
    /// a document, content, a profile.
    @Test func offlineErrorsAreJSONWithFormatJSON() throws {
        func error(_ arguments: String..., stdin: String? = nil) throws -> (status: Int32, code: String?, issues: [[String: Any]]) {
            let result = try cglctlTests.runCglctl(arguments + ["--format", "json"], stdin: stdin)
            #expect(result.stdout.isEmpty)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any], "\(result.stderr)")
            let error = try #require(object["error"] as? [String: Any])
            #expect((error["message"] as? String)?.isEmpty == false)
            return (result.status, error["code"] as? String, error["issues"] as? [[String: Any]] ?? [])
        }
        let missing = try error("compute", "/nonexistent.json", "--profile", "phone-portrait")
        #expect(missing.status == 66 && missing.code == "noInput")
        let invalid = try error("compute", "-", "--profile", "phone-portrait", stdin: #"{"format": "cglayout/1"}"#)
        #expect(invalid.status == 65 && invalid.code == "invalidDocument")
        #expect(invalid.issues.contains { $0["message"] as? String == "the document needs a 'name'" && $0["line"] as? Int == 1 })
        let profile = try error("compute", example("feed-cell"), "--profile", "fone-portrait")
        #expect(profile.status == 64 && profile.code == "usage")
        let content = try error("compute", example("feed-cell"), "--profile", "phone-portrait", "--set", "hasBadge=maybe")
        #expect(content.status == 65 && content.code == "invalidContent")
        let slots = try error("compute", example("feed-cell"), "--profile", "phone-portrait", "--content", "-", stdin: #"{"bdy": "x"}"#)
        #expect(slots.status == 65 && slots.code == "invalidContent" && slots.issues.first?["pointer"] as? String == "/bdy")
    }

    @Test func renderWritesAnSVGAndAnHTMLPage() throws {
        let svg = try temporaryFile("feed.svg")
        let one = try cglctl("render", example("feed-cell"), "--profile", "tablet-landscape", "--out", svg)
        #expect(one.status == 0)
        let drawing = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(drawing.hasPrefix("<?xml"))
        #expect(drawing.contains("width=\"1180\" height=\"820\""))
        #expect(drawing.contains(">avatar</text>"))
        #expect(drawing.components(separatedBy: "<rect").count - 1 == 13)  // root, safe area, 11 elements (the hidden badge zero)
        // Labels come after every rectangle, so no child covers its parent's name.
        let lastRect = try #require(drawing.range(of: "<rect", options: .backwards)), firstLabel = try #require(drawing.range(of: "class=\"label\""))
        #expect(lastRect.lowerBound < firstLabel.lowerBound)

        let html = try temporaryFile("feed.html")
        let all = try cglctl("render", example("split-view"), "--all-profiles", "--out", html, "--format", "json")
        #expect(all.status == 0)
        #expect(try (all.json() as? [String: String])?["file"] == html)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.components(separatedBy: "<svg ").count - 1 == 12)
        #expect(page.contains("desktop-landscape"))
        #expect(!page.contains("http://") || page.contains("xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(page.contains("<span class=\"traits\">1440 × 900 pt @2x, landscape · regular width, regular height · left-to-right"))
        #expect(page.components(separatedBy: "<summary>Frames</summary>").count - 1 == 12)
    }

    /// A picture goes in a file whose extension says what it is: a browser shows HTML in a
    /// `.svg` file as nothing at all.
    @Test func renderRefusesAnOutputNamedForTheOtherKind() throws {
        let svgName = try temporaryFile("page.svg")
        let page = try cglctl("render", example("split-view"), "--all-profiles", "--out", svgName)
        #expect(page.status == 64)
        #expect(page.stderr.contains("--out '\(svgName)': --all-profiles writes an HTML page; name the file .html"))
        #expect(!FileManager.default.fileExists(atPath: svgName))
        let htmlName = try temporaryFile("one.html")
        let one = try cglctl("render", example("split-view"), "--profile", "phone-portrait", "--out", htmlName)
        #expect(one.status == 64)
        #expect(one.stderr.contains("one environment is drawn as an SVG; name the file .svg"))
        #expect(try cglctl("render", example("split-view"), "--profile", "phone-portrait", "--out", try temporaryFile("one.SVG")).status == 0)
        // A file that cannot be written: 73, naming it.
        let unwritable = try cglctl("render", example("split-view"), "--profile", "phone-portrait", "--out", "/nonexistent/folder/one.svg")
        #expect(unwritable.status == 73 && unwritable.stderr.contains("cannot write '/nonexistent/folder/one.svg'"), "\(unwritable.stderr)")
    }

    @Test func profilesListsTheDefaultsOrAFile() throws {
        let text = try cglctl("profiles")
        #expect(text.status == 0)
        #expect(text.stdout.split(separator: "\n").count == 12)
        #expect(text.stdout.contains("phone-portrait 390×844 @3x, compact/regular, ltr"))
        let json = try #require(try cglctl("profiles", "--format", "json").json() as? [[String: Any]])
        #expect(json.count == 12)
        let file = try temporaryFile("profiles.json", contents: #"{"profiles": [{"name": "kiosk", "width": 1080, "height": 1920}]}"#)
        let custom = try cglctl("compute", example("login-form"), "--profiles", file, "--profile", "kiosk", "--format", "json")
        #expect(custom.status == 0)
        #expect(((try custom.json() as? [String: Any])?["environment"] as? [String: Any])?["width"] as? Double == 1080)
        let broken = try temporaryFile("broken.json", contents: #"{"profiles": [{"name": "x"}]}"#)
        let refused = try cglctl("profiles", "--profiles", broken)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("/profiles/0: a profile needs a 'width'"))
    }

    /// `--content` and `--set` lay a document out for the caller's values; `validate` lists
    /// the slots; content that does not fit is refused with every problem.
    @Test func computeTakesContentForTheSlots() throws {
        let file = try temporaryFile("post.json", contents: #"{"body": "Short.", "name": "Grace Hopper"}"#)
        let withFile = try cglctl("compute", example("feed-cell"), "--profile", "phone-portrait", "--content", file, "--format", "json")
        let withSet = try cglctl("compute", example("feed-cell"), "--profile", "phone-portrait", "--set", "body=Short.", "--set", "name=Grace Hopper",
                                 "--format", "json")
        let defaults = try cglctl("compute", example("feed-cell"), "--profile", "phone-portrait", "--format", "json")
        #expect(withFile.status == 0 && withSet.status == 0)
        #expect(withFile.stdout == withSet.stdout && withFile.stdout != defaults.stdout)
        // --set after --content wins.
        let both = try cglctl("compute", example("feed-cell"), "--profile", "phone-portrait", "--content", file, "--set",
                               "body=Another body, long enough to wrap over several lines of the cell in the narrowest of phones, and then some more.",
                               "--format", "json")
        #expect(both.stdout != withFile.stdout)

        let validated = try cglctl("validate", example("feed-cell"))
        #expect(validated.stdout.contains("  slot body: text, default \"Spent the afternoon"))
        let slots = try #require((try cglctl("validate", example("feed-cell"), "--format", "json").json() as? [[String: Any]])?.first?["slots"] as? [[String: Any]])
        #expect(slots.map { $0["name"] as? String } == ["body", "date", "hasBadge", "hasPhoto", "name", "photo"])

        let bad = try temporaryFile("bad.json", contents: #"{"bdy": "x", "name": 3}"#)
        let refused = try cglctl("compute", example("feed-cell"), "--profile", "phone-portrait", "--content", bad)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("/bdy: the scheme 'feed-cell' has no slot 'bdy'") && refused.stderr.contains("did you mean 'body'?"))
        #expect(refused.stderr.contains("/name: the slot 'name' takes a string"))
        // render draws the content's text.
        let svg = try temporaryFile("post.svg", contents: "")
        #expect(try cglctl("render", example("feed-cell"), "--profile", "phone-portrait", "--set", "name=Grace Hopper", "--out", svg).status == 0)
        #expect(try String(contentsOfFile: svg, encoding: .utf8).contains(">Grace Hopper<"))
        let bothStdin = try cglctl("compute", "-", "--profile", "phone-portrait", "--content", "-")
        #expect(bothStdin.status == 64 && bothStdin.stderr.contains("cannot both be read from stdin"))
        let unknownSet = try cglctl("compute", example("feed-cell"), "--profile", "phone-portrait", "--set", "picture=1x1")
        #expect(unknownSet.status == 65 && unknownSet.stderr.contains("has no slot 'picture'"))
        // A size slot takes WIDTHxHEIGHT, a visibility true or false.
        let photo = try cglctl("compute", example("feed-cell"), "--profile", "phone-portrait", "--set", "photo=1080x1350", "--set", "hasBadge=true",
                               "--format", "json")
        let frames = try #require((try photo.json() as? [String: Any])?["frames"] as? [String: [String: [Double]]])
        #expect(frames["badge"]?["frame"] == [48, 91, 16, 16])
        #expect(abs((frames["image"]?["frame"]?[3] ?? 0) - 358.0 * 1350 / 1080) < 0.34)
    }

    @Test func bothToolsPrintTheirVersion() throws {
        let version = try cglctl("--version")
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("cglctl 0.1.0 (engine "))
        let daemon = try runProcess(productsDirectory.appendingPathComponent("cgld"), ["--version"])
        #expect(daemon.status == 0 && daemon.stdout == "cgld 0.1.0\n")
        // A global option before an offline subcommand, as after it.
        let file = try temporaryFile("profiles.json", contents: #"{"profiles": [{"name": "kiosk", "width": 1080, "height": 1920}]}"#)
        let before = try cglctl("--profiles", file, "profiles")
        #expect(before.status == 0 && before.stdout.hasPrefix("kiosk 1080×1920"))
    }

    private func runCglctl(_ arguments: [String]) throws -> CommandResult {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("cglctl")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try launch(process)
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}
