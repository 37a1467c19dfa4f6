import Foundation

/// A block that solves linear constraints together (Cassowary), for every element they
/// name that is not already laid out.
///
/// ```swift
/// let card = LinearLayoutBlock([
///     avatar[.left] == root[.left] + 16,
///     avatar[.top] == root[.top] + 12,
///     avatar[.width] == 48,
///     avatar[.width] * 1 == avatar[.height] * 1,
///     title[.leading] == avatar[.trailing] + 8,
///     title[.trailing] <= root[.trailing] - 16,
///     title[.width] == 0.5 * root[.width] - 4 ~ 750,
///     title[.centerY] == avatar[.centerY],
/// ])
/// LayoutScheme(blocks: [header.layoutBlock(…), card]).layout(in: root.layoutBounds)
/// ```
///
/// **Constants.** Elements laid out by earlier blocks of the scheme, roots (elements without
/// a super element), and the elements in `fixed` keep their frames; every other element
/// the constraints name is solved, and gets a frame in the snapshot (one per element, in
/// order of first mention). All frames are related in one space, so elements of different
/// parents relate as they appear on screen.
///
/// **Defaults.** Where the constraints leave a solved element free, it takes its intrinsic
/// size (`sizeThatFits` of the source size, at priority 250 as Auto Layout's content
/// hugging) and position 0 in its parent's space (below any priority).
///
/// **Errors.** A required constraint that cannot hold with the required ones before it is
/// left out, and every snapshot's `issue` names it and the constraints it conflicts with
/// (code `unsatisfiable`); so is a priority outside 1…1000 (`invalidPriority`). If the
/// required constraints can only hold by moving a constant element, its frame wins and the
/// issue says so.
public struct LinearLayoutBlock: LayoutBlockProtocol {
    /// The constraints, in the order they are added to the solver.
    public var constraints: [LinearConstraint]
    /// A name for the block in error messages.
    public var name: String?
    private var fixedElements: [WeakElement]

    /// Solves `constraints`; `fixed` elements keep their frames even if nothing laid them out.
    public init(name: String? = nil, fixed: [any LayoutElement] = [], _ constraints: [LinearConstraint]) {
        self.name = name
        self.constraints = constraints
        self.fixedElements = fixed.map(WeakElement.init)
    }

    /// Solves the constraints the closure lists.
    public init(name: String? = nil, fixed: [any LayoutElement] = [], @LinearConstraintsBuilder _ constraints: () -> [LinearConstraint]) {
        self.init(name: name, fixed: fixed, constraints())
    }

    /// Elements that keep their frames.
    public var fixed: [any LayoutElement] { fixedElements.compactMap(\.element) }

    public func compile(into compiler: inout LayoutCompiler) {
        // A constraint naming an element that is gone is left out, as blocks of gone elements are.
        let live = constraints.filter { constraint in (constraint.lhs.terms + constraint.rhs.terms).allSatisfy { $0.element.element != nil } }
        var order: [ObjectIdentifier: Int] = [:]
        var elements: [any LayoutElement] = []
        var names: [String] = []
        for constraint in live {
            for term in constraint.lhs.terms + constraint.rhs.terms where order[term.element.id] == nil {
                guard let element = term.element.element else { continue }
                order[term.element.id] = elements.count
                elements.append(element)
                names.append(term.element.name)
            }
        }
        let fixedIDs = Set(fixedElements.compactMap { $0.element.map(ObjectIdentifier.init) })
        let slots = elements.map { compiler.slot(for: $0) }
        let records = compiler.program.elements
        let solved = elements.indices.map { index in
            !fixedIDs.contains(ObjectIdentifier(elements[index])) && records[Int(slots[index])].parent >= 0
                && !compiler.laidOutSlots.contains(slots[index])
        }
        let indexOfSlot = Dictionary(slots.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let systemElements = elements.indices.map { index -> EquationSystem.Element in
            let record = records[Int(slots[index])]
            guard solved[index] else { return EquationSystem.Element(isSolved: false, baselineOffset: record.baselineOffset) }
            let origin: EquationSystem.Origin
            if record.parent < 0 {
                origin = .zero
            } else if let parent = indexOfSlot[record.parent], solved[parent] {
                origin = .solved(element: parent, boundsOrigin: records[Int(record.parent)].boundsOrigin)
            } else {
                origin = .given
            }
            return EquationSystem.Element(isSolved: true, baselineOffset: record.baselineOffset, origin: origin)
        }
        let equations = live.map { constraint in
            EquationSystem.Equation(
                terms: constraint.lhs.terms.map { EquationSystem.Term(element: order[$0.element.id]!, attribute: $0.attribute, coefficient: Double($0.coefficient)) }
                    + constraint.rhs.terms.map { EquationSystem.Term(element: order[$0.element.id]!, attribute: $0.attribute, coefficient: -Double($0.coefficient)) },
                constant: Double(constraint.lhs.constant - constraint.rhs.constant),
                relation: constraint.relation,
                priority: constraint.priority
            )
        }
        let system = EquationSystem(elements: systemElements, equations: equations)
        let label = name.map { "equations block '\($0)'" } ?? "an equations block"
        let plan = EquationPlan(system: system, slots: slots, records: records, sizings: compiler.program.sizings, names: names,
                                descriptions: live.map(\.description), label: label)
        let solvedElements = elements.indices.filter { solved[$0] }.map { elements[$0] }
        compiler.addRoutine(elements: solvedElements, space: nil, constraints: []) { _, firstOutput in
            EquationRoutine(plan: plan, firstOutput: firstOutput)
        }
    }
}

/// Collects `LinearConstraint`s written one per line.
@resultBuilder
public enum LinearConstraintsBuilder {
    public static func buildExpression(_ constraint: LinearConstraint) -> [LinearConstraint] { [constraint] }
    public static func buildExpression(_ constraints: [LinearConstraint]) -> [LinearConstraint] { constraints }
    public static func buildBlock(_ parts: [LinearConstraint]...) -> [LinearConstraint] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [LinearConstraint]?) -> [LinearConstraint] { part ?? [] }
    public static func buildEither(first part: [LinearConstraint]) -> [LinearConstraint] { part }
    public static func buildEither(second part: [LinearConstraint]) -> [LinearConstraint] { part }
    public static func buildArray(_ parts: [[LinearConstraint]]) -> [LinearConstraint] { parts.flatMap { $0 } }
}
