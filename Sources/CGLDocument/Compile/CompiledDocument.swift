import CGLayout
import Foundation
import Synchronization

/// A document compiled into engine programs, ready to snapshot for any environment, from
/// any thread.
///
/// Each selection of variants is compiled once, the first time an environment selects it,
/// and reused for every later snapshot: compilation never happens per snapshot.
public final class CompiledDocument: Sendable {
    public let document: SchemeDocument
    /// The index of each element's parent in document order; `-1` for `$root`.
    private let parentIndices: [Int]
    /// The index of the view each element's engine frame is relative to: its parent, or for
    /// the content of a scroll, the scroll's own container; `-1` for `$root`.
    private let containerIndices: [Int]
    private let programs = Mutex<[ProgramKey: DocumentCompiler.Output]>([:])
    /// Whether any element's text is measured in a real font (then the text scale and the
    /// direction select programs too).
    private let hasStyledText: Bool
    /// Whether a box block snaps its frames to the pixel grid (then the scale selects programs).
    private let snapsBoxes: Bool
    /// The elements that show or not by a slot: their indices and slots, in document order.
    private let visibilitySlots: [(index: Int, slot: String)]
    /// Each slot's default, by name.
    private let slotDefaults: [String: SlotValue]
    /// Per stack or flex container (by element index), the items it lays out.
    private let containedItemsTable: [Int: [Int]]
    /// The most compiled programs kept at once.
    private static var maximumPrograms: Int { 256 }

    /// What selects a compiled program: the variants that hold, and for real text, the text
    /// scale and direction it was measured for.
    private struct ProgramKey: Hashable {
        var selection: [Bool]
        var textScale: Double
        var rightToLeft: Bool
        /// The pixel scale text sizes are rounded up to, and box trees snap to.
        var scale: Double?
    }

    init(document: SchemeDocument) {
        self.document = document
        hasStyledText = document.elements.contains { $0.styledText != nil }
        snapsBoxes = (document.blocks + document.variants.flatMap(\.blocks)).flatMap(\.leaves).contains { block in
            if case .box(let box) = block { return box.snap }
            return false
        }
        visibilitySlots = document.elements.enumerated().compactMap { index, element in element.visibleSlot.map { (index, $0) } }
        slotDefaults = Dictionary(uniqueKeysWithValues: document.slots.map { ($0.name, $0.defaultValue) })
        var indices: [String: Int] = [:]
        for (index, element) in document.elements.enumerated() { indices[element.id] = index }
        let parents = document.elements.map { indices[$0.parent] ?? -1 }
        containedItemsTable = Self.containedItems(document, indices: indices, parents: parents)
        parentIndices = parents
        containerIndices = parents.map { parent in
            var container = parent
            while container >= 0, document.elements[container].kind == .scroll { container = parents[container] }
            return container
        }
    }

    /// Per stack and per flex container, by element index, the items it lays out (of the
    /// base blocks and every variant).
    private static func containedItems(_ document: SchemeDocument, indices: [String: Int], parents: [Int]) -> [Int: [Int]] {
        var table: [Int: [Int]] = [:]
        for (index, spec) in document.elements.enumerated() {
            if let items = spec.stack?.items { table[index, default: []] += items.compactMap { indices[$0] } }
        }
        func visit(_ block: BlockSpec) {
            switch block {
            case .scheme(let scheme): scheme.blocks.forEach(visit)
            case .flex(let flex):
                let items = flex.items.compactMap { indices[$0.element] }
                let container = flex.container.flatMap { indices[$0] } ?? items.first.map { parents[$0] } ?? -1
                if container >= 0 { table[container, default: []] += items }
            default: break
            }
        }
        document.blocks.forEach(visit)
        for variant in document.variants { variant.blocks.forEach(visit) }
        return table
    }

    /// The frames of every element for `environment`.
    ///
    /// - Throws: `SnapshotError.environment` for a size, scale or safe area that cannot be
    ///   laid out; `SnapshotError.layout` when a block cannot lay out its elements in this
    ///   environment (a flexible row or column out of space, unsatisfiable equations).
    public func snapshot(for environment: LayoutEnvironment) throws(SnapshotError) -> DocumentSnapshot {
        do { try environment.validate() } catch { throw .environment(error) }
        let program = try self.program(for: environment)
        var overrides: [FrameOverride] = []
        if let root = program.root { overrides.append(FrameOverride(root, environment.bounds)) }
        if let safeArea = program.safeArea { overrides.append(FrameOverride(safeArea, environment.safeAreaFrame)) }
        let hidden = program.defaultHidden
        let layout = program.scheme.elementFrames(for: environment.bounds, direction: environment.direction, constrainRects: overrides,
                                                  hidden: hidden)
        if let issue = layout.issue { throw .layout(issue) }
        return makeSnapshot(layout, handles: program.handles, hidden: hidden, environment: environment)
    }

