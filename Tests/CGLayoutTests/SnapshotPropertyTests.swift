import CGLTestSupport
import Foundation
import Synchronization
import Testing

@testable import CGLayout

/// The engine's central promise, over random schemes: a snapshot equals a live layout, and
/// applying it equals running `layout(in:)`; and snapshots are safe from many threads.
@Suite struct SnapshotPropertyTests {
    /// For seeded random hierarchies and schemes of 2–50 blocks: every element's frame after
    /// `layout(in:)` equals what the compiled snapshot computed, and applying the snapshot to
    /// the initial state gives the same frames.
    @Test func snapshotEqualsLayoutForRandomSchemes() throws {
        for seed in UInt64(1)...300 {
            var random = SplitMix64(state: seed &* 7919)
            let world = RandomWorld(seed: seed, elementCount: Int.random(in: 1...40, using: &random))
            let scheme = world.scheme(blocks: Int.random(in: 2...50, using: &random))
            let source = world.randomRect()
            let direction: LayoutDirection = seed % 3 == 0 ? .rightToLeft : .leftToRight
            let initial = world.elements.map(\.frame)

            let compiled = scheme.compiled()
            let snapshot = compiled.snapshot(for: source, direction: direction)
            let simulated = compiled.elementFrames(for: source, direction: direction).frames
            #expect(identical(world.elements.map(\.frame), initial), "seed \(seed): the snapshot changed an element")

            scheme.layout(in: source, direction: direction)
            for element in world.elements {
                guard let handle = compiled.handle(for: element) else { continue }
                #expect(identical([element.frame], [simulated[Int(handle.slot)]]), "seed \(seed): \(element) differs between snapshot and layout")
            }
            let afterLayout = world.elements.map(\.frame)

            // Guides lay out their content when their frame is set: reset them first, so that
            // every element really starts from its initial frame.
            let resetOrder = zip(world.elements, initial).sorted { ($0.0 is LayoutGuide ? 0 : 1) < ($1.0 is LayoutGuide ? 0 : 1) }
            for (element, frame) in resetOrder { element.frame = frame }
            #expect(identical(world.elements.map(\.frame), initial))
            try scheme.apply(snapshot: snapshot)
            #expect(identical(world.elements.map(\.frame), afterLayout), "seed \(seed): apply(snapshot:) differs from layout(in:)")
        }
    }

    /// 8 threads snapshotting one compiled scheme for different sizes at once get exactly
    /// what sequential calls get.
    @Test func concurrentSnapshotsEqualSequentialOnes() {
        let world = RandomWorld(seed: 42, elementCount: 30)
        let compiled = world.scheme(blocks: 40).compiled()
        let sizes = (0..<8).map { CGRect(x: 0, y: 0, width: 200 + CGFloat($0) * 37, height: 300 + CGFloat($0) * 11) }
        let expected = sizes.enumerated().map { index, size in
            compiled.snapshot(for: size, direction: index % 2 == 0 ? .leftToRight : .rightToLeft)
        }
        let mismatches = Mutex(0)
        let done = DispatchGroup()
        for (index, size) in sizes.enumerated() {
            done.enter()
            let want = expected[index]
            let thread = Thread {
                var snapshot = LayoutSnapshot()
                for _ in 0..<500 {
                    compiled.snapshot(for: size, direction: index % 2 == 0 ? .leftToRight : .rightToLeft, into: &snapshot)
                    if !identical(snapshot.frames, want.frames) { mismatches.withLock { $0 += 1 } }
                }
                done.leave()
            }
            thread.start()
        }
        done.wait()
        #expect(mismatches.withLock { $0 } == 0)
        #expect(Set(expected.map(\.frames)).count > 1, "the sizes should give different layouts")
    }

    /// Frames compared bit for bit, so that NaN equals NaN (the same computation gives the
    /// same bits; a NaN can only come from non-finite input, which is allowed).
    func identical(_ lhs: [CGRect], _ rhs: [CGRect]) -> Bool {
        func bits(_ rect: CGRect) -> [UInt64] {
            [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].map { Double($0).bitPattern }
        }
        return lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { bits($0) == bits($1) }
    }
}
