/// Checks the order rule of `SCHEME-FORMAT.md` §1.2 over a list of blocks: a block may read
/// only elements laid out by earlier blocks, `$root`, `$safeArea`, or its own parent chain.
///
/// A block's source is its parent's layout bounds, so a parent laid out *after* its child is
/// reported too (it is the same mistake: the child would read a stale frame). A parent laid
/// out by no block at all only gets a warning: its bounds are whatever it was created with.
struct OrderChecker {
    let elements: [String: ElementSpec]
    let issues: IssueCollector

    /// Checks `steps`; `context` says which variant combination they come from, if any.
    func check(_ steps: [BlockStep], context: String? = nil) {
        var laidOutBy: [String: JSONPointer] = [:]
        for step in steps {
            for id in step.laysOut where laidOutBy[id] == nil { laidOutBy[id] = step.pointer }
        }
        var laidOut: Set<String> = []
        for step in steps {
            let chain = step.subject.map(ancestors(of:)) ?? []
            var parentsRead: Set<String> = []
            for id in step.laysOut {
                guard let parent = elements[id]?.parent, parentsRead.insert(parent).inserted,
                      let parentStep = laidOutBy[parent], !laidOut.contains(parent) else { continue }
                report(step, reads: parent, laidOutBy: parentStep, at: step.pointer, because: step.laysOut.count == 1 ? "its parent" : "the parent", context: context)
            }
            for (id, pointer) in step.reads where !allowed(id, chain: chain, laidOut: laidOut) {
                report(step, reads: id, laidOutBy: laidOutBy[id], at: pointer, because: nil, context: context)
            }
            laidOut.formUnion(step.laysOut)
        }
    }

    /// Warns about elements no block lays out, in document order.
    func warnAboutUnplacedElements(_ steps: [BlockStep], order: [ElementSpec]) {
        let laidOut = Set(steps.flatMap(\.laysOut))
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
