import CGLText
import CGLayout
import CGLTestSupport
import Foundation
import Testing

/// A document whose blocks reference only earlier elements gives identical results through
/// `cglctl compute` and through the engine's Swift API built by hand.
@Suite struct DocumentEngineEquivalenceTests {
    @Test(arguments: [(390.0, 844.0, LayoutDirection.leftToRight), (1180, 820, .rightToLeft), (320, 480, .leftToRight)])
    func feedCellByHandAndByDocument(width: Double, height: Double, direction: LayoutDirection) throws {
        // The feed cell of examples/schemes/feed-cell.json, without a safe area, by hand (its
        // badge, hidden by default, aside).
        let root = LayoutView(frame: CGRect(x: 0, y: 0, width: width, height: height))
        let safeArea = LayoutGuide(frame: root.bounds)
        safeArea.add(to: root)
        func view(_ size: CGSize? = nil) -> LayoutView {
            let view = LayoutView()
            if let size { view.contentSizing = .fixed(size) }
            root.addSubview(view)
            return view
        }
        let avatar = view(CGSize(width: 48, height: 48)), menu = view(CGSize(width: 24, height: 24))
        let name = LayoutLabel(text: TextMetrics(string: "Ada Lovelace", advance: 8, lineHeight: 20))
        let date = LayoutLabel(text: TextMetrics(string: "2 h ago", advance: 7, lineHeight: 16))
        let body = LayoutLabel(text: TextMetrics(length: 180, advance: 7, lineHeight: 18))
        [name, date, body].forEach { root.addSubview($0) }
        let image = view(), like = view(CGSize(width: 72, height: 32)), comment = view(CGSize(width: 72, height: 32))
        image.contentSizing = .aspect(CGSize(width: 1200, height: 800))
        let share = view(CGSize(width: 72, height: 32)), separator = view()
        let area = safeArea.layoutConstraint(for: [.equally])
        let scheme = LayoutScheme(blocks: [
            avatar.layoutBlock(with: Layout(x: .leading(16), y: .top(12), width: .fixed(48), height: .fixed(48)), constraints: [area]),
            menu.layoutBlock(with: Layout(x: .trailing(16), y: .top(24), width: .fixed(24), height: .fixed(24)), constraints: [area]),
            name.layoutBlock(with: Layout(x: .leading(12), y: .top(2), width: .boxed(24), height: .fixed(20))) {
                $0.leading.pull(to: avatar.layoutAnchors.trailing)
                $0.trailing.limit(by: menu.layoutAnchors.leading)
                $0.top.align(by: avatar.layoutAnchors.top)
            },
            date.layoutBlock(with: Layout(x: .leading(12), y: .top(2), width: .boxed(24), height: .fixed(16))) {
                $0.leading.pull(to: avatar.layoutAnchors.trailing)
                $0.trailing.limit(by: menu.layoutAnchors.leading)
                $0.top.align(by: name.layoutAnchors.bottom)
            },
            body.layoutBlock(constraints: [
                area, avatar.layoutConstraint(for: [.bottom(.align(by: .outer))]),
                AnonymConstraint(anchors: [.insets(EdgeInsets(top: 12, left: 16, bottom: 0, right: 16))]),
                body.adjustLayoutConstraint(for: [.height()]),
            ]),
            image.layoutBlock(constraints: [
                area, body.layoutConstraint(for: [.bottom(.align(by: .outer))]),
                AnonymConstraint(anchors: [.insets(EdgeInsets(top: 12, left: 16, bottom: 0, right: 16))]),
                image.adjustLayoutConstraint(for: [.height()]),
            ]),
            like.layoutBlock(with: Layout(x: .leading(16), y: .top(8), width: .fixed(72), height: .fixed(32)),
                             constraints: [area, image.layoutConstraint(for: [.bottom(.align(by: .outer))])]),
            comment.layoutBlock(with: Layout(x: .leading(8))) {
                $0.leading.align(by: like.layoutAnchors.trailing)
                $0.top.align(by: like.layoutAnchors.top)
                $0.width.equal(to: 72)
                $0.height.equal(to: 32)
            },
            share.layoutBlock(with: Layout(x: .leading(8))) {
                $0.leading.align(by: comment.layoutAnchors.trailing)
                $0.top.align(by: comment.layoutAnchors.top)
                $0.width.equal(to: 72)
                $0.height.equal(to: 32)
            },
            separator.layoutBlock(with: Layout(x: .leading(16), y: .top(12), width: .boxed(32), height: .fixed(1)),
                                  constraints: [area, like.layoutConstraint(for: [.bottom(.align(by: .outer))])]),
        ])
        scheme.layout(in: root.layoutBounds, direction: direction)
        let byHand = [avatar, menu, name, date, body, image, like, comment, share, separator].map(\.frame)

        let ids = ["avatar", "menu", "name", "date", "body", "image", "like", "comment", "share", "separator"]
        try expectFrames(byHand, ids: ids, example: "feed-cell", width: width, height: height, direction: direction)
    }

