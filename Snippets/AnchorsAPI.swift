// snippet.hide
import CGLayout
import Foundation

let cell = LayoutView(frame: CGRect(x: 0, y: 0, width: 375, height: 400))
let avatar = LayoutView(), title = LayoutView(), menu = LayoutView()
[avatar, title, menu].forEach { cell.addSubview($0) }
// snippet.show
let titleBlock = title.layoutBlock(with: Layout(height: .fixed(20))) { anchors in
    anchors.leading.pull(to: avatar.layoutAnchors.trailing)
    anchors.trailing.limit(by: menu.layoutAnchors.leading)
    anchors.top.align(by: avatar.layoutAnchors.top)
}
// snippet.hide
LayoutScheme(blocks: [titleBlock]).layout(in: cell.layoutBounds)
