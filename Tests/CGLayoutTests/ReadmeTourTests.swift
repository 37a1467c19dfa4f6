import Foundation
import Testing

import CGLayout

/// The README's tour, verbatim, so that it keeps compiling and doing what it says.
@Suite struct ReadmeTourTests {
    @Test func tour() throws {
        let cell = LayoutView(frame: CGRect(x: 0, y: 0, width: 375, height: 400))
        let avatar = LayoutView(), title = LayoutView(), menu = LayoutView()
        [avatar, title, menu].forEach { cell.addSubview($0) }

        let scheme = LayoutScheme(blocks: [
            // Layout = alignment + filling, evaluated against the block's source rect.
            avatar.layoutBlock(with: Layout(x: .leading(12), y: .top(12), width: .fixed(40), height: .fixed(40))),
            menu.layoutBlock(with: Layout(x: .trailing(12), y: .top(12), width: .fixed(24), height: .fixed(24))),
            // Constraints reshape the source first: start after the avatar, stop before the menu.
            title.layoutBlock(
                with: Layout(x: .leading(8), y: .top(14), width: .boxed(16), height: .fixed(20)),
                constraints: [
                    avatar.layoutConstraint(for: [.trailing(.limit(on: .outer))]),
                    menu.layoutConstraint(for: [.leading(.limit(on: .outer))]),
                ]
            ),
        ])

        scheme.layout(in: cell.layoutBounds)                        // lay out now, on this thread

        let compiled = scheme.compiled()                            // capture once: a Sendable value
        let landscape = compiled.snapshot(for: CGRect(x: 0, y: 0, width: 812, height: 375),
                                          direction: .rightToLeft)  // pure; any thread, in parallel
        try scheme.apply(snapshot: landscape)                       // assign the frames later

        // Right-to-left at 812 wide: avatar at 760...800, menu at 12...36, title between.
        #expect(title.frame == CGRect(x: 44, y: 14, width: 708, height: 20))
        #expect(avatar.frame == CGRect(x: 760, y: 12, width: 40, height: 40))

        let anchored = title.layoutBlock(with: Layout(height: .fixed(20))) { anchors in
            anchors.leading.pull(to: avatar.layoutAnchors.trailing)
            anchors.trailing.limit(by: menu.layoutAnchors.leading)
            anchors.top.align(by: avatar.layoutAnchors.top)
        }
        // Right-to-left the avatar is on the right and the menu on the left.
        #expect(anchored.snapshot(for: CGRect(x: 0, y: 0, width: 812, height: 375), direction: .rightToLeft).frames
            == [CGRect(x: 36, y: 12, width: 724, height: 20)])

        scheme.layout(in: cell.layoutBounds)
        #expect(title.frame == CGRect(x: 60, y: 14, width: 271, height: 20))
    }
}

/// The README's containers snippet, verbatim.
@Suite struct ReadmeContainersTests {
    @Test func containers() throws {
        let cell = LayoutView(frame: CGRect(x: 0, y: 0, width: 375, height: 400))
        let toolbar = StackLayoutGuide()                            // a UIStackView that renders nothing
        toolbar.add(to: cell)
        toolbar.addArrangedElements([LayoutView(), LayoutView(), LayoutView()])
        toolbar.scheme.spacing = .equal(8)
        toolbar.scheme.crossAlignment = .center                     // items keep their own height
        let bar = toolbar.layoutBlock(with: Layout(y: .bottom(0), height: .fixed(44)))

        let screen = FlexLayout(frame: CGRect(x: 0, y: 0, width: 375, height: 667), direction: .column)
        let content = screen.add(.flexible)
        let tabs = screen.add(.height(49))
        try screen.layout()                                         // throws FlexError.outOfSpace if it cannot fit
        let frames = (try content.frame(), try tabs.frame())        // (0, 0, 375, 618), (0, 618, 375, 49)

        bar.layout(in: cell.layoutBounds)
        #expect(toolbar.frame == CGRect(x: 0, y: 356, width: 375, height: 44))
        #expect(cell.subviews.count == 3)
        // (375 − 16) / 3 wide; a current height of 0 centred at 22.
        #expect(cell.subviews[1].frame == CGRect(x: 375.0 / 3 + 8 - 16.0 / 3, y: 378, width: 359.0 / 3, height: 0))
        #expect(frames.0 == CGRect(x: 0, y: 0, width: 375, height: 618))
        #expect(frames.1 == CGRect(x: 0, y: 618, width: 375, height: 49))
    }
}

/// The README's equations snippet, verbatim.
@Suite struct ReadmeEquationsTests {
    @Test func equations() {
        let cell = LayoutView(frame: CGRect(x: 0, y: 0, width: 375, height: 400))
        let avatar = LayoutView(), title = LayoutView(), menu = LayoutView(frame: CGRect(x: 339, y: 12, width: 24, height: 24))
        [avatar, title, menu].forEach { cell.addSubview($0) }
        let header = LinearLayoutBlock(fixed: [menu]) {
            avatar[.leading] == cell[.leading] + 12
            avatar[.top] == cell[.top] + 12
            avatar[.width] == 40
            avatar[.height] == avatar[.width]
            title[.leading] == avatar[.trailing] + 8
            title[.trailing] <= menu[.leading] - 8
            title[.width] == 0.5 * cell[.width] - 4 ~ 750
            title[.centerY] == avatar[.centerY]
        }
        header.layout(in: cell.layoutBounds)
        #expect(avatar.frame == CGRect(x: 12, y: 12, width: 40, height: 40))
        // 0.5 · 375 − 4 = 183.5 would end at 243.5, well before the menu (331).
        #expect(title.frame == CGRect(x: 60, y: 32, width: 183.5, height: 0))
        #expect(menu.frame == CGRect(x: 339, y: 12, width: 24, height: 24))
    }
}
