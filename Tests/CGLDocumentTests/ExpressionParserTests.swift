import Testing

@testable import CGLDocument

@Suite struct ExpressionParserTests {
    @Test(arguments: [
        ("left(8)", "left(8)"),
        ("  left( 8 )  ", "left(8)"),
        ("left(between:10...30)+center( 0 )", "left(between: 10...30) + center(0)"),
        ("top(between: 0 ... 100, step: 7)", "top(between: 0...100, step: 7)"),
        ("right.limit(inner)", "right.limit(inner)"),
        ("width.scaled(card.width,0.5)", "width.scaled(card.width, 0.5)"),
        ("height.equalIntrinsicSize(0.5, x: center(0), y: top(0))", "height.equalIntrinsicSize(0.5, x: center(0), y: top(0))"),
        ("left.align(nav-bar.right)", "left.align(nav-bar.right)"),
        ("equal", "equal"),
        ("fixed(44.0)", "fixed(44)"),
        ("fixed(1e2)", "fixed(100)"),
        ("top(-8)", "top(-8)"),
        ("top(+8)", "top(8)"),
        ("scaled(0.1)", "scaled(0.1)"),
        ("insets(10, 20, 30, 40)", "insets(10, 20, 30, 40)"),
        ("left.align($root.right)", "left.align($root.right)"),
    ])
    func parsesAndPrintsCanonically(source: String, canonical: String) throws {
        let expression = try ExpressionParser.parse(source)
        #expect(expression.canonical == canonical)
        // Canonical text parses back to the same expression.
        #expect(try ExpressionParser.parse(canonical).canonical == canonical)
    }

    @Test func termsKeepTheirStructure() throws {
        let expression = try ExpressionParser.parse("left(between: 10...30) + center(0)")
        #expect(expression.terms.count == 2)
        #expect(expression.terms[0].name == "left")
        #expect(expression.terms[0].arguments?.first?.label == "between")
        #expect(expression.terms[0].arguments?.first?.value == .range(10, 30))
        #expect(expression.terms[1].offset == 25)
    }

    @Test(arguments: [
        ("left(8", "missing ')'", 6),
        ("left(8) center(0)", "terms are joined with '+'", 8),
        ("left(between: 10..<30)", "half-open ranges are not accepted", 16),
        ("left(between: 30...10)", "is empty", 14),
        ("left(8,)", "expected a value", 7),
        ("8", "expected a term", 0),
        ("", "expression ends here", 0),
        ("left(abc def)", "expected ',' or ')'", 9),
        ("fixed(1e999)", "not finite", 6),
        ("left(8) +", "expected a term", 9),
    ])
    func reportsWhereItFails(source: String, message: String, offset: Int) {
        #expect(throws: ExpressionParser.SyntaxError.self) { try ExpressionParser.parse(source) }
        do {
            _ = try ExpressionParser.parse(source)
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.offset == offset, "\(error.message) at \(error.offset)")
        }
    }

    @Test func numbersPrintInTheirShortestForm() {
        #expect(formatNumber(8) == "8")
        #expect(formatNumber(-0.0) == "0")
        #expect(formatNumber(0.1) == "0.1")
        #expect(formatNumber(153.6) == "153.6")
        #expect(formatNumber(1e-7) == "1e-07")
        #expect(Double(formatNumber(1.0 / 3.0)) == 1.0 / 3.0)
    }

    @Test func suggestionsFindPlausibleTypos() {
        #expect(suggestion(for: "rigth", among: ["left", "right", "top"]) == "right")
        #expect(suggestion(for: "lef", among: ["left", "right"]) == "left")
        #expect(suggestion(for: "zzz", among: ["left", "right"]) == nil)
        #expect(editDistance("rigth", "right") == 1)
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(hint(for: "zzz", among: ["a", "b"]) == "expected one of: 'a', 'b'")
    }
}
