import CGLayout
public import Foundation

extension SchemeDocument {
    /// The rectangle (in root space) that clips each element a renderer draws inside a scroll
    /// element: the frames of all its scroll ancestors intersected, as nested `UIScrollView`s
    /// clip their content. Elements outside any scroll are not in the dictionary.
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
                    let clip = clips[element.id].map { $0.intersection(frame) } ?? frame
                    // Nothing of it shows: an empty rectangle where it would be, not a null one.
                    clips[element.id] = clip.isNull ? CGRect(origin: frame.origin, size: .zero) : clip
                }
                parent = byID[ancestor.parent]
                steps += 1
            }
        }
        return clips
    }
}
