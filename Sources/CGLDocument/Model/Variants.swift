/// Applying variants to the base blocks (`docs/format.md` §1.3).
enum Variants {
    /// The base blocks with the blocks of each variant in `variants` (in order) replacing the
    /// base block with the same `id`, or with the same `element` when the variant block has no
    /// id. Nested schemes are searched too.
    static func apply(_ variants: [VariantSpec], to blocks: [BlockSpec]) -> [BlockSpec] {
        variants.reduce(blocks) { result, variant in
            variant.blocks.reduce(result) { current, replacement in replace(in: current, with: replacement).blocks }
        }
    }

    /// Reports variant blocks that replace nothing, or that could replace several blocks.
    static func validate(_ variants: [VariantSpec], against blocks: [BlockSpec], issues: IssueCollector) {
        for variant in variants {
            for replacement in variant.blocks {
                let count = matches(replacement, in: blocks)
                if count == 0 {
                    let what = replacement.id.map { "no base block has the id '\($0)'" } ?? elementName(replacement).map { "no base block lays out '\($0)'" }
                        ?? "a nested scheme can only replace a block by its 'id'"
                    issues.error(.invalidValue, replacement.pointer, "this variant block replaces nothing: \(what)",
                                 hint: "variant blocks replace base blocks with the same 'id' or 'element'")
                } else if count > 1, let element = elementName(replacement) {
                    issues.error(.invalidValue, replacement.pointer, "several base blocks lay out '\(element)'; this variant block could replace any of them",
                                 hint: "give the base block an 'id' and use it here")
                }
            }
        }
    }

    private static func elementName(_ block: BlockSpec) -> String? {
        if case .element(let element) = block { return element.element }
        return nil
    }

    private static func isReplaced(_ base: BlockSpec, by replacement: BlockSpec) -> Bool {
        if let id = replacement.id { return base.id == id }
        guard let element = elementName(replacement), case .element(let candidate) = base, candidate.id == nil else { return false }
        return candidate.element == element
    }

    private static func matches(_ replacement: BlockSpec, in blocks: [BlockSpec]) -> Int {
        blocks.reduce(0) { count, block in
            if isReplaced(block, by: replacement) { return count + 1 }
            if case .scheme(let scheme) = block { return count + matches(replacement, in: scheme.blocks) }
            return count
        }
    }

    private static func replace(in blocks: [BlockSpec], with replacement: BlockSpec) -> (blocks: [BlockSpec], done: Bool) {
        var result = blocks
        for index in result.indices {
            if isReplaced(result[index], by: replacement) {
                result[index] = replacement
                return (result, true)
            }
            if case .scheme(var scheme) = result[index] {
                let (inner, done) = replace(in: scheme.blocks, with: replacement)
                if done {
                    scheme.blocks = inner
                    result[index] = .scheme(scheme)
                    return (result, true)
                }
            }
        }
        return (result, false)
    }
}
