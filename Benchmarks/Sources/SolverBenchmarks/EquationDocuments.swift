import CGLDocument
import Foundation
import Synchronization

// Documents of linear equations (issue 18), through the document layer — validation,
// compilation, the first environment and every further one: the chain that issue measured,
// against kiwi given the same equations (Benchmarks/kiwi/kiwi_bench.cpp, `chain-eq-*`), and
// a grid.
//
// The chain, per element after the first: `e[i].left == e[i-1].right + 1`, `e[i].top == e[i-1].top +
// 0.5`, `e[i].width == 0.5 * e[i-1].width + 5 ~ 750`, `e[i].height == e[i-1].height`,
// `e[i].width >= 3`: five equations, ~2 000 at 400 elements. The first element hangs off
// the safe area and takes a quarter of the root's width, so that every frame moves with
// the environment and a further environment is real work.

/// The chain document of `count` elements, as JSON.
func equationChainDocument(_ count: Int) -> Data {
    var equations = [
        "e0.left == $safeArea.left", "e0.top == $safeArea.top", "e0.width == 0.25 * $root.width", "e0.height == 20",
    ]
    for i in 1..<count {
        equations += [
            "e\(i).left == e\(i - 1).right + 1", "e\(i).top == e\(i - 1).top + 0.5",
            "e\(i).width == 0.5 * e\(i - 1).width + 5 ~ 750", "e\(i).height == e\(i - 1).height", "e\(i).width >= 3",
        ]
    }
    return equationDocument("equation-chain-\(count)", ids: (0..<count).map { "e\($0)" }, equations: equations)
}

/// A grid of `side` × `side` cells as equations, five per cell: equal widths that share the
/// safe area's width, columns aligned on the first row, each row below the one above, and
/// heights of three quarters of the width (at 750, against a minimum of 20 and each cell's
/// intrinsic height). Unlike the chain, every position is shared by several equations, so
/// little can be taken out of the solver.
func equationGridDocument(_ side: Int) -> Data {
    func cell(_ row: Int, _ column: Int) -> String { "c\(row)_\(column)" }
    var equations: [String] = []
    for row in 0..<side {
        for column in 0..<side {
            let id = cell(row, column)
            if row == 0 && column == 0 {
                equations += ["\(id).left == $safeArea.left + 8", "\(id).top == $safeArea.top + 8",
                              "\(side) * \(id).width == $safeArea.width - \(8 * (side + 1))"]
            } else {
                equations.append("\(id).width == \(cell(0, 0)).width")
            }
            if column > 0 {
                equations.append("\(id).left == \(cell(row, column - 1)).right + 8")
            } else if row > 0 {
                equations.append("\(id).left == \(cell(row - 1, column)).left")
            }
            if row > 0 {
                equations.append("\(id).top == \(cell(row - 1, column)).bottom + 8")
            } else if column > 0 {
                equations.append("\(id).top == \(cell(row, column - 1)).top")
            }
            equations += ["\(id).height == 0.75 * \(id).width ~ 750", "\(id).height >= 20"]
        }
    }
    let ids = (0..<side).flatMap { row in (0..<side).map { cell(row, $0) } }
    return equationDocument("equation-grid-\(side)x\(side)", ids: ids, equations: equations)
}

/// A document of one equations block over elements of intrinsic size 40 × 20.
private func equationDocument(_ name: String, ids: [String], equations: [String]) -> Data {
    let document: [String: Any] = [
        "format": "cglayout/1",
        "name": name,
        "elements": ids.map { ["id": $0, "intrinsicSize": [40, 20]] },
        "blocks": [["id": "equations", "equations": equations]],
    ]
    return try! JSONSerialization.data(withJSONObject: document)
}

/// The environments of the benchmark: the default profiles.
let equationEnvironments = ProfileSet.defaults.profiles

/// Parses and validates a document; returns its element count.
func validateEquationDocument(_ text: Data) -> Double {
    Double(try! SchemeDocument(data: text).elementIDs.count)
}

/// Parses, validates and compiles a document and computes its first environment
/// (phone portrait); returns the sum of the frames' edges.
func firstEquationEnvironment(_ text: Data) -> Double {
    let compiled = try! SchemeDocument(data: text).compiled()
    return frameSum(try! compiled.snapshot(for: equationEnvironments[2]))
}

/// An equation document compiled once, with its first environment computed; each call of
/// `next()` computes another environment, in turn.
final class CompiledEquationDocument: Sendable {
    let compiled: CompiledDocument
    private let turn = Atomic(0)

    init(_ text: Data) {
        compiled = try! SchemeDocument(data: text).compiled()
        _ = try! compiled.snapshot(for: equationEnvironments[2])
    }

    /// The next environment's frames, summed.
    func next() -> Double {
        let index = turn.add(1, ordering: .relaxed).newValue % equationEnvironments.count
        return frameSum(try! compiled.snapshot(for: equationEnvironments[index]))
    }
}

private func frameSum(_ snapshot: DocumentSnapshot) -> Double {
    snapshot.elements.reduce(0) { $0 + Double($1.frame.minX + $1.frame.minY + $1.frame.width + $1.frame.height) }
}

/// The scenarios of one document: `name` as in `doc-chain-400`; kiwi's scenarios named
/// after `kiwi`, if it has them.
func equationDocumentScenarios(_ name: String, _ text: Data, elements: Int, kiwi: String?, samples: Int) -> [Scenario] {
    let compiled = Mutex<CompiledEquationDocument?>(nil)
    let compiledOnce: @Sendable () -> CompiledEquationDocument = {
        compiled.withLock { value in
            if let value { return value }
            let made = CompiledEquationDocument(text)
            value = made
            return made
        }
    }
    func peer(_ suffix: String) -> Scenario.Peer { kiwi.map { .scenario($0 + suffix) } ?? .none }
    let firstTarget = Target("validate + first environment < 200 ms") { swift, _ in swift.medianNanoseconds < 200e6 }
    return [
        .timed("\(name)-validate", samples: samples,
               "\(elements)-element equation document: parse + validate" + (kiwi == nil ? "" : "; kiwi: the bare equations built and solved"),
               kiwi: peer(""), target: Target("part of the first environment's") { _, _ in nil },
               setup: {}, body: { _ in validateEquationDocument(text) }),
        .timed("\(name)-first", samples: samples,
               "the same: validate, compile, first environment"
                   + (kiwi == nil ? "" : "; kiwi: the equations with every element's defaults, as written, built and suggested"),
               kiwi: peer("-full"), target: firstTarget, setup: {}, body: { _ in firstEquationEnvironment(text) }),
        .timed("\(name)-further", samples: samples * 10,
               "the same compiled: one more environment" + (kiwi == nil ? "" : "; kiwi: the same system, one resize suggested and read"),
               kiwi: peer("-resize"),
               target: Target("each further environment < 5 ms") { swift, _ in swift.medianNanoseconds < 5e6 },
               setup: { compiledOnce() }, body: { $0.next() }),
    ]
}

/// The equation documents' scenarios: the chain at 100 and 400 elements (against kiwi),
/// the 20 × 20 grid.
func equationDocumentScenarios() -> [Scenario] {
    equationDocumentScenarios("doc-chain-100", equationChainDocument(100), elements: 100, kiwi: "chain-eq-100", samples: 30)
        + equationDocumentScenarios("doc-chain-400", equationChainDocument(400), elements: 400, kiwi: "chain-eq-400", samples: 6)
        + equationDocumentScenarios("doc-grid-400", equationGridDocument(20), elements: 400, kiwi: nil, samples: 6)
}
