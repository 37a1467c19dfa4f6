import ArgumentParser
import CGLDocument
import CGLText
import Foundation

/// `cglctl measure --family F --size S … TEXT`, or `cglctl measure --runs FILE`: a paragraph
/// measured as the layout engine measures it, for checking a design by hand or from a script.
struct Measure: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure text in a real font: width, height, lines, baselines and the font files that draw it.",
        discussion: """
        Without --width the text is not wrapped (hard breaks still apply). Fonts come from fontconfig; CGL_FONTS_DIR adds a folder of your own.
        With --runs FILE the text is runs of styles, as a document writes them: {"styles": {"body": {"family": "DejaVu Sans", "size": 15},         "bold": {…}}, "style": "body", "runs": [{"string": "@ada", "style": "bold"}, {"string": " shipped it"}, {"atom": {"size": [18, 18]}}]}.
        """
    )

    @Option(help: ArgumentHelp("A fontconfig family or generic name, such as \"DejaVu Sans\" or sans-serif.", valueName: "F"))
    var family: String?

    @Option(help: ArgumentHelp("A font file instead of a family: a path, or a name in CGL_FONTS_DIR.", valueName: "path"))
    var file: String?

    @Option(help: ArgumentHelp("The font size in points.", valueName: "S"))
    var size: Double?

    @Option(help: ArgumentHelp("A text in runs of styles instead of TEXT: a JSON file with 'styles', 'style' and 'runs' ('-' for stdin).", valueName: "file"))
    var runs: String?

    @Option(help: ArgumentHelp("The weight, 1–1000 (400 regular, 700 bold).", valueName: "N"))
    var weight = 400

    @Flag(help: "Italic.")
    var italic = false

    @Option(name: .customLong("line-height"), help: ArgumentHelp("Line height in points, or a multiple of the font's such as 1.2x (default: the font's).", valueName: "H"))
    var lineHeight: String?

    @Option(name: .customLong("max-lines"), help: ArgumentHelp("Show at most N lines; the rest is truncated.", valueName: "N"))
    var maxLines: Int?

    @Option(help: ArgumentHelp("The line width in points; without it, lines break only at hard breaks.", valueName: "W"))
    var width: Double?

    @Flag(help: "Set the paragraph right-to-left.")
    var rtl = false

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Argument(help: "The text ('\\n' in it is a hard break when given by the shell as a newline).")
    var text: String?

    func validate() throws {
        if let width, !(width.isFinite && width >= 0) { throw ValidationError("--width must be a number of points, 0 or more") }
        if runs != nil {
            // The runs' file has the styles: a font given here as well would say two things.
            guard family == nil, file == nil, size == nil, text == nil, lineHeight == nil, maxLines == nil, weight == 400, !italic else {
                throw ValidationError("--runs FILE takes its fonts from the file's styles: give only --width, --rtl and --format with it")
            }
            return
        }
        guard text != nil else { throw ValidationError("give the TEXT to measure, or --runs FILE") }
        guard (family == nil) != (file == nil) else { throw ValidationError("give --family F or --file PATH") }
        guard let size, size > 0, size.isFinite else { throw ValidationError("--size must be a number of points greater than 0") }
        guard (1...1000).contains(weight) else { throw ValidationError("--weight must be from 1 to 1000 (400 regular, 700 bold)") }
        if let maxLines, maxLines < 1 { throw ValidationError("--max-lines must be 1 or more") }
        _ = try parsedLineHeight()
    }

    func run() async throws {
        if let runs { return try measureRuns(runs) }
        let text = text ?? "", size = size ?? 0
        // A file named on the command line is the user's own: any path, made the fonts
        // directory of an engine of its own. A bare name is looked up in CGL_FONTS_DIR.
        var source = TextStyle.Source.family(family ?? "")
        var fontsDirectory: String?
        if let file {
            if file.hasPrefix("/") || FileManager.default.fileExists(atPath: file) {
                let url = URL(fileURLWithPath: file).standardizedFileURL
                fontsDirectory = url.deletingLastPathComponent().path
                source = .file(url.lastPathComponent)
            } else {
                source = .file(file)
            }
        }
        let engine: TextEngine
        do throws(TextError) {
            if let fontsDirectory {
                // Only the named file is opened: its folder may be anything (/tmp, /dev).
                engine = try TextEngine(configuration: .init(fontsDirectory: fontsDirectory, scansFontsDirectory: false))
            } else {
                engine = try TextEngine.shared()
            }
        } catch {
            throw CommandFailure(code: "textUnavailable", message: error.description, exitCode: CLIExit.unavailable)
        }
        let style = TextStyle(source: source, size: size, weight: weight, italic: italic,
                              lineHeight: try parsedLineHeight(), maxLines: maxLines)
        let paragraph: TextParagraph
        let resolution: FontResolution
        do {
            resolution = try engine.resolve(style)
            paragraph = try engine.paragraph(text, style: style, direction: rtl ? .rightToLeft : .leftToRight)
        } catch {
            throw CommandFailure(code: "noInput", message: error.description, exitCode: CLIExit.noInput)
        }
        if let substitute = resolution.substitutedFamily, let family {
            printError("cglctl: warning: the family '\(family)' is not installed; measuring in '\(substitute)'")
        }
        report(paragraph, files: paragraph.fontFiles.isEmpty ? [resolution.primary] : paragraph.fontFiles)
    }

    /// `--runs FILE`: the runs measured in the file's styles, printed as a plain text is.
    private func measureRuns(_ path: String) throws {
        let document: RunsDocument
        do {
            document = try RunsDocument(json: Array(try readInput(path)))
        } catch let error as DocumentError {
            throw CommandFailure.invalid("invalidRuns", "'\(path)' is not a text in runs", issues: error.issues, file: path)
        }
        let paragraph: TextParagraph
        do {
            paragraph = try document.paragraph(engine: try TextEngine.shared(), direction: rtl ? .rightToLeft : .leftToRight)
        } catch {
            throw CommandFailure(code: "noInput", message: error.description, exitCode: CLIExit.noInput)
        }
        report(paragraph, files: paragraph.fontFiles)
    }

    private func report(_ paragraph: TextParagraph, files: [FontFile]) {
        let layout = paragraph.layout(width: width)
        let measured = layout.measurement
        if format == .json {
            Swift.print(JSONOutput.object([
                ("width", number(measured.width)), ("height", number(measured.height)), ("lines", String(measured.lineCount)),
                ("lineHeight", number(measured.lineHeight)), ("firstBaseline", number(measured.firstBaseline)),
                ("lastBaseline", number(measured.lastBaseline)), ("truncated", measured.isTruncated ? "true" : "false"),
                ("fonts", JSONOutput.array(files.map { JSONOutput.string($0.description) })),
                ("lineTexts", JSONOutput.array(layout.lines.map { JSONOutput.string($0.text(in: paragraph.string)) })),
            ]))
        } else {
            Swift.print(Formatting.table([
                ["width", number(measured.width)], ["height", number(measured.height)], ["lines", String(measured.lineCount)],
                ["line height", number(measured.lineHeight)], ["first baseline", number(measured.firstBaseline)],
                ["last baseline", number(measured.lastBaseline)], ["truncated", measured.isTruncated ? "yes" : "no"],
            ] + files.enumerated().map { [$0.offset == 0 ? "fonts" : "", $0.element.description] }))
        }
    }

    private func parsedLineHeight() throws -> LineHeight {
        guard let lineHeight else { return .font }
        if lineHeight.hasSuffix("x"), let multiple = Double(lineHeight.dropLast()), multiple > 0, multiple.isFinite { return .multiple(multiple) }
        guard let points = Double(lineHeight), points > 0, points.isFinite else {
            throw ValidationError("--line-height takes points (20) or a multiple of the font's line height (1.2x)")
        }
        return .points(points)
    }

    /// Points to 4 decimals: enough to compare with other tools, short enough to read.
    private func number(_ value: Double) -> String { formatNumber((value * 10_000).rounded() / 10_000) }
}
