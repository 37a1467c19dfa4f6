import CGLText
import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// `docs/format.md` §1.7 and §2: named text styles, text measured in real fonts, and the
/// environment's text scale.
@Suite struct TextStyleDocumentTests {
    static let body = "The quick brown fox jumps over the lazy dog, twice, while the typographer counts lines."
    static let bodyStyle = TextStyle(family: "DejaVu Sans", size: 15, lineHeight: .points(20))

    /// A label 200 points wide whose height follows its text (an adjust constraint measuring
    /// in the source rect, first narrowed to 200 points by an inset), and a
    /// dot whose top sits on the label's first baseline.
    static func json(styles: String = #"{"body": {"family": "DejaVu Sans", "size": 15, "lineHeight": 20}}"#,
                     text: String = #"{"string": "\#(body)", "style": "body"}"#) -> String {
        """
        {"format": "cglayout/1", "name": "styled", "styles": \(styles),
         "elements": [{"id": "label", "text": \(text)}, {"id": "dot"}],
         "blocks": [
           {"element": "label", "layout": {"x": "left(10)", "y": "top(10)", "width": "fixed(200)"},
            "constraints": [{"anchors": ["insets(0, 0, 0, 200)"]}, {"type": "adjust", "anchors": ["height(1)"]}]},
           {"element": "dot", "layout": {"x": "left(0)", "width": "fixed(4)", "height": "fixed(4)"},
            "constraints": [{"to": "label", "type": "baseline", "anchors": ["top.align(inner)"]}]}
         ]}
        """
    }

    func frames(_ json: String, _ environment: LayoutEnvironment = LayoutEnvironment(width: 400, height: 800)) throws -> [String: CGRect] {
        let snapshot = try document(json).compiled().snapshot(for: environment)
        return Dictionary(uniqueKeysWithValues: snapshot.elements.map { ($0.id, $0.frame) })
    }

    @Test func aStyledTextMeasuresInItsFont() throws {
        let measured = try TextEngine.shared().measure(Self.body, style: Self.bodyStyle, width: 200)
        #expect(measured.lineCount >= 2)
        let frames = try frames(Self.json())
        #expect(frames["label"] == CGRect(x: 10, y: 10, width: 200, height: measured.height))
    }

    @Test func baselineConstraintsUseTheRealFirstBaseline() throws {
        let measured = try TextEngine.shared().measure(Self.body, style: Self.bodyStyle, width: 200)
        // Half the leading above the glyphs: (20 − (ascent + descent)) / 2 + ascent.
        #expect(measured.firstBaseline > 14 && measured.firstBaseline < 17)
        #expect(try frames(Self.json())["dot"]?.origin.y == 10 + measured.firstBaseline)
    }

    @Test func theTextScaleScalesSizesAndFixedLineHeights() throws {
        let scaled = try TextEngine.shared().measure(Self.body, style: Self.bodyStyle.scaled(by: 1.5), width: 200)
        #expect(scaled.lineHeight == 30)
        let frames = try frames(Self.json(), LayoutEnvironment(width: 400, height: 800, textScale: 1.5))
        #expect(frames["label"].map { Double($0.size.height) } == scaled.height)
        #expect(try self.frames(Self.json())["label"].map { Double($0.size.height) } != scaled.height)
    }

