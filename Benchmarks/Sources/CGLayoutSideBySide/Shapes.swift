import CGLayout
import Foundation

// The layouts both sides of Benchmarks/run-cglayout time: this one file, compiled into
// CGLayoutSideBySide against this engine and (through a symbolic link) into CGLayoutPeer
// against the original CGLayout, whose APIs spell these layouts alike. `View` is each
// side's element type.

/// A shape: its container, its elements (kept alive: blocks hold them weakly) and its scheme.
struct Shape {
    let container: View
    let elements: [View]
    let scheme: LayoutScheme
}

func feedCell() -> Shape {
    let cell = View(frame: CGRect(x: 0, y: 0, width: 375, height: 400))
    let views = (0..<10).map { _ in View() }
    for view in views { cell.addSubview(view) }
    let (avatar, name, date, menu, text, image, like, comment, share, separator) =
        (views[0], views[1], views[2], views[3], views[4], views[5], views[6], views[7], views[8], views[9])
    let scheme = LayoutScheme(blocks: [
        avatar.layoutBlock(with: Layout(x: .left(12), y: .top(12), width: .fixed(40), height: .fixed(40))),
        menu.layoutBlock(with: Layout(x: .right(12), y: .top(12), width: .fixed(24), height: .fixed(24))),
        name.layoutBlock(with: Layout(x: .left(8), y: .top(14), width: .boxed(16), height: .fixed(18)),
                         constraints: [avatar.layoutConstraint(for: [.right(.align(by: .outer))]), menu.layoutConstraint(for: [.left(.limit(on: .outer))])]),
        date.layoutBlock(with: Layout(y: .top(2), width: .fixed(120), height: .fixed(14)),
                         constraints: [name.layoutConstraint(for: [.bottom(.align(by: .outer)), .left(.align(by: .inner))])]),
        text.layoutBlock(with: Layout(x: .left(12), y: .top(8), width: .boxed(24), height: .fixed(60)),
                         constraints: [avatar.layoutConstraint(for: [.bottom(.align(by: .outer))])]),
        image.layoutBlock(with: Layout(x: .left(12), y: .top(8), width: .boxed(24), height: .fixed(180)),
                          constraints: [text.layoutConstraint(for: [.bottom(.align(by: .outer))])]),
        like.layoutBlock(with: Layout(x: .left(12), y: .top(8), width: .fixed(80), height: .fixed(32)),
                         constraints: [image.layoutConstraint(for: [.bottom(.align(by: .outer))])]),
        comment.layoutBlock(with: Layout(x: .left(8), width: .fixed(80), height: .fixed(32)),
                            constraints: [like.layoutConstraint(for: [.right(.align(by: .outer)), .top(.align(by: .inner))])]),
        share.layoutBlock(with: Layout(x: .left(8), width: .fixed(80), height: .fixed(32)),
                          constraints: [comment.layoutConstraint(for: [.right(.align(by: .outer)), .top(.align(by: .inner))])]),
        separator.layoutBlock(with: Layout(x: .left(12), y: .top(8), width: .boxed(12), height: .fixed(1)),
                              constraints: [like.layoutConstraint(for: [.bottom(.align(by: .outer))])]),
    ])
    return Shape(container: cell, elements: views, scheme: scheme)
}

/// `count` rows of 44 points, each below the one before it, inset by 16.
func chain(_ count: Int) -> Shape {
    let list = View(frame: CGRect(x: 0, y: 0, width: 375, height: CGFloat(count) * 52))
    let rows = (0..<count).map { _ in View() }
    for row in rows { list.addSubview(row) }
    let blocks: [any LayoutBlockProtocol] = rows.indices.map { index in
        let row = rows[index]
        let layout = Layout(x: .left(16), y: .top(8), width: .boxed(16), height: .fixed(44))
        return index == 0 ? row.layoutBlock(with: layout)
            : row.layoutBlock(with: layout, constraints: [rows[index - 1].layoutConstraint(for: [.bottom(.align(by: .outer))])])
    }
    return Shape(container: list, elements: rows, scheme: LayoutScheme(blocks: blocks))
}

func shape(_ name: String) -> Shape {
    switch name {
    case "feed-cell-10": return feedCell()
    case "chain-100": return chain(100)
    case "chain-1000": return chain(1000)
    default: fatalError("unknown shape \(name)")
    }
}

func rect(_ width: Int, _ shape: Shape) -> CGRect { CGRect(x: 0, y: 0, width: CGFloat(width), height: shape.container.frame.height) }

func describe(_ frame: CGRect) -> String { "\(frame.minX) \(frame.minY) \(frame.width) \(frame.height)" }
