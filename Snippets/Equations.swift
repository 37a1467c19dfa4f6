// snippet.hide
import CGLayout
import Foundation

let cell = LayoutView(frame: CGRect(x: 0, y: 0, width: 375, height: 400))
let avatar = LayoutView(), title = LayoutView(), menu = LayoutView()
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
LayoutScheme(blocks: [header]).layout(in: cell.layoutBounds)
