public import CGLValues
public import CGLayout
import CGLBridge
public import Foundation
package import CGLWire

/// The frames of a scheme laid out for an environment, as the daemon answered them, and
/// where it found them.
///
/// The answer's bytes are checked when it arrives and read in place when asked: a lookup
/// costs no strings, arrays or conversions it does not use. A renderer that reads the
/// frames it needs by id (``subscript(_:)``) or applies them (``apply(to:)``) decodes
/// nothing else. Each property is read anew on each access: keep ``elements`` in a local
/// rather than indexing `snapshot.elements` in a loop. A snapshot of a batch shares the
/// batch's answer, which lives as long as any of its snapshots.
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
        /// How far the content can scroll on each axis (CSS's scrollWidth − clientWidth and
        /// scrollHeight − clientHeight), for a box whose overflow is not `visible`; nil for
        /// every other element, and from a daemon older than protocol version 5.
        public var scrollSize: CGSize?

        init(_ wire: WireSnapshot.Element) {
            id = wire.id
            frame = CGRect(wire.frame)
            inRoot = CGRect(wire.inRoot)
            scrollSize = wire.scrollSize.map { CGSize(width: $0.width, height: $0.height) }
        }
    }

    /// The elements, in document order.
    public struct Elements: RandomAccessCollection, Sendable, Hashable {
        fileprivate let view: WireSnapshotView
        /// Where each element starts in the answer.
        fileprivate let offsets: [Int]

        public var startIndex: Int { offsets.startIndex }
        public var endIndex: Int { offsets.endIndex }

        public subscript(position: Int) -> Element {
            Element(view.element(at: offsets[position], index: position))
        }

        public static func == (first: Elements, second: Elements) -> Bool {
            first.elementsEqual(second)
        }

        public func hash(into hasher: inout Hasher) {
            for element in self { hasher.combine(element) }
        }
    }

    private let view: WireSnapshotView

    package init(_ view: WireSnapshotView) {
        self.view = view
    }

    /// A snapshot computed here (the local fallback's).
    package init(_ wire: WireSnapshot) {
        self.init(WireSnapshotView(wire))
    }

    /// The snapshot decoded whole.
    package var wire: WireSnapshot { view.snapshot }

    /// Where this answer came from.
    public var source: Source {
        switch view.source {
        case .memory: .memory
        case .store: .store
        case .computed: .computed
        }
    }

    /// The scheme's name.
    public var scheme: String { view.scheme }
    /// The content hash of the document the frames were computed from (`sha256:…`).
    public var hash: String { view.hash }
    /// The engine version the frames were computed with.
    public var engine: String { view.engine }
    /// The environment the frames were computed for, resolved (a profile's values and name).
    public var environment: LayoutEnvironment { LayoutEnvironment(view.environment) }
    /// The digest (`sha256:…`) of the content the frames were laid out for, without the
    /// values equal to the document's defaults; nil for the document's own content.
    public var contentDigest: String? { view.contentDigest }
    /// The extent of all frames in root space (max x, max y).
    public var size: CGSize {
        let size = view.size
        return CGSize(width: size.width, height: size.height)
    }
    /// Every element, in document order (found by one walk over the answer on each access).
    public var elements: Elements { Elements(view: view, offsets: view.elementOffsets()) }

    /// The element with `id`, if the scheme has one.
    public subscript(id: String) -> Element? {
        view.element(id: id).map(Element.init)
    }

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
        view.forEachFrame { id, frame in
            let id = String(decoding: id, as: UTF8.self)
            if let target = elements[id] {
                target.frame = CGRect(frame)
                unmatched.remove(id)
            }
            return true
        }
        return unmatched.sorted()
    }

    public static func == (first: Snapshot, second: Snapshot) -> Bool {
        first.wire == second.wire
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(wire)
    }
}
