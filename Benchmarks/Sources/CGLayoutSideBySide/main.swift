import BenchmarkSupport
import CGLayout
import Foundation

// This engine laying out the shapes of cglayout-peer (keep the two files' shapes identical:
// run-cglayout checks that both print the same frames).
//
//   CGLayoutSideBySide frames             every shape's frames at widths 320…414
//   CGLayoutSideBySide time SHAPE OP N    N calls of OP (layout, snapshot, apply, compiled) on
//                                         SHAPE, after 10 to warm up: ns per call
//   CGLayoutSideBySide allocations SHAPE OP   allocations per call (with the malloc interposer)

/// A shape: its container, its elements (kept alive: blocks hold them weakly) and its scheme.
struct Shape {
    let container: LayoutView
    let elements: [LayoutView]
    let scheme: LayoutScheme
}

func feedCell() -> Shape {
    let cell = LayoutView(frame: CGRect(x: 0, y: 0, width: 375, height: 400))
    let views = (0..<10).map { _ in LayoutView() }
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
    let list = LayoutView(frame: CGRect(x: 0, y: 0, width: 375, height: CGFloat(count) * 52))
    let rows = (0..<count).map { _ in LayoutView() }
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

let arguments = CommandLine.arguments
switch arguments.count > 1 ? arguments[1] : "" {
case "frames":
    for name in ["feed-cell-10", "chain-100", "chain-1000"] {
        let shape = shape(name)
        for width in stride(from: 320, through: 414, by: 2) {
            shape.scheme.layout(in: rect(width, shape))
            let snapshot = shape.scheme.snapshot(for: rect(width + 1, shape)).frames
            print(name, width, shape.elements.map { describe($0.frame) }.joined(separator: " | "))
            print(name, width + 1, "snapshot", snapshot.map(describe).joined(separator: " | "))
        }
    }
case "time" where arguments.count == 5, "allocations" where arguments.count == 4:
    let shape = shape(arguments[2])
    let operation = arguments[3], count = arguments.count == 5 ? Int(arguments[4])! : 100
    let snapshot = shape.scheme.snapshot(for: rect(375, shape))
    let compiled = shape.scheme.compiled()
    var sum = 0.0
    let last = shape.elements.count - 1
    func run(_ count: Int) {
        for i in 0..<count {
            let source = rect(320 + (i & 63), shape)
            switch operation {
            case "layout": shape.scheme.layout(in: source); sum += Double(shape.elements[last].frame.maxY)
            case "snapshot": sum += Double(shape.scheme.snapshot(for: source).frames[last].maxY)
            case "apply": try! shape.scheme.apply(snapshot: snapshot); sum += Double(shape.elements[0].frame.maxY)
            case "compiled": sum += Double(compiled.snapshot(for: source).frames[last].maxY)
            default: fatalError("unknown operation \(operation)")
            }
        }
    }
    run(10)   // warm, as the other side: the kept program is compiled by the first call
    if arguments[1] == "allocations" {
        print(countAllocations { run(count) }.map { String(Double($0) / Double(count)) } ?? "-")
    } else {
        let start = DispatchTime.now().uptimeNanoseconds
        run(count)
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        print(Double(elapsed) / Double(count), sum)
    }
default:
    print("usage: CGLayoutSideBySide frames | time SHAPE layout|snapshot|apply|compiled COUNT | allocations SHAPE OP")
    exit(64)
}
