import Foundation
import Testing

@testable import CGLayout

/// The box engine against the flexbox fixtures Chrome measured (`Fixtures/flexbox/`): every
/// in-contract variant's frames within 0.1 px, except the known differences listed (with
/// their reasons) in `Fixtures/flexbox-known-differences.txt`, which must still differ.
@Suite struct BoxFixtureTests {
    static let tolerance: CGFloat = 0.1
    static let knownDifferencesFile = BoxFixture.directory.deletingLastPathComponent().appendingPathComponent("flexbox-known-differences.txt")

    /// `name index` → reason.
    static func knownDifferences() throws -> [String: String] {
        let text = (try? String(contentsOf: knownDifferencesFile, encoding: .utf8)) ?? ""
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count >= 2 else { continue }
            result["\(parts[0]) \(parts[1])"] = parts.count > 2 ? parts[2] : ""
        }
        return result
    }

    /// The first difference between the engine's frames and Chrome's, or nil.
    static func difference(_ fixture: BoxFixture) -> String? {
        let results = BoxEngine.layout(fixture.tree, available: fixture.viewport, containingBlock: nil, direction: .leftToRight,
                                       snapScale: fixture.rounding ? 1 : nil, measure: fixture.measure)
        for (index, expected) in fixture.expected.enumerated() {
            let actual = results[index]
            let pairs: [(String, CGFloat, CGFloat?)] = [
                ("x", actual.frame.minX, expected.rect.minX), ("y", actual.frame.minY, expected.rect.minY),
                ("width", actual.frame.width, expected.rect.width), ("height", actual.frame.height, expected.rect.height),
                ("scrollWidth", actual.scrollSize.width, expected.scrollWidth), ("scrollHeight", actual.scrollSize.height, expected.scrollHeight),
            ]
            for (name, value, want) in pairs {
                if let want, abs(value - want) > tolerance { return "node \(index) \(name) \(value) ≠ \(want)" }
            }
        }
        return nil
    }

    /// Prints the engine's frames beside Chrome's (set `BOX_FIXTURE_DUMP` to `name index`).
    static func dump(_ fixture: BoxFixture) {
        let results = BoxEngine.layout(fixture.tree, available: fixture.viewport, containingBlock: nil, direction: .leftToRight,
                                       snapScale: fixture.rounding ? 1 : nil, measure: fixture.measure)
        for (index, expected) in fixture.expected.enumerated() {
            print("node \(index): \(results[index].frame) scroll \(results[index].scrollSize) — Chrome \(expected.rect) \(expected.scrollWidth.map { "\($0)" } ?? "") \(expected.scrollHeight.map { "\($0)" } ?? "")")
        }
    }

    @Test func chromeFixtures() throws {
        let known = try Self.knownDifferences()
        var passed = 0, failed = 0, outOfContract = 0, unexpected: [String] = []
        var reasons: [String: Int] = [:]
        for (name, variants) in try BoxFixture.all() {
            for (index, variant) in variants.enumerated() {
                let key = "\(name) \(index)"
                let fixture: BoxFixture
                do {
                    fixture = try BoxFixture(variant: variant)
                } catch {
                    outOfContract += 1
                    reasons[(error as? BoxFixture.OutOfContract)?.reason ?? "\(error)", default: 0] += 1
                    continue
                }
                if ProcessInfo.processInfo.environment["BOX_FIXTURE_DUMP"] == key { Self.dump(fixture) }
                if let difference = Self.difference(fixture) {
                    failed += 1
                    if known[key] == nil { unexpected.append("\(key) \(difference)") }
                } else {
                    passed += 1
                    if known[key] != nil { unexpected.append("\(key) passes but is listed as a known difference") }
                }
            }
        }
        let inContract = passed + failed
        let rate = inContract > 0 ? Double(passed) / Double(inContract) * 100 : 0
        print("Box fixtures: \(passed) passed, \(failed) failed, \(outOfContract) out of contract (\(String(format: "%.2f", rate)) % of in-contract variants pass)")
        print("Out of contract: " + reasons.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", "))
        if let path = ProcessInfo.processInfo.environment["BOX_FIXTURE_FAILURES"] {
            try unexpected.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(unexpected.isEmpty, "\(unexpected.count) unexpected: \(unexpected.prefix(20).joined(separator: "\n"))")
    }
}
