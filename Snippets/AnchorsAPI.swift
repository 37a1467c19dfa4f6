// snippet.hide
import CGLayout
import Foundation

// Where the tour's scheme put them, right-to-left in a cell 812 wide.
let cell = LayoutView(frame: CGRect(x: 0, y: 0, width: 812, height: 375))
let avatar = LayoutView(frame: CGRect(x: 760, y: 12, width: 40, height: 40)), title = LayoutView()
let menu = LayoutView(frame: CGRect(x: 12, y: 12, width: 24, height: 24))
[avatar, title, menu].forEach { cell.addSubview($0) }
// snippet.show
let titleBlock = title.layoutBlock(with: Layout(height: .fixed(20))) { anchors in
    anchors.leading.pull(to: avatar.layoutAnchors.trailing)
    anchors.trailing.limit(by: menu.layoutAnchors.leading)
    anchors.top.align(by: avatar.layoutAnchors.top)
}
// snippet.hide
// Right-to-left the avatar is on the right and the menu on the left (`name x y width height`).
let frame = titleBlock.snapshot(for: CGRect(x: 0, y: 0, width: 812, height: 375), direction: .rightToLeft).frames[0]
print("rtl-812", "title", frame.minX, frame.minY, frame.width, frame.height)
