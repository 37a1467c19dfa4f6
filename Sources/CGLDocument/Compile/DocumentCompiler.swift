import CGLText
import CGLayout
import Foundation

/// Builds the engine objects of a document for one selection of variants and compiles them
/// (`docs/format.md` §1): `$root` is a view sized per environment, `$safeArea` a guide in
/// it, and each block starts from its element's parent's layout bounds.
struct DocumentCompiler {
    let document: SchemeDocument
    /// The environment's text scale and direction: real text is measured for them.
    var textScale = 1.0
    var direction = LayoutDirection.leftToRight
    /// The environment's pixel scale: measured text sizes are rounded up to whole pixels, so
    /// that snapping a frame to pixels never makes it narrower than its text.
    var scale: Double?

    /// The compiled scheme, with handles to the elements whose frames vary per environment.
    struct Output: Sendable {
        var scheme: CompiledLayoutScheme
        var root: ElementHandle?
        var safeArea: ElementHandle?
        /// A handle per document element, in document order; `nil` when no block involves it.
        var handles: [ElementHandle?]
        /// Per document element, in document order: whether a box block lays it out (its text
        /// then measures in Chrome's line boxes).
        var inBoxTree: [Bool] = []
        /// The elements the slots' defaults hide, set once compiled (by `CompiledDocument`):
        /// a snapshot without content uses them as they are.
        var defaultHidden: [ElementHandle] = []
    }

    func compile(variants active: [VariantSpec]) -> Output {
        let root = LayoutView(identifier: ReservedID.root)
        let safeArea = LayoutGuide(identifier: ReservedID.safeArea)
        safeArea.add(to: root)
        var elements: [String: any LayoutElement] = [ReservedID.root: root, ReservedID.safeArea: safeArea]
        let blocks = Variants.apply(active, to: document.blocks)
        // Monospace text inside a box tree wraps between words (docs/format.md §1.9).
        let boxed = Set(blocks.flatMap(\.leaves).flatMap { block -> [String] in
            if case .box(let box) = block { return box.tree }
            return []
        })
        for spec in document.elements {
            let element = makeElement(spec, inBoxTree: boxed.contains(spec.id))
            // A scroll's children are its content: in the engine they belong to the scroll's
            // own container and are laid out in the scroll's layout bounds.
            switch (element, container(of: spec, elements)) {
            case (let guide as LayoutGuide, let parent?): guide.add(to: parent)
            case (let view as LayoutView, let parent?): parent.addSubview(view)
            default: break  // validation allows only views and scrolls as parents
            }
            elements[spec.id] = element
        }
        for spec in document.elements {
            guard let stack = spec.stack, let guide = elements[spec.id] as? StackLayoutGuide else { continue }
            guide.addArrangedElements(stack.items.compactMap { elements[$0] })
        }
        let parents = Dictionary(uniqueKeysWithValues: document.elements.map { ($0.id, $0.parent) })
        let scheme = LayoutScheme(blocks: blocks.compactMap { makeBlock($0, elements: elements, parents: parents) })
        // Blocks hold elements weakly; `elements` keeps them alive until compiled.
        let compiled = withExtendedLifetime(elements) { scheme.compiled() }
        return Output(
            scheme: compiled,
            root: compiled.handle(for: root),
            safeArea: compiled.handle(for: safeArea),
            handles: document.elements.map { spec in elements[spec.id].flatMap { compiled.handle(for: $0) } },
            inBoxTree: document.elements.map { boxed.contains($0.id) }
        )
    }

    private func makeElement(_ spec: ElementSpec, inBoxTree: Bool) -> any LayoutElement {
        switch spec.kind {
        case .guide:
            return LayoutGuide(identifier: spec.id)
        case .stack:
            let guide = StackLayoutGuide(identifier: spec.id)
            if let stack = spec.stack {
                stack.configure(&guide.scheme)
                guide.contentInsets = stack.insets
            }
            return guide
        case .scroll:
            let scroll = ScrollLayoutGuide(layout: LayoutScheme(blocks: []), contentSize: spec.scroll?.contentSize ?? .zero, identifier: spec.id)
            scroll.contentInset = spec.scroll?.contentInset ?? .zero
            scroll.contentOffset = spec.boundsOrigin
            return scroll
        case .view:
            let view: LayoutView
            if let styled = spec.styledText {
                view = makeLabel(spec.id, styled, inBoxTree: inBoxTree)
            } else if var text = spec.text {
                if !inBoxTree { text.words = nil }
                view = LayoutLabel(identifier: spec.id, text: text)
            } else {
                view = LayoutView(identifier: spec.id)
                if let size = spec.intrinsicSize { view.contentSizing = spec.sizeSlot?.sizing(for: size) ?? .fixed(size) }
            }
            view.boundsOrigin = spec.boundsOrigin
            return view
        }
    }

