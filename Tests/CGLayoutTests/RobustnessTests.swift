import Foundation
import Testing

@testable import CGLayout

/// Nothing in the engine traps on user input.
@Suite struct RobustnessTests {
    /// An element type whose super element can be set to anything, cycles included.
    final class FreeElement: LayoutElement {
        var frame: CGRect
        var bounds: CGRect
        var superElement: (any LayoutElement)?
        var layoutBoundsRule: LayoutBoundsRule { .bounds() }

        init(frame: CGRect) {
            self.frame = frame
            self.bounds = CGRect(origin: .zero, size: frame.size)
        }
    }

    @Test func cyclicHierarchyIsCutNotFollowed() {
        let a = FreeElement(frame: rect(10, 0, 100, 100))
        let b = FreeElement(frame: rect(20, 0, 100, 100))
        a.superElement = b
        b.superElement = a
        let probe = FreeElement(frame: .zero)
        probe.superElement = a
        let block = probe.layoutBlock(constraints: [b.layoutConstraint(for: [.equally])])
        let frames = layoutChecked(block, in: rect(0, 0, 50, 50))
        #expect(frames.count == 1)
        #expect(frames[0].size == CGSize(width: 100, height: 100))
        // Conversions stop where the cycle closes too.
        _ = probe.convert(CGPoint.zero, to: b)
    }

    @Test func addSubviewRefusesCycles() {
        let parent = LayoutView()
        let child = LayoutView()
        #expect(parent.addSubview(child))
        #expect(!child.addSubview(parent))
        #expect(!parent.addSubview(parent))
        #expect(parent.superview == nil)
        #expect(child.superview === parent)
        let other = LayoutView()
        #expect(other.addSubview(child))
        #expect(parent.subviews.isEmpty && other.subviews.count == 1)
    }

    @Test(arguments: [CGFloat.nan, .infinity, -.infinity, 0, -500, 1e300])
    func extremeSourcesDoNotTrap(value: CGFloat) {
        let root = makeRoot()
        let text = LayoutLabel(text: TextMetrics(length: 12, advance: 7, lineHeight: 16))
        root.addSubview(text)
        let other = addChild(root, rect(value, value, value, value))
        let scheme = LayoutScheme(blocks: [
            text.layoutBlock(with: Layout(x: .center(value), y: .top(between: 0...10, step: value), width: .boxed(value), height: .between(0...(value.isNaN ? 1 : value.magnitude))),
                             constraints: [other.layoutConstraint(for: [.left(.limit(on: .inner)), .insets(EdgeInsets(all: value))]),
                                           text.adjustLayoutConstraint(for: [.height()])]),
            other.layoutBlock { $0.centerX.pull(to: text.layoutAnchors.centerX); $0.width.scaled(by: text.layoutAnchors.width, scale: value) },
        ])
        let source = rect(value, 0, value, 300)
        _ = scheme.snapshot(for: source)
        scheme.layout(in: source)
        _ = scheme.currentRect
    }

    @Test func textMetricsEdgeCases() {
        #expect(TextMetrics(length: 0, advance: 7, lineHeight: 16).sizeThatFits(CGSize(width: 100, height: 0)) == .zero)
        #expect(TextMetrics(length: 3, advance: 7, lineHeight: 16).sizeThatFits(CGSize(width: 1, height: 0)) == CGSize(width: 7, height: 48))
        #expect(TextMetrics(length: 3, advance: 0, lineHeight: 16).sizeThatFits(CGSize(width: 100, height: 0)) == CGSize(width: 0, height: 16))
        #expect(TextMetrics(length: 3, advance: 7, lineHeight: 16).sizeThatFits(CGSize(width: CGFloat.nan, height: 0)) == CGSize(width: 21, height: 16))
        #expect(TextMetrics(string: "héllo", advance: 2, lineHeight: 1).length == 5)
    }
}
