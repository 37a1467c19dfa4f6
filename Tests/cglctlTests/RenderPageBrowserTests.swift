import CGLDaemonTestSupport
import Foundation
import Testing

/// The all-profiles page of `cglctl render` in a real browser: Debian's `chromium`, headless
/// (`scripts/deps.sh` installs it for the tests).
@Suite struct RenderPageBrowserTests {
    /// Runs headless chromium on `url` with `arguments`; its result (stderr carries the
    /// page's console messages). Seconds of waiting: on a thread of its own, not one of the
    /// few that the in-process daemons of other tests need.
    private func chromium(_ url: String, _ arguments: [String]) async throws -> CommandResult {
        let executable = try #require(["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                      "chromium is not installed: scripts/deps.sh installs it (make test runs it first)")
        let profile = try temporaryFile("chromium-profile")
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: profile).deletingLastPathComponent().path) }
        // --no-sandbox: the tests may run as root, where chromium's sandbox refuses to start.
        let commandLine = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile)",
            "--enable-logging=stderr", "--v=0", "--hide-scrollbars",
        ] + arguments + [url]
        return try await blocking { try runProcess(URL(fileURLWithPath: executable), commandLine) }
    }

    private func renderPage(_ scheme: String) throws -> String {
        let page = try temporaryFile("\(scheme).html")
        let rendered = try cglctl("render", example(scheme), "--all-profiles", "--out", page)
        try #require(rendered.status == 0, "\(rendered.stderr)")
        return page
    }

    @Test func thePageLoadsWithoutConsoleMessagesAndDrawsEveryCardAtOneScale() async throws {
        let page = try renderPage("feed-cell")
        let loaded = try await chromium("file://\(page)", ["--window-size=1400,1000", "--dump-dom"])
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

    @Test func aLinkHighlightsItsElementsInEveryProfile() async throws {
        let page = try renderPage("feed-cell")
        let loaded = try await chromium("file://\(page)#highlight=avatar,menu", ["--window-size=1400,1000", "--dump-dom"])
        #expect(loaded.status == 0, "\(loaded.stderr)")
        let highlighted = loaded.stdout.matches(of: /class="element highlighted" data-element="([a-z]+)"/).map { String($0.1) }
        #expect(highlighted.filter { $0 == "avatar" }.count == 12)
        #expect(highlighted.filter { $0 == "menu" }.count == 12)
        #expect(Set(highlighted) == ["avatar", "menu"])
        #expect(loaded.stdout.contains("<body class=\"highlighting\">"))
    }

    /// Twelve drawings in one page: every id is unique (a clip path named twice would clip
    /// every card to the first card's scroll), and labels are placed in what a reader sees
    /// of their element (inside the scrolls that clip it).
    @Test func thePageOfAScrollingSchemeHasUniqueIdsAndLabelsInsideTheClips() async throws {
        let page = try renderPage("photo-feed")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let ids = html.matches(of: /\sid="([^"]+)"/).map { String($0.1) }
        #expect(ids.count > 12 && Set(ids).count == ids.count, "repeated ids: \(Dictionary(grouping: ids, by: { $0 }).filter { $1.count > 1 }.keys.sorted())")
        let loaded = try await chromium("file://\(page)", ["--window-size=1400,1000", "--dump-dom"])
        #expect(!loaded.stderr.contains(":CONSOLE"), "\(loaded.stderr)")
        let labels = loaded.stdout.matches(of: /<text class="label" data-element="([^"]+)"[^>]* data-visible="([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)" x="([-\d.]+)" y="([-\d.]+)"[^>]*>/)
        #expect(labels.count > 12 * 5)
        var shown = 0
        for label in labels where !label.0.contains("display: none") {
            let (vx, vy, vw, vh, x, y) = (Double(label.2)!, Double(label.3)!, Double(label.4)!, Double(label.5)!, Double(label.6)!, Double(label.7)!)
            // x and y are where the glyphs start, within a few points of the box the script checked.
            #expect(x >= vx - 4 && x <= vx + vw && y >= vy - 4 && y <= vy + vh, "\(label.1): (\(x), \(y)) outside (\(vx), \(vy), \(vw), \(vh))")
            shown += 1
        }
        #expect(shown > 12)
    }

    @Test func aMalformedLinkDoesNotStopThePage() async throws {
        let page = try renderPage("feed-cell")
        let loaded = try await chromium("file://\(page)#highlight=avatar,%E0,menu", ["--window-size=1400,1000", "--dump-dom"])
        #expect(!loaded.stderr.contains(":CONSOLE"), "\(loaded.stderr)")
        let highlighted = loaded.stdout.matches(of: /class="element highlighted" data-element="([a-z]+)"/).map { String($0.1) }
        #expect(Set(highlighted) == ["avatar", "menu"] && highlighted.count == 24)
    }

    @Test func aScreenshotHasTheWindowsDimensions() async throws {
        let page = try renderPage("split-view")
        let png = try temporaryFile("page.png")
        let shot = try await chromium("file://\(page)", ["--window-size=1280,900", "--screenshot=\(png)"])
        #expect(shot.status == 0, "\(shot.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))
        // PNG: an 8-byte signature, then the IHDR chunk: length, "IHDR", width, height (big-endian).
        try #require(bytes.count > 24 && bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] && bytes[12..<16] == Array("IHDR".utf8)[...])
        let number = { (at: Int) in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        #expect(number(16) == 1280 && number(20) == 900)
        #expect(bytes.count > 20_000, "a page of 12 drawings is not an almost empty picture (\(bytes.count) bytes)")
    }
}
