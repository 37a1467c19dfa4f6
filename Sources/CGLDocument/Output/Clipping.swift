import CGLayout
public import Foundation

extension SchemeDocument {
    /// The rectangle (in root space) that clips each element a renderer draws inside a scroll
    /// element: its nearest scroll ancestor's frame, as `UIScrollView` clips its content.
    /// Elements outside any scroll are not in the dictionary.
    public func clippingFrames(for snapshot: DocumentSnapshot) -> [String: CGRect] {
        let frames = Dictionary(snapshot.elements.map { ($0.id, $0.inRoot.standardized) }, uniquingKeysWith: { first, _ in first })
        let byID = Dictionary(elements.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var clips: [String: CGRect] = [:]
        for element in elements {
            var parent = byID[element.parent]
            // A document's hierarchy has no cycles (validation refuses them); the bound is a guard.
            var steps = 0
            while let ancestor = parent, steps <= elements.count {
                if ancestor.kind == .scroll, let frame = frames[ancestor.id] {
                    clips[element.id] = frame
                    break
                }
                parent = byID[ancestor.parent]
                steps += 1
            }
        }
        return clips
    }
}
