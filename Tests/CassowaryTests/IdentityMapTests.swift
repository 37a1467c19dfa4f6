import CGLTestSupport
@testable import Cassowary
import Testing

/// `IdentityMap` against `Dictionary`, through random inserts, look-ups and removals.
@Suite struct IdentityMapTests {
    @Test(arguments: 0..<20)
    func behavesLikeADictionary(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        var map = IdentityMap<Int>()
        var model: [Int: Int] = [:]
        // Keys from a narrow range collide often and exercise the probe-run shifting.
        let keys = seed.isMultiple(of: 2) ? 1...64 : 1...5000
        for step in 0..<2000 {
            let key = Int.random(in: keys, using: &random)
            if Bool.random(using: &random), model[key] == nil {
                map.insert(step, for: key)
                model[key] = step
            } else {
                #expect(map.removeValue(for: key) == model.removeValue(forKey: key))
            }
            let probe = Int.random(in: keys, using: &random)
            #expect(map[probe] == model[probe])
        }
        #expect(map.count == model.count)
        #expect(model.keys.allSatisfy { map[$0] == model[$0] })
        #expect(Dictionary(uniqueKeysWithValues: map.entries.map { ($0.key, $0.value) }) == model)
    }

    @Test func keepsInsertionOrderWithoutRemovals() {
        var map = IdentityMap<String>()
        for key in [40, 7, 1000, 3] { map.insert("\(key)", for: key) }
        #expect(map.entries.map(\.key) == [40, 7, 1000, 3])
        #expect(map[7] == "7")
        #expect(map[8] == nil)
    }
}
