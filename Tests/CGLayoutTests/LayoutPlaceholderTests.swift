import Foundation
import Testing

@testable import CGLayout

/// `ENGINE.md` §10: a guide that creates its element lazily and keeps it at its layout bounds.
@Suite struct LayoutPlaceholderTests {
    let root = makeRoot()

    @Test func theElementIsCreatedOnFirstUse() {
        var created = 0
        let placeholder = LayoutPlaceholder { created += 1; return LayoutView(identifier: "lazy") }
        placeholder.add(to: root)
        placeholder.frame = rect(10, 20, 30, 40)
        #expect(created == 0 && !placeholder.isElementLoaded && placeholder.elementIfLoaded == nil)
        let element = placeholder.element
        #expect(created == 1 && placeholder.element === element)
        #expect(element.superview === root)
        #expect(element.frame == rect(10, 20, 30, 40))
        placeholder.frame = rect(0, 0, 5, 5)
        #expect(element.frame == rect(0, 0, 5, 5))
    }

    @Test func subclassesProvideTheElement() {
        final class Banner: LayoutPlaceholder<LayoutLabel> {
            var loaded = false
            init() { super.init(makeElement: { LayoutLabel(text: TextMetrics(length: 0, advance: 1, lineHeight: 1)) }) }
            override func loadElement() -> LayoutLabel { LayoutLabel(text: TextMetrics(length: 3, advance: 5, lineHeight: 10)) }
            override func elementDidLoad() { loaded = element.superview != nil }
        }
        let banner = Banner()
        banner.add(to: root)
        #expect(banner.element.textMetrics.length == 3)
        #expect(banner.loaded)
    }

    @Test func losingTheOwnerRemovesTheElement() {
        let placeholder = LayoutPlaceholder { LayoutView() }
        placeholder.add(to: root)
        let element = placeholder.element
        placeholder.removeFromOwner()
        #expect(element.superview == nil)
        let other = makeRoot()
        placeholder.add(to: other)
        #expect(element.superview === other)
    }

    /// Without an owner, or before the element exists, nothing is laid out; afterwards
    /// snapshots and layouts place it.
    @Test func schemesLayOutTheLoadedElement() throws {
        let placeholder = LayoutPlaceholder { LayoutView() }
        let block = placeholder.layoutBlock(with: Layout(x: .center(), y: .bottom(10), width: .fixed(100), height: .fixed(50)))
        placeholder.add(to: root)
        #expect(layoutChecked(block, in: root.bounds) == [rect(150, 240, 100, 50)])
        let element = placeholder.element
        element.frame = .zero
        let snapshot = block.snapshot(for: root.bounds)
        try block.apply(snapshot: snapshot)
        #expect(element.frame == rect(150, 240, 100, 50))
        let unowned = LayoutPlaceholder { LayoutView() }
        let lonely = unowned.element
        unowned.frame = rect(1, 2, 3, 4)
        #expect(lonely.frame == .zero && lonely.superview == nil)
    }
}
