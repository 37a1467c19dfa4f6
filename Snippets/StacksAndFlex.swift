// snippet.hide
import CGLayout
import Foundation

let cell = LayoutView(frame: CGRect(x: 0, y: 0, width: 375, height: 400))
// snippet.show
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
// snippet.hide
// What it did, one frame a line (`name x y width height`), which the tests check.
bar.layout(in: cell.layoutBounds)
for (name, frame) in [("toolbar", toolbar.frame), ("item1", cell.subviews[1].frame), ("content", frames.0), ("tabs", frames.1)] {
    print(name, frame.minX, frame.minY, frame.width, frame.height)
}
