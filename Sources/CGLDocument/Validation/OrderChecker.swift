/// Checks the order rule of `SCHEME-FORMAT.md` §1.2 over a list of blocks: a block may read
/// only elements laid out by earlier blocks, `$root`, `$safeArea`, or its own parent chain.
///
/// A block's source is its parent's layout bounds, so a parent laid out *after* its child is
/// reported too (it is the same mistake: the child would read a stale frame). A parent laid
/// out by no block at all only gets a warning: its bounds are whatever it was created with.
struct OrderChecker {
    let elements: [String: ElementSpec]
    let issues: IssueCollector

    /// Checks `blocks`; `context` says which variant combination they come from, if any.
    func check(_ blocks: [ElementBlockSpec], context: String? = nil) {
        var laidOutBy: [String: JSONPointer] = [:]
        for block in blocks where laidOutBy[block.element] == nil { laidOutBy[block.element] = block.pointer }
        var laidOut: Set<String> = []
        for block in blocks {
            let chain = ancestors(of: block.element)
            if let parent = elements[block.element]?.parent, let parentBlock = laidOutBy[parent], !laidOut.contains(parent) {
                report(block, reads: parent, laidOutBy: parentBlock, at: block.pointer, because: "its parent", context: context)
            }
            for (id, pointer) in block.references where !allowed(id, chain: chain, laidOut: laidOut) {
                report(block, reads: id, laidOutBy: laidOutBy[id], at: pointer, because: nil, context: context)
            }
            laidOut.insert(block.element)
        }
    }

    /// Warns about elements no block lays out, in document order.
    func warnAboutUnplacedElements(_ blocks: [ElementBlockSpec], order: [ElementSpec]) {
        let laidOut = Set(blocks.map(\.element))
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

    private func report(_ block: ElementBlockSpec, reads id: String, laidOutBy later: JSONPointer?, at pointer: JSONPointer,
                        because relation: String?, context: String?) {
        let subject = relation.map { "\($0) '\(id)'" } ?? "'\(id)'"
        let suffix = context.map { " (with \($0))" } ?? ""
        if let later {
            issues.error(.order, pointer, "the block \(block.pointer) for '\(block.element)' reads \(subject), which the later block \(later) lays out\(suffix)",
                         hint: "move the block \(later) before \(block.pointer)")
        } else {
            issues.error(.order, pointer, "the block \(block.pointer) for '\(block.element)' reads \(subject), which no block lays out\(suffix)",
                         hint: "add a block for '\(id)' before this one, or refer to an element that is laid out")
        }
    }
}
