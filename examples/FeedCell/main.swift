import CGLayout
import Foundation

// A feed cell laid out with CGLayout's model on Linux: blocks with constraints between
// elements, one scheme compiled once and snapshotted for several widths and both reading
// directions, then applied to the elements.

let cell = LayoutView(frame: CGRect(x: 0, y: 0, width: 375, height: 420), identifier: "cell")
let avatar = LayoutView(identifier: "avatar")
let menu = LayoutView(identifier: "menu")
let name = LayoutLabel(identifier: "name", text: TextMetrics(string: "Ada Lovelace", advance: 8, lineHeight: 18))
let body = LayoutLabel(identifier: "body", text: TextMetrics(length: 140, advance: 7, lineHeight: 16))
let like = LayoutView(identifier: "like")
for view in [avatar, menu, name, body, like] { cell.addSubview(view) }

let scheme = LayoutScheme(blocks: [
    // Avatar at the leading edge, menu at the trailing edge: both flip right-to-left.
    avatar.layoutBlock(with: Layout(x: .leading(12), y: .top(12), width: .fixed(40), height: .fixed(40))),
    menu.layoutBlock(with: Layout(x: .trailing(12), y: .top(12), width: .fixed(24), height: .fixed(24))),
    // The name spans from the avatar to the menu with 8 points on each side (anchors API:
    // pulls run before limits, which run before aligns, whatever the declaration order).
    name.layoutBlock(with: Layout(x: .leading(8), y: .top(14), width: .boxed(16), height: .fixed(18))) { anchors in
        anchors.leading.pull(to: avatar.layoutAnchors.trailing)
        anchors.trailing.limit(by: menu.layoutAnchors.leading)
    },
    // The body is inset, then measures its text in the width left and takes that height.
    body.layoutBlock(
        with: Layout(y: .top(8)),
        constraints: [
            avatar.layoutConstraint(for: [.bottom(.align(by: .outer))]),
            AnonymConstraint(anchors: [.insets(EdgeInsets(top: 0, left: 12, bottom: 0, right: 12))]),
            body.adjustLayoutConstraint(for: [.height()]),
        ]
    ),
    like.layoutBlock(
        with: Layout(x: .leading(12), y: .top(8), width: .fixed(80), height: .fixed(32)),
        constraints: [body.layoutConstraint(for: [.bottom(.align(by: .outer))])]
    ),
])

let compiled = scheme.compiled()
let names = ["avatar", "menu", "name", "body", "like"]
func show(_ snapshot: LayoutSnapshot, _ title: String) {
    print(title)
    for (label, frame) in zip(names, snapshot.frames) {
        let values = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map { String(format: "%6.1f", $0) }
        print("  " + label.padding(toLength: 7, withPad: " ", startingAt: 0) + values.joined(separator: " "))
    }
}
for width in [320.0, 414.0] {
    let bounds = CGRect(x: 0, y: 0, width: width, height: 420)
    show(compiled.snapshot(for: bounds), "width \(Int(width)), left-to-right:")
    show(compiled.snapshot(for: bounds, direction: .rightToLeft), "width \(Int(width)), right-to-left:")
}
try scheme.apply(snapshot: compiled.snapshot(for: cell.layoutBounds))
print("applied at width \(Int(cell.frame.size.width)): body is now at (\(body.frame.origin.x), \(body.frame.origin.y)), \(body.frame.size.width) × \(body.frame.size.height)")
