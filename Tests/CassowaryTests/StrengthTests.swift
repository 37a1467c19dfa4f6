import Cassowary
import Testing

/// Strengths: kiwi's scheme and the Auto Layout priority mapping.
@Suite struct StrengthTests {
    @Test func namedStrengthsFollowKiwi() {
        #expect(Strength.required.weight == 1_001_001_000)
        #expect(Strength.strong.weight == 1_000_000)
        #expect(Strength.medium.weight == 1000)
        #expect(Strength.weak.weight == 1)
        #expect(Strength.create(1, 2, 3).weight == 1_002_003)
        #expect(Strength.create(2000, 0, -5).weight == 1_000_000_000)  // parts clamp to 0…1000
        #expect(Strength.create(1, 1, 1, weight: 2).weight == 2_002_002)
        #expect(Strength(weight: 5e12) == .required)
        #expect(Strength(weight: -1).weight == 0)
    }

    @Test(arguments: [(250.0, Strength.weak), (500, .medium), (750, .strong), (1000, .required), (2000, .required)])
    func priorityAnchors(priority: Double, strength: Strength) {
        #expect(Strength.priority(priority) == strength)
    }

    @Test func prioritiesAreStrictlyIncreasingAndBelowRequired() {
        var previous = Strength.priority(1)
        #expect(previous.weight > 0)
        for priority in 2...999 {
            let strength = Strength.priority(Double(priority))
            #expect(strength > previous, "priority \(priority)")
            #expect(!strength.isRequired)
            previous = strength
        }
        #expect(Strength.priority(1000).isRequired)
    }

    @Test func priorityWeightsAreGeometric() {
        // A factor 1000 every 250 points, so 1000^(1/250) ≈ 1.028 between neighbours.
        let ratio = Strength.priority(600).weight / Strength.priority(599).weight
        #expect(isClose(ratio, 1.0280162981264735, within: 1e-12))
        #expect(isClose(Strength.priority(1).weight, 0.0010280162981264735, within: 1e-15))
        #expect(isClose(Strength.priority(999).weight / 972_747_223.776965, 1, within: 1e-12))
        let fraction = Strength.priority(500.5).weight
        #expect(fraction > Strength.medium.weight && fraction < Strength.priority(501).weight)
        #expect(isClose(fraction / 1000, 1.0139113857366795, within: 1e-12))  // 1000^(0.5/250)
        #expect(Strength.priority(0) == Strength.priority(1))
    }

    @Test func descriptions() {
        #expect(Strength.required.description == "required")
        #expect(Strength.priority(750).description == "strong")
        #expect(Strength.create(0, 0, 2).description == "2.0")
    }
}
