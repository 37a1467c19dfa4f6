import Foundation

/// Scroll sizes by slot, as a run that keeps them fills them: only box routines report one,
/// for boxes whose overflow is not `visible` (BOXES.md §2).
enum ScrollSizes {
    /// The mark of a slot nothing reported a scroll size for (a scroll size is never negative).
    static let none = CGSize(width: -1, height: -1)

    /// The scroll size at `index` of `sizes`, when one was reported there.
    static func reported(in sizes: [CGSize], at index: Int) -> CGSize? {
        guard sizes.indices.contains(index), sizes[index].width >= 0 else { return nil }
        return sizes[index]
    }
}

extension ProgramCode {
    /// Runs `body` with room for a scroll size per slot, each ``ScrollSizes/none``, then keeps
    /// them by output in `byOutput`, as a snapshot keeps its frames. Without a routine that
    /// reports scroll sizes, `body` gets no room and `byOutput` is emptied.
    @inline(__always)
    func collectingScrollSizes<Result>(into byOutput: inout [CGSize], _ body: (UnsafeMutableBufferPointer<CGSize>) -> Result) -> Result {
        guard reportsScrollSizes else {
            if !byOutput.isEmpty { byOutput.removeAll() }
            return body(UnsafeMutableBufferPointer(start: nil, count: 0))
        }
        if byOutput.count != outputSlots.count { byOutput = Array(repeating: ScrollSizes.none, count: outputSlots.count) }
        return withUnsafeTemporaryAllocation(of: CGSize.self, capacity: elements.count) { bySlot in
            bySlot.initialize(repeating: ScrollSizes.none)
            let result = body(bySlot)
            for (output, slot) in outputSlots.enumerated() { byOutput[output] = slot >= 0 ? bySlot[Int(slot)] : ScrollSizes.none }
            return result
        }
    }
}
