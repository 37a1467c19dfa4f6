import CGLTestSupport
import CGLText
import Foundation
import Testing

@Suite struct ConcurrencyTests {
    @Test func concurrentMeasurementsEqualSerialOnes() async throws {
        var (generator, seed) = SplitMix64.replayable("concurrentMeasurementsEqualSerialOnes")
        let words = ["layout", "frame", "Wörter", "مرحبا", "שלום", "你好", "😀", "https://example.com/a/b", "co-operate", "naïve", "AVATAR", "x"]
        let requests: [(String, Double)] = (0..<10_000).map { _ in
            let count = Int(generator.next() % 12) + 1
            let text = (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
            return (text, Double(generator.next() % 300) + 1)
        }
        // A fresh engine per run so that the concurrent run starts cold and races on every cache.
        let serialEngine = try TextEngine()
        let serial = try requests.map { try serialEngine.measure($0.0, style: dejaVu, width: $0.1) }
        let concurrentEngine = try TextEngine(configuration: .init(wordCacheBytes: 256 << 10, paragraphCacheBytes: 256 << 10))
        let concurrent = try await withThrowingTaskGroup(of: [(Int, TextMeasurement)].self) { group in
            for thread in 0..<8 {
                group.addTask {
                    try stride(from: thread, to: requests.count, by: 8).map { index in
                        (index, try concurrentEngine.measure(requests[index].0, style: dejaVu, width: requests[index].1))
                    }
                }
            }
            var results = [TextMeasurement?](repeating: nil, count: requests.count)
            for try await batch in group { for (index, measurement) in batch { results[index] = measurement } }
            return results
        }
        let mismatches = zip(serial, concurrent).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(mismatches.isEmpty, "seed \(seed): \(mismatches.count) differ, first at \(mismatches.first?.offset ?? -1)")
        // The small caches evicted while the threads raced.
        #expect(concurrentEngine.statistics.words.evictions + concurrentEngine.statistics.paragraphs.evictions > 0)
    }
}

