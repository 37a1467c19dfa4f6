import Foundation
import Testing

@testable import CGLayout

/// `ENGINE.md` §6: schemes, snapshots and apply.
@Suite struct LayoutSchemeTests {
    /// A screen: header 64, footer 49, content between them; avatar, title and a
    /// centred action button inside the content area.
    final class Screen {
        let root = makeRoot(320, 568)
        lazy var header = addChild(root, .zero, "header")
        lazy var footer = addChild(root, .zero, "footer")
        lazy var content = addChild(root, .zero, "content")
        lazy var avatar = addChild(root, .zero, "avatar")
        lazy var title = addChild(root, .zero, "title")
        lazy var action = addChild(root, .zero, "action")

        var scheme: LayoutScheme {
            LayoutScheme(blocks: [
                header.layoutBlock(with: Layout(height: .fixed(64))),
                footer.layoutBlock(with: Layout(y: .bottom(), height: .fixed(49))),
                content.layoutBlock(constraints: [
                    header.layoutConstraint(for: [.bottom(.align(by: .outer))]),
                    footer.layoutConstraint(for: [.top(.limit(on: .outer))]),
                ]),
                avatar.layoutBlock(
                    with: Layout(x: .left(8), y: .top(8), width: .fixed(80), height: .fixed(80)),
                    constraints: [content.layoutConstraint(for: [.equally])]
                ),
                title.layoutBlock(
                    with: Layout(x: .left(8), y: .top(8), width: .boxed(20), height: .fixed(20)),
                    constraints: [content.layoutConstraint(for: [.equally]), avatar.layoutConstraint(for: [.right(.limit(on: .outer))])]
                ),
                action.layoutBlock(
                    with: Layout(x: .center(), y: .bottom(16), width: .scaled(0.6), height: .fixed(44)),
                    constraints: [content.layoutConstraint(for: [.equally])]
                ),
            ])
        }
    }

    @Test func oneSchemeSnapshottedForSeveralSizes() throws {
        let screen = Screen()
        let scheme = screen.scheme
        let portrait = scheme.snapshot(for: rect(0, 0, 320, 568))
        let landscape = scheme.snapshot(for: rect(0, 0, 568, 320))
        let tablet = scheme.snapshot(for: rect(0, 0, 768, 1024))

        expectRect(portrait.frames[2], 0, 64, 320, 455)
        expectRect(portrait.frames[5], 64, 459, 192, 44)
        expectRect(landscape.frames[2], 0, 64, 568, 207)
        #expect(landscape.frames[4].size.width == 460)
        expectRect(landscape.frames[5], 113.6, 211, 340.8, 44, tolerance: 1e-9)
        expectRect(tablet.frames[5], 153.6, 915, 460.8, 44, tolerance: 1e-9)

        // Frames are untouched until a snapshot is applied.
        #expect(screen.content.frame == .zero)
        try scheme.apply(snapshot: landscape)
        #expect(screen.content.frame == landscape.frames[2])
        #expect(screen.title.frame.size.width == 460)
        #expect(scheme.currentSnapshot == landscape)
    }

    /// When every dependency is inside the scheme, the snapshot equals `layout(in:)`.
    @Test func snapshotEqualsLayout() {
        let screen = Screen()
        for size in [CGSize(width: 320, height: 568), CGSize(width: 568, height: 320), CGSize(width: 1024, height: 768)] {
            layoutChecked(screen.scheme, in: CGRect(origin: .zero, size: size))
        }
    }

