import CGLayout
import Foundation

/// One block of a scheme document (`docs/format.md` §1.2), validated.
indirect enum BlockSpec: Sendable {
    /// A `LayoutBlock` (API v1 constraints or the anchors API).
    case element(ElementBlockSpec)
    /// A nested scheme.
    case scheme(SchemeBlockSpec)
    /// A bare stack.
    case stack(StackBlockSpec)
    /// The flexible row/column engine.
    case flex(FlexBlockSpec)
    /// CSS flexbox over a tree of elements.
    case box(BoxBlockSpec)
    /// A system of linear equations.
    case equations(EquationsBlockSpec)

    var id: String? {
        switch self {
        case .element(let block): block.id
        case .scheme(let scheme): scheme.id
        case .stack(let stack): stack.id
        case .flex(let flex): flex.id
        case .box(let box): box.id
        case .equations(let equations): equations.id
        }
    }

    var pointer: JSONPointer {
        switch self {
        case .element(let block): block.pointer
        case .scheme(let scheme): scheme.pointer
        case .stack(let stack): stack.pointer
        case .flex(let flex): flex.pointer
        case .box(let box): box.pointer
        case .equations(let equations): equations.pointer
        }
    }

    /// The blocks in run order, nested schemes flattened (one per step of `steps(elements:)`).
    var leaves: [BlockSpec] {
        if case .scheme(let scheme) = self { return scheme.blocks.flatMap(\.leaves) }
        return [self]
    }

    /// What each block does, in run order, nested schemes flattened: the elements it lays
    /// out and the ones it reads (`elements` tells which element blocks are stacks).
    func steps(elements: [String: ElementSpec]) -> [BlockStep] {
        switch self {
        case .element(let block):
            let items = elements[block.element]?.stack?.items ?? []
            return [BlockStep(pointer: block.pointer, label: "the block \(block.pointer) for '\(block.element)'", laysOut: [block.element] + items,
                              reads: block.references, subject: block.element)]
        case .scheme(let scheme):
            return scheme.blocks.flatMap { $0.steps(elements: elements) }
        case .stack(let stack):
            return [BlockStep(pointer: stack.pointer, label: "the stack block \(stack.pointer)", laysOut: stack.stack.items, reads: [],
                              subject: stack.stack.items.first)]
        case .flex(let flex):
            let reads = flex.container.map { [($0, flex.pointer.appending("flex").appending("in"))] } ?? []
            return [BlockStep(pointer: flex.pointer, label: "the flex block \(flex.pointer)", laysOut: flex.items.map(\.element), reads: reads,
                              subject: flex.items.first?.element)]
        case .box(let box):
            let reads = box.container.map { [($0, box.pointer.appending("box").appending("in"))] } ?? []
            return [BlockStep(pointer: box.pointer, label: "the box block \(box.pointer)", laysOut: box.tree, reads: reads, subject: box.root)]
        case .equations(let block):
            // Elements laid out before are constants; the block solves the others.
            return [BlockStep(pointer: block.pointer, label: "the equations block \(block.pointer)", laysOut: [], reads: [], subject: nil,
                              solves: block.references.filter { !ReservedID.all.contains($0) })]
        }
    }
}

/// One block as the order rule sees it (`docs/format.md` §1.2).
struct BlockStep {
    var pointer: JSONPointer
    /// How messages name the block.
    var label: String
    /// The elements whose frames the block sets.
    var laysOut: [String]
    /// The elements the block reads, with where each reference is written.
    var reads: [(id: String, pointer: JSONPointer)]
    /// The element whose parent chain the block may read (its source is the parent's
    /// layout bounds); `nil` for a block with nothing to lay out.
    var subject: String?
    /// For an equations block: the elements it lays out unless earlier blocks did.
    var solves: [String] = []

    /// The step with `solves` resolved against the elements laid out before it.
    func resolved(laidOut: Set<String>) -> BlockStep {
        guard !solves.isEmpty else { return self }
        var step = self
        step.laysOut += solves.filter { !laidOut.contains($0) }
        step.solves = []
        return step
    }
}

struct SchemeBlockSpec: Sendable {
    var id: String?
    var blocks: [BlockSpec]
    var pointer: JSONPointer
}

/// A block laying out one element.
struct ElementBlockSpec: Sendable {
    var id: String?
    var element: String
    var layout: Layout
    var constraints: [ConstraintSpec]
    /// Anchors-API relations; `nil` for a v1 block.
    var relations: [RelationSpec]?
    var pointer: JSONPointer

    /// The elements this block reads, with where each reference is written.
    var references: [(id: String, pointer: JSONPointer)] {
        constraints.compactMap { constraint in constraint.target.map { ($0, constraint.pointer) } }
            + (relations ?? []).compactMap { relation in relation.target.map { ($0, relation.pointer) } }
    }
}

/// A v1 constraint of a block.
struct ConstraintSpec: Sendable {
    enum Kind: Sendable {
        /// `LayoutConstraint` on the target's frame.
        case frame(String)
        /// `ContentLayoutConstraint` on the target's layout bounds.
        case content(String)
        /// A baseline constraint on a text element.
        case baseline(String)
        /// `AdjustLayoutConstraint` on the block's own element.
        case adjust(sizes: [LayoutAnchor.Size], alignment: Layout.Alignment)
        /// `AnonymConstraint`.
        case anonymous
    }

    var kind: Kind
    var anchors: [LayoutAnchor]
    var isActive: Bool
    var pointer: JSONPointer

    var target: String? {
        switch kind {
        case .frame(let id), .content(let id), .baseline(let id): id
        case .adjust, .anonymous: nil
        }
    }
}

/// An anchors-API relation of a block (`left.align(avatar.right)`, `width.equal(44)`).
struct RelationSpec: Sendable {
    enum Kind: Sendable {
        /// A side or centre of the block element related to a point of another element.
        case point(source: String, operation: String, target: String, targetAnchor: String)
        /// `width.equal(card.width)`, `width.scaled(card.width, k)`, `width.boxed(card.width, b)`.
        case dimension(source: String, target: String, targetAnchor: String, multiplier: CGFloat, constant: CGFloat)
        /// `height.equal(44)`.
        case constant(source: String, value: CGFloat)
        /// `width.equalIntrinsicSize(m, x:, y:)`.
        case intrinsic(source: String, multiplier: CGFloat, alignment: Layout.Alignment)
    }

    var kind: Kind
    var pointer: JSONPointer

    var target: String? {
        switch kind {
        case .point(_, _, let target, _), .dimension(_, let target, _, _, _): target
        case .constant, .intrinsic: nil
        }
    }
}