    /// `examples/schemes/app-shell.json`: three flex blocks, by hand.
    @Test(arguments: [(390.0, 844.0, LayoutDirection.leftToRight), (1180, 820, .rightToLeft)])
    func appShellByHandAndByDocument(width: Double, height: Double, direction: LayoutDirection) throws {
        let root = LayoutView(frame: CGRect(x: 0, y: 0, width: width, height: height))
        let content = LayoutView(), toolbar = LayoutView(), panel = LayoutView(), map = LayoutView(), details = LayoutView(), badge = LayoutView()
        [content, toolbar, panel].forEach { root.addSubview($0) }
        [map, details].forEach { panel.addSubview($0) }
        content.addSubview(badge)
        let scheme = LayoutScheme(blocks: [
            FlexLayoutBlock(direction: .column, items: [(content, .flexible), (toolbar, .height(44)), (panel, .height(200))]),
            FlexLayoutBlock(direction: .row, items: [(map, .flexible), (details, .flexible)], constraints: [panel.contentLayoutConstraint(for: [.equally])]),
            FlexLayoutBlock(direction: .column, alignment: .center, items: [(badge, .size(CGSize(width: 120, height: 120)))],
                            constraints: [content.contentLayoutConstraint(for: [.equally])]),
        ])
        scheme.layout(in: root.layoutBounds, direction: direction)
        try expectFrames([content, toolbar, panel, map, details, badge].map(\.frame), ids: ["content", "toolbar", "panel", "map", "details", "badge"],
                         example: "app-shell", width: width, height: height, direction: direction)
    }

    /// `examples/schemes/photo-feed.json`: a stack guide in a header and a stack guide in a
    /// scroll guide, by hand. The document frames the scroll's content in content coordinates.
    @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func photoFeedByHandAndByDocument(direction: LayoutDirection) throws {
        let root = LayoutView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let header = LayoutView()
        root.addSubview(header)
        let actions = StackLayoutGuide()
        actions.add(to: header)
        let icons = [CGSize(width: 24, height: 24), CGSize(width: 24, height: 24), CGSize(width: 32, height: 32)].map { size in
            let icon = LayoutView()
            icon.contentSizing = .fixed(size)
            return icon
        }
        actions.addArrangedElements(icons)
        actions.scheme.filling = .equal(44)
        actions.scheme.spacing = .equal(4)
        actions.scheme.direction = .fromTrailing
        actions.scheme.crossAlignment = .center
        let cards = StackLayoutGuide()
        let cardViews = (0..<5).map { _ in LayoutView() }
        cards.add(to: root)
        cards.addArrangedElements(cardViews)
        cards.scheme.axis = .vertical
        cards.scheme.filling = .equal(180)
        cards.scheme.spacing = .equal(12)
        cards.contentInsets = EdgeInsets(top: 12, left: 16, bottom: 12, right: 16)
        let feed = ScrollLayoutGuide(layout: cards.layoutBlock(), contentSize: CGSize(width: 390, height: 1000))
        feed.add(to: root)
        feed.contentOffset = CGPoint(x: 0, y: 120)
        let safeArea = LayoutGuide(frame: CGRect(x: 0, y: 47, width: 390, height: 763))
        safeArea.add(to: root)
        let scheme = LayoutScheme(blocks: [
            header.layoutBlock(with: Layout(y: .top(0), height: .fixed(56)), constraints: [safeArea.layoutConstraint(for: [.equally])]),
            actions.layoutBlock(with: Layout(x: .trailing(8), width: .fixed(140)), constraints: [header.contentLayoutConstraint(for: [.equally])]),
            feed.layoutBlock(constraints: [safeArea.layoutConstraint(for: [.equally]), header.layoutConstraint(for: [.bottom(.limit(on: .outer))])]),
        ])
        scheme.layout(in: root.layoutBounds, direction: direction)
        // Content coordinates: relative to the scroll's frame origin minus its offset.
        let content = CGPoint(x: feed.frame.origin.x - feed.contentOffset.x, y: feed.frame.origin.y - feed.contentOffset.y)
        let inContent = ([cards] + cardViews as [any LayoutElement]).map { $0.frame.offsetBy(dx: -content.x, dy: -content.y) }
        try expectFrames([header.frame, actions.frame] + icons.map(\.frame) + [feed.frame] + inContent,
                         ids: ["header", "actions", "search", "compose", "profile", "feed", "cards", "card1", "card2", "card3", "card4", "card5"],
                         example: "photo-feed", profile: "phone-portrait", direction: direction)
    }

