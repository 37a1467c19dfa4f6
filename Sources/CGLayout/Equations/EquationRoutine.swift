internal import Cassowary
import Foundation

/// What an equations block does each time it runs, decided when it is compiled: which
/// frames to read, which parameters to suggest, which frames to write.
struct EquationPlan: Sendable {
    /// A constant element: its frame, made global through its ancestors, pins its unknowns.
    struct Constant: Sendable {
        var slot: Int32
        /// The element's ancestors, parent first: their space offsets make its frame global.
        var chain: [Int32]
        var unknowns: EquationVariables.Unknowns
        var name: String
    }

    /// A solved element: where its parent space is, and where its frame goes.
    struct Output: Sendable {
        enum Origin: Sendable {
            case zero
            case solved(EquationVariables.Unknowns, boundsOrigin: CGPoint)
            /// The parent (and its ancestors): their space offsets give the origin, suggested
            /// to `parameters` when the element's position falls back on it.
            case given(chain: [Int32], parameters: (x: Variable, y: Variable)?)
        }

        var slot: Int32
        /// Its index in the system.
        var element: Int
        var unknowns: EquationVariables.Unknowns
        var origin: Origin
        var intrinsic: (width: Variable, height: Variable)
    }

    var ltr: BuiltEquationSystem
    /// `nil` when no equation mentions leading or trailing.
    var rtl: BuiltEquationSystem?
    var constants: [Constant]
    var outputs: [Output]
    /// The edit variables a run suggests, per direction, in order: each constant's x, y,
    /// width and height, then each output's intrinsic width and height and, for a `.given`
    /// origin the solver has parameters for, their x and y.
    var ltrEdits: [Variable]
    var rtlEdits: [Variable]
    /// Why equations were left out, per direction.
    var ltrIssue: LayoutError?
    var rtlIssue: LayoutError?
    var label: String

    init(system: EquationSystem, slots: [Int32], records: [ElementRecord], sizings: [ContentSizing], names: [String],
         descriptions: [String], label: String) {
        self.label = label
        let variables = system.makeVariables()
        func chain(from slot: Int32) -> [Int32] {
            var result: [Int32] = []
            var next = slot
            while next >= 0, result.count <= records.count {
                result.append(next)
                next = records[Int(next)].parent
            }
            return result
        }
        ltr = system.build(direction: .leftToRight, variables: variables)
        rtl = system.dependsOnDirection ? system.build(direction: .rightToLeft, variables: variables) : nil
        constants = []
        outputs = []
        for (index, element) in system.elements.enumerated() {
            let slot = slots[index]
            let unknowns = variables.unknowns[index]
            guard element.isSolved, let intrinsic = variables.intrinsicSizes[index] else {
                constants.append(Constant(slot: slot, chain: chain(from: records[Int(slot)].parent), unknowns: unknowns, name: names[index]))
                continue
            }
            let origin: Output.Origin
            switch element.origin {
            case .zero: origin = .zero
            case .solved(let parent, let boundsOrigin): origin = .solved(variables.unknowns[parent], boundsOrigin: boundsOrigin)
            case .given:
                origin = .given(chain: chain(from: records[Int(slot)].parent), parameters: variables.origins[index])
            }
            outputs.append(Output(slot: slot, element: index, unknowns: unknowns, origin: origin, intrinsic: intrinsic))
        }
        let (builtConstants, builtOutputs) = (constants, outputs)
        ltrEdits = Self.edits(ltr, constants: builtConstants, outputs: builtOutputs)
        rtlEdits = rtl.map { Self.edits($0, constants: builtConstants, outputs: builtOutputs) } ?? []
        ltrIssue = Self.issue(ltr.rejections, descriptions: descriptions, label: label)
        rtlIssue = rtl.flatMap { Self.issue($0.rejections, descriptions: descriptions, label: label) }
        // Every run starts from these solvers, and suggests its own values: from the values
        // of the elements as compiled, most runs change few of them (a fixed intrinsic size
        // never changes), and the dual simplex only works for what does. From zeros, every
        // run would move every intrinsic size, and pay for it. The start depends on the
        // compiled elements alone, so a run's frames do too.
        let compiled = CompiledElementStore(records: records, sizings: sizings)
        var solver = ltr.solver
        suggest(to: &solver, of: ltr, edits: ltrEdits, proposing: CompiledElementStore.unconstrained, store: compiled)
        ltr.solver = solver
        if let built = rtl {
            solver = built.solver
            suggest(to: &solver, of: built, edits: rtlEdits, proposing: CompiledElementStore.unconstrained, store: compiled)
            rtl?.solver = solver
        }
    }

    /// The edit variables a run of `built` suggests, in the order ``suggest(to:of:edits:proposing:store:)`` fills them.
    private static func edits(_ built: BuiltEquationSystem, constants: [Constant], outputs: [Output]) -> [Variable] {
        constants.flatMap { [$0.unknowns.x, $0.unknowns.y, $0.unknowns.width, $0.unknowns.height] }
            + outputs.flatMap { output -> [Variable] in
                let intrinsic = [output.intrinsic.width, output.intrinsic.height]
                guard case .given(_, let parameters?) = output.origin, built.originEdits.contains(output.element) else { return intrinsic }
                return intrinsic + [parameters.x, parameters.y]
            }
    }

    /// The solver and its edit variables for `direction`.
    func solver(for direction: LayoutDirection) -> (built: BuiltEquationSystem, edits: [Variable]) {
        if direction == .rightToLeft, let rtl { return (rtl, rtlEdits) }
        return (ltr, ltrEdits)
    }