    /// A nested scheme is one child snapshot with its own union frame; a block inside it
    /// depends on another through the shared state.
    @Test func nestedSchemes() throws {
        let root = makeRoot(600, 400)
        let a = addChild(root, .zero, "a")
        let c = addChild(root, .zero, "c")
        let d = addChild(root, .zero, "d")
        let nested = LayoutScheme(blocks: [
            c.layoutBlock(with: Layout(width: .fixed(300), height: .fixed(80))),
            d.layoutBlock(with: Layout(height: .fixed(40)), constraints: [c.layoutConstraint(for: [.right(.align(by: .outer)), .size(.width())])]),
        ])
        let scheme = LayoutScheme(blocks: [a.layoutBlock(with: Layout(y: .bottom(), height: .fixed(10))), nested])
        let snapshot = scheme.snapshot(for: root.bounds)
        #expect(snapshot.frames == [rect(0, 390, 600, 10), rect(0, 0, 300, 80), rect(300, 0, 300, 40)])
        #expect(snapshot.frame == rect(0, 0, 600, 400))
        let children = snapshot.childSnapshots
        #expect(children.count == 2)
        #expect(children[0].frame == rect(0, 390, 600, 10))
        #expect(children[0].childSnapshots.isEmpty)
        #expect(children[1].frame == rect(0, 0, 600, 80))
        #expect(children[1].childSnapshots.map(\.frame) == [rect(0, 0, 300, 80), rect(300, 0, 300, 40)])

        // Fixed (§13.12): the current snapshot keeps nested schemes and can be re-applied.
        try scheme.apply(snapshot: snapshot)
        let current = scheme.currentSnapshot
        c.frame = .zero
        d.frame = .zero
        try scheme.apply(snapshot: current)
        #expect(c.frame == rect(0, 0, 300, 80))
        #expect(d.frame == rect(300, 0, 300, 40))
    }

    /// Fixed (§13.21): an empty scheme snapshots to zero and has a zero current rect.
    @Test func emptyScheme() throws {
        let scheme = LayoutScheme(blocks: [])
        let snapshot = scheme.snapshot(for: rect(0, 0, 100, 100))
        #expect(snapshot.frames.isEmpty)
        #expect(snapshot.frame == .zero)
        #expect(scheme.currentRect == .zero)
        #expect(scheme.currentSnapshot.frames.isEmpty)
        #expect(!scheme.isActive)
        try scheme.apply(snapshot: snapshot)
        scheme.layout(in: rect(0, 0, 100, 100))
    }

    @Test func applyingAnotherSchemesSnapshotIsAnError() {
        let root = makeRoot()
        let view = addChild(root, rect(1, 1, 1, 1))
        let one = LayoutScheme(blocks: [view.layoutBlock()])
        let two = LayoutScheme(blocks: [view.layoutBlock(), view.layoutBlock()])
        #expect(throws: LayoutError.self) { try one.apply(snapshot: two.snapshot(for: root.bounds)) }
        #expect(view.frame == rect(1, 1, 1, 1))
        do {
            try one.apply(snapshot: two.snapshot(for: root.bounds))
        } catch {
            #expect(error.code == .snapshotMismatch)
            #expect(error.message.contains("apply a snapshot to the scheme that took it"))
        }
    }

    @Test func insertAndRemoveInactiveBlocks() {
        let root = makeRoot()
        let kept = addChild(root)
        let other = addChild(root)
        var scheme = LayoutScheme(blocks: [kept.layoutBlock()])
        do {
            let released = LayoutView()
            scheme.insertLayout(block: released.layoutBlock(), to: 0)
            scheme.insertLayout(block: other.layoutBlock(with: Layout(width: .fixed(1))), to: 99)
        }
        #expect(scheme.blocks.count == 3)
        scheme.removeInactiveBlocks()
        #expect(scheme.blocks.count == 2)
        #expect(layoutChecked(scheme, in: root.bounds) == [rect(0, 0, 400, 300), rect(0, 0, 1, 300)])
    }