    /// The elements hidden by the content's visibility slots (or their defaults), with
    /// everything inside a hidden one: its children, a hidden stack's items, the items of a
    /// flex block whose container is hidden.
    private func hidden(_ content: Content, handles: [ElementHandle?]) -> [ElementHandle] {
        var isHidden = Array(repeating: false, count: document.elements.count)
        var any = false
        for (index, slot) in visibilitySlots {
            if case .flag(false)? = content.values[slot] ?? slotDefaults[slot] {
                isHidden[index] = true
                any = true
            }
        }
        guard any else { return [] }
        // Children of hidden elements; parents come first in document order.
        for index in document.elements.indices where !isHidden[index] && parentIndices[index] >= 0 && isHidden[parentIndices[index]] {
            isHidden[index] = true
        }
        // Items inside hidden containers, until nothing changes (containers may nest).
        var changed = true
        while changed {
            changed = false
            for (container, items) in containedItemsTable where isHidden[container] {
                for item in items where !isHidden[item] {
                    isHidden[item] = true
                    changed = true
                }
            }
            // Children of newly hidden elements.
            for index in document.elements.indices where !isHidden[index] && parentIndices[index] >= 0 && isHidden[parentIndices[index]] {
                isHidden[index] = true
                changed = true
            }
        }
        return document.elements.indices.compactMap { isHidden[$0] ? handles[$0] : nil }
    }

    /// The frames of every element for `environment`, with the caller's `content` in the
    /// document's slots (the defaults for the slots it leaves out).
    ///
    /// The program compiled for the environment serves every content: a slot's text or size
    /// is measured for this snapshot alone.
    ///
    /// - Throws: `SnapshotError.content` when the content does not fit the slots; else as
    ///   ``snapshot(for:)``.
    ///
    /// - Parameter limits: What the content may hold; the defaults unless the caller read
    ///   the content with others.
    public func snapshot(for environment: LayoutEnvironment, content: Content, limits: Content.Limits = Content.Limits()) throws(SnapshotError) -> DocumentSnapshot {
        guard !content.values.isEmpty else { return try snapshot(for: environment) }
        do { try content.validate(for: document, limits: limits) } catch { throw .content(error) }
        // Values equal to the defaults change nothing: without them, content that only
        // repeats the document is the document's own snapshot, with its key.
        let content = content.normalized(for: document)
        guard !content.values.isEmpty else { return try snapshot(for: environment) }
        return try snapshot(for: environment, checkedContent: content, digest: content.digest)
    }

    /// ``snapshot(for:content:limits:)`` for content already checked against the slots and
    /// normalized, whose digest the caller has (a daemon took both to make the snapshot's
    /// key): nothing is checked or digested again.
    package func snapshot(for environment: LayoutEnvironment, checkedContent content: Content, digest: String) throws(SnapshotError) -> DocumentSnapshot {
        guard !content.values.isEmpty else { return try snapshot(for: environment) }
        do { try environment.validate() } catch { throw .environment(error) }
        let program = try self.program(for: environment)
        var overrides: [FrameOverride] = []
        if let root = program.root { overrides.append(FrameOverride(root, environment.bounds)) }
        if let safeArea = program.safeArea { overrides.append(FrameOverride(safeArea, environment.safeAreaFrame)) }
        let hidden = hidden(content, handles: program.handles)
        let sizings = contentSizings(content, handles: program.handles, inBoxTree: program.inBoxTree, hidden: hidden, environment: environment)
        let layout = program.scheme.elementFrames(for: environment.bounds, direction: environment.direction, constrainRects: overrides,
                                                  sizings: sizings, hidden: hidden)
        if let issue = layout.issue { throw .layout(issue) }
        var snapshot = makeSnapshot(layout, handles: program.handles, hidden: hidden, environment: environment)
        snapshot.contentDigest = digest
        return snapshot
    }

    /// The sizings of the elements whose slots the content fills with other than the default.
    private func contentSizings(_ content: Content, handles: [ElementHandle?], inBoxTree: [Bool], hidden: [ElementHandle],
                                environment: LayoutEnvironment) -> [SizingOverride] {
        var sizings: [SizingOverride] = []
        for (index, spec) in document.elements.enumerated() {
            // A hidden element measures nothing: its text is not shaped.
            guard let handle = handles[index], !hidden.contains(handle) else { continue }
            if let slot = spec.textSlot, let text = content.values[slot.slot], let styled = spec.styledText, !text.isIdentical(to: styled.value) {
                let textScale = hasStyledText ? environment.textScale : 1
                guard let paragraph = DocumentCompiler.paragraph(text, style: styled.style, styles: document.styles, textScale: textScale,
                                                                 direction: environment.direction) else { continue }
                let boxed = index < inBoxTree.count && inBoxTree[index]
                sizings.append(SizingOverride(handle, DocumentCompiler.sizing(of: paragraph, scale: environment.scale, inBoxTree: boxed)))
            }
            if let slot = spec.sizeSlot, case .size(let size)? = content.values[slot.slot] {
                sizings.append(SizingOverride(handle, slot.sizing(for: size)))
            }
        }
        return sizings
    }

