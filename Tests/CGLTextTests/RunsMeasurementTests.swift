import CGLText
import Testing

/// Measuring a paragraph of runs takes each line's box as the line is found, without
/// collecting the lines: it must say exactly what its layout says, at every width, with and
/// without truncation.
@Suite struct RunsMeasurementTests {
    @Test func measuringRunsIsTheirLayoutsMeasurement() throws {
        let engine = try TextEngine.shared()
        var compared = 0
        for paragraph in try PangoRichAgreementTests.paragraphs() {
            for maxLines in [nil, 1, 2] as [Int?] {
                var style = paragraph.style
                style.maxLines = maxLines
                style.lineHeight = maxLines == 2 ? .points(style.size) : .font
                let prepared = try engine.paragraph(paragraph.runs, style: style, direction: paragraph.direction)
                for width in [nil, 0, 40, 60, 120, 200, 400] as [Double?] {
                    #expect(prepared.measure(width: width) == prepared.layout(width: width).measurement,
                            "\(paragraph.fields) at \(width.map { "\($0)" } ?? "-"), maxLines \(maxLines.map { "\($0)" } ?? "-")")
                    compared += 1
                }
            }
        }
        #expect(compared > 7_000)
    }
}