    /// §6 sizeThatFits via snapshot: a card measures itself by snapshotting its inner scheme;
    /// another block sizes the card with an adjust constraint.
    @Test func sizeThatFitsViaSnapshot() {
        let root = makeRoot(300, 500)
        let card = addChild(root, .zero, "card")
        let title = LayoutLabel(identifier: "title", text: TextMetrics(length: 40, advance: 7, lineHeight: 16))
        card.addSubview(title)
        let inner = LayoutScheme(blocks: [title.layoutBlock(constraints: [title.adjustLayoutConstraint(for: [.height()])])])
        card.contentSizing = inner.compiled().contentSizing(insets: EdgeInsets(all: 12))

        // 276 points hold 39 glyphs a line: 2 lines; 126 points hold 18: 3 lines.
        #expect(card.sizeThatFits(CGSize(width: 300, height: 500)) == CGSize(width: 300, height: 56))
        #expect(card.sizeThatFits(CGSize(width: 150, height: 500)) == CGSize(width: 150, height: 72))

        let outer = LayoutScheme(blocks: [card.layoutBlock(constraints: [card.adjustLayoutConstraint(for: [.height()])])])
        #expect(layoutChecked(outer, in: root.bounds) == [rect(0, 0, 300, 56)])
        #expect(layoutChecked(outer, in: rect(0, 0, 150, 500)) == [rect(0, 0, 150, 72)])

        // Without insets the size is the union's: 300 points hold all 40 glyphs on one line.
        let unionSizing = inner.compiled().contentSizing()
        #expect(unionSizing.sizeThatFits(CGSize(width: 300, height: 500), currentSize: .zero) == CGSize(width: 300, height: 16))
    }

    /// Frames of elements outside the scheme can be replaced per snapshot (CGLayout's
    /// `constrainRects`), and a compiled scheme is unaffected by later changes to elements.
    @Test func compiledSchemesCaptureStateAndAcceptOverrides() throws {
        let root = makeRoot()
        let banner = addChild(root, rect(0, 0, 400, 50), "banner")
        let body = addChild(root, .zero, "body")
        let scheme = LayoutScheme(blocks: [body.layoutBlock(constraints: [banner.layoutConstraint(for: [.bottom(.align(by: .outer)), .size(.width())])])])
        let compiled = scheme.compiled()
        banner.frame = rect(0, 0, 10, 10)
        #expect(compiled.snapshot(for: root.bounds).frames == [rect(0, 50, 400, 300)])
        let handle = try #require(compiled.handle(for: banner))
        #expect(compiled.snapshot(for: root.bounds, constrainRects: [FrameOverride(handle, rect(0, 0, 320, 70))]).frames == [rect(0, 70, 320, 300)])
        #expect(compiled.handle(for: LayoutView()) == nil)
        #expect(compiled.frameCount == 1)
        #expect(compiled.elementCount == 3)
    }

    @Test func snapshotIntoReusesTheResult() {
        let root = makeRoot()
        let view = addChild(root)
        let compiled = view.layoutBlock(with: Layout(width: .scaled(0.5))).compiled()
        var snapshot = LayoutSnapshot()
        compiled.snapshot(for: rect(0, 0, 100, 10), into: &snapshot)
        #expect(snapshot.frames == [rect(0, 0, 50, 10)])
        compiled.snapshot(for: rect(0, 0, 300, 10), into: &snapshot)
        #expect(snapshot.frames == [rect(0, 0, 150, 10)])
        #expect(snapshot == compiled.snapshot(for: rect(0, 0, 300, 10)))
    }
}

@Suite struct CompiledLayoutSchemeDumpTests {
    @Test func dumpNamesElementsAndSteps() {
        let root = makeRoot()
        let header = addChild(root, .zero, "header")
        let body = addChild(root, .zero, "body")
        let scheme = LayoutScheme(blocks: [
            header.layoutBlock(with: Layout(height: .fixed(44))),
            body.layoutBlock(with: Layout(x: .leading(8)), constraints: [header.layoutConstraint(for: [.bottom(.align(by: .outer))])]),
        ])
        let dump = scheme.compiled().dump(direction: .rightToLeft)
        #expect(dump.contains("header"))
        #expect(dump.contains("parent -"))
        #expect(dump.contains("steps (rightToLeft):"))
        #expect(dump.contains("edgeOfFrame"))
        #expect(dump.contains("outputs: header, body"))
    }
}
