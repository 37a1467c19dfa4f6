import CGLayout
import Foundation
import Testing

/// A document whose blocks reference only earlier elements gives identical results through
/// `cglctl compute` and through the engine's Swift API built by hand.
@Suite struct DocumentEngineEquivalenceTests {
    @Test(arguments: [(390.0, 844.0, LayoutDirection.leftToRight), (1180, 820, .rightToLeft), (320, 480, .leftToRight)])
    func feedCellByHandAndByDocument(width: Double, height: Double, direction: LayoutDirection) throws {
        // The feed cell of examples/schemes/feed-cell.json, without a safe area, by hand.
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
            image.layoutBlock(with: Layout(x: .left(16), y: .top(12), width: .boxed(32), height: .fixed(200)),
                              constraints: [area, body.layoutConstraint(for: [.bottom(.align(by: .outer))])]),
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
            separator.layoutBlock(with: Layout(x: .leading(16), y: .top(12), width: .boxed(16), height: .fixed(1)),
                                  constraints: [area, like.layoutConstraint(for: [.bottom(.align(by: .outer))])]),
        ])
        scheme.layout(in: root.layoutBounds, direction: direction)
        let byHand = [avatar, menu, name, date, body, image, like, comment, share, separator].map(\.frame)

        var arguments = ["compute", example("feed-cell"), "--size", "\(Int(width))x\(Int(height))", "--format", "json"]
        if direction == .rightToLeft { arguments.append("--rtl") }
        let result = try cglctlArguments(arguments)
        #expect(result.status == 0)
        let frames = try #require((try result.json() as? [String: Any])?["frames"] as? [String: [String: [Double]]])
        let ids = ["avatar", "menu", "name", "date", "body", "image", "like", "comment", "share", "separator"]
        for (id, frame) in zip(ids, byHand) {
            let values = try #require(frames[id]?["frame"])
            let expected: [Double] = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map { Double($0) }
            #expect(values == expected, "\(id)")
        }
    }

    private func cglctlArguments(_ arguments: [String]) throws -> CommandResult {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("cglctl")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: "")
    }
}
