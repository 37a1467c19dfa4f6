import Foundation

extension CompiledLayoutScheme {
    /// A readable listing of what the compiled scheme captured and the steps it runs for
    /// `direction`, for debugging layouts.
    ///
    /// ```
    /// elements:
    ///   0 root          parent -  frame (0, 0, 375, 400)  bounds origin (0, 0)
    ///   1 avatar        parent 0  frame (0, 0, 0, 0)      bounds origin (0, 0)
    /// steps (leftToRight):
    ///   0 edgeOfFrame(1, afterAlign, horizontal, readsMaxEdge: true)
    ///   1 standardLayoutAndStore(index: 0, slot: 2, output: 2)
    /// ```
    public func dump(direction: LayoutDirection = .leftToRight) -> String {
        var lines = ["elements:"]
        for (slot, record) in program.elements.enumerated() {
            let parent = record.parent < 0 ? "-" : "\(record.parent)"
            lines.append("  \(slot) \(program.elementNames[slot])  parent \(parent)  frame \(Self.format(record.frame))"
                + "  bounds origin (\(record.boundsOrigin.x), \(record.boundsOrigin.y))")
        }
        let lowered = code.lowered(direction)
        lines.append("steps (\(direction)):")
        for (index, step) in lowered.steps.enumerated() {
            lines.append("  \(index) \(step)")
        }
        lines.append("outputs: " + program.outputSlots.map { $0 < 0 ? "gone" : program.elementNames[Int($0)] }.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }

    private static func format(_ rect: CGRect) -> String {
        "(\(rect.origin.x), \(rect.origin.y), \(rect.size.width), \(rect.size.height))"
    }
}
