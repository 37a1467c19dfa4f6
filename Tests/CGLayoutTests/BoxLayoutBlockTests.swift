import Foundation
import Testing

@testable import CGLayout

/// `BoxLayoutBlock` in schemes: a box tree placed where other blocks say, anchored to by
/// blocks after it, measuring leaves through their content sizing, and the same frames in
/// snapshots and layouts.
@Suite struct BoxLayoutBlockTests {
    static func style(_ configure: (inout BoxStyle) -> Void) -> BoxStyle {
        var style = BoxStyle()
        configure(&style)
        return style
    }

    /// A panel placed by a layout block holds a card laid out by boxes; a block after the
    /// box block anchors to an element inside the card.
    @Test func aBoxTreeComposesWithCGLayoutBlocks() {
        let root = makeRoot(400, 600)
        let panel = addChild(root), below = addChild(root)
        let card = addChild(panel), fixed = addChild(card), growing = addChild(card)
        let row = Self.style { $0.width = .percent(100); $0.padding = BoxEdges(.points(10)); $0.columnGap = .points(5) }
        let scheme = LayoutScheme(blocks: [
            panel.layoutBlock(with: .equal(rect(20, 30, 300, 200))),
            BoxLayoutBlock(root: BoxNode(card, style: row, children: [
                BoxNode(fixed, style: Self.style { $0.width = 50; $0.height = 20 }),
                BoxNode(growing, style: Self.style { $0.flexGrow = 1; $0.height = 20 }),
            ]), constraints: [panel.contentLayoutConstraint(for: [.equally])]),
            below.layoutBlock(with: Layout(x: .left(0), y: .top(0), width: .fixed(10), height: .fixed(10))) {
                $0.top.align(by: growing.layoutAnchors.bottom)
                $0.left.align(by: growing.layoutAnchors.left)
            },
        ])
        let frames = layoutChecked(scheme, in: root.bounds)
        expectRect(frames[0], 20, 30, 300, 200)
        expectRect(frames[1], 0, 0, 300, 40)
        expectRect(frames[2], 10, 10, 50, 20)
        expectRect(frames[3], 65, 10, 225, 20)
        // `growing` is at (20 + 65, 30 + 10) in the root, 20 high.
        expectRect(frames[4], 85, 60, 10, 10)
    }

    /// A text leaf wraps to the width the row leaves it, and its height follows.
    @Test func aTextLeafIsMeasuredInTheWidthItGets() {
        let root = makeRoot(200, 400)
        let card = addChild(root), icon = addChild(card)
        let label = LayoutLabel(text: TextMetrics(length: 30, advance: 10, lineHeight: 12))
        card.addSubview(label)
        let block = BoxLayoutBlock(root: BoxNode(card, style: Self.style { $0.width = .percent(100); $0.alignItems = .flexStart }, children: [
            BoxNode(icon, style: Self.style { $0.width = 40; $0.height = 40; $0.flexShrink = 0 }),
            BoxNode(label, style: Self.style { $0.flexShrink = 1 }),
        ]))
        let frames = layoutChecked(block, in: root.bounds)
        // 160 points left: 16 characters a line, 30 characters in 2 lines.
        expectRect(frames[2], 40, 0, 160, 24)
        expectRect(frames[0], 0, 0, 200, 40)
    }

    /// A root without a width fits its content; right-to-left it sits at the right edge
    /// and its row runs from the right.
    @Test func aRootFitsItsContentAndMirrorsRightToLeft() {
        let root = makeRoot(300, 100)
        let card = addChild(root), a = addChild(card), b = addChild(card)
        let block = BoxLayoutBlock(root: BoxNode(card, children: [
            BoxNode(a, style: Self.style { $0.width = 30; $0.height = 10 }),
            BoxNode(b, style: Self.style { $0.width = 20; $0.height = 10 }),
        ]))
        let ltr = layoutChecked(block, in: root.bounds)
        expectRect(ltr[0], 0, 0, 50, 10)
        expectRect(ltr[1], 0, 0, 30, 10)
        expectRect(ltr[2], 30, 0, 20, 10)
        let rtl = layoutChecked(block, in: root.bounds, direction: .rightToLeft)
        expectRect(rtl[0], 250, 0, 50, 10)
        expectRect(rtl[1], 20, 0, 30, 10)
        expectRect(rtl[2], 0, 0, 20, 10)
    }

    /// A box that clips or scrolls reports how far its content scrolls, by frame index, in
    /// snapshots of a compiled scheme (fresh and reused), of a live scheme, and of the
    /// scheme's child snapshots; any other frame has none.
    @Test func aScrollingBoxReportsItsScrollSize() {
        let root = makeRoot(300, 400)
        let panel = addChild(root), list = addChild(root), first = addChild(list), second = addChild(list)
        let scheme = LayoutScheme(blocks: [
            panel.layoutBlock(with: .equal(rect(0, 0, 300, 20))),
            BoxLayoutBlock(root: BoxNode(list, style: Self.style {
                $0.width = 200; $0.height = 100; $0.flexDirection = .column; $0.padding = BoxEdges(.points(10)); $0.overflowY = .scroll
            }, children: [
                BoxNode(first, style: Self.style { $0.height = 70; $0.flexShrink = 0 }),
                BoxNode(second, style: Self.style { $0.height = 70; $0.flexShrink = 0; $0.margin.bottom = .points(5) }),
            ])),
        ])
        // 10 + 70 + 70 + 5 + 10 = 165 of content in a 100-point client area.
        let compiled = scheme.compiled()
        var kept = LayoutSnapshot()
        for snapshot in [compiled.snapshot(for: root.bounds), scheme.snapshot(for: root.bounds)] {
            #expect(snapshot.scrollSize(at: 1) == CGSize(width: 0, height: 65))
            #expect(snapshot.scrollSize(at: 0) == nil && snapshot.scrollSize(at: 2) == nil && snapshot.scrollSize(at: 99) == nil)
            #expect(snapshot.childSnapshots[1].scrollSize(at: 0) == CGSize(width: 0, height: 65))
        }
        compiled.snapshot(for: CGRect(x: 0, y: 0, width: 300, height: 400), into: &kept)
        compiled.snapshot(for: CGRect(x: 0, y: 0, width: 300, height: 400), into: &kept)
        #expect(kept.scrollSize(at: 1) == CGSize(width: 0, height: 65))
        // A scheme without a box that scrolls keeps none.
        #expect(LayoutScheme(blocks: [panel.layoutBlock(with: .equal(rect(0, 0, 300, 20)))]).compiled().snapshot(for: root.bounds).scrollSizes.isEmpty)
    }

