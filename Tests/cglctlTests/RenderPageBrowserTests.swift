import Foundation
import Testing

/// The all-profiles page of `cglctl render` in a real browser: Debian's `chromium`, headless
/// (`scripts/deps.sh` installs it for the tests).
@Suite struct RenderPageBrowserTests {
    /// Runs headless chromium on `url` with `arguments`; its result (stderr carries the
    /// page's console messages).
    private func chromium(_ url: String, _ arguments: [String]) throws -> CommandResult {
        let executable = try #require(["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                      "chromium is not installed: scripts/deps.sh installs it (make test runs it first)")
        let profile = try temporaryFile("chromium-profile")
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: profile).deletingLastPathComponent().path) }
        // --no-sandbox: the tests may run as root, where chromium's sandbox refuses to start.
        return try runProcess(URL(fileURLWithPath: executable), [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile)",
            "--enable-logging=stderr", "--v=0", "--hide-scrollbars",
        ] + arguments + [url])
    }

    private func renderPage(_ scheme: String) throws -> String {
        let page = try temporaryFile("\(scheme).html")
        let rendered = try cglctl("render", example(scheme), "--all-profiles", "--out", page)
        try #require(rendered.status == 0, "\(rendered.stderr)")
        return page
    }

    @Test func thePageLoadsWithoutConsoleMessagesAndDrawsEveryCardAtOneScale() throws {
        let page = try renderPage("feed-cell")
        let loaded = try chromium("file://\(page)", ["--window-size=1400,1000", "--dump-dom"])
        #expect(loaded.status == 0, "\(loaded.stderr)")
        let console = loaded.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }
        #expect(console.isEmpty, "the page wrote to the console: \(console)")

        // The page's script measures each drawing as the browser laid it out.
        let drawn = loaded.stdout.matches(of: /<span class="drawn">drawn at (\d+) %<\/span>/).map { Int($0.1)! }
        #expect(drawn.count == 12, "one measured card per profile; the script did not run?")
        let chosen = try #require(loaded.stdout.firstMatch(of: /<output id="scale-value" for="scale">(\d+) %<\/output>/)).1
        #expect(Set(drawn) == [Int(chosen)!], "every card is drawn at the chosen scale (points are points): \(drawn)")
        #expect(!loaded.stdout.contains("class=\"element highlighted\""))

        // Labels that fit are shown (moved to a free corner), the rest hidden, none left as written.
        let labels = loaded.stdout.matches(of: /<text class="label"[^>]*>/).map { String($0.0) }
        let hidden = labels.filter { $0.contains("display: none") }
        #expect(labels.count > 0 && hidden.count < labels.count, "\(hidden.count) of \(labels.count) labels hidden")
    }

    @Test func aLinkHighlightsItsElementsInEveryProfile() throws {
        let page = try renderPage("feed-cell")
        let loaded = try chromium("file://\(page)#highlight=avatar,menu", ["--window-size=1400,1000", "--dump-dom"])
        #expect(loaded.status == 0, "\(loaded.stderr)")
        let highlighted = loaded.stdout.matches(of: /class="element highlighted" data-element="([a-z]+)"/).map { String($0.1) }
        #expect(highlighted.filter { $0 == "avatar" }.count == 12)
        #expect(highlighted.filter { $0 == "menu" }.count == 12)
        #expect(Set(highlighted) == ["avatar", "menu"])
        #expect(loaded.stdout.contains("<body class=\"highlighting\">"))
    }

    @Test func aScreenshotHasTheWindowsDimensions() throws {
        let page = try renderPage("split-view")
        let png = try temporaryFile("page.png")
        let shot = try chromium("file://\(page)", ["--window-size=1280,900", "--screenshot=\(png)"])
        #expect(shot.status == 0, "\(shot.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))
        // PNG: an 8-byte signature, then the IHDR chunk: length, "IHDR", width, height (big-endian).
        try #require(bytes.count > 24 && bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] && bytes[12..<16] == Array("IHDR".utf8)[...])
        let number = { (at: Int) in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        #expect(number(16) == 1280 && number(20) == 900)
        #expect(bytes.count > 20_000, "a page of 12 drawings is not an almost empty picture (\(bytes.count) bytes)")
    }
}
