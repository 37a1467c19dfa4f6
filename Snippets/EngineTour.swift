import CGLayout
import Foundation

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
// snippet.hide
// What it did, one frame a line (`name x y width height`), which the tests check.
for (name, view) in [("avatar", avatar), ("title", title), ("menu", menu)] {
    print("rtl-812", name, view.frame.minX, view.frame.minY, view.frame.width, view.frame.height)
}
scheme.layout(in: cell.layoutBounds)
print("ltr-375", "title", title.frame.minX, title.frame.minY, title.frame.width, title.frame.height)
