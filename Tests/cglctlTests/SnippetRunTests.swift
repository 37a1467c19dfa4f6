import Foundation
import Testing

/// The README's Swift blocks run as a user runs them (`swift run EngineTour`: the built
/// snippets of `Snippets/`), and do what the README says. Each prints what it did, one
/// frame a line: `[label] name x y width height`.
@Suite struct SnippetRunTests {
    /// Runs a built snippet from the repository's root, failing the test if it fails.
    private func run(_ snippet: String, environment: [String: String] = [:]) throws -> [String: CGRect] {
        let result = try runProcess(productsDirectory.appendingPathComponent(snippet), [], directory: repositoryRoot.path,
                                    environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        try #require(result.status == 0, "\(snippet) exited \(result.status): \(result.stderr)")
        var frames: [String: CGRect] = [:]
        for line in result.stdout.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard words.count >= 5, let numbers = Optional(words.suffix(4).compactMap(Double.init)), numbers.count == 4 else { continue }
            frames[words.dropLast(4).joined(separator: " ")] = CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
        return frames
    }

    @Test func theEngineTour() throws {
        let frames = try run("EngineTour")
        // Right-to-left at 812 wide: avatar at 760...800, menu at 12...36, the title between.
        #expect(frames["rtl-812 avatar"] == CGRect(x: 760, y: 12, width: 40, height: 40))
        #expect(frames["rtl-812 menu"] == CGRect(x: 12, y: 12, width: 24, height: 24))
        #expect(frames["rtl-812 title"] == CGRect(x: 44, y: 14, width: 708, height: 20))
        // Laid out again in the 375-wide cell: from the avatar (12 + 40 + 8) to the menu (339 − 8).
        #expect(frames["ltr-375 title"] == CGRect(x: 60, y: 14, width: 271, height: 20))
    }

    @Test func theAnchorsAPI() throws {
        // Right-to-left the avatar is on the right and the menu on the left; the title pulls
        // to the avatar and stops at the menu: from 36 to 760.
        #expect(try run("AnchorsAPI")["rtl-812 title"] == CGRect(x: 36, y: 12, width: 724, height: 20))
    }

    @Test func stacksAndFlex() throws {
        let frames = try run("StacksAndFlex")
        #expect(frames["toolbar"] == CGRect(x: 0, y: 356, width: 375, height: 44))
        // (375 − 16) / 3 wide; a current height of 0 centred at 22.
        #expect(frames["item1"] == CGRect(x: 375.0 / 3 + 8 - 16.0 / 3, y: 378, width: 359.0 / 3, height: 0))
        #expect(frames["content"] == CGRect(x: 0, y: 0, width: 375, height: 618))
        #expect(frames["tabs"] == CGRect(x: 0, y: 618, width: 375, height: 49))
    }

    @Test func equations() throws {
        let frames = try run("Equations")
        #expect(frames["avatar"] == CGRect(x: 12, y: 12, width: 40, height: 40))
        // 0.5 · 375 − 4 = 183.5 would end at 243.5, well before the menu (331).
        #expect(frames["title"] == CGRect(x: 60, y: 32, width: 183.5, height: 0))
        #expect(frames["menu"] == CGRect(x: 339, y: 12, width: 24, height: 24))
    }

    @Test func realText() throws {
        let result = try runProcess(productsDirectory.appendingPathComponent("RealText"), [], directory: repositoryRoot.path)
        #expect(result.status == 0, "\(result.stderr)")
        // Three lines of 20 points at most; this sentence fits in two at 240 points.
        #expect(Double(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == 40)
    }

    /// The client example against a daemon serving the feed cell, found through `CGLD_SOCKET`.
    @Test func theClientLibrary() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: example("feed-cell"), toPath: folder + "/schemes.d/feed-cell.json")
        let daemon = try DaemonProcess(folder: folder)
        defer { daemon.stop() }
        let result = try runProcess(productsDirectory.appendingPathComponent("ClientLibrary"), [], directory: repositoryRoot.path,
                                    environment: ProcessInfo.processInfo.environment.merging(["CGLD_SOCKET": daemon.socketPath]) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        let lines = Set(result.stdout.split(separator: "\n").map(String.init))
        #expect(lines.contains("avatar-width 48.0"), "\(result.stdout)")
        #expect(lines.contains("cell-digest true body-height 18.0"), "\(result.stdout)")
        // The rich body's line grows: the headline run and the atom reach past the body's 18 pt.
        let rich: String? = lines.first { $0.hasPrefix("rich-digest true rich-body-height ") }
        let richHeight: Double = rich.flatMap { line in line.split(separator: " ").last.flatMap { Double($0) } } ?? 0
        #expect(richHeight > 18 && richHeight < 24, "\(result.stdout)")
        #expect(lines.contains("page 3 true"), "\(result.stdout)")
        #expect(lines.contains("offline-equal true"), "\(result.stdout)")
    }
}