    @Test func theTextScaleIsValidatedAndPartOfTheEnvironment() throws {
        let compiled = try document(Self.json()).compiled()
        for bad in [0.5, 3.5, .nan] {
            #expect(throws: SnapshotError.self) { try compiled.snapshot(for: LayoutEnvironment(width: 400, height: 800, textScale: bad)) }
        }
        let snapshot = try compiled.snapshot(for: LayoutEnvironment(width: 400, height: 800, textScale: 1.3))
        #expect(snapshot.json.contains("\"textScale\":1.3"))
        let profiles = try ProfileSet(json: Data(#"{"profiles": [{"name": "big-text", "width": 390, "height": 844, "textScale": 2}]}"#.utf8))
        #expect(profiles["big-text"]?.textScale == 2)
        #expect(profiles.json.contains("\"textScale\": 2"))
    }

    @Test func theParagraphTakesTheEnvironmentsDirectionUnlessTheStyleFixesIt() throws {
        let hebrew = #"{"string": "שלום עולם, this is mixed", "style": "body"}"#
        let ltr = try frames(Self.json(text: hebrew))
        let rtl = try frames(Self.json(text: hebrew), LayoutEnvironment(width: 400, height: 800, direction: .rightToLeft))
        // The same text measures the same either way; the frame mirrors.
        #expect(ltr["label"]?.size == rtl["label"]?.size)
        let fixed = Self.json(styles: #"{"body": {"family": "DejaVu Sans", "size": 15, "direction": "rtl"}}"#, text: hebrew)
        #expect(try frames(fixed)["label"]?.size.height ?? 0 > 0)
    }

    @Test func monospaceTextStaysValid() throws {
        let frames = try frames(Self.json(text: #"{"length": 30, "advance": 10, "lineHeight": 16}"#))
        #expect(frames["label"] == CGRect(x: 10, y: 10, width: 200, height: 32))
    }

    @Test func stylesChangeTheHash() throws {
        let regular = try document(Self.json())
        let bold = try document(Self.json(styles: #"{"body": {"family": "DejaVu Sans", "size": 15, "lineHeight": 20, "weight": 700}}"#))
        #expect(regular.hash != bold.hash)
    }

    @Test(arguments: [
        (#"{"body": {"family": "DejaVu Sans", "size": 0}}"#, "/styles/body/size", "the size 0 must be greater than 0"),
        (#"{"body": {"family": "DejaVu Sans", "size": -3}}"#, "/styles/body/size", "the size -3 must be greater than 0"),
        (#"{"body": {"family": "DejaVu Sans", "size": 15, "weight": 0}}"#, "/styles/body/weight", "the weight 0 must be a whole number from 1 to 1000"),
        (#"{"body": {"family": "DejaVu Sans", "size": 15, "weight": 1001}}"#, "/styles/body/weight", "the weight 1001 must be a whole number from 1 to 1000"),
        (#"{"body": {"family": "DejaVu Sans", "size": 15, "maxLines": 0}}"#, "/styles/body/maxLines", "maxLines must be a whole number, 1 or more"),
        (#"{"body": {"family": "DejaVu Sans", "size": 15, "lineHeight": -1}}"#, "/styles/body/lineHeight", "the line height must be greater than 0"),
        (#"{"body": {"family": "DejaVu Sans", "size": 15, "lineHeight": {"multiple": 0}}}"#, "/styles/body/lineHeight/multiple", "the multiple must be greater than 0"),
        (#"{"body": {"family": "DejaVu Sans", "file": "a.ttf", "size": 15}}"#, "/styles/body", "a text style has both 'family' and 'file'"),
        (#"{"body": {"size": 15}}"#, "/styles/body", "a text style needs a 'family' (or a font 'file')"),
        (#"{"body": {"family": "DejaVu Sans", "size": 15, "colour": "red"}}"#, "/styles/body/colour", "unknown key 'colour' in a text style"),
        (#"{"body": {"file": "/etc/passwd", "size": 15}}"#, "/styles/body/file",
         "the font file '/etc/passwd' must be named relative to the fonts directory, without '..'; put the font in the fonts directory (CGL_FONTS_DIR)"),
        (#"{"body": {"file": "../../etc/passwd", "size": 15}}"#, "/styles/body/file",
         "the font file '../../etc/passwd' must be named relative to the fonts directory, without '..'; put the font in the fonts directory (CGL_FONTS_DIR)"),
    ])
    func badStylesAreErrors(styles: String, pointer: String, message: String) throws {
        let errors = issues(Self.json(styles: styles)).filter { $0.severity == .error }
        #expect(errors.contains { $0.pointer == pointer && $0.message == message }, "\(errors)")
    }

    @Test func anInvalidStyleIsReportedOnceWhereItIsDeclared() throws {
        let errors = issues(Self.json(styles: #"{"body": {"family": "DejaVu Sans", "size": 0}}"#)).filter { $0.severity == .error }
        #expect(errors.map(\.pointer) == ["/styles/body/size"])
    }

    @Test func aStyledTextHasALengthLimit() throws {
        let long = String(repeating: "a", count: DocumentDecoder.maximumTextLength + 1)
        let errors = issues(Self.json(text: #"{"string": "\#(long)", "style": "body"}"#)).filter { $0.severity == .error }
        let issue = try #require(errors.first)
        #expect(errors.count == 1)
        #expect(issue.code == .tooLarge && issue.pointer == "/elements/0/text/string")
        #expect(issue.message == "the text is 65537 UTF-16 units long; at most 65536 are measured")
    }

    @Test func textFramesAreNeverNarrowerThanTheirTextAfterPixelSnapping() throws {
        // A label sized by its text at 3x: its width rounds up to a whole pixel, so the snapped
        // frame holds the text on one line, as a renderer draws it.
        let json = """
        {"format": "cglayout/1", "name": "fit", "styles": {"body": {"family": "DejaVu Sans", "size": 15}},
         "elements": [{"id": "label", "text": {"string": "The quick fox", "style": "body"}}],
         "blocks": [{"element": "label", "layout": {"x": "center(0)", "y": "top(10)"},
                     "constraints": [{"type": "adjust", "anchors": ["width(1)", "height(1)"]}]}]}
        """
        let styled = try document(json)
        let measured = try TextEngine.shared().measure("The quick fox", style: TextStyle(family: "DejaVu Sans", size: 15))
        for width in [390.0, 391, 392.5] {
            let snapshot = try styled.compiled().snapshot(for: LayoutEnvironment(width: width, height: 844, scale: 3))
            let frame = try #require(snapshot.elements.first { $0.id == "label" }?.inRoot)
            #expect(Double(frame.size.width) >= measured.width, "\(frame) at \(width)")
            #expect(abs(Double(frame.size.width) * 3 - (Double(frame.size.width) * 3).rounded()) < 1e-6)
            #expect(styled.textRenderings(for: snapshot)["label"]?.lines.count == 1)
        }
    }

    @Test func anUnknownStyleIsNamedWithASuggestion() throws {
        let errors = issues(Self.json(text: #"{"string": "Hi", "style": "bdy"}"#)).filter { $0.severity == .error }
        let issue = try #require(errors.first)
        #expect(errors.count == 1)
        #expect(issue.pointer == "/elements/0/text/style")
        #expect(issue.message == "unknown text style 'bdy'")
        #expect(issue.hint == "did you mean 'body'?")
    }

    @Test func monospaceKeysDoNotMixWithAStyle() throws {
        let errors = issues(Self.json(text: #"{"string": "Hi", "style": "body", "advance": 7}"#)).filter { $0.severity == .error }
        #expect(errors.map(\.pointer) == ["/elements/0/text/advance"])
    }

    @Test func aFamilyThatIsNotInstalledIsAWarningThatSaysWhatItFallsBackTo() throws {
        let styled = try document(Self.json(styles: #"{"body": {"family": "Brand Sans Nowhere", "size": 15}}"#))
        let warning = try #require(styled.warnings.first { $0.pointer == "/styles/body/family" })
        #expect(warning.severity == .warning)
        #expect(warning.message.hasPrefix("the family 'Brand Sans Nowhere' is not installed; its text measures in '"))
        #expect(warning.hint?.contains("fc-list") == true)
        // A generic family is never a substitution.
        #expect(try document(Self.json(styles: #"{"body": {"family": "sans-serif", "size": 15}}"#)).warnings.isEmpty)
    }

    @Test func renderingsGiveEachLineAtItsBaseline() throws {
        let styled = try document(Self.json())
        let snapshot = try styled.compiled().snapshot(for: LayoutEnvironment(width: 400, height: 800))
        let rendering = try #require(styled.textRenderings(for: snapshot)["label"])
        let layout = try TextEngine.shared().layout(Self.body, style: Self.bodyStyle, width: 200)
        #expect(rendering.lines.map(\.text) == layout.lines.map { $0.text(in: Self.body) })
        #expect(rendering.family == "DejaVu Sans")
        let svg = SVGRenderer.svg(snapshot, texts: styled.textRenderings(for: snapshot))
        #expect(svg.contains(">\(rendering.lines[0].text)</text>"))
        #expect(svg.contains("font-family=\"DejaVu Sans\" font-size=\"15\""))
        #expect(svg.contains("<text x=\"10\" "))
        // Right to left, each line starts at the frame's right edge.
        let rtl = try styled.compiled().snapshot(for: LayoutEnvironment(width: 400, height: 800, direction: .rightToLeft))
        let label = try #require(rtl.elements.first { $0.id == "label" })
        let rtlSVG = SVGRenderer.svg(rtl, texts: styled.textRenderings(for: rtl))
        #expect(rtlSVG.contains("<text x=\"\(SVGRenderer.n(label.inRoot.maxX))\" "))
        #expect(rtlSVG.contains("text-anchor=\"start\" direction=\"rtl\""))
        // Characters XML does not allow are left out, so the picture stays well-formed.
        #expect(SVGRenderer.xml("a\u{1}b\u{FFFF}c\td<") == "abc\td&lt;")
    }
}
