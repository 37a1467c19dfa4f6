import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// Long layout work bound to a `LayoutCancellation` stops at its safe points, and what it
/// made is never kept.
@Suite struct LayoutCancellationTests {
    /// 300 elements chained by equations: compiling them adds ~3 000 constraints.
    static let chain: SchemeDocument = {
        var equations = [#""e0.left == $root.left""#, #""e0.top == 0""#, #""e0.width == 0.25 * $root.width""#, #""e0.height == 20""#]
        for i in 1..<300 {
            equations += ["\"e\(i).left == e\(i - 1).right + 1\"", "\"e\(i).top == e\(i - 1).top + 0.5\"",
                          "\"e\(i).width == 0.5 * e\(i - 1).width + 5 ~ 750\"", "\"e\(i).height == e\(i - 1).height\""]
        }
        let elements = (0..<300).map { "{\"id\": \"e\($0)\", \"intrinsicSize\": [40, 20]}" }.joined(separator: ",")
        return try! SchemeDocument(json: "{\"format\": \"cglayout/1\", \"name\": \"chain\", \"elements\": [\(elements)], \"blocks\": [{\"equations\": [\(equations.joined(separator: ","))]}]}")
    }()

    static let environment = LayoutEnvironment(width: 390, height: 844)

    @Test func cancelledAndLateWorkIsAbandonedAndNotKept() throws {
        let compiled = Self.chain.compiled()
        let cancelled = LayoutCancellation()
        cancelled.cancel()
        #expect(throws: SnapshotError.abandoned(.cancelled)) {
            try LayoutCancellation.$current.withValue(cancelled) { try compiled.snapshot(for: Self.environment) }
        }
        // A parent's cancellation reaches its children; a deadline passed stops work too.
        #expect(throws: SnapshotError.abandoned(.cancelled)) {
            try LayoutCancellation.$current.withValue(LayoutCancellation(parent: cancelled)) { try compiled.snapshot(for: Self.environment) }
        }
        let late = LayoutCancellation(deadline: .now - .seconds(1))
        #expect(throws: SnapshotError.abandoned(.deadlinePassed)) {
            try LayoutCancellation.$current.withValue(late) { try compiled.snapshot(for: Self.environment) }
        }
        // Nothing half-compiled was kept: unbound, the same compiled document lays out in
        // full, as a fresh one does.
        let frames = try compiled.snapshot(for: Self.environment).elements.map(\.frame)
        #expect(frames == (try Self.chain.compiled().snapshot(for: Self.environment).elements.map(\.frame)))
        #expect(frames.count == 300 && frames[1].origin.x > frames[0].origin.x)
        // A cancellation that never fires changes nothing.
        let patient = LayoutCancellation(deadline: .now + .seconds(3600))
        let bound = try LayoutCancellation.$current.withValue(patient) { try Self.chain.compiled().snapshot(for: Self.environment) }
        #expect(bound.elements.map(\.frame) == frames)
    }
}