    /// An element whose node is gone drops out with its subtree; `display: none` gives zeros.
    @Test func displayNoneGivesZeroFrames() {
        let root = makeRoot(300, 100)
        let card = addChild(root), hidden = addChild(card), inner = addChild(hidden), shown = addChild(card)
        let block = BoxLayoutBlock(root: BoxNode(card, style: Self.style { $0.width = 100 }, children: [
            BoxNode(hidden, style: Self.style { $0.display = .none; $0.width = 40; $0.height = 10 }, children: [BoxNode(inner, style: Self.style { $0.width = 5 })]),
            BoxNode(shown, style: Self.style { $0.width = 30; $0.height = 10 }),
        ]))
        let frames = layoutChecked(block, in: root.bounds)
        expectRect(frames[1], 0, 0, 0, 0)
        expectRect(frames[2], 0, 0, 0, 0)
        expectRect(frames[3], 0, 0, 30, 10)
    }

    /// A node holds its element weakly: once the element is gone, the node drops out with its
    /// subtree and its siblings close up, as if it had never been in the tree.
    @Test func aNodeWhoseElementIsGoneDropsOut() {
        let root = makeRoot(300, 100)
        let card = addChild(root), first = addChild(card), last = addChild(card)
        let fixed = Self.style { $0.width = 30; $0.height = 10 }
        var gone: LayoutView? = LayoutView(frame: .zero, identifier: "gone")
        let goneNode = BoxNode(gone!, style: fixed, children: [BoxNode(LayoutView(frame: .zero, identifier: "orphan"), style: fixed)])
        gone = nil
        let block = BoxLayoutBlock(root: BoxNode(card, style: Self.style { $0.width = 200 }, children: [
            BoxNode(first, style: fixed), goneNode, BoxNode(last, style: fixed),
        ]))
        let frames = layoutChecked(block, in: root.bounds)
        #expect(frames.count == 3)
        expectRect(frames[1], 0, 0, 30, 10)
        expectRect(frames[2], 30, 0, 30, 10)
        // A node whose children are all gone is a leaf: it measures its own content.
        let photo = addChild(root)
        photo.contentSizing = .fixed(CGSize(width: 40, height: 10))
        let leaf = BoxLayoutBlock(root: BoxNode(photo, children: [BoxNode(LayoutView(frame: .zero, identifier: "gone"))]))
        expectRect(layoutChecked(leaf, in: root.bounds)[0], 0, 0, 40, 10)
    }
}

extension BoxLayoutBlockTests {
    /// A chain of padded columns `depth` levels deep, each 1 point inside its parent.
    static func chain(depth: Int, in root: LayoutView) -> (block: BoxLayoutBlock, views: [LayoutView]) {
        var views: [LayoutView] = []
        var parent = root
        for _ in 0..<depth {
            let view = addChild(parent)
            views.append(view)
            parent = view
        }
        var node = BoxNode(views[depth - 1], style: style { $0.height = 10 })
        for view in views.dropLast().reversed() {
            node = BoxNode(view, style: style { $0.flexDirection = .column; $0.padding = BoxEdges(.points(1)) }, children: [node])
        }
        return (BoxLayoutBlock(root: node), views)
    }

    /// A thousand levels lay out on a thread with a small stack: the layout moves to a thread
    /// with the stack it needs.
    @Test func aDeepTreeLaysOutOnASmallStack() throws {
        let root = makeRoot(4000, 4000)
        let (block, _) = Self.chain(depth: 1000, in: root)
        let compiled = LayoutScheme(blocks: [block]).compiled()
        let bounds = root.bounds
        // Written by the thread, read after it signalled: never at the same time.
        nonisolated(unsafe) var frames: [CGRect] = []
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            frames = compiled.snapshot(for: bounds).frames
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        try #require(frames.count == 1000)
        // The root fits its content: 999 levels of 1 point of padding on each side around 10.
        expectRect(frames[0], 0, 0, 2 * 999, 10 + 2 * 999)
        expectRect(frames[999], 1, 1, 0, 10)
        expectRect(frames[500], 1, 1, 2 * 499, 10 + 2 * 499)
    }

    /// Deeper than `maximumDepth`: zero frames and the issue `tooDeep`, never a crash.
    @Test func aTreeTooDeepIsRefused() {
        let root = makeRoot(400, 400)
        let (block, _) = Self.chain(depth: BoxLayoutBlock.maximumDepth + 1, in: root)
        let snapshot = LayoutScheme(blocks: [block]).snapshot(for: root.bounds)
        #expect(snapshot.issue?.code == .tooDeep && snapshot.issue?.message.contains("1025 levels deep; at most 1024") == true)
        #expect(snapshot.frames.allSatisfy { $0 == .zero })
    }
}