    /// Suggests a run's values to every edit variable, at once (one dual simplex): the
    /// frames of the constants, the intrinsic sizes for `size`, the origins of the parent
    /// spaces.
    func suggest<Store: LayoutStore>(to solver: inout Solver, of built: BuiltEquationSystem, edits editVariables: [Variable],
                                     proposing size: CGSize, store: Store) {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: editVariables.count) { values in
            var next = 0
            func suggest(_ value: CGFloat) {
                values.initializeElement(at: next, to: Double(value))
                next += 1
            }
            for constant in constants {
                let frame = store.frame(constant.slot)
                let offset = EquationRoutine.offset(constant.chain, store)
                suggest(frame.origin.x + offset.x)
                suggest(frame.origin.y + offset.y)
                suggest(frame.size.width)
                suggest(frame.size.height)
            }
            for output in outputs {
                let intrinsic = store.sizeThatFits(size, output.slot)
                suggest(intrinsic.width)
                suggest(intrinsic.height)
                if case .given(let chain, _?) = output.origin, built.originEdits.contains(output.element) {
                    let offset = EquationRoutine.offset(chain, store)
                    suggest(offset.x)
                    suggest(offset.y)
                }
            }
            // Edit variables exist by construction, so suggestions cannot fail.
            try? solver.suggestValues(editVariables.indices.lazy.map { (editVariables[$0], values[$0]) })
        }
    }

    /// The first rejection, as an issue naming the equations.
    private static func issue(_ rejections: [EquationSystem.Rejection], descriptions: [String], label: String) -> LayoutError? {
        guard let first = rejections.first else { return nil }
        let equation = "'\(descriptions[first.equation])'"
        let more = rejections.count > 1 ? " (and \(rejections.count - 1) more left out)" : ""
        switch first.reason {
        case .invalidPriority:
            return LayoutError(.invalidPriority, "\(label): \(equation) has a priority outside 1…1000; it is left out\(more)")
        case .mixedDirections:
            return LayoutError(.mixedDirections, "\(label): \(equation) relates leading or trailing with left or right, which means nothing in both directions; it is left out\(more)")
        case .unsatisfiable(let conflicts):
            let others = conflicts.isEmpty ? "the required equations before it"
                : conflicts.map { "'\(descriptions[$0])'" }.joined(separator: ", ")
            return LayoutError(.unsatisfiable, "\(label): the required \(equation) cannot hold together with \(others); it is left out\(more)")
        }
    }
}

/// An equations block compiled into a scheme.
struct EquationRoutine: LayoutRoutine {
    let plan: EquationPlan
    let firstOutput: Int32

    func run<Store: LayoutStore>(
        in source: CGRect,
        direction: LayoutDirection,
        store: inout Store,
        outputs: UnsafeMutableBufferPointer<CGRect>
    ) -> LayoutError? {
        // A copy of the prebuilt solver: suggesting values copies its tables once, and the
        // compiled block stays shareable between threads.
        let (built, edits) = plan.solver(for: direction)
        var solver = built.solver
        plan.suggest(to: &solver, of: built, edits: edits, proposing: source.size, store: store)
        let peeled = built.peeled
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: peeled.unknowns.count) { values in
            peeled.compute(from: solver, into: values)
            func value(_ variable: Variable) -> Double { peeled.value(of: variable, in: solver, peeled: values) }
            for (index, output) in plan.outputs.enumerated() {
                let origin: CGPoint
                switch output.origin {
                case .zero: origin = .zero
                case .solved(let parent, let boundsOrigin):
                    origin = CGPoint(x: value(parent.x) - boundsOrigin.x, y: value(parent.y) - boundsOrigin.y)
                case .given(let chain, _):
                    origin = Self.offset(chain, store)
                }
                let frame = CGRect(x: value(output.unknowns.x) - origin.x, y: value(output.unknowns.y) - origin.y,
                                   width: value(output.unknowns.width), height: value(output.unknowns.height))
                store.setFrame(frame, of: output.slot)
                if firstOutput >= 0 { outputs[Int(firstOutput) + index] = frame }
            }
            if let issue = direction == .rightToLeft ? (plan.rtl == nil ? plan.ltrIssue : plan.rtlIssue) : plan.ltrIssue { return issue }
            return movedConstant(solver, store)
        }
    }

    /// An issue when the required equations moved a constant element: they cannot hold with
    /// the frames laid out before.
    private func movedConstant<Store: LayoutStore>(_ solver: Solver, _ store: Store) -> LayoutError? {
        for constant in plan.constants {
            let frame = store.frame(constant.slot)
            let offset = Self.offset(constant.chain, store)
            func moved(_ want: CGFloat, _ variable: Variable) -> Bool {
                abs(Double(want) - solver.value(of: variable)) > 1e-6 * Swift.max(1, abs(Double(want)))
            }
            if moved(frame.origin.x + offset.x, constant.unknowns.x) || moved(frame.origin.y + offset.y, constant.unknowns.y)
                || moved(frame.size.width, constant.unknowns.width) || moved(frame.size.height, constant.unknowns.height) {
                return LayoutError(.unsatisfiable, "\(plan.label): the required equations cannot hold with the frame of '\(constant.name)', which is laid out before them")
            }
        }
        return nil
    }

    @inline(__always)
    static func offset<Store: LayoutStore>(_ chain: [Int32], _ store: Store) -> CGPoint {
        var offset = CGPoint.zero
        for slot in chain {
            let step = store.spaceOffset(slot)
            offset.x += step.x
            offset.y += step.y
        }
        return offset
    }
}
