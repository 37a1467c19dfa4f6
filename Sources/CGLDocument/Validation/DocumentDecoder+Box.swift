import CGLayout
import Foundation

extension DocumentDecoder {
    /// A `box` block: `{"box": {"root", "in"?, "available"?, "snap"?}}`.
    func decodeBoxBlock(_ object: ObjectReader, id: String?, at pointer: JSONPointer) -> BoxBlockSpec? {
        object.rejectUnknownKeys(allowed: ["id", "box"], what: "a box block")
        let at = pointer.appending("box")
        guard let value = object.value("box"), let box = ObjectReader(value, at: at, issues: issues, what: "'box'") else { return nil }
        box.rejectUnknownKeys(allowed: ["root", "in", "available", "snap"], what: "a box block's 'box'")
        guard let root = box.string("root", required: true, what: "a box block"), knownElement(root, at: at.appending("root"), reservedAllowed: false) else {
            return nil
        }
        let container = box.string("in", what: "a box block")
        if let container, !knownElement(container, at: at.appending("in"), reservedAllowed: true) { return nil }
        let (tree, depth) = descendants(of: root)
        guard depth <= BoxLayoutBlock.maximumDepth else {
            issues.error(.tooLarge, at.appending("root"), "the tree of '\(root)' is \(depth) levels deep; a box tree may be \(BoxLayoutBlock.maximumDepth) at most",
                         hint: "flatten the tree: a box's children need not be nested to be placed")
            return nil
        }
        if let container, tree.contains(container) {
            let what = container == root ? "the root itself" : "inside the tree of '\(root)'"
            issues.error(.invalidValue, at.appending("in"), "'\(container)' is \(what); the tree cannot be laid out in itself",
                         hint: "use an element outside the tree, such as the root's parent '\(elements[root]?.parent ?? ReservedID.root)', or leave out 'in'")
            return nil
        }
        for id in tree {
            guard let element = elements[id], element.kind != .view else { continue }
            issues.error(.incompatible, at.appending("root"), "'\(id)' (\(element.pointer)) is a \(element.kind.rawValue), and a box tree holds views",
                         hint: "move '\(id)' out of the tree of '\(root)', or make it a view")
            return nil
        }
        var available: (width: BoxAvailableSpace?, height: BoxAvailableSpace?) = (nil, nil)
        if let value = box.value("available") {
            guard let sizes = ObjectReader(value, at: at.appending("available"), issues: issues, what: "'available'") else { return nil }
            sizes.rejectUnknownKeys(allowed: ["width", "height"], what: "'available'")
            available.width = sizes.value("width").flatMap { availableSpace($0, at: at.appending("available").appending("width")) }
            available.height = sizes.value("height").flatMap { availableSpace($0, at: at.appending("available").appending("height")) }
            if sizes.has("width") && available.width == nil || sizes.has("height") && available.height == nil { return nil }
        }
        let snap = box.bool("snap") ?? true
        return BoxBlockSpec(id: id, root: root, container: container, availableWidth: available.width, availableHeight: available.height,
                            snap: snap, tree: tree, pointer: pointer)
    }

    /// The root and every element whose parent chain reaches it, in document order, and how
    /// many levels deep the tree is (the root's included).
    func descendants(of root: String) -> (tree: [String], depth: Int) {
        var children: [String: [String]] = [:]
        for element in elementOrder { children[element.parent, default: []].append(element.id) }
        var inTree: Set<String> = [root]
        var pending = [(root, 1)]
        var depth = 0
        while let (id, level) = pending.popLast() {
            depth = max(depth, level)
            for child in children[id] ?? [] where inTree.insert(child).inserted { pending.append((child, level + 1)) }
        }
        return (elementOrder.map(\.id).filter(inTree.contains), depth)
    }

    /// Checks the box blocks of the document and its variants together: no tree inside
    /// another's, and no element with `box` that no box block lays out.
    func checkBoxTrees(blocks: [BlockSpec], variants: [VariantSpec]) {
        let boxBlocks = (blocks + variants.flatMap(\.blocks)).flatMap(\.leaves).compactMap { block -> BoxBlockSpec? in
            if case .box(let box) = block { return box }
            return nil
        }
        var laidOut: Set<String> = []
        for block in boxBlocks { laidOut.formUnion(block.tree) }
        for block in boxBlocks {
            guard let outer = boxBlocks.first(where: { $0.root != block.root && $0.tree.contains(block.root) }) else { continue }
            issues.error(.invalidValue, block.pointer.appending("box").appending("root"),
                         "'\(block.root)' is inside the tree of '\(outer.root)', which the box block \(outer.pointer) lays out",
                         hint: "lay out one tree with one box block: remove this block, or give '\(block.root)' another parent")
        }
        for element in elementOrder where element.box != nil && !laidOut.contains(element.id) {
            issues.error(.unusedElement, element.pointer.appending("box"), "'\(element.id)' has a 'box' but no box block lays out its tree",
                         hint: "add a block {\"box\": {\"root\": \"…\"}} whose root is '\(element.id)' or one of its ancestors, or remove 'box'")
        }
    }

    private func knownElement(_ id: String, at pointer: JSONPointer, reservedAllowed: Bool) -> Bool {
        if ReservedID.all.contains(id) {
            guard reservedAllowed else {
                issues.error(.invalidValue, pointer, "'\(id)' cannot be the root of a box tree", hint: "make an element of yours the root")
                return false
            }
            return true
        }
        guard elements[id] != nil else {
            issues.error(.unknownElement, pointer, "no element has the id '\(id)'",
                         hint: suggestion(for: id, among: Array(elements.keys) + ReservedID.all).map { "did you mean '\($0)'?" } ?? "declare it in 'elements'")
            return false
        }
        return true
    }

    private func availableSpace(_ value: JSONValue, at pointer: JSONPointer) -> BoxAvailableSpace? {
        switch value.kind {
        case .string("min-content"): return .minContent
        case .string("max-content"): return .maxContent
        case .number:
            guard let number = ObjectReader.number(value, at: pointer, issues: issues) else { return nil }
            guard number >= 0 else {
                issues.error(.outOfRange, pointer, "an available size cannot be negative", hint: "use 0 or more")
                return nil
            }
            return .definite(CGFloat(number))
        default:
            issues.error(.wrongType, pointer, "an available size must be a number, \"min-content\" or \"max-content\", not \(value.typeDescription)",
                         at: value.position)
            return nil
        }
    }
}
