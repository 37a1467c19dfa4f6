// snippet.hide
import CGLayout
import Foundation

let cell = LayoutView(frame: CGRect(x: 0, y: 0, width: 375, height: 400))
let avatar = LayoutView(), title = LayoutView(), menu = LayoutView(frame: CGRect(x: 339, y: 12, width: 24, height: 24))
[avatar, title, menu].forEach { cell.addSubview($0) }
// snippet.show
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
// snippet.hide
// What it did, one frame a line (`name x y width height`), which the tests check.
header.layout(in: cell.layoutBounds)
for (name, view) in [("avatar", avatar), ("title", title), ("menu", menu)] {
    print(name, view.frame.minX, view.frame.minY, view.frame.width, view.frame.height)
}
