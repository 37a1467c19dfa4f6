import CGLayout
import Foundation

/// Equations blocks (`docs/format.md` §1.6).
extension DocumentDecoder {
    func decodeEquationsBlock(_ object: ObjectReader, id: String?, at pointer: JSONPointer) -> EquationsBlockSpec? {
        object.rejectUnknownKeys(allowed: ["id", "equations"], what: "an equations block")
        guard let list = object.array("equations", what: "an equations block") else { return nil }
        let before = equationCount
        equationCount += list.count
        guard equationCount <= limits.maximumEquations else {
            if before <= limits.maximumEquations {
                reportLimit("equations", count: "more than \(limits.maximumEquations)", limit: limits.maximumEquations,
                            key: "limits.maxDocumentEquations", at: pointer.appending("equations"))
            }
            return nil
        }
        let ids = EquationParser.Vocabulary(elements.keys.sorted() + ReservedID.all)
        let equations = list.enumerated().compactMap { index, value in
            decodeEquation(value, at: pointer.appending("equations").appending(index), ids: ids)
        }
        guard equations.count == list.count else { return nil }
        let block = EquationsBlockSpec(id: id, equations: equations, pointer: pointer)
        reportConflicts(in: block)
        return block
    }

    private func decodeEquation(_ value: JSONValue, at pointer: JSONPointer, ids: EquationParser.Vocabulary) -> EquationSpec? {
        guard case .string(let text) = value.kind else {
            issues.error(.wrongType, pointer, "an equation must be a string, not \(value.typeDescription)",
                         hint: "such as \"title.left == avatar.right + 8\"", at: value.position)
            return nil
        }
        func fail(_ failure: EquationParser.Failure, code: DocumentIssue.Code = .expression) -> EquationSpec? {
            issues.error(code, pointer, "in '\(text)': \(failure.message) (character \(failure.offset + 1))", hint: failure.hint, at: value.position)
            return nil
        }
        let parsed: EquationParser.Parsed
        let lhs: LinearForm
        let rhs: LinearForm
        do {
            parsed = try EquationParser.parse(text, vocabulary: ids)
            lhs = try parsed.lhs.linearForm()
            rhs = try parsed.rhs.linearForm()
        } catch {
            return fail(error, code: error.message.hasPrefix("no element") ? .unknownElement : error.message.hasPrefix("unknown attribute") ? .unknownTerm : .expression)
        }
        canonicalExpressions[pointer] = parsed.canonical
        let terms = lhs.terms + rhs.terms
        let numbers = [lhs.constant, rhs.constant] + terms.map(\.coefficient) + (parsed.priority.map { [$0.value] } ?? [])
        if let bad = numbers.first(where: { !$0.isFinite || abs($0) > ObjectReader.numberLimit }) {
            return fail(EquationParser.Failure(message: "\(formatNumber(bad)) is out of range", hint: "numbers must lie within ±10,000,000", offset: 0),
                        code: .outOfRange)
        }
        if let priority = parsed.priority, !(1...1000).contains(priority.value) {
            return fail(EquationParser.Failure(message: "the priority \(formatNumber(priority.value)) is outside 1…1000",
                                               hint: "1000 (the default) is required; 750, 500 and 250 are strong, medium and weak", offset: priority.offset),
                        code: .outOfRange)
        }
        guard let first = terms.first else {
            return fail(EquationParser.Failure(message: "the equation relates no element", hint: "such as 'title.width == 120'", offset: 0))
        }
        if let baseline = terms.first(where: { $0.attribute == .baseline && elements[$0.id]?.hasText != true }) {
            return fail(EquationParser.Failure(message: "'\(baseline.id)' has no baseline", hint: "refer to an element with 'text'", offset: baseline.offset),
                        code: .incompatible)
        }
        let readingDirection = terms.first { $0.attribute == .leading || $0.attribute == .trailing }
        if let readingDirection, let side = terms.first(where: { $0.attribute == .left || $0.attribute == .right }) {
            return fail(EquationParser.Failure(message: "'\(readingDirection.attribute.rawValue)' and '\(side.attribute.rawValue)' cannot be related: one follows the reading direction, the other does not",
                                               hint: "use leading/trailing, or left/right, in one equation", offset: max(side.offset, first.offset)),
                        code: .incompatible)
        }
        return EquationSpec(lhs: lhs, relation: parsed.relation, rhs: rhs, priority: parsed.priority?.value ?? 1000,
                            text: parsed.canonical, pointer: pointer)
    }

    /// Required equations that cannot hold together, named with the ones they conflict with.
    /// Elements laid out before are pinned only by optional constraints, so a conflict is a
    /// property of the equations alone: it is checked once, whatever comes before the block.
    private func reportConflicts(in block: EquationsBlockSpec) {
        let system = EquationDocumentSystem(block: block, elements: elements, laidOut: nil)
        for direction in system.system.dependsOnDirection ? [LayoutDirection.leftToRight, .rightToLeft] : [.leftToRight] {
            let rejections = system.system.rejections(direction: direction)
            for rejection in rejections {
                guard case .unsatisfiable(let conflicts) = rejection.reason else { continue }
                let equation = block.equations[rejection.equation]
                let others = conflicts.isEmpty ? "the required equations before it (too many to find which)"
                    : conflicts.map { "'\(block.equations[$0].text)' (\(block.equations[$0].pointer))" }.joined(separator: ", ")
                let suffix = direction == .rightToLeft ? " right-to-left" : ""
                issues.error(.invalidValue, equation.pointer, "the required equation '\(equation.text)' cannot hold together with \(others)\(suffix)",
                             hint: "remove one of them, or give one a priority below 1000")
            }
            if !rejections.isEmpty { return }
        }
    }
}

/// An equations block as the engine's abstract system, for validation: one element per
/// id the equations name; those laid out before (`laidOut`) and reserved ids are constants.
struct EquationDocumentSystem {
    let ids: [String]
    let system: EquationSystem

    /// With `laidOut` nil, every element is a constant (enough to find conflicts).
    init(block: EquationsBlockSpec, elements: [String: ElementSpec], laidOut: Set<String>?) {
        let ids = block.references
        let index = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        let solved = ids.map { id in laidOut.map { !$0.contains(id) && !ReservedID.all.contains(id) } ?? false }
        let systemElements = ids.indices.map { position -> EquationSystem.Element in
            let id = ids[position]
            let baseline = elements[id]?.text?.lineHeight ?? 0
            guard solved[position] else { return EquationSystem.Element(isSolved: false, baselineOffset: baseline) }
            let parent = elements[id]?.parent
            let origin: EquationSystem.Origin = if let parent, let parentIndex = index[parent], solved[parentIndex] {
                .solved(element: parentIndex, boundsOrigin: elements[parent]?.boundsOrigin ?? .zero)
            } else {
                .given
            }
            return EquationSystem.Element(isSolved: true, baselineOffset: baseline, origin: origin)
        }
        let equations = block.equations.map { equation in
            EquationSystem.Equation(
                terms: equation.lhs.terms.map { EquationSystem.Term(element: index[$0.id] ?? 0, attribute: $0.attribute, coefficient: $0.coefficient) }
                    + equation.rhs.terms.map { EquationSystem.Term(element: index[$0.id] ?? 0, attribute: $0.attribute, coefficient: -$0.coefficient) },
                constant: equation.lhs.constant - equation.rhs.constant,
                relation: equation.relation,
                priority: equation.priority
            )
        }
        self.ids = ids
        system = EquationSystem(elements: systemElements, equations: equations)
    }
}
