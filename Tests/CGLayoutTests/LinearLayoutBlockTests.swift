import Foundation
import Testing

@testable import CGLayout

/// The SwiftyLayout DSL and equations blocks.
@Suite struct LinearLayoutBlockTests {
    let root = makeRoot(400, 300)

    /// SwiftyLayout's three headline examples, plus what pins the rest.
    @Test func swiftyLayoutExamples() {
        let a = addChild(root, .zero, "a"), b = addChild(root, .zero, "b")
        let outer = addChild(root, .zero, "outer"), inner = addChild(outer, .zero, "inner")
        let block = LinearLayoutBlock {
            b[.left] == root[.left] + 10
            b[.top] == root[.top] + 10
            b[.width] == 200
            b[.height] == 40
            a[.width] == 0.5 * b[.width] - 4.0
            a[.width] * 3.0 == a[.height] * 4.0
            a[.left] == b[.left]
            a[.top] == b[.bottom] + 8
            outer[.left] == 20
            outer[.top] == 200
            outer[.width] == 100
            outer[.height] == 50
            inner[.leading] == outer[.leading] + 4.0 ~ 750
            inner[.top] == outer[.top]
            inner[.width] == 10
            inner[.height] == 10
        }
        let frames = layoutChecked(block, in: root.bounds)
        // Order of first mention: b, a, outer, inner (root is constant: it has no super element).
        #expect(frames[0] == rect(10, 10, 200, 40))
        #expect(frames[1] == rect(10, 58, 96, 72))
        #expect(frames[2] == rect(20, 200, 100, 50))
        // The inner element's frame is in its parent's space.
        #expect(frames[3] == rect(4, 0, 10, 10))
        // Right-to-left, leading is the right edge and the constant points inwards, as in Auto
        // Layout: 120 − 4 − 10 = 106 in root space, 86 in outer's.
        #expect(layoutChecked(block, in: root.bounds, direction: .rightToLeft)[3] == rect(86, 0, 10, 10))
    }

    /// Priorities decide between constraints that cannot all hold.
    @Test func priorities() {
        let view = addChild(root)
        let block = LinearLayoutBlock([
            view[.width] == 100 ~ 750,
            view[.width] == 200 ~ 250,
            view[.height] == 50 ~ 500,
            view[.height] >= 80,
            view[.left] == 0,
            view[.top] == 0,
        ])
        #expect(layoutChecked(block, in: root.bounds) == [rect(0, 0, 100, 80)])
    }

    /// Elements laid out by earlier blocks are constants; the block relates elements of
    /// different parents in one space.
    @Test func earlierBlocksAreConstants() {
        let card = addChild(root, .zero, "card")
        card.boundsOrigin = CGPoint(x: 0, y: 30)
        let avatar = addChild(card, .zero, "avatar")
        let badge = addChild(root, .zero, "badge")
        let scheme = LayoutScheme(blocks: [
            card.layoutBlock(with: Layout(x: .left(20), y: .top(20), width: .fixed(200), height: .fixed(100))),
            LinearLayoutBlock {
                avatar[.left] == card[.left] + 8
                avatar[.top] == card[.top] + 8
                avatar[.width] == 40
                avatar[.height] == avatar[.width]
                badge[.centerX] == avatar[.right]
                badge[.centerY] == avatar[.top]
                badge[.width] == 10
                badge[.height] == 10
            },
        ])
        let frames = layoutChecked(scheme, in: root.bounds)
        #expect(frames[0] == rect(20, 20, 200, 100))
        // In root space the avatar is at (28, 28); its parent's space starts at (20, 20 − 30).
        #expect(frames[1] == rect(8, 38, 40, 40))
        #expect(frames[2] == rect(63, 23, 10, 10))
        #expect(card.frame == rect(20, 20, 200, 100))
    }

    /// Undetermined elements take their intrinsic size (offered the source size) and position
    /// 0 in their parent's space; a child solved with its parent follows it.
    @Test func defaults() {
        let panel = addChild(root, .zero, "panel")
        panel.boundsOrigin = CGPoint(x: 5, y: 0)
        let label = LayoutLabel(identifier: "label", text: TextMetrics(length: 100, advance: 10, lineHeight: 20))
        panel.addSubview(label)
        let sized = addChild(root, .zero, "sized")
        sized.contentSizing = .fixed(CGSize(width: 30, height: 12))
        let block = LinearLayoutBlock {
            panel[.left] == 50
            panel[.top] == 60
            panel[.width] == 100
            panel[.height] == 100
            label[.top] == panel[.top] + 4
            sized[.left] >= 300
        }
        let frames = layoutChecked(block, in: root.bounds)
        #expect(frames[0] == rect(50, 60, 100, 100))
        // Offered 400 wide: 40 glyphs a line, 3 lines; x at the panel space's origin.
        #expect(frames[1] == rect(0, 4, 400, 60))
        #expect(frames[2] == rect(300, 0, 30, 12))
    }

