import Foundation
import Testing

/// The README and `docs/` as a new user reads them: every Swift block is the visible part of
/// a file in `Snippets/` (which `swift build` and `swift test` compile), and every `cglctl`
/// command they show runs as written, against a daemon serving the example schemes.
@Suite struct DocumentationTests {
    /// The markdown files a user reads, relative to the repository's root.
    static let pages: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.path + "/docs")) ?? []
        return ["README.md", "config/README.md", "examples/content/README.md"]
            + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// Pages whose commands need a system install (systemd, `/run/cgld`, a release build) and
    /// are checked by `.ci/check-install` and `.ci/check-units` instead.
    static let pagesOfSystemCommands: Set<String> = ["docs/operations.md", "docs/performance.md"]

    @Test func everySwiftBlockIsACompiledSnippet() throws {
        let snippets = try Snippet.all(in: repositoryRoot.appendingPathComponent("Snippets"))
        #expect(!snippets.isEmpty)
        var used = Set<String>()
        for page in Self.pages {
            for block in try Markdown(page: page).fencedBlocks where block.language == "swift" {
                if block.isPackageManifest { continue }   // built by .ci/check-consumer
                let matches = snippets.filter { $0.visibleText == block.text }
                #expect(matches.count == 1, """
                    \(page):\(block.line): this Swift block is not the visible part of any file in Snippets/, \
                    so nothing compiles it. Put it in a snippet (hide its setup between `// snippet.hide` and \
                    `// snippet.show`) and paste the snippet's visible lines here.
                    """)
                used.formUnion(matches.map(\.name))
            }
        }
        let unused = Set(snippets.map(\.name)).subtracting(used)
        #expect(unused.isEmpty, "Snippets shown on no page (delete them or show them): \(unused.sorted())")
    }

    /// A complete document shown on a page (a JSON block with `"format"`) validates.
    @Test func everyDocumentShownValidates() throws {
        var checked = 0
        for page in Self.pages {
            for block in try Markdown(page: page).fencedBlocks where block.language == "json" && block.text.contains(#""format": "cglayout/1""#) {
                let result = try cglctl("validate", "-", stdin: block.text)
                #expect(result.status == 0, "\(page):\(block.line): the document shown does not validate:\n\(result.stderr)")
                checked += 1
            }
        }
        #expect(checked >= 5, "found \(checked) documents on the pages")
    }

    @Test func thePackageManifestBlockNamesRealProducts() throws {
        let manifest = try String(contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let products = Set(manifest.captures(of: #"\.library\(name: "([A-Za-z]+)""#))
        let blocks = try Markdown(page: "README.md").fencedBlocks.filter(\.isPackageManifest)
        try #require(blocks.count == 1, "README.md has one Package.swift block (\"Use it from your package\")")
        let named = blocks[0].text.captures(of: #"\.product\(name: "([A-Za-z]+)", package: "cglayout"\)"#)
        #expect(!named.isEmpty)
        for product in named { #expect(products.contains(product), "README names a product \(product) that Package.swift does not have") }
        #expect(manifest.contains(#"name: "cglayout""#))
    }

    @Test func everyCommandRunsAsWritten() throws {
        let folder = try makeDaemonFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let schemes = repositoryRoot.appendingPathComponent("config/schemes.d").path
        for file in try FileManager.default.contentsOfDirectory(atPath: schemes) {
            try FileManager.default.copyItem(atPath: schemes + "/" + file, toPath: folder + "/schemes.d/" + file)
        }
        let daemon = try DaemonProcess(folder: folder)
        defer { daemon.stop() }

        // A working folder of the user's own, with the repository's folders the commands name.
        let work = folder + "/work", bin = folder + "/bin"
        for path in [work, bin] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        for name in ["examples", "config", "docs"] {
            try FileManager.default.createSymbolicLink(atPath: work + "/" + name, withDestinationPath: repositoryRoot.path + "/" + name)
        }
        try FileManager.default.createSymbolicLink(atPath: bin + "/cglctl", withDestinationPath: productsDirectory.path + "/cglctl")
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["CGLD_SOCKET"] = daemon.socketPath

        var ran = 0
        for page in Self.pages where !Self.pagesOfSystemCommands.contains(page) {
            for script in try Markdown(page: page).commandScripts {
                let result = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-ec", script.text], directory: work, environment: environment)
                #expect(result.status == 0, "\(page):\(script.line): `\(script.text)` exited \(result.status): \(result.stderr)")
                #expect(!(result.stdout + result.stderr).isEmpty, "\(page):\(script.line): `\(script.text)` printed nothing")
                ran += script.text.split(separator: "\n").filter { !$0.hasPrefix("jq ") }.count
            }
        }
        #expect(ran >= 8, "found only \(ran) commands to run; has the markdown changed shape?")
    }
}

/// A file of `Snippets/`, and the part of it a page shows.
private struct Snippet {
    var name: String
    var visibleText: String

    static func all(in folder: URL) throws -> [Snippet] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted().map { file in
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            return Snippet(name: file, visibleText: visible(text))
        }
    }

    /// The lines outside `// snippet.hide` … `// snippet.show`, without those markers and
    /// without blank lines at either end (DocC's snippet convention).
    static func visible(_ text: String) -> String {
        var shown: [Substring] = [], hidden = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            switch line.trimmingCharacters(in: .whitespaces) {
            case "// snippet.hide": hidden = true
            case "// snippet.show": hidden = false
            default: if !hidden { shown.append(line) }
            }
        }
        return trimmingBlankLines(shown)
    }
}

/// The fenced blocks and commands of one markdown page.
private struct Markdown {
    struct Block {
        var language: String
        var text: String
        /// The 1-based line of the opening fence.
        var line: Int
        var isPackageManifest: Bool { text.hasPrefix("// Package.swift") }
    }

    let page: String
    let lines: [Substring]

    init(page: String) throws {
        self.page = page
        lines = try String(contentsOf: repositoryRoot.appendingPathComponent(page), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
    }

    var fencedBlocks: [Block] {
        var blocks: [Block] = [], opening: Int?
        for (index, line) in lines.enumerated() where line.hasPrefix("```") {
            if let start = opening {
                let language = String(lines[start].dropFirst(3))
                blocks.append(Block(language: language, text: trimmingBlankLines(Array(lines[(start + 1)..<index])), line: start + 1))
                opening = nil
            } else {
                opening = index
            }
        }
        return blocks
    }

    /// The shell blocks that use `cglctl`, each as one script (its lines in order, `swift
    /// run cglctl` as the installed `cglctl`), and the `swift run …` commands of the prose
    /// (the built product); lines of other tools (`make`, `systemctl`) are left out.
    var commandScripts: [(text: String, line: Int)] {
        var scripts: [(text: String, line: Int)] = []
        for block in fencedBlocks where ["sh", "bash", "console"].contains(block.language) {
            let commands = block.text.split(separator: "\n").map { String($0).replacingOccurrences(of: "swift run cglctl ", with: "cglctl ") }
                .filter { $0.hasPrefix("cglctl ") || $0.hasPrefix("jq ") }
            if commands.contains(where: { $0.hasPrefix("cglctl ") }) {
                scripts.append((commands.joined(separator: "\n"), block.line))
            }
        }
        // Inline commands may wrap across lines; the daemon (`swift run cgld`) runs until stopped.
        let text = lines.joined(separator: "\n")
        let expression = try! NSRegularExpression(pattern: "`swift\\s+run\\s+([A-Za-z]+)([^`]*)`")
        for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let name = Range(match.range(at: 1), in: text).map({ String(text[$0]) }), name != "cgld",
                  let arguments = Range(match.range(at: 2), in: text).map({ text[$0].replacingOccurrences(of: "\n", with: " ") }),
                  let start = Range(match.range, in: text) else { continue }
            let line = text[..<start.lowerBound].filter { $0 == "\n" }.count + 1
            scripts.append(((name == "cglctl" ? "cglctl" : "'\(productsDirectory.path)/\(name)'") + arguments, line))
        }
        return scripts
    }
}

private func trimmingBlankLines(_ lines: [Substring]) -> String {
    var lines = lines[...]
    while let first = lines.first, first.trimmingCharacters(in: .whitespaces).isEmpty { lines = lines.dropFirst() }
    while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines = lines.dropLast() }
    return lines.joined(separator: "\n")
}

private extension String {
    /// The first capture group of every match of `pattern`.
    func captures(of pattern: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        return expression.matches(in: self, range: NSRange(startIndex..., in: self)).compactMap { match in
            Range(match.range(at: 1), in: self).map { String(self[$0]) }
        }
    }
}
