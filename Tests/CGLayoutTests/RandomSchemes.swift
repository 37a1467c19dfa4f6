import CGLTestSupport
import Foundation

@testable import CGLayout


/// A custom rule for random schemes: pure, like every rule must be.
struct Shrink: RectBasedConstraint {
    var amount: CGFloat
    func formConstrain(sourceRect: inout CGRect, by rect: CGRect, direction: LayoutDirection) {
        sourceRect.size.width = rect.size.width - amount
        sourceRect.origin.x += direction == .leftToRight ? amount : -amount
    }
}

/// A random hierarchy of views, labels and guides, and random schemes over it, covering
/// every layout, anchor, constraint kind and the anchors API.
final class RandomWorld {
    var random: SplitMix64
    let root: LayoutView
    private(set) var views: [LayoutView] = []
    private(set) var guides: [LayoutGuide] = []
    private(set) var elements: [any LayoutElement] = []

    init(seed: UInt64, elementCount: Int) {
        random = SplitMix64(state: seed)
        root = LayoutView(frame: CGRect(x: 0, y: 0, width: 400, height: 300), identifier: "root")
        views = [root]
        elements = [root]
        for index in 0..<elementCount { addElement(index) }
        fillContainers()
    }

    func value(_ range: ClosedRange<Double> = -50...400) -> CGFloat {
        // Quarter points keep values readable in failure messages.
        CGFloat((Double.random(in: range, using: &random) * 4).rounded() / 4)
    }

