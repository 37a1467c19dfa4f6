import CGLayout
import Foundation

// The original CGLayout laying out the shapes of CGLayoutSideBySide (keep the two files'
// shapes identical: run-cglayout checks that both print the same frames).
//
//   CGLayoutPeer frames            every shape's frames at widths 320…414
//   CGLayoutPeer time SHAPE OP N   N calls of OP (layout, snapshot, apply) on SHAPE, after 10
//                                  to warm up: ns per call

/// A view for Linux, where CGLayout has none: a frame, bounds and a weak super element.
final class View: LayoutElement, ElementInLayoutTime {
    var frame: CGRect {
        didSet { bounds.size = frame.size }
    }
    var bounds: CGRect
    var layoutBounds: CGRect { bounds }
    weak var superElement: LayoutElement?
    var inLayoutTime: ElementInLayoutTime { self }

    init(frame: CGRect = .zero) {
        self.frame = frame
        bounds = CGRect(origin: .zero, size: frame.size)
    }

    func addSubview(_ view: View) { view.superElement = self }
    func removeFromSuperElement() { superElement = nil }
}

let arguments = CommandLine.arguments
switch arguments.count > 1 ? arguments[1] : "" {
case "frames":
    for name in ["feed-cell-10", "chain-100", "chain-1000"] {
        let shape = shape(name)
        for width in stride(from: 320, through: 414, by: 2) {
            shape.scheme.layout(in: rect(width, shape))
            let snapshot = shape.scheme.snapshot(for: rect(width + 1, shape)).childSnapshots.map { $0.frame }
            print(name, width, shape.elements.map { describe($0.frame) }.joined(separator: " | "))
            print(name, width + 1, "snapshot", snapshot.map(describe).joined(separator: " | "))
        }
    }
case "time" where arguments.count == 5:
    let shape = shape(arguments[2])
    let operation = arguments[3], count = Int(arguments[4])!
    let snapshot = shape.scheme.snapshot(for: rect(375, shape))
    var sum = 0.0
    // The operation is chosen once and the elements read are held outside the loops, so that
    // a call's time is the library's, not a string comparison's or a retain's (both sides
    // time the same way).
    let first = shape.elements[0], last = shape.elements[shape.elements.count - 1], lastIndex = shape.elements.count - 1
    func run(_ count: Int) {
        switch operation {
        case "layout": for i in 0..<count { shape.scheme.layout(in: rect(320 + (i & 63), shape)); sum += Double(last.frame.maxY) }
        case "snapshot": for i in 0..<count { sum += Double(shape.scheme.snapshot(for: rect(320 + (i & 63), shape)).childSnapshots[lastIndex].frame.maxY) }
        case "apply": for _ in 0..<count { shape.scheme.apply(snapshot: snapshot); sum += Double(first.frame.maxY) }
        default: fatalError("unknown operation \(operation)")
        }
    }
    run(10)   // warm, as the other side
    let start = DispatchTime.now().uptimeNanoseconds
    run(count)
    let elapsed = DispatchTime.now().uptimeNanoseconds - start
    print(Double(elapsed) / Double(count), sum)
default:
    print("usage: CGLayoutPeer frames | time SHAPE layout|snapshot|apply COUNT")
    exit(64)
}