    /// `examples/schemes/profile-header.json`: one equations block, by hand with the DSL.
    @Test(arguments: [(390.0, 844.0, LayoutDirection.leftToRight), (1180, 820, .rightToLeft), (320, 480, .leftToRight)])
    func profileHeaderByHandAndByDocument(width: Double, height: Double, direction: LayoutDirection) throws {
        let root = LayoutView(frame: CGRect(x: 0, y: 0, width: width, height: height))
        let safeArea = LayoutGuide(frame: root.bounds)
        safeArea.add(to: root)
        let avatar = LayoutView(), follow = LayoutView()
        avatar.contentSizing = .fixed(CGSize(width: 64, height: 64))
        follow.contentSizing = .fixed(CGSize(width: 96, height: 32))
        // The document's styles: headline (DejaVu Sans 15 bold, 20 high), caption (12, 16 high).
        let name = try realText("Ada Lovelace", TextStyle(family: "DejaVu Sans", size: 15, weight: 700, lineHeight: .points(20)))
        let handle = try realText("@ada", TextStyle(family: "DejaVu Sans", size: 12, lineHeight: .points(16)))
        [avatar, name, handle, follow].forEach { root.addSubview($0) }
        let header = LinearLayoutBlock(fixed: [safeArea]) {
            avatar[.leading] == safeArea[.leading] + 16
            avatar[.top] == safeArea[.top] + 16
            avatar[.width] == 64
            avatar[.height] == avatar[.width]
            follow[.trailing] == safeArea[.trailing] - 16
            follow[.centerY] == avatar[.centerY]
            name[.leading] == avatar[.trailing] + 12
            name[.trailing] <= follow[.leading] - 8
            name[.top] == avatar[.top] + 6
            name[.width] == 0.5 * root[.width] - 4 ~ 500
            handle[.leading] == name[.leading]
            handle[.top] == name[.bottom] + 4
            handle[.width] == name[.width]
        }
        header.layout(in: root.layoutBounds, direction: direction)
        try expectFrames([avatar, name, handle, follow].map(\.frame), ids: ["avatar", "name", "handle", "follow"],
                         example: "profile-header", width: width, height: height, direction: direction)
    }

    /// A label measuring `string` in a real font, as a caller of the engine would write it.
    private func realText(_ string: String, _ style: TextStyle) throws -> LayoutLabel {
        let paragraph = try TextEngine.shared().paragraph(string, style: style)
        let label = LayoutLabel(text: TextMetrics(length: 0, advance: 1, lineHeight: paragraph.lineHeight), baselineOffset: paragraph.firstBaseline)
        label.contentSizing = .custom { offered in
            let measured = paragraph.measure(width: offered.width)
            return CGSize(width: measured.width, height: measured.height)
        }
        return label
    }

    /// Checks `cglctl compute` gives `expected` (parent-relative frames) for `ids`.
    private func expectFrames(_ expected: [CGRect], ids: [String], example name: String, width: Double = 0, height: Double = 0, profile: String? = nil,
                              direction: LayoutDirection, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var arguments = ["compute", example(name), "--format", "json"]
        arguments += profile.map { ["--profile", $0] } ?? ["--size", "\(Int(width))x\(Int(height))"]
        if direction == .rightToLeft { arguments.append("--rtl") }
        let result = try cglctlArguments(arguments)
        #expect(result.status == 0, sourceLocation: sourceLocation)
        let frames = try #require((try result.json() as? [String: Any])?["frames"] as? [String: [String: [Double]]], sourceLocation: sourceLocation)
        for (id, frame) in zip(ids, expected) {
            let values = try #require(frames[id]?["frame"], sourceLocation: sourceLocation)
            let wanted: [Double] = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map { Double($0) }
            #expect(values == wanted, "\(id)", sourceLocation: sourceLocation)
        }
    }

    private func cglctlArguments(_ arguments: [String]) throws -> CommandResult {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("cglctl")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try launch(process)
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: "")
    }
}
