import Foundation
import Testing

@testable import CGLayout

/// Compares rects field by field within `tolerance`, reporting the caller's location.
func expectRect(
    _ actual: CGRect,
    _ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat,
    tolerance: CGFloat = 1e-9,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let close = abs(actual.origin.x - x) <= tolerance && abs(actual.origin.y - y) <= tolerance
        && abs(actual.size.width - width) <= tolerance && abs(actual.size.height - height) <= tolerance
    #expect(close, "got (\(actual.origin.x), \(actual.origin.y), \(actual.size.width), \(actual.size.height)), expected (\(x), \(y), \(width), \(height))", sourceLocation: sourceLocation)
}

func rect(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGRect {
    CGRect(x: x, y: y, width: width, height: height)
}

/// A root view with children, the usual test hierarchy.
func makeRoot(_ width: CGFloat = 400, _ height: CGFloat = 300) -> LayoutView {
    LayoutView(frame: rect(0, 0, width, height), identifier: "root")
}

@discardableResult
func addChild(_ parent: LayoutView, _ frame: CGRect = .zero, _ identifier: String? = nil) -> LayoutView {
    let view = LayoutView(frame: frame, identifier: identifier)
    parent.addSubview(view)
    return view
}

/// Snapshots `scheme` for `source`, then lays it out live, and checks that both give the
/// same frames (the engine's central promise). Returns the snapshot's frames.
@discardableResult
func layoutChecked(
    _ scheme: some LayoutBlockProtocol,
    in source: CGRect,
    direction: LayoutDirection = .leftToRight,
    sourceLocation: SourceLocation = #_sourceLocation
) -> [CGRect] {
    let snapshot = scheme.snapshot(for: source, direction: direction)
    scheme.layout(in: source, direction: direction)
    // Field by field: Foundation's `==` standardizes, so it would take (0, 0, −100, 500)
    // for (−100, 0, 100, 500).
    let fields = { (frames: [CGRect]) in frames.map { [$0.origin.x, $0.origin.y, $0.size.width, $0.size.height] } }
    #expect(fields(snapshot.frames) == fields(scheme.currentSnapshot.frames), "snapshot differs from layout(in:)", sourceLocation: sourceLocation)
    return snapshot.frames
}
