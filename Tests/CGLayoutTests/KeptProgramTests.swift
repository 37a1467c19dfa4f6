import CGLTestSupport
import Foundation
import Synchronization
import Testing

@testable import CGLayout

/// A scheme keeps its compiled program between layouts: what changes between layouts is
/// read as the program runs, what changes the program compiles it again, and either way
/// the frames are those a fresh scheme gives.
@Suite(.serialized) struct KeptProgramTests {
    /// A feed cell: avatar, a name label that measures its text, a body below it, a menu.
    final class Cell {
        let root = LayoutView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), identifier: "cell")
        let avatar = LayoutView(identifier: "avatar")
        let name = LayoutLabel(identifier: "name", text: TextMetrics(string: "Ada Lovelace", advance: 8, lineHeight: 18))
        let body = LayoutLabel(identifier: "body", text: TextMetrics(length: 40, advance: 7, lineHeight: 16))
        let photo = LayoutView(identifier: "photo")
        let menu = LayoutView(identifier: "menu")
        /// In block order, as snapshots list their frames.
        var elements: [LayoutView] { [avatar, menu, name, body, photo] }

        init() {
            for view in elements { root.addSubview(view) }
            photo.contentSizing = .aspect(CGSize(width: 1200, height: 800))
        }

        var blocks: [any LayoutBlockProtocol] {
            [
                avatar.layoutBlock(with: Layout(x: .leading(12), y: .top(12), width: .fixed(40), height: .fixed(40))),
                menu.layoutBlock(with: Layout(x: .trailing(12), y: .top(12), width: .fixed(24), height: .fixed(24))),
                name.layoutBlock(with: Layout(x: .leading(8), y: .top(12), width: .boxed(8), height: .fixed(18)),
                                 constraints: [avatar.layoutConstraint(for: [.trailing(.limit(on: .outer))]),
                                               menu.layoutConstraint(for: [.leading(.limit(on: .outer))]),
                                               name.adjustLayoutConstraint(for: [.width()])]),
                body.layoutBlock(with: Layout(x: .leading(12), y: .top(8), width: .boxed(12), height: .scaled(1)),
                                 constraints: [avatar.layoutConstraint(for: [.bottom(.align(by: .outer))]), body.adjustLayoutConstraint(for: [.height()])]),
                photo.layoutBlock(with: Layout(x: .leading(0), y: .top(8), width: .scaled(1), height: .scaled(1)),
                                  constraints: [body.layoutConstraint(for: [.bottom(.align(by: .outer))]), photo.adjustLayoutConstraint(for: [.height()])]),
            ]
        }

        var frames: [CGRect] { elements.map(\.frame) }
    }

    /// What a scheme built now from the same blocks lays out: compiled from scratch.
    private func freshFrames(_ cell: Cell, blocks: [any LayoutBlockProtocol]? = nil, direction: LayoutDirection = .leftToRight) -> [CGRect] {
        let saved = cell.frames
        LayoutScheme(blocks: blocks ?? cell.blocks).layout(in: cell.root.layoutBounds, direction: direction)
        let frames = cell.frames
        for (view, frame) in zip(cell.elements, saved) { view.frame = frame }
        return frames
    }

    @Test func contentThatChangesIsReadAtLayoutTimeWithoutCompiling() {
        let cell = Cell()
        let scheme = LayoutScheme(blocks: cell.blocks)
        // Read before the layout that compiles: other tests move the generation meanwhile.
        let moves = LayoutInvalidation.generation
        scheme.layout(in: cell.root.layoutBounds)
        for length in [10, 80, 200, 0] {
            // A label's text, a photo's aspect: content, read as the program runs.
            cell.body.textMetrics = TextMetrics(length: length, advance: 7, lineHeight: 16)
            cell.name.textMetrics = TextMetrics(string: String(repeating: "x", count: length / 4 + 1), advance: 8, lineHeight: 18)
            cell.photo.contentSizing = .aspect(CGSize(width: 800, height: 1000 + length))
            let expected = freshFrames(cell)
            scheme.layout(in: cell.root.layoutBounds)
            #expect(cell.frames == expected, "body of \(length) characters")
            #expect(scheme.snapshot(for: cell.root.layoutBounds).frames == expected)
        }
        // No compile for the layouts above beyond the moves of the generation (other tests,
        // running meanwhile, create and free views, which moves it).
        let before = scheme.keptProgramCompilations
        for _ in 0..<50 { scheme.layout(in: cell.root.layoutBounds) }
        #expect(scheme.keptProgramCompilations - before <= Int(LayoutInvalidation.generation - moves))
    }

    @Test func aNewSuperviewCompilesAgain() {
        let cell = Cell()
        let scheme = LayoutScheme(blocks: cell.blocks)
        scheme.layout(in: cell.root.layoutBounds)
        // The body moves into a card inset by 20: its frame is now in the card's space.
        let card = LayoutView(frame: CGRect(x: 20, y: 30, width: 335, height: 500), identifier: "card")
        cell.root.addSubview(card)
        card.addSubview(cell.body)
        let expected = freshFrames(cell)
        scheme.layout(in: cell.root.layoutBounds)
        #expect(cell.frames == expected)
        // Below the avatar (12 + 40 + 8 in the cell), in the card's space.
        #expect(cell.body.frame.minY == CGFloat(60 - 30))
    }

    @Test func changedBlocksCompileAgain() {
        let cell = Cell()
        var scheme = LayoutScheme(blocks: cell.blocks)
        scheme.layout(in: cell.root.layoutBounds)
        // The scheme's own list.
        scheme.blocks[0] = cell.avatar.layoutBlock(with: Layout(x: .leading(30), y: .top(30), width: .fixed(60), height: .fixed(60)))
        var expected = freshFrames(cell, blocks: scheme.blocks)
        scheme.layout(in: cell.root.layoutBounds)
        #expect(cell.frames == expected)
        #expect(cell.avatar.frame == CGRect(x: 30, y: 30, width: 60, height: 60))
        // A block, changed in place (a class shared with the scheme).
        let block = try! #require(scheme.blocks[1] as? LayoutBlock)
        block.layout = Layout(x: .trailing(40), y: .top(12), width: .fixed(24), height: .fixed(24))
        expected = freshFrames(cell, blocks: scheme.blocks)
        scheme.layout(in: cell.root.layoutBounds)
        #expect(cell.frames == expected)
        #expect(cell.menu.frame.minX == CGFloat(375 - 40 - 24))
        // A constraint switched off.
        let switchable = cell.body.adjustLayoutConstraint(for: [.height()]).active(true)
        scheme.blocks[3] = cell.body.layoutBlock(with: Layout(x: .leading(12), y: .top(8), width: .boxed(12), height: .scaled(1)),
                                                 constraints: [cell.avatar.layoutConstraint(for: [.bottom(.align(by: .outer))]), switchable])
        expected = freshFrames(cell, blocks: scheme.blocks)
        scheme.layout(in: cell.root.layoutBounds)
        #expect(cell.frames == expected)
        #expect(cell.body.frame.height == CGFloat(16))   // 40 characters of 7 points: one line in 351
        switchable.isEnabled = false
        expected = freshFrames(cell, blocks: scheme.blocks)
        scheme.layout(in: cell.root.layoutBounds)
        #expect(cell.frames == expected)
        #expect(cell.body.frame.height == CGFloat(600))   // the source, moved below the avatar, keeps its height
    }

    /// Copies of a scheme keep their own programs once their blocks differ.
    @Test func aCopyWithOtherBlocksKeepsItsOwnProgram() {
        let cell = Cell()
        let original = LayoutScheme(blocks: cell.blocks)
        var copy = original
        copy.blocks.removeLast()
        original.layout(in: cell.root.layoutBounds)
        let withPhoto = cell.photo.frame
        cell.photo.frame = .zero
        copy.layout(in: cell.root.layoutBounds)
        #expect(cell.photo.frame == .zero)
        original.layout(in: cell.root.layoutBounds)
        #expect(cell.photo.frame == withPhoto && withPhoto.height > 0)
    }

    @Test func anElementThatWentAwayDropsOut() {
        let cell = Cell()
        var transient: LayoutView? = LayoutView(identifier: "transient")
        cell.root.addSubview(transient!)
        let scheme = LayoutScheme(blocks: cell.blocks + [transient!.layoutBlock(with: Layout(x: .leading(1), y: .top(1), width: .fixed(5), height: .fixed(5)))])
        scheme.layout(in: cell.root.layoutBounds)
        #expect(transient!.frame == CGRect(x: 1, y: 1, width: 5, height: 5))
        transient!.removeFromSuperview()
        transient = nil
        scheme.layout(in: cell.root.layoutBounds)
        #expect(scheme.snapshot(for: cell.root.layoutBounds).frames.last == .zero)
        #expect(cell.frames == freshFrames(cell))
    }

    @Test func applyWritesASnapshotWithoutCompiling() throws {
        let cell = Cell()
        let scheme = LayoutScheme(blocks: cell.blocks)
        // Read first: a test running beside this one may move the hierarchy's generation
        // between the snapshot's compilation and the applies, which then compile again.
        let moves = LayoutInvalidation.generation
        let narrow = scheme.snapshot(for: CGRect(x: 0, y: 0, width: 320, height: 600), direction: .rightToLeft)
        let compiled = scheme.keptProgramCompilations
        for _ in 0..<20 { try scheme.apply(snapshot: narrow) }
        #expect(scheme.keptProgramCompilations - compiled <= Int(LayoutInvalidation.generation - moves))
        #expect(cell.frames == narrow.frames)
        #expect(cell.avatar.frame == CGRect(x: 320 - 12 - 40, y: 12, width: 40, height: 40))
    }

    /// A stack guide lays out its items whenever its frame is set: with a kept program, and
    /// again compiled when its items change.
    @Test func aStackGuideKeepsTheProgramOfItsItems() {
        let moves = LayoutInvalidation.generation   // before the first layout, which compiles
        let root = LayoutView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let stack = StackLayoutGuide()
        stack.add(to: root)
        let items = (0..<3).map { LayoutView(identifier: "item\($0)") }
        stack.addArrangedElements(items)
        stack.scheme.spacing = .equal(10)
        stack.frame = CGRect(x: 0, y: 0, width: 300, height: 44)
        let before = stack.contentProgram.compilations.load(ordering: .relaxed)
        #expect(before >= 1, "the guide lays out its items with the program it keeps")
        for width in stride(from: 200.0, through: 300, by: 10) {
            stack.frame = CGRect(x: 0, y: 0, width: width, height: 44)
            // (width − 2 × 10) / 3 each, 10 apart.
            #expect(abs(items[2].frame.maxX - width) < 1e-9 && abs(items[0].frame.width - (width - 20) / 3) < 1e-9)
        }
        #expect(stack.contentProgram.compilations.load(ordering: .relaxed) - before <= Int(LayoutInvalidation.generation - moves))
        let fourth = LayoutView(identifier: "item3")
        stack.addArrangedElement(fourth)
        stack.frame = CGRect(x: 0, y: 0, width: 330, height: 44)
        #expect(fourth.frame == CGRect(x: 330 - 75, y: 0, width: 75, height: 44))   // (330 − 30) / 4
    }

    /// A stack guide measured by a scheme (adjusted to its items' size) measures its items
    /// as they are now, as a fresh compile does, and the scheme keeps its program.
    @Test func aStackGuideIsMeasuredWithItsItemsAsTheyAreNow() {
        let root = LayoutView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let stack = StackLayoutGuide()
        stack.add(to: root)
        let labels = (0..<2).map { LayoutLabel(identifier: "label\($0)", text: TextMetrics(length: 10, advance: 7, lineHeight: 18)) }
        stack.addArrangedElements(labels)
        stack.scheme.axis = .vertical
        stack.scheme.crossAlignment = .leading
        stack.scheme.filling = .equal(18)
        stack.scheme.spacing = .equal(4)
        let scheme = LayoutScheme(blocks: [stack.layoutBlock(with: Layout(x: .left(0), y: .top(0), width: .scaled(1), height: .scaled(1)),
                                                             constraints: [stack.adjustLayoutConstraint(for: [.width()])])])
        let moves = LayoutInvalidation.generation   // before the first layout, which compiles
        scheme.layout(in: root.layoutBounds)
        let narrow = stack.frame
        let compiled = scheme.keptProgramCompilations
        labels[1].textMetrics = TextMetrics(length: 30, advance: 7, lineHeight: 18)   // content: no recompile
        scheme.layout(in: root.layoutBounds)
        #expect(stack.frame.width > narrow.width)
        let fresh = LayoutScheme(blocks: scheme.blocks).compiled().snapshot(for: root.layoutBounds).frames[0]
        #expect(stack.frame == fresh)
        #expect(scheme.snapshot(for: root.layoutBounds).frames[0] == fresh)
        #expect(scheme.keptProgramCompilations - compiled <= Int(LayoutInvalidation.generation - moves))
        // The other item growing past it widens the stack again.
        labels[0].textMetrics = TextMetrics(length: 40, advance: 7, lineHeight: 18)
        scheme.layout(in: root.layoutBounds)
        #expect(stack.frame == LayoutScheme(blocks: scheme.blocks).compiled().snapshot(for: root.layoutBounds).frames[0])
        #expect(abs(stack.frame.width - 40 * 7) < 1e-9)
    }

    /// An equations block solves with the baselines it was compiled with: a changed baseline
    /// compiles it again.
    @Test func anEquationsBlockFollowsAChangedBaseline() {
        let root = LayoutView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let label = LayoutLabel(identifier: "label", text: TextMetrics(length: 5, advance: 7, lineHeight: 20), baselineOffset: 15)
        root.addSubview(label)
        let scheme = LayoutScheme(blocks: [LinearLayoutBlock {
            label[.leading] == root[.leading] + 10
            label[.width] == 100
            label[.height] == 20
            label[.baseline] == root[.top] + 50
        }])
        scheme.layout(in: root.layoutBounds)
        #expect(label.frame.minY == CGFloat(50 - 15))
        label.baselineOffset = 12
        scheme.layout(in: root.layoutBounds)
        #expect(label.frame.minY == CGFloat(50 - 12))
        #expect(scheme.snapshot(for: root.layoutBounds).frames == LayoutScheme(blocks: scheme.blocks).compiled().snapshot(for: root.layoutBounds).frames)
    }

    /// An element of a type of yours is held weakly by the program too: once it is gone, the
    /// scheme compiles again without it.
    @Test func anElementOfYourOwnTypeThatWentAwayDropsOut() {
        final class Box: LayoutElement {
            var frame: CGRect = .zero
            var bounds: CGRect { get { CGRect(origin: .zero, size: frame.size) } set { frame.size = newValue.size } }
            weak var owner: LayoutView?
            var superElement: (any LayoutElement)? { owner }
            var layoutBoundsRule: LayoutBoundsRule { .bounds(insetBy: .zero) }
        }
        let root = LayoutView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        var box: Box? = Box()
        box!.owner = root
        let kept = LayoutView()
        root.addSubview(kept)
        let scheme = LayoutScheme(blocks: [box!.layoutBlock(with: Layout(x: .left(5), y: .top(5), width: .fixed(10), height: .fixed(10))),
                                           kept.layoutBlock(with: Layout(x: .left(20), y: .top(5), width: .fixed(10), height: .fixed(10)))])
        scheme.layout(in: root.layoutBounds)
        #expect(box!.frame == CGRect(x: 5, y: 5, width: 10, height: 10))
        box = nil
        let frames = scheme.snapshot(for: root.layoutBounds).frames
        #expect(frames == [.zero, CGRect(x: 20, y: 5, width: 10, height: 10)])
    }

    /// A view subclass that overrides `frame` and `bounds` is read and written through them.
    @Test func overridesOfFrameAndBoundsAreHonoured() {
        final class Counting: LayoutView {
            var assignments = 0
            override var frame: CGRect { didSet { assignments += 1 } }
            override var bounds: CGRect {
                get { CGRect(origin: CGPoint(x: 0, y: 7), size: frame.size) }   // a fixed scroll offset
                set { frame.size = newValue.size }
            }
        }
        let root = Counting(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let child = LayoutView()
        root.addSubview(child)
        let scheme = LayoutScheme(blocks: [root.layoutBlock(with: Layout(x: .left(10), y: .top(10), width: .fixed(200), height: .fixed(100))),
                                           child.layoutBlock(with: Layout(x: .left(0), y: .top(0), width: .fixed(20), height: .fixed(20)),
                                                             constraints: [root.contentLayoutConstraint(for: [.top(.align(by: .inner))])])])
        let expected = LayoutScheme(blocks: scheme.blocks).compiled().snapshot(for: CGRect(x: 0, y: 0, width: 400, height: 300)).frames
        let before = root.assignments
        scheme.layout(in: CGRect(x: 0, y: 0, width: 400, height: 300))
        #expect(root.assignments > before)
        #expect([root.frame, child.frame] == expected)
        #expect(scheme.snapshot(for: CGRect(x: 0, y: 0, width: 400, height: 300)).frames == expected)
    }

    /// Many threads snapshot one scheme while its program is thrown away and compiled
    /// again and again: every snapshot is whole (the program a thread runs is never one
    /// that another thread is building).
    @Test func threadsSnapshottingWhileTheProgramIsCompiledAgainSeeWholePrograms() {
        final class Counters: Sendable {
            let stop = Atomic<Bool>(false)
            let invalidations = Atomic<Int>(0)
            let wrong = Atomic<Int>(0)
        }
        let cell = Cell()
        let scheme = LayoutScheme(blocks: cell.blocks)
        let bounds = cell.root.layoutBounds
        let expected = scheme.snapshot(for: bounds).frames
        let rtl = scheme.snapshot(for: bounds, direction: .rightToLeft).frames
        let counters = Counters()
        // The elements are only read meanwhile; nothing assigns their frames.
        nonisolated(unsafe) let shared = scheme
        let invalidator = Thread {
            while !counters.stop.load(ordering: .relaxed) {
                LayoutInvalidation.invalidateCompiledLayouts()
                counters.invalidations.add(1, ordering: .relaxed)
            }
        }
        invalidator.start()
        DispatchQueue.concurrentPerform(iterations: 6) { thread in
            for iteration in 0..<400 {
                let direction: LayoutDirection = (thread + iteration).isMultiple(of: 2) ? .leftToRight : .rightToLeft
                let frames = shared.snapshot(for: bounds, direction: direction).frames
                if frames != (direction == .leftToRight ? expected : rtl) { counters.wrong.add(1, ordering: .relaxed) }
            }
        }
        counters.stop.store(true, ordering: .relaxed)
        while invalidator.isExecuting { usleep(1000) }
        #expect(counters.wrong.load(ordering: .relaxed) == 0)
        #expect(counters.invalidations.load(ordering: .relaxed) > 0)
    }

    /// Threads snapshot one scheme while its owner thread lays it out at other widths: every
    /// snapshot and every layout has the frames a fresh scheme gives for its width. (A
    /// snapshot reads no frame the scheme assigns, because it computes each before using it;
    /// see `ReadingStore`.)
    @Test func threadsSnapshottingWhileTheOwnerLaysOutSeeNoTornState() {
        final class Counters: Sendable {
            let stop = Atomic<Bool>(false)
            let snapshots = Atomic<Int>(0)
            let wrong = Atomic<Int>(0)
            let running = Atomic<Int>(0)
        }
        let cell = Cell()
        let widths = Array(stride(from: CGFloat(320), through: 414, by: 2))
        let bounds = widths.map { CGRect(x: 0, y: 0, width: $0, height: 600) }
        // For each width, what a scheme compiled from scratch lays out.
        let expected = bounds.map { LayoutScheme(blocks: cell.blocks).snapshot(for: $0).frames }
        let scheme = LayoutScheme(blocks: cell.blocks)
        let moves = LayoutInvalidation.generation   // before the first layout, which compiles
        scheme.layout(in: bounds[0])
        let compiled = scheme.keptProgramCompilations
        // The owner only assigns frames meanwhile; the other threads only take snapshots.
        nonisolated(unsafe) let shared = scheme
        let counters = Counters()
        let snapshotters = 3
        for thread in 0..<snapshotters {
            counters.running.add(1, ordering: .relaxed)
            Thread {
                var index = thread
                while !counters.stop.load(ordering: .relaxed) {
                    index = (index * 7 + 3) % bounds.count
                    if shared.snapshot(for: bounds[index]).frames != expected[index] { counters.wrong.add(1, ordering: .relaxed) }
                    counters.snapshots.add(1, ordering: .relaxed)
                }
                counters.running.subtract(1, ordering: .releasing)
            }.start()
        }
        var wrongLayouts = 0
        for round in 0..<3_000 {
            let index = round % bounds.count
            scheme.layout(in: bounds[index])
            if cell.frames != expected[index] { wrongLayouts += 1 }
        }
        counters.stop.store(true, ordering: .relaxed)
        while counters.running.load(ordering: .acquiring) > 0 { usleep(1000) }
        #expect(wrongLayouts == 0)
        #expect(counters.wrong.load(ordering: .relaxed) == 0)
        #expect(counters.snapshots.load(ordering: .relaxed) > 0)
        // The owner's layouts and the snapshots ran the kept program: each thread compiles
        // again at most once per move of the generation (other tests create views).
        let generationMoves = Int(LayoutInvalidation.generation - moves)
        #expect(scheme.keptProgramCompilations - compiled <= (snapshotters + 1) * generationMoves)
    }

    /// Views that no program compiled move nothing when they come, move and go, so that a
    /// kept program is not compiled again for them; a compiled view, or an ancestor of one,
    /// does.
    @Test func onlyViewsAProgramCompiledMoveTheGeneration() {
        let recorder = InvalidationRecorder()
        LayoutInvalidation.$recorder.withValue(recorder) {
            let cell = Cell()
            let container = LayoutView(identifier: "container")
            cell.root.addSubview(container)
            let inner = LayoutView(identifier: "inner")
            container.addSubview(inner)
            let scheme = LayoutScheme(blocks: cell.blocks + [inner.layoutBlock(with: Layout(x: .left(4), y: .top(4), width: .fixed(10), height: .fixed(10)))])
            scheme.layout(in: cell.root.layoutBounds)
            let before = recorder.count.load(ordering: .relaxed)

            // A screen's worth of views built, moved and thrown away beside the cell.
            for index in 0..<50 {
                let view = LayoutView(identifier: "other\(index)")
                cell.root.addSubview(view)
                let child = LayoutView()
                view.addSubview(child)
                child.removeFromSuperview()
                view.removeFromSuperview()
                let guide = LayoutGuide()
                guide.add(to: cell.root)
                guide.removeFromOwner()
            }
            #expect(recorder.count.load(ordering: .relaxed) == before, "views and guides no program compiled moved the generation")

            // A view the program compiled, and the ancestor of one, do.
            cell.menu.removeFromSuperview()
            #expect(recorder.count.load(ordering: .relaxed) == before + 1)
            let elsewhere = LayoutView(frame: CGRect(x: 0, y: 100, width: 200, height: 200))
            elsewhere.addSubview(container)
            #expect(recorder.count.load(ordering: .relaxed) == before + 3)   // removed from the root, added
            // And the next layout is a fresh scheme's.
            let bounds = cell.root.layoutBounds
            let fresh = LayoutScheme(blocks: cell.blocks + [inner.layoutBlock(with: Layout(x: .left(4), y: .top(4), width: .fixed(10), height: .fixed(10)))])
            #expect(scheme.snapshot(for: bounds).frames == fresh.snapshot(for: bounds).frames)
        }
    }
}
