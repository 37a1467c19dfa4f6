import Foundation

/// Runs lowered steps against a store: `ENGINE.md` §5 and §6 as one flat loop.
///
/// The runner holds raw views of a `ProgramCode`'s tables, so the loop performs no reference
/// counting; the code must outlive the runner.
struct StepRunner<Store: LayoutStore> {
    /// The tables of rare steps are read through this reference; it is not retained, so
    /// creating a runner costs no reference counting.
    private let unmanagedCode: Unmanaged<ProgramCode>
    private let steps: UnsafeBufferPointer<Step>
    private let standardLayouts: UnsafeBufferPointer<StandardLayout>
    private let operations: UnsafeBufferPointer<LayoutOperation>
    private let direction: LayoutDirection
    var store: Store

    init(code: borrowing ProgramCode, direction: LayoutDirection, store: Store) {
        let lowered = code.lowered(direction)
        unmanagedCode = Unmanaged.passUnretained(code)
        steps = UnsafeBufferPointer(lowered.steps)
        standardLayouts = UnsafeBufferPointer(lowered.standardLayouts)
        operations = UnsafeBufferPointer(lowered.operations)
        self.direction = direction
        self.store = store
    }

    private var code: ProgramCode { unmanagedCode.takeUnretainedValue() }
    private var customLayouts: UnsafeBufferPointer<any RectBasedLayout> { UnsafeBufferPointer(code.customLayouts) }
    private var customConstraints: UnsafeBufferPointer<any RectBasedConstraint> { UnsafeBufferPointer(code.customConstraints) }

    /// Runs every step; each block writes its frame to `outputs`, and `failure` receives the
    /// first thing a routine could not lay out as asked. (It is a parameter, not a property,
    /// so that the runner stays a trivial value.)
    mutating func run(in source: CGRect, outputs: UnsafeMutableBufferPointer<CGRect>, failure: inout LayoutError?) {
        var space = source            // S
        var reference = CGRect.zero   // R
        var frame = CGRect.zero       // F
        var original = CGRect.zero    // O
        for step in steps {
            switch step {
            case .store(let slot, let output):
                store.setFrame(frame, of: slot)
                if output >= 0 { outputs[Int(output)] = frame }
                space = source
            case .storeZero(let output):
                outputs[Int(output)] = .zero
                space = source
            case .routine(let index):
                let problem = code.routines[Int(index)].run(in: space, direction: direction, store: &store, outputs: outputs)
                if failure == nil { failure = problem }
                space = source

            case .frame(let slot):
                reference = store.frame(slot)
            case .layoutBounds(let slot):
                reference = store.layoutBounds(slot)
            case .baseline(let slot):
                let element = store.frame(slot)
                reference = CGRect(x: element.origin.x, y: element.origin.y + store.baselineOffset(slot), width: element.size.width, height: 0)
            case .sourceReference:
                reference = space
            case .transformedSource(let index):
                reference = code.sourceTransforms[Int(index)](space)
            case .fitted(let slot):
                original = space
                reference = CGRect(origin: space.origin, size: store.sizeThatFits(space.size, slot))
            case .transform(let index):
                space = code.sourceTransforms[Int(index)](space)
            case .addOffset(let slot):
                let offset = store.spaceOffset(slot)
                reference.origin.x += offset.x
                reference.origin.y += offset.y
            case .subtractOffset(let slot):
                let offset = store.spaceOffset(slot)
                reference.origin.x -= offset.x
                reference.origin.y -= offset.y

            case .edge(let edge):
                edge.apply(to: &space, reference: reference)
            case .edgeOfFrame(let slot, let edge):
                edge.apply(to: &space, reference: store.frame(slot))
            case .center(let mode):
                mode.apply(to: &space, reference: reference)
            case .dimension(let axis, let index):
                var interval = space.interval(axis)
                interval.length = code.dimensions[Int(index)].value(reference: reference)
                space.setInterval(interval, axis)
            case .insets(let index):
                space = space.inset(by: code.insets[Int(index)])
            case .rect(let index):
                space = code.rects[Int(index)]
            case .equally:
                space = reference
            case .relation(let relation):
                relation.apply(to: &space, reference: reference)
            case .customAnchor(let index):
                customConstraints[Int(index)].formConstrain(sourceRect: &space, by: reference, direction: direction)
            case .alignInOriginal(let index):
                operations[Int(index)].apply(to: &space, in: original, direction: direction, customLayouts: customLayouts)

            case .standardLayoutAndStore(let index, let slot, let output):
                let layout = standardLayouts.baseAddress.unsafelyUnwrapped + Int(index)
                let width = layout.pointee.width.length(in: space.size.width)
                let height = layout.pointee.height.length(in: space.size.height)
                let result = CGRect(
                    x: layout.pointee.x.origin(length: width, in: space.interval(.horizontal)),
                    y: layout.pointee.y.origin(length: height, in: space.interval(.vertical)),
                    width: width,
                    height: height
                )
                store.setFrame(result, of: slot)
                if output >= 0 { outputs[Int(output)] = result }
                space = source
            case .currentFrame(let slot):
                frame = store.frame(slot)
            case .layout(let index):
                operations[Int(index)].apply(to: &frame, in: space, direction: direction, customLayouts: customLayouts)
            }
        }
    }
}
