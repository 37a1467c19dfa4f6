import Foundation

/// SplitMix64: a small, fast, seeded generator, so that every random test case can be
/// replayed from the seed its test prints. Shared by the test targets that generate cases.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SplitMix64 {
    /// A generator for a test of random inputs: seeded from `CGL_TEST_SEED` when set (to
    /// replay a failure), else at random; the seed is printed either way, with how to replay it.
    ///
    /// - Returns: The generator and its seed, for failure messages.
    public static func replayable(_ test: String) -> (generator: SplitMix64, seed: UInt64) {
        let given = ProcessInfo.processInfo.environment["CGL_TEST_SEED"].flatMap { UInt64($0) }
        let seed = given ?? UInt64.random(in: 1 ... UInt64.max)
        print("\(test) seed: \(seed) (replay with CGL_TEST_SEED=\(seed))")
        return (SplitMix64(seed: seed), seed)
    }
}
