import CGLayout
import Foundation

/// A 10-element feed cell: avatar, name, date, menu, text, image, three action buttons and
/// a separator, with constraints between them.
final class FeedCell {
    let cell = LayoutView(frame: CGRect(x: 0, y: 0, width: 375, height: 400), identifier: "cell")
    let avatar = LayoutView(identifier: "avatar")
    let name = LayoutView(identifier: "name")
    let date = LayoutView(identifier: "date")
    let menu = LayoutView(identifier: "menu")
    let text = LayoutView(identifier: "text")
    let image = LayoutView(identifier: "image")
    let like = LayoutView(identifier: "like")
    let comment = LayoutView(identifier: "comment")
    let share = LayoutView(identifier: "share")
    let separator = LayoutView(identifier: "separator")

    init() {
        for view in [avatar, name, date, menu, text, image, like, comment, share, separator] { cell.addSubview(view) }
    }

    var scheme: LayoutScheme {
        LayoutScheme(blocks: [
            avatar.layoutBlock(with: Layout(x: .left(12), y: .top(12), width: .fixed(40), height: .fixed(40))),
            menu.layoutBlock(with: Layout(x: .right(12), y: .top(12), width: .fixed(24), height: .fixed(24))),
            name.layoutBlock(
                with: Layout(x: .left(8), y: .top(14), width: .boxed(16), height: .fixed(18)),
                constraints: [avatar.layoutConstraint(for: [.right(.align(by: .outer))]), menu.layoutConstraint(for: [.left(.limit(on: .outer))])]
            ),
            date.layoutBlock(
                with: Layout(y: .top(2), width: .fixed(120), height: .fixed(14)),
                constraints: [name.layoutConstraint(for: [.bottom(.align(by: .outer)), .left(.align(by: .inner))])]
            ),
            text.layoutBlock(
                with: Layout(x: .left(12), y: .top(8), width: .boxed(24), height: .fixed(60)),
                constraints: [avatar.layoutConstraint(for: [.bottom(.align(by: .outer))])]
            ),
            image.layoutBlock(
                with: Layout(x: .left(12), y: .top(8), width: .boxed(24), height: .fixed(180)),
                constraints: [text.layoutConstraint(for: [.bottom(.align(by: .outer))])]
            ),
            like.layoutBlock(
                with: Layout(x: .left(12), y: .top(8), width: .fixed(80), height: .fixed(32)),
                constraints: [image.layoutConstraint(for: [.bottom(.align(by: .outer))])]
            ),
            comment.layoutBlock(
                with: Layout(x: .left(8), width: .fixed(80), height: .fixed(32)),
                constraints: [like.layoutConstraint(for: [.right(.align(by: .outer)), .top(.align(by: .inner))])]
            ),
            share.layoutBlock(
                with: Layout(x: .left(8), width: .fixed(80), height: .fixed(32)),
                constraints: [comment.layoutConstraint(for: [.right(.align(by: .outer)), .top(.align(by: .inner))])]
            ),
            separator.layoutBlock(
                with: Layout(x: .left(12), y: .top(8), width: .boxed(12), height: .fixed(1)),
                constraints: [like.layoutConstraint(for: [.bottom(.align(by: .outer))])]
            ),
        ])
    }
}

/// The same frames, written by hand as a person would without a layout engine: plain
/// `CGRect` arithmetic into an array, in the scheme's block order.
@inline(never)
func handWrittenFeedCell(width: CGFloat, height: CGFloat, into frames: inout [CGRect]) {
    let avatar = CGRect(x: 12, y: 12, width: 40, height: 40)
    let menu = CGRect(x: width - 12 - 24, y: 12, width: 24, height: 24)
    let nameLeft = avatar.origin.x + avatar.size.width
    let nameSpace = max(0, min(width, menu.origin.x - nameLeft))
    let name = CGRect(x: nameLeft + 8, y: 14, width: max(0, nameSpace - 16), height: 18)
    let date = CGRect(x: name.origin.x, y: name.origin.y + name.size.height + 2, width: 120, height: 14)
    let text = CGRect(x: 12, y: avatar.origin.y + avatar.size.height + 8, width: max(0, width - 24), height: 60)
    let image = CGRect(x: 12, y: text.origin.y + text.size.height + 8, width: max(0, width - 24), height: 180)
    let like = CGRect(x: 12, y: image.origin.y + image.size.height + 8, width: 80, height: 32)
    let comment = CGRect(x: like.origin.x + like.size.width + 8, y: like.origin.y, width: 80, height: 32)
    let share = CGRect(x: comment.origin.x + comment.size.width + 8, y: like.origin.y, width: 80, height: 32)
    let separator = CGRect(x: 12, y: like.origin.y + like.size.height + 8, width: max(0, width - 12), height: 1)
    frames[0] = avatar
    frames[1] = menu
    frames[2] = name
    frames[3] = date
    frames[4] = text
    frames[5] = image
    frames[6] = like
    frames[7] = comment
    frames[8] = share
    frames[9] = separator
}
