import BenchmarkSupport
import Cassowary

// The scenarios, mirrored constraint for constraint (same order) by Benchmarks/kiwi/kiwi_bench.cpp.
// Each returns a checksum that any optimal solution shares, so that both sides can be
// checked to solve the same problem and nothing is optimised away.

/// (a) `x[i] >= x[i-1] + 10` (required) and `x[i] == 20·i` (weak): build, solve, read all.
func chain(_ count: Int) -> Double {
    let x = (0..<count).map { Variable("x\($0)") }
    var solver = Solver()
    for i in 0..<count {
        if i > 0 { try! solver.add(x[i] >= x[i - 1] + 10) }
        try! solver.add((x[i] == 20 * Double(i)) ~ .weak)
    }
    return x.reduce(0) { $0 + solver.value(of: $1) }
}

/// Extra: `x[i] >= 10`, then `x[i] == 20` (required). Each equality finds `x[i]` basic, so
/// it can only enter through phase one (an artificial variable), with a positive constant:
/// the path on which the solver snapshots itself to undo a failure.
func phaseOne(_ count: Int) -> Double {
    let x = (0..<count).map { _ in Variable() }
    var solver = Solver()
    for variable in x { try! solver.add(variable >= 10) }
    for variable in x { try! solver.add(variable == 20) }
    return x.reduce(0) { $0 + solver.value(of: $1) }
}

/// The three unknowns of a view's horizontal frame.
struct View {
    let left = Variable("left"), width = Variable("width"), right = Variable("right")
}

/// (b), (c): rows of views laid out left to right in a container whose width is an edit
/// variable (strong); each view `right == left + width`, `width >= 20`, 8 points after its
/// predecessor (or the container's edge), `width == 100` (medium); with `capped`, each
/// row's end is at most the container's width minus 8.
struct Layout {
    var solver = Solver()
    let container = Variable("container")
    var views: [View] = []

    init(rows: Int, columns: Int, capped: Bool) {
        views = (0..<rows * columns).map { _ in View() }
        for row in 0..<rows {
            for column in 0..<columns {
                let view = views[row * columns + column]
                try! solver.add(view.right == view.left + view.width)
                try! solver.add(view.width >= 20)
                if column == 0 {
                    try! solver.add(view.left == 8)
                } else {
                    try! solver.add(view.left == views[row * columns + column - 1].right + 8)
                }
                try! solver.add((view.width == 100) ~ .medium)
            }
            if capped { try! solver.add(views[row * columns + columns - 1].right + 8 <= container) }
        }
        try! solver.addEditVariable(container, strength: .strong)
    }

    /// Every value once, as after building.
    func read() -> Double {
        views.reduce(solver.value(of: container)) { $0 + solver.value(of: $1.right) - solver.value(of: $1.left) }
    }

    /// 50 suggestions from 1000 down to 300, reading every frame after each; returns the
    /// sum of all widths plus the container's values.
    mutating func edit() -> Double {
        var checksum = 0.0
        for step in 0..<50 {
            try! solver.suggestValue(container, 1000 - Double(step) * (700 / 49))
            for view in views { checksum += solver.value(of: view.right) - solver.value(of: view.left) }
            checksum += solver.value(of: container)
        }
        return checksum
    }
}

/// What a benchmark must hold: described for the table, judged on the Swift and kiwi timings.
struct Target: Sendable {
    let description: String
    let met: @Sendable (_ swift: Timing, _ kiwi: Timing?) -> Bool?

    init(_ description: String, met: @escaping @Sendable (_ swift: Timing, _ kiwi: Timing?) -> Bool?) {
        self.description = description
        self.met = met
    }

    /// The solver scenarios' target.
    static let withinTwiceKiwi = Target("within 2× of kiwi") { swift, kiwi in
        kiwi.map { swift.medianNanoseconds / $0.medianNanoseconds <= 2 }
    }
}

/// A benchmark: an untimed setup, then a timed body returning a checksum.
struct Scenario: Sendable {
    let name: String
    let samples: Int
    let summary: String
    /// kiwi_bench's scenario to run beside it, if kiwi has one.
    let kiwi: String?
    /// Whether kiwi's checksum must equal ours: only when both solve the same problem to a
    /// unique optimum.
    let comparesChecksums: Bool
    let target: Target
    let run: @Sendable (_ samples: Int) -> Result

    struct Result {
        var samples: [Double] = []
        var checksum = 0.0
        /// Allocations in one run of the timed part; `nil` without the interposer.
        var allocations: Int?
    }

    /// What kiwi runs beside a scenario.
    enum Peer {
        /// kiwi_bench's scenario of the same name: the same problem, so the checksums agree.
        case sameProblem
        /// Another of kiwi_bench's scenarios, whose checksum differs.
        case scenario(String)
        /// Nothing: kiwi has no counterpart.
        case none
    }

    static func timed<State>(_ name: String, samples: Int, _ summary: String, kiwi peer: Peer = .sameProblem, target: Target = .withinTwiceKiwi,
                             setup: @escaping @Sendable () -> State, body: @escaping @Sendable (inout State) -> Double) -> Scenario {
        let kiwi: String? = switch peer {
        case .sameProblem: name
        case .scenario(let other): other
        case .none: nil
        }
        return Scenario(name: name, samples: samples, summary: summary, kiwi: kiwi, comparesChecksums: kiwi == name,
                 target: target) { count in
            var result = Result()
            var warmUp = setup()
            result.checksum = body(&warmUp)
            for _ in 0..<count {
                var state = setup()
                let start = ContinuousClock.now
                let value = body(&state)
                let elapsed = ContinuousClock.now - start
                if value != result.checksum { result.checksum = value }
                result.samples.append(Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9)
            }
            var counted = setup()
            result.allocations = countAllocations { _ = body(&counted) }
            return result
        }
    }
}

let scenarios: [Scenario] = [
    .timed("chain-100", samples: 300, "chain of 100: build and solve", setup: {}, body: { _ in chain(100) }),
    .timed("chain-1000", samples: 30, "chain of 1000: build and solve", setup: {}, body: { _ in chain(1000) }),
    .timed("chain-5000", samples: 6, "chain of 5000: build and solve", setup: {}, body: { _ in chain(5000) }),
    .timed("grid-50x10-edit", samples: 30, "50×10 views, 50 container edits, all frames read",
           setup: { Layout(rows: 50, columns: 10, capped: true) }, body: { $0.edit() }),
    .timed("row-500-edit", samples: 60, "1×500 views, no cap, 50 container edits, all frames read",
           setup: { Layout(rows: 1, columns: 500, capped: false) }, body: { $0.edit() }),
    // Extras, beyond the three: building the layouts above, and phase one.
    .timed("grid-50x10-build", samples: 30, "extra: build the 50×10 layout, read all frames",
           setup: {}, body: { _ in Layout(rows: 50, columns: 10, capped: true).read() }),
    .timed("row-500-build", samples: 30, "extra: build the 1×500 layout, read all frames",
           setup: {}, body: { _ in Layout(rows: 1, columns: 500, capped: false).read() }),
    .timed("phase-one-1000", samples: 30, "extra: 1000 required equalities added through phase one",
           setup: {}, body: { _ in phaseOne(1000) }),
] + equationDocumentScenarios()
