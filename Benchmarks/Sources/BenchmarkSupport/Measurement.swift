/// One measured variant: nanoseconds per operation over several samples, and allocations.
public struct BenchmarkMeasurement: Codable, Sendable {
    public let name: String
    public let medianNanoseconds: Double
    public let p10Nanoseconds: Double
    public let p90Nanoseconds: Double
    /// `nil` when the allocation counter is not preloaded (run through the `Benchmarks/run*`
    /// scripts), and for other processes.
    public let allocationsPerOperation: Double?

    public init(name: String, medianNanoseconds: Double, p10Nanoseconds: Double, p90Nanoseconds: Double, allocationsPerOperation: Double?) {
        self.name = name
        self.medianNanoseconds = medianNanoseconds
        self.p10Nanoseconds = p10Nanoseconds
        self.p90Nanoseconds = p90Nanoseconds
        self.allocationsPerOperation = allocationsPerOperation
    }

    /// The median, p10 and p90 of `samples` (nanoseconds per operation).
    public init(name: String, samples: [Double], allocationsPerOperation: Double?) {
        let sorted = samples.sorted()
        self.init(name: name, medianNanoseconds: sorted[sorted.count / 2], p10Nanoseconds: sorted[sorted.count / 10],
                  p90Nanoseconds: sorted[(sorted.count * 9) / 10], allocationsPerOperation: allocationsPerOperation)
    }
}