    func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }

    func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

    func randomRect() -> CGRect { CGRect(x: value(), y: value(), width: value(0...300), height: value(0...300)) }

    private func addElement(_ index: Int) {
        let parent = pick(views)
        switch Int.random(in: 0..<12, using: &random) {
        case 10:
            let stack = StackLayoutGuide(frame: randomRect(), identifier: "stack\(index)")
            stack.add(to: parent)
            guides.append(stack)
            elements.append(stack)
        case 11:
            let scroll = ScrollLayoutGuide(layout: LayoutScheme(blocks: []), contentSize: CGSize(width: value(0...800), height: value(0...1200)),
                                           frame: randomRect(), identifier: "scroll\(index)")
            scroll.contentOffset = CGPoint(x: value(-20...100), y: value(-20...300))
            scroll.add(to: parent)
            guides.append(scroll)
            elements.append(scroll)
        case 0..<2:
            let guide = LayoutGuide(frame: randomRect(), identifier: "guide\(index)")
            guide.add(to: parent)
            guides.append(guide)
            elements.append(guide)
        case 2..<4:
            let label = LayoutLabel(frame: randomRect(), identifier: "label\(index)",
                                    text: TextMetrics(length: Int.random(in: 0...60, using: &random), advance: value(1...9), lineHeight: value(8...20)),
                                    baselineOffset: value(0...20))
            parent.addSubview(label)
            views.append(label)
            elements.append(label)
        default:
            let view = LayoutView(frame: randomRect(), identifier: "view\(index)")
            if chance(0.3) { view.boundsOrigin = CGPoint(x: value(-20...20), y: value(-20...60)) }
            if chance(0.2) { view.contentInsets = EdgeInsets(top: value(0...10), left: value(0...10), bottom: value(0...10), right: value(0...10)) }
            if chance(0.15) { view.contentSize = CGSize(width: value(0...800), height: value(0...1200)) }
            if chance(0.3) { view.contentSizing = .fixed(CGSize(width: value(0...200), height: value(0...100))) }
            parent.addSubview(view)
            views.append(view)
            elements.append(view)
        }
    }

    /// Gives stacks random items and scrolls random content, from their owner's subviews.
    private func fillContainers() {
        for guide in guides {
            guard let owner = guide.ownerElement as? LayoutView, !owner.subviews.isEmpty else { continue }
            let candidates = owner.subviews.filter { _ in chance(0.6) }
            if let stack = guide as? StackLayoutGuide {
                stack.addArrangedElements(candidates)
                stack.contentInsets = chance(0.3) ? EdgeInsets(all: value(0...10)) : .zero
                configure(&stack.scheme)
            } else if let scroll = guide as? ScrollLayoutGuide {
                scroll.layout = LayoutScheme(blocks: candidates.prefix(3).map { $0.layoutBlock(with: layout()) })
            }
        }
    }

    func configure(_ stack: inout StackLayoutScheme) {
        stack.axis = pick([.horizontal, .vertical])
        stack.spacing = pick([.equally, .equal(value(0...20))])
        stack.filling = pick([.equally, .equal(value(0...100))])
        stack.alignment = pick([.leading(value(0...10)), .center(value(-5...5)), .trailing(value(0...10))])
        stack.direction = pick([.fromLeading, .fromTrailing, .fromCenter])
        stack.crossAlignment = pick([.fill, .leading, .center, .trailing])
    }

    /// A random linear equation over a few elements (the priorities may be invalid, the
    /// required ones may conflict: the block must report that and still agree with itself).
    func equation() -> LinearConstraint {
        func expression() -> LayoutExpression {
            var result = pick(elements)[pick(LayoutAttribute.allCases)] * value(-2...2)
            if chance(0.4) { result = result + pick(elements)[pick(LayoutAttribute.allCases)] }
            return result + value(-50...200)
        }
        let relation = Int.random(in: 0..<3, using: &random)
        let constraint = relation == 0 ? expression() == expression() : relation == 1 ? expression() <= expression() : expression() >= expression()
        return chance(0.5) ? constraint : constraint ~ Double(pick([1, 250, 500, 750, 999, 1001]))
    }

    /// A bare stack, a flex block over siblings, or an equations block.
    func containerBlock() -> any LayoutBlockProtocol {
        if chance(0.3) {
            return LinearLayoutBlock((0..<Int.random(in: 1...8, using: &random)).map { _ in equation() })
        }
        let parent = pick(views.filter { !$0.subviews.isEmpty } + [root])
        let items: [any LayoutElement] = parent.subviews.filter { _ in chance(0.5) }
        if chance(0.5) {
            var stack = StackLayoutScheme(items: items)
            configure(&stack)
            return stack
        }
        let sizes: [FlexItemSize] = [.flexible, .width(value(0...150)), .height(value(0...150)), .size(CGSize(width: value(0...150), height: value(0...150)))]
        return FlexLayoutBlock(direction: pick([.column, .row]), alignment: pick([.leading, .center, .trailing]),
                               items: items.map { ($0, pick(sizes)) }, constraints: chance(0.5) ? [parent.contentLayoutConstraint(for: [.equally])] : [])
    }

    // MARK: Layouts

    func horizontalAlignment() -> Layout.Alignment.Horizontal {
        let lower = value(0...50)
        let options: [Layout.Alignment.Horizontal] = [
            .equal, .left(value(-20...40)), .right(value(-20...40)), .center(value(-20...20)), .leading(value(0...30)),
            .trailing(value(0...30)), .left(multiplier: value(0...1)), .right(multiplier: value(0...1)),
            .left(between: lower...(lower + value(0...100))), .right(between: lower...(lower + value(0...100))),
        ]
        let first = pick(options)
        return chance(0.2) ? first + pick(options) : first
    }

    func verticalAlignment() -> Layout.Alignment.Vertical {
        let lower = value(0...50)
        let options: [Layout.Alignment.Vertical] = [
            .equal, .top(value(-20...40)), .bottom(value(-20...40)), .center(value(-20...20)),
            .top(multiplier: value(0...1)), .bottom(multiplier: value(0...1)),
            .top(between: lower...(lower + value(0...100))), .bottom(between: lower...(lower + value(0...100))),
            .top(between: lower...(lower + value(0...100)), step: value(1...9)),
        ]
        let first = pick(options)
        return chance(0.2) ? first + pick(options) : first
    }

    func widthFilling() -> Layout.Filling.Horizontal {
        let lower = value(0...100)
        return pick([.equal, .fixed(value(0...300)), .scaled(value(0...1.5)), .boxed(value(-20...100)), .upTo(value(0...300)),
                     .from(value(0...300)), .between(lower...(lower + value(0...200)))])
    }

    func heightFilling() -> Layout.Filling.Vertical {
        let lower = value(0...100)
        return pick([.equal, .fixed(value(0...300)), .scaled(value(0...1.5)), .boxed(value(-20...100)), .upTo(value(0...300)),
                     .from(value(0...300)), .between(lower...(lower + value(0...200)))])
    }

    func layout() -> Layout {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return .nothing
        case 1: return .equal(randomRect())
        case 2: return Layout.width(widthFilling()) + Layout.vertical(verticalAlignment())
        case 3: return randomRect().asLayout()
        case 4: return pick([Layout.left(value(0...40)...), .right(value(0...40)...), .top(value(0...40)...), .bottom(value(0...40)...)])
        default:
            let main = Layout(x: horizontalAlignment(), y: verticalAlignment(), width: widthFilling(), height: heightFilling())
            return chance(0.15) ? main + Layout.height(heightFilling()) : main
        }
    }

    // MARK: Constraints

    func anchor() -> LayoutAnchor {
        let side = pick([LayoutAnchor.Side.align(by: .inner), .align(by: .outer), .limit(on: .inner), .limit(on: .outer), .pull(from: .inner), .pull(from: .outer)])
        switch Int.random(in: 0..<13, using: &random) {
        case 0: return .left(side)
        case 1: return .right(side)
        case 2: return .top(side)
        case 3: return .bottom(side)
        case 4: return .leading(side)
        case 5: return .trailing(side)
        case 6: return .center(.align(by: pick([.center, .origin])))
        case 7: return .size(pick([.width(value(0...2)), .height(value(0...2))]))
        case 8: return .insets(EdgeInsets(top: value(-10...30), left: value(-10...30), bottom: value(-10...30), right: value(-10...30)))
        case 9: return .equal(randomRect())
        case 10: return .custom(Shrink(amount: value(0...20)))
        default: return .equally
        }
    }

    func anchors() -> [LayoutAnchor] { (0..<Int.random(in: 1...3, using: &random)).map { _ in anchor() } }

    func constraint(for element: any LayoutElement) -> any LayoutConstraintProtocol {
        let base: any LayoutConstraintProtocol
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4: base = pick(elements).layoutConstraint(for: anchors())
        case 4, 5: base = pick(elements).contentLayoutConstraint(for: anchors())
        case 6:
            let labels = views.compactMap { $0 as? LayoutLabel }
            base = labels.isEmpty ? AnonymConstraint(anchors: anchors()) : pick(labels).baselineLayoutConstraint(for: anchors())
        case 7:
            let amount = value(0...30)
            base = chance(0.5) ? AnonymConstraint(anchors: anchors()) : AnonymConstraint(anchors: anchors()) { $0.inset(by: EdgeInsets(all: amount)) }
        default:
            let adaptive = (element as? LayoutView) ?? pick(views)
            let sizes = pick([[LayoutAnchor.Size.width()], [.height(value(0...2))], [.width(value(0...2)), .height()]])
            base = adaptive.adjustLayoutConstraint(for: sizes, alignment: Layout.Alignment(horizontal: horizontalAlignment(), vertical: verticalAlignment()))
        }
        return chance(0.15) ? base.active(chance(0.5)) : base
    }

    // MARK: Anchors API

    func horizontalTarget() -> AnchorPoint<LayoutAxis.Horizontal> {
        let anchors = pick(elements).anyAnchors
        return pick([anchors.left, anchors.right, anchors.leading, anchors.trailing, anchors.centerX])
    }

    func verticalTarget() -> AnchorPoint<LayoutAxis.Vertical> {
        if chance(0.15), let label = views.compactMap({ $0 as? LayoutLabel }).first { return label.layoutAnchors.baseline }
        let anchors = pick(elements).anyAnchors
        return pick([anchors.top, anchors.bottom, anchors.centerY])
    }

    func record<Element: LayoutElement>(into builder: AnchorsBuilder<Element>) {
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            switch Int.random(in: 0..<8, using: &random) {
            case 0: side(pick([builder.left, builder.right, builder.leading, builder.trailing]), horizontalTarget())
            case 1: side(pick([builder.top, builder.bottom]), verticalTarget())
            case 2: center(builder.centerX, horizontalTarget())
            case 3: center(builder.centerY, verticalTarget())
            case 4: builder.width.equal(to: value(0...200))
            case 5: builder.height.equal(to: pick(elements).anyAnchors.width)
            case 6: builder.width.scaled(by: pick(elements).anyAnchors.width, scale: value(0...2))
            default: builder.height.boxed(by: pick(elements).anyAnchors.height, box: value(-20...50))
            }
        }
    }

    private func side<Axis>(_ anchor: SideAnchor<Axis>, _ target: AnchorPoint<Axis>) {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: anchor.align(by: target)
        case 1: anchor.equal(to: target)
        case 2: anchor.pull(to: target)
        case 3: anchor.limit(by: target)
        case 4: anchor.fartherThanOrEqual(to: target)
        default: anchor.nearerThanOrEqual(to: target)
        }
    }

    private func center<Axis>(_ anchor: CenterAnchor<Axis>, _ target: AnchorPoint<Axis>) {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: anchor.align(by: target)
        case 1: anchor.equal(to: target)
        default: anchor.pull(to: target)
        }
    }

    // MARK: Blocks and schemes

    func block() -> LayoutBlock {
        let element = chance(0.05) ? root : pick(Array(elements.dropFirst()))
        if chance(0.3) {
            if let view = element as? LayoutView {
                return view.layoutBlock(with: layout()) { builder in
                    record(into: builder)
                    if chance(0.3) { builder.width.equalIntrinsicSize(value(0...2), alignment: .center) }
                }
            }
            if let guide = element as? LayoutGuide {
                return guide.layoutBlock(with: layout()) { record(into: $0) }
            }
        }
        let constraints = (0..<Int.random(in: 0...3, using: &random)).map { _ in constraint(for: element) }
        return element.layoutBlock(with: layout(), constraints: constraints)
    }

    /// A scheme of `count` blocks, some of them grouped into nested schemes.
    func scheme(blocks count: Int, depth: Int = 0) -> LayoutScheme {
        var blocks: [any LayoutBlockProtocol] = []
        var remaining = count
        while remaining > 0 {
            if depth < 3, remaining > 2, chance(0.15) {
                let nested = Int.random(in: 1...min(remaining, 8), using: &random)
                blocks.append(scheme(blocks: nested, depth: depth + 1))
                remaining -= nested
            } else {
                blocks.append(chance(0.1) ? containerBlock() : block())
                remaining -= 1
            }
        }
        return LayoutScheme(blocks: blocks)
    }
}

extension LayoutElement {
    var anyAnchors: AnyLayoutAnchors { AnyLayoutAnchors(self) }
}
