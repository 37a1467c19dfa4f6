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

/// This engine's element type, for the shapes (Shapes.swift).
typealias View = LayoutView

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
    // The operation is chosen once and the elements read are held outside the loops, so that
    // a call's time is the library's, not a string comparison's or a retain's (both sides
    // time the same way).
    let first = shape.elements[0], last = shape.elements[shape.elements.count - 1], lastIndex = shape.elements.count - 1
    func run(_ count: Int) {
        switch operation {
        case "layout": for i in 0..<count { shape.scheme.layout(in: rect(320 + (i & 63), shape)); sum += Double(last.frame.maxY) }
        case "snapshot": for i in 0..<count { sum += Double(shape.scheme.snapshot(for: rect(320 + (i & 63), shape)).frames[lastIndex].maxY) }
        case "apply": for _ in 0..<count { try! shape.scheme.apply(snapshot: snapshot); sum += Double(first.frame.maxY) }
        case "compiled": for i in 0..<count { sum += Double(compiled.snapshot(for: rect(320 + (i & 63), shape)).frames[lastIndex].maxY) }
        default: fatalError("unknown operation \(operation)")
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