    @Test func unsatisfiableConstraintsAreNamedAndLeftOut() {
        let view = addChild(root, .zero, "view")
        let block = LinearLayoutBlock(name: "card", [
            view[.width] == 100,
            view[.left] == 0,
            view[.right] == 150,
            view[.width] >= 120,
        ])
        let snapshot = block.snapshot(for: root.bounds)
        #expect(snapshot.issue?.code == .unsatisfiable)
        #expect(snapshot.issue?.message == "equations block 'card': the required 'view[.right] == 150' cannot hold together with 'view[.width] == 100', 'view[.left] == 0'; it is left out (and 1 more left out)")
        #expect(snapshot.frames == [rect(0, 0, 100, 0)])
        let priority = LinearLayoutBlock([view[.width] == 1 ~ 1001]).snapshot(for: root.bounds)
        #expect(priority.issue?.code == .invalidPriority)
    }

    /// An equation left out decides nothing: the defaults hold where it would have.
    @Test func equationsLeftOutDoNotDecideTheDefaults() {
        let panel = addChild(root, rect(40, 0, 200, 100), "panel")
        let view = addChild(panel, .zero, "view")
        view.contentSizing = .fixed(CGSize(width: 30, height: 10))
        let other = addChild(root, rect(0, 0, 10, 10), "other")
        let block = LinearLayoutBlock(fixed: [panel, other], [
            view[.width] <= 50,
            view[.width] == 100,                    // conflicts with the first: left out
            view[.leading] == other[.left] + 5,     // mixes the directions: left out
            view[.top] == 0,
        ])
        let snapshot = block.snapshot(for: root.bounds)
        #expect(snapshot.issue != nil)
        // Its content's width (the equation that would fix 100 is out), and position 0 in
        // its parent (the one that would place it is out).
        #expect(snapshot.frames == [rect(0, 0, 30, 10)])
    }

    @Test func leadingAndLeftDoNotMix() {
        let a = addChild(root), b = addChild(root)
        let snapshot = LinearLayoutBlock([a[.leading] == b[.left] + 8, a[.trailing] == b[.trailing]]).snapshot(for: root.bounds)
        #expect(snapshot.issue?.code == .mixedDirections)
        // Centres go with either; right-to-left they mirror with the leading edges.
        let centred = LinearLayoutBlock {
            b[.left] == 100
            b[.width] == 100
            a[.centerX] == b[.leading] + 10
            a[.width] == 20
        }
        #expect(layoutChecked(centred, in: root.bounds)[1].origin.x == 100)
        // Right-to-left: 10 inside b's right edge (200): centre 190.
        #expect(layoutChecked(centred, in: root.bounds, direction: .rightToLeft)[1].origin.x == 180)
    }

    @Test func constantsWinOverRequiredEquations() {
        let fixed = addChild(root, rect(0, 0, 50, 50), "fixed")
        let view = addChild(root, .zero, "view")
        let block = LinearLayoutBlock(fixed: [fixed], [
            view[.left] == fixed[.right],
            view[.right] == fixed[.left],
            view[.width] == 10,
        ])
        let snapshot = block.snapshot(for: root.bounds)
        #expect(snapshot.issue?.message == "an equations block: the required equations cannot hold with the frame of 'fixed', which is laid out before them")
        #expect(fixed.frame == rect(0, 0, 50, 50))
    }

    /// Resizing the container 100 times: each answer equals a fresh compile and solve.
    @Test func resizingEqualsFreshSolves() {
        let left = addChild(root, .zero, "left"), right = addChild(root, .zero, "right")
        let block = LinearLayoutBlock {
            left[.left] == root[.left] + 8
            left[.top] == 0
            left[.height] == 20
            right[.top] == 0
            right[.height] == 20
            right[.right] == root[.right] - 8
            right[.left] == left[.right] + 8
            left[.width] == right[.width]
            left[.width] >= 50
            left[.width] <= 300 ~ 750
        }
        let compiled = block.compiled()
        let handle = compiled.handle(for: root)!
        for step in 0..<100 {
            let width = 100 + CGFloat(step) * 9.5
            let resized = compiled.snapshot(for: root.bounds, constrainRects: [FrameOverride(handle, rect(0, 0, width, 300))])
            root.frame = rect(0, 0, width, 300)
            let fresh = block.compiled().snapshot(for: root.bounds)
            #expect(resized.frames == fresh.frames, "width \(width)")
            let share = max(50, (width - 24) / 2)
            expectRect(fresh.frames[0], 8, 0, share, 20, tolerance: 1e-6)
        }
    }

    @Test func descriptionsReadLikeTheDSL() {
        let a = LayoutView(identifier: "a"), b = LayoutView(identifier: "b")
        #expect((a[.width] == 0.5 * b[.width] - 4 ~ 750).description == "a[.width] == 0.5 * b[.width] - 4 ~ 750")
        #expect((a[.width] * 3 == a[.height] * 4).description == "3 * a[.width] == 4 * a[.height]")
        #expect((a[.left] >= -b[.right] + 2).description == "a[.left] >= -b[.right] + 2")
        #expect((10 <= a[.top] / 2).description == "10 <= 0.5 * a[.top]")
    }
}
