/// The tolerance of every floating-point comparison in these tests: the solver's own
/// threshold is 1e-8, and the systems here are small and well scaled.
let tolerance = 1e-6

/// Whether `actual` is within ``tolerance`` of `expected`.
func isClose(_ actual: Double, _ expected: Double, within limit: Double = tolerance) -> Bool {
    abs(actual - expected) <= limit
}