    /// The program for the variants `environment` selects, compiled on first use.
    /// The program for `environment`'s selection of variants, compiled the first time.
    ///
    /// - Throws: `abandoned` when the compilation was stopped by a `LayoutCancellation`
    ///   (what it made is incomplete: it is not kept).
    private func program(for environment: LayoutEnvironment) throws(SnapshotError) -> DocumentCompiler.Output {
        let selection = document.variants.map { $0.conditions.hold(for: environment) }
        let key = ProgramKey(selection: selection, textScale: hasStyledText ? environment.textScale : 1,
                             rightToLeft: hasStyledText && environment.direction == .rightToLeft,
                             scale: hasStyledText || snapsBoxes ? environment.scale : nil)
        if let program = programs.withLock({ $0[key] }) { return program }
        // Compile outside the lock: two threads may both compile a new selection once; the
        // results are equal and the second insert is harmless.
        let active = zip(document.variants, selection).filter(\.1).map(\.0)
        let compiler = DocumentCompiler(document: document, textScale: key.textScale, direction: key.rightToLeft ? .rightToLeft : .leftToRight,
                                        scale: key.scale)
        var program = compiler.compile(variants: active)
        if let reason = LayoutCancellation.checkpoint() { throw .abandoned(reason) }
        program.defaultHidden = hidden(.empty, handles: program.handles)
        programs.withLock { programs in
            // Text scales and pixel scales are numbers: an API caller cycling through many of
            // them must not grow this without bound. Programs are cheap to compile again.
            if programs.count >= Self.maximumPrograms { programs.removeAll(keepingCapacity: true) }
            programs[key] = program
        }
        return program
    }

    /// Frames relative to each parent and in root space. With a scale, each edge is snapped
    /// once, from its exact position in root space; a frame is then given relative to its
    /// parent's snapped position, so that nested frames stay where their root frames are.
    ///
    /// Hidden elements (zero frames) do not count in the extent. A box whose overflow is not
    /// `visible` has its scroll size as the engine reported it (snapped with its frames).
    private func makeSnapshot(_ layout: ElementLayout, handles: [ElementHandle?], hidden: [ElementHandle], environment: LayoutEnvironment) -> DocumentSnapshot {
        let frames = layout.frames
        var entries: [DocumentSnapshot.Entry] = []
        entries.reserveCapacity(handles.count)
        // Where each element's internal space has its origin in root space: exact, and snapped.
        var origins: [CGPoint] = []
        var snappedOrigins: [CGPoint] = []
        origins.reserveCapacity(handles.count)
        snappedOrigins.reserveCapacity(handles.count)
        var extent = CGPoint.zero
        for (index, handle) in handles.enumerated() {
            let spec = document.elements[index]
            let parent = parentIndices[index]
            let container = containerIndices[index]
            let containerOrigin = container >= 0 ? origins[container] : .zero
            let snappedParentOrigin = parent >= 0 ? snappedOrigins[parent] : .zero
            let frame = handle.map { frames[$0.index] } ?? .zero
            let exact = frame.moved(by: containerOrigin.x, containerOrigin.y)
            let inRoot = environment.scale.map { PixelSnapping.snap(exact, scale: $0) } ?? exact
            origins.append(CGPoint(x: exact.origin.x - spec.boundsOrigin.x, y: exact.origin.y - spec.boundsOrigin.y))
            snappedOrigins.append(CGPoint(x: inRoot.origin.x - spec.boundsOrigin.x, y: inRoot.origin.y - spec.boundsOrigin.y))
            if hidden.isEmpty || !(handle.map(hidden.contains) ?? false) {
                extent.x = max(extent.x, inRoot.maxX)
                extent.y = max(extent.y, inRoot.maxY)
            }
            // Relative to the document parent's internal space: a scroll's children are
            // framed in content coordinates.
            let relative = inRoot.moved(by: -snappedParentOrigin.x, -snappedParentOrigin.y)
            entries.append(DocumentSnapshot.Entry(id: spec.id, frame: relative, inRoot: inRoot,
                                                  scrollSize: handle.flatMap { layout.scrollSize(at: $0.index) }))
        }
        return DocumentSnapshot(scheme: document.name, hash: document.hash, engine: LayoutEngine.version, environment: environment,
                                size: CGSize(width: extent.x, height: extent.y), elements: entries)
    }
}

private extension CGRect {
    /// The rect with its origin moved and its size as it is: Foundation's `offsetBy` would
    /// standardize a negative size, which the engine keeps (`docs/engine.md`).
    func moved(by dx: CGFloat, _ dy: CGFloat) -> CGRect {
        CGRect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }
}

extension SchemeDocument {
    /// Compiles the document for snapshots.
    public func compiled() -> CompiledDocument {
        CompiledDocument(document: self)
    }
}