    /// A label whose text measures in its style's font, scaled by the environment's text
    /// scale, with its paragraph in the environment's direction (unless the style fixes it).
    /// The paragraph is prepared here, once per compiled program: snapshots only fill lines.
    /// In a box tree its lines are Chrome's line boxes (`CSSLineBox`).
    private func makeLabel(_ id: String, _ styled: StyledTextSpec, inBoxTree: Bool) -> LayoutView {
        guard let paragraph = Self.paragraph(styled.value, style: styled.style, styles: document.styles, textScale: textScale, direction: direction) else {
            // Validation resolved every style, so this only happens if fonts vanished since.
            return LayoutLabel(identifier: id, text: TextMetrics(length: 0, advance: 1, lineHeight: 0))
        }
        let lineBox = inBoxTree ? paragraph.cssLineBox(pixelScale: scale ?? 1) : nil
        let label = LayoutLabel(identifier: id, text: TextMetrics(length: 0, advance: 1, lineHeight: lineBox?.lineHeight ?? paragraph.lineHeight),
                                baselineOffset: lineBox?.baseline ?? paragraph.firstBaseline)
        label.contentSizing = Self.sizing(of: paragraph, scale: scale, inBoxTree: inBoxTree)
        return label
    }

    /// The paragraph a text (a `.text` or `.runs` value) makes in the style named `style` of
    /// `styles`, its runs' styles looked up there too, all scaled by `textScale`, in
    /// `direction` (unless the style fixes one); nil when the style is unknown or fonts are gone.
    static func paragraph(_ text: SlotValue, style name: String, styles: [String: TextStyle], textScale: Double,
                          direction: LayoutDirection) -> TextParagraph? {
        guard let style = styles[name]?.scaled(by: textScale), let engine = try? TextEngine.shared() else { return nil }
        let direction: TextDirection = direction == .rightToLeft ? .rightToLeft : .leftToRight
        switch text {
        case .text(let string): return try? engine.paragraph(string, style: style, direction: direction)
        case .runs(let runs): return try? engine.paragraph(runs.textRuns(styles: styles, textScale: textScale), style: style, direction: direction)
        case .size, .flag: return nil
        }
    }

    /// A label's content sizing: the paragraph filled at the offered width, its size rounded
    /// up to whole pixels so that snapped frames hold their text. In a box tree, as Chrome
    /// sizes text: lines of its line box (`CSSLineBox`), the width rounded up to 1/64 of a
    /// pixel (`LayoutUnit`), at 1 pixel per point without a scale.
    static func sizing(of paragraph: TextParagraph, scale: Double?, inBoxTree: Bool) -> ContentSizing {
        guard inBoxTree else { return .paragraph(paragraph, scale: scale) }
        let pixels = scale ?? 1
        let lineHeight = paragraph.cssLineBox(pixelScale: pixels).lineHeight
        let layoutUnits = 64 * pixels
        return .custom { offered in
            let measured = paragraph.measure(width: offered.width)
            return CGSize(width: (measured.width * layoutUnits).rounded(.up) / layoutUnits, height: Double(measured.lineCount) * lineHeight)
        }
    }

    /// The view an element belongs to in the engine: its parent, or for the content of a
    /// scroll, the view the scroll belongs to.
    private func container(of spec: ElementSpec, _ elements: [String: any LayoutElement]) -> LayoutView? {
        var parent = elements[spec.parent]
        while let scroll = parent as? ScrollLayoutGuide { parent = scroll.ownerElement }
        return parent as? LayoutView
    }

