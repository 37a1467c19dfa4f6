import CGLayout

/// Checks the order rule of `docs/format.md` §1.2 over a list of blocks: a block may read
/// only elements laid out by earlier blocks, `$root`, `$safeArea`, or its own parent chain.
///
/// A block's source is its parent's layout bounds, so a parent laid out *after* its child is
/// reported too (it is the same mistake: the child would read a stale frame). A parent laid
/// out by no block at all only gets a warning: its bounds are whatever it was created with.
struct OrderChecker {
    let elements: [String: ElementSpec]
    let issues: IssueCollector

    /// Checks `steps`; `context` says which variant combination they come from, if any.
    func check(_ unresolved: [BlockStep], context: String? = nil) {
        let steps = Self.resolve(unresolved)
        var laidOutBy: [String: JSONPointer] = [:]
        for step in steps {
            for id in step.laysOut where laidOutBy[id] == nil { laidOutBy[id] = step.pointer }
        }
        var laidOut: Set<String> = []
        for step in steps {
            let chain = step.subject.map(ancestors(of:)) ?? []
            var parentsRead: Set<String> = []
            // A parent the step lays out itself (a box tree's) is laid out first by it.
            let own = step.laysOut.count > 1 ? Set(step.laysOut) : []
            for id in step.laysOut {
                guard let parent = elements[id]?.parent, !own.contains(parent), parentsRead.insert(parent).inserted,
                      let parentStep = laidOutBy[parent], !laidOut.contains(parent) else { continue }
                report(step, reads: parent, laidOutBy: parentStep, at: step.pointer, because: step.laysOut.count == 1 ? "its parent" : "the parent", context: context)
            }
            for (id, pointer) in step.reads where !allowed(id, chain: chain, laidOut: laidOut) {
                report(step, reads: id, laidOutBy: laidOutBy[id], at: pointer, because: nil, context: context)
            }
            laidOut.formUnion(step.laysOut)
        }
    }

    /// The steps with what equations blocks solve resolved, in run order.
    static func resolve(_ steps: [BlockStep]) -> [BlockStep] {
        var laidOut: Set<String> = []
        return steps.map { step in
            let resolved = step.resolved(laidOut: laidOut)
            laidOut.formUnion(resolved.laysOut)
            return resolved
        }
    }

    /// Warns about elements an equations block solves without determining them (their
    /// defaults decide): `docs/format.md` §1.6.
    func warnAboutUndeterminedElements(_ blocks: [BlockSpec]) {
        let leaves = blocks.flatMap(\.leaves)
        let steps = leaves.flatMap { $0.steps(elements: elements) }
        var laidOut: Set<String> = []
        for (leaf, step) in zip(leaves, steps) {
            if case .equations(let block) = leaf {
                let system = EquationDocumentSystem(block: block, elements: elements, laidOut: laidOut)
                let measuring = Set(system.ids.indices.filter { elements[system.ids[$0]]?.measuresContent == true })
                for (element, unknowns) in system.system.undetermined(measuringContent: measuring) {
                    let id = system.ids[element]
                    let free = unknowns.map { EquationSystem.unknownNames[$0] }
                    let list = free.count > 1 ? free.dropLast().joined(separator: ", ") + " and " + free[free.count - 1] : free[0]
                    let sizeFree = unknowns.contains(2) || unknowns.contains(3)
                    let fallback = (sizeFree ? ["a size of 0 (it has no intrinsic size)"] : []) + (unknowns.contains(0) || unknowns.contains(1) ? ["position 0 in its parent"] : [])
                    issues.warning(.undetermined, block.pointer,
                                   "the equations do not determine the \(list) of '\(id)', which fall back to \(fallback.joined(separator: " and "))",
                                   hint: "add equations that fix them")
                }
            }
            laidOut.formUnion(step.resolved(laidOut: laidOut).laysOut)
        }
    }

    /// Warns about elements no block lays out, in document order.
    func warnAboutUnplacedElements(_ steps: [BlockStep], order: [ElementSpec]) {
        let laidOut = Set(Self.resolve(steps).flatMap(\.laysOut))
        for element in order where !laidOut.contains(element.id) {
            issues.warning(.unusedElement, element.pointer, "no block lays out '\(element.id)'; its frame stays empty",
                           hint: "add a block for it, or remove it")
        }
    }

    private func allowed(_ id: String, chain: [String], laidOut: Set<String>) -> Bool {
        ReservedID.all.contains(id) || laidOut.contains(id) || chain.contains(id)
    }

    private func ancestors(of id: String) -> [String] {
        var result: [String] = []
        var next = elements[id]?.parent
        while let parent = next, parent != ReservedID.root, result.count <= elements.count {
            result.append(parent)
            next = elements[parent]?.parent
        }
        return result
    }

    private func report(_ step: BlockStep, reads id: String, laidOutBy later: JSONPointer?, at pointer: JSONPointer,
                        because relation: String?, context: String?) {
        let subject = relation.map { "\($0) '\(id)'" } ?? "'\(id)'"
        let suffix = context.map { " (with \($0))" } ?? ""
        if let later {
            issues.error(.order, pointer, "\(step.label) reads \(subject), which the later block \(later) lays out\(suffix)",
                         hint: "move the block \(later) before \(step.pointer)")
        } else {
            issues.error(.order, pointer, "\(step.label) reads \(subject), which no block lays out\(suffix)",
                         hint: "add a block for '\(id)' before this one, or refer to an element that is laid out")
        }
    }
}
