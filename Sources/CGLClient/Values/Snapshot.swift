public import CGLDocument
public import CGLayout
import CGLBridge
public import Foundation
package import CGLWire

/// The frames of a scheme laid out for an environment, as the daemon answered them, and
/// where it found them.
///
/// The values are read from the answer as it was decoded, when asked for: a lookup costs
/// no conversion it does not use.
public struct Snapshot: Sendable, Hashable {
    /// Where the daemon found a snapshot.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// In the daemon's memory.
        case memory
        /// In the daemon's store.
        case store
        /// Computed for this lookup (a miss), or by the local fallback.
        case computed
    }

    /// One element's frames.
    public struct Element: Sendable, Hashable {
        /// The element's id in the scheme.
        public var id: String
        /// Relative to its parent element, in the parent's internal space (what a view's
        /// `frame` holds).
        public var frame: CGRect
        /// In the root's space.
        public var inRoot: CGRect
    }

    /// The elements, in document order.
    public struct Elements: RandomAccessCollection, Sendable, Hashable {
        fileprivate let wire: [WireSnapshot.Element]

        public var startIndex: Int { wire.startIndex }
        public var endIndex: Int { wire.endIndex }

        public subscript(position: Int) -> Element {
            let element = wire[position]
            return Element(id: element.id, frame: CGRect(element.frame), inRoot: CGRect(element.inRoot))
        }
    }

    package let wire: WireSnapshot

    package init(_ wire: WireSnapshot) {
        self.wire = wire
    }

    /// Where this answer came from.
    public var source: Source {
        switch wire.source {
        case .memory: .memory
        case .store: .store
        case .computed: .computed
        }
    }

    /// The scheme's name.
    public var scheme: String { wire.scheme }
    /// The content hash of the document the frames were computed from (`sha256:…`).
    public var hash: String { wire.hash }
    /// The engine version the frames were computed with.
    public var engine: String { wire.engine }
    /// The environment the frames were computed for, resolved (a profile's values and name).
    public var environment: LayoutEnvironment { LayoutEnvironment(wire.environment) }
    /// The digest (`sha256:…`) of the content the frames were laid out for, without the
    /// values equal to the document's defaults; nil for the document's own content.
    public var contentDigest: String? { wire.contentDigest }
    /// The extent of all frames in root space (max x, max y).
    public var size: CGSize { CGSize(width: wire.size.width, height: wire.size.height) }
    /// Every element, in document order.
    public var elements: Elements { Elements(wire: wire.elements) }

    /// The element with `id`, if the scheme has one.
    public subscript(id: String) -> Element? {
        guard let element = wire[id] else { return nil }
        return Element(id: element.id, frame: CGRect(element.frame), inRoot: CGRect(element.inRoot))
    }

    /// The snapshot as the document layer has it (the JSON of `cglctl compute`).
    public var document: DocumentSnapshot { wire.documentSnapshot }

    /// Assigns each element's frame to the caller's element bound to its id.
    ///
    /// Frames are relative to each element's parent, which is what `LayoutElement.frame`
    /// holds when the caller's hierarchy mirrors the scheme's.
    ///
    /// - Parameter elements: The caller's elements by scheme element id; ids left out are
    ///   skipped.
    /// - Returns: The bound ids the snapshot has no element for (a binding that does not
    ///   match the scheme), sorted; empty when every bound element was laid out.
    @discardableResult
    public func apply(to elements: [String: any LayoutElement]) -> [String] {
        var unmatched = Set(elements.keys)
        for element in wire.elements {
            guard let target = elements[element.id] else { continue }
            target.frame = CGRect(element.frame)
            unmatched.remove(element.id)
        }
        return unmatched.sorted()
    }
}