    /// The engine block for a validated block (`nil` only if validation let an unknown id through).
    private func makeBlock(_ spec: BlockSpec, elements: [String: any LayoutElement], parents: [String: String]) -> (any LayoutBlockProtocol)? {
        switch spec {
        case .scheme(let scheme):
            return LayoutScheme(blocks: scheme.blocks.compactMap { makeBlock($0, elements: elements, parents: parents) })
        case .stack(let block):
            let items = block.stack.items.compactMap { elements[$0] }
            guard let first = block.stack.items.first, let parent = elements[parents[first] ?? ReservedID.root] else {
                return LayoutScheme(blocks: [])
            }
            var stack = StackLayoutScheme(items: items)
            block.stack.configure(&stack)
            stack.constraints = [parent.contentLayoutConstraint(for: [.equally]), AnonymConstraint(anchors: [.insets(block.stack.insets)])]
            return stack
        case .equations(let block):
            return LinearLayoutBlock(name: block.id ?? block.pointer.description, fixed: [root(of: elements), elements[ReservedID.safeArea]].compactMap { $0 },
                                     block.equations.compactMap { constraint($0, elements) })
        case .box(let block):
            return makeBoxBlock(block, elements: elements, parents: parents)
        case .flex(let block):
            let items = block.items.compactMap { item in elements[item.element].map { FlexLayoutBlock.Item($0, item.size) } }
            let parent = block.items.first.flatMap { parents[$0.element] } ?? ReservedID.root
            guard let container = elements[block.container ?? parent] else { return nil }
            return FlexLayoutBlock(name: block.id ?? block.pointer.description, direction: block.direction, alignment: block.alignment,
                                   items: items, constraints: [container.contentLayoutConstraint(for: [.equally])])
        case .element(let block):
            guard let element = elements[block.element], let parent = elements[parents[block.element] ?? ReservedID.root] else { return nil }
            // The block's source is its parent's layout bounds, in the parent's space.
            let source = parent.contentLayoutConstraint(for: [.equally])
            guard let relations = block.relations else {
                return LayoutBlock(element: element, layout: block.layout, constraints: [source] + block.constraints.compactMap { constraint($0, of: element, elements) })
            }
            let anchored = makeAnchorsBlock(for: element, layout: block.layout) { builder in
                for relation in relations { record(relation, into: builder, elements: elements) }
            }
            anchored.constraints.insert(source, at: 0)
            return anchored
        }
    }

    private func root(of elements: [String: any LayoutElement]) -> (any LayoutElement)? { elements[ReservedID.root] }

    /// The box block of `block`: its tree built bottom-up (children follow their parents in
    /// document order), laid out in the layout bounds of `in` (or of the root's parent).
    private func makeBoxBlock(_ block: BoxBlockSpec, elements: [String: any LayoutElement], parents: [String: String]) -> (any LayoutBlockProtocol)? {
        let styles = Dictionary(uniqueKeysWithValues: document.elements.map { ($0.id, $0.box ?? BoxStyle()) })
        var nodes: [String: BoxNode] = [:]
        var children: [String: [BoxNode]] = [:]
        for id in block.tree.reversed() {
            guard let element = elements[id] else { continue }
            let node = BoxNode(element, style: styles[id] ?? BoxStyle(), children: (children.removeValue(forKey: id) ?? []).reversed())
            if id == block.root { nodes[id] = node } else if let parent = parents[id] { children[parent, default: []].append(node) }
        }
        guard let root = nodes[block.root], let container = elements[block.container ?? parents[block.root] ?? ReservedID.root] else { return nil }
        return BoxLayoutBlock(name: block.id ?? block.pointer.description, root: root, availableWidth: block.availableWidth,
                              availableHeight: block.availableHeight, snapScale: block.snap ? scale.map { CGFloat($0) } : nil,
                              constraints: [container.contentLayoutConstraint(for: [.equally])])
    }

    /// The engine's form of an equation; `nil` only if validation let an unknown id through.
    private func constraint(_ equation: EquationSpec, _ elements: [String: any LayoutElement]) -> LinearConstraint? {
        func side(_ form: LinearForm) -> LayoutExpression?? {
            guard !form.terms.isEmpty else { return .some(nil) }
            var result: LayoutExpression?
            for term in form.terms {
                guard let element = elements[term.id] else { return nil }
                let product = element[term.attribute] * CGFloat(term.coefficient)
                result = result.map { $0 + product } ?? product
            }
            return result.map { $0 + CGFloat(form.constant) }
        }
        guard let lhs = side(equation.lhs), let rhs = side(equation.rhs) else { return nil }
        let constraint: LinearConstraint
        switch (lhs, rhs, equation.relation) {
        case (let l?, let r?, .equal): constraint = l == r
        case (let l?, let r?, .lessThanOrEqual): constraint = l <= r
        case (let l?, let r?, .greaterThanOrEqual): constraint = l >= r
        case (let l?, nil, .equal): constraint = l == CGFloat(equation.rhs.constant)
        case (let l?, nil, .lessThanOrEqual): constraint = l <= CGFloat(equation.rhs.constant)
        case (let l?, nil, .greaterThanOrEqual): constraint = l >= CGFloat(equation.rhs.constant)
        case (nil, let r?, .equal): constraint = CGFloat(equation.lhs.constant) == r
        case (nil, let r?, .lessThanOrEqual): constraint = CGFloat(equation.lhs.constant) <= r
        case (nil, let r?, .greaterThanOrEqual): constraint = CGFloat(equation.lhs.constant) >= r
        case (nil, nil, _): return nil
        }
        return constraint ~ equation.priority
    }

