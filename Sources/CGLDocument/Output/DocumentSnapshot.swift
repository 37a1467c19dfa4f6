import CGLayout
public import Foundation

/// The frames of one document for one environment (`docs/format.md` §3).
public struct DocumentSnapshot: Sendable, Hashable {
    /// One element's frames.
    public struct Entry: Sendable, Hashable {
        public var id: String
        /// Relative to the parent, in the parent's internal space.
        public var frame: CGRect
        /// In the root's space.
        public var inRoot: CGRect
        /// How far the content can scroll on each axis, for a box whose overflow is not
        /// `visible` (BOXES.md §2: scrollWidth − clientWidth, scrollHeight − clientHeight,
        /// floored at 0); `nil` for every other element.
        public var scrollSize: CGSize?

        /// An element's frames, and its scroll size when it is a box that can scroll.
        public init(id: String, frame: CGRect, inRoot: CGRect, scrollSize: CGSize? = nil) {
            self.id = id
            self.frame = frame
            self.inRoot = inRoot
            self.scrollSize = scrollSize
        }
    }

    public var scheme: String
    public var hash: String
    /// The engine version the frames were computed with.
    public var engine: String
    public var environment: LayoutEnvironment
    /// The extent (max x, max y) of all frames in root space.
    public var size: CGSize
    /// Every element, in document order.
    public var elements: [Entry]
    /// The digest (`sha256:…`) of the content laid out, with the values equal to the
    /// document's defaults left out; `nil` for the document's own content.
    public var contentDigest: String?

    /// The entry of the element with `id`.
    public subscript(id: String) -> Entry? { elements.first { $0.id == id } }

    /// The snapshot as the JSON of `docs/format.md` §3, members in a fixed order.
    public var json: String {
        JSONText.object([
            ("scheme", JSONText.string(scheme)),
            ("hash", JSONText.string(hash)),
            ("engine", JSONText.string(engine)),
            ("environment", environment.json),
        ] + (contentDigest.map { [("content", JSONText.string($0))] } ?? []) + [
            ("size", JSONText.numbers([size.width, size.height])),
            ("frames", JSONText.object(elements.map { entry in
                (entry.id, JSONText.object([("frame", Self.numbers(entry.frame)), ("inRoot", Self.numbers(entry.inRoot))]
                    + (entry.scrollSize.map { [("scrollSize", JSONText.numbers([$0.width, $0.height]))] } ?? [])))
            })),
        ])
    }

    private static func numbers(_ rect: CGRect) -> String {
        JSONText.numbers([rect.origin.x, rect.origin.y, rect.size.width, rect.size.height])
    }
}

extension LayoutEnvironment {
    /// The environment as JSON, every value resolved (`docs/format.md` §3).
    public var json: String {
        var members: [(String, String)] = [("width", formatNumber(width)), ("height", formatNumber(height))]
        if let scale { members.append(("scale", formatNumber(scale))) }
        members += [
            ("direction", JSONText.string(direction.documentName)),
            ("horizontalSizeClass", JSONText.string(horizontalSizeClass.rawValue)),
            ("verticalSizeClass", JSONText.string(verticalSizeClass.rawValue)),
            ("orientation", JSONText.string(orientation.rawValue)),
            ("safeArea", JSONText.numbers([safeArea.top, safeArea.left, safeArea.bottom, safeArea.right])),
            ("textScale", formatNumber(textScale)),
        ]
        if let profile { members.append(("profile", JSONText.string(profile))) }
        return JSONText.object(members)
    }
}