    /// The engine constraint; `nil` only if validation let a mismatch through.
    private func constraint(_ spec: ConstraintSpec, of element: any LayoutElement, _ elements: [String: any LayoutElement]) -> (any LayoutConstraintProtocol)? {
        let made: (any LayoutConstraintProtocol)? = switch spec.kind {
        case .frame(let id): elements[id]?.layoutConstraint(for: spec.anchors)
        case .content(let id): elements[id]?.contentLayoutConstraint(for: spec.anchors)
        case .baseline(let id): (elements[id] as? LayoutLabel)?.baselineLayoutConstraint(for: spec.anchors)
        case .adjust(let sizes, let alignment): (element as? any AdaptiveLayoutElement)?.adjustLayoutConstraint(for: sizes, alignment: alignment)
        case .anonymous: AnonymConstraint(anchors: spec.anchors)
        }
        guard let made else { return nil }
        return spec.isActive ? made : made.active(false)
    }

    private func record(_ relation: RelationSpec, into builder: AnyAnchorsBuilder, elements: [String: any LayoutElement]) {
        switch relation.kind {
        case .point(let source, let operation, let target, let anchor):
            guard let targetElement = elements[target] else { return }
            let anchors = AnyLayoutAnchors(targetElement)
            if let side = sideAnchor(source, builder), let point = horizontalPoint(anchor, anchors) {
                apply(operation, side, point)
            } else if let side = verticalSideAnchor(source, builder), let point = verticalPoint(anchor, anchors) {
                apply(operation, side, point)
            } else if source == "centerX", let point = horizontalPoint(anchor, anchors) {
                apply(operation, builder.centerX, point)
            } else if source == "centerY", let point = verticalPoint(anchor, anchors) {
                apply(operation, builder.centerY, point)
            }
        case .dimension(let source, let target, let anchor, let multiplier, let constant):
            guard let targetElement = elements[target] else { return }
            let anchors = AnyLayoutAnchors(targetElement)
            builder.size(source == "width" ? .width : .height, equalTo: anchor == "width" ? anchors.width : anchors.height,
                         multiplier: multiplier, constant: constant)
        case .constant(let source, let value):
            builder.size(source == "width" ? .width : .height, equalTo: value)
        case .intrinsic(let source, let multiplier, let alignment):
            builder.intrinsicSize(source == "width" ? .width : .height, multiplier: multiplier, alignment: alignment)
        }
    }

    private func sideAnchor(_ name: String, _ builder: AnyAnchorsBuilder) -> SideAnchor<LayoutAxis.Horizontal>? {
        switch name {
        case "left": builder.left
        case "right": builder.right
        case "leading": builder.leading
        case "trailing": builder.trailing
        default: nil
        }
    }

    private func verticalSideAnchor(_ name: String, _ builder: AnyAnchorsBuilder) -> SideAnchor<LayoutAxis.Vertical>? {
        switch name {
        case "top": builder.top
        case "bottom": builder.bottom
        case "baseline": builder.baseline
        default: nil
        }
    }

    private func horizontalPoint(_ name: String, _ anchors: AnyLayoutAnchors) -> AnchorPoint<LayoutAxis.Horizontal>? {
        switch name {
        case "left": anchors.left
        case "right": anchors.right
        case "leading": anchors.leading
        case "trailing": anchors.trailing
        case "centerX": anchors.centerX
        default: nil
        }
    }

    private func verticalPoint(_ name: String, _ anchors: AnyLayoutAnchors) -> AnchorPoint<LayoutAxis.Vertical>? {
        switch name {
        case "top": anchors.top
        case "bottom": anchors.bottom
        case "centerY": anchors.centerY
        case "baseline": anchors.baseline
        default: nil
        }
    }

    private func apply<Axis>(_ operation: String, _ side: SideAnchor<Axis>, _ point: AnchorPoint<Axis>) {
        switch operation {
        case "align", "equal": side.align(by: point)
        case "pull": side.pull(to: point)
        case "limit": side.limit(by: point)
        case "fartherThanOrEqual": side.fartherThanOrEqual(to: point)
        default: side.nearerThanOrEqual(to: point)
        }
    }

    private func apply<Axis>(_ operation: String, _ center: CenterAnchor<Axis>, _ point: AnchorPoint<Axis>) {
        switch operation {
        case "pull": center.pull(to: point)
        default: center.align(by: point)
        }
    }
}
