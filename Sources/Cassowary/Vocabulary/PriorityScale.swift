/// The weight of an Auto Layout priority below 1000: `1000^((p − 250) / 250)`.
///
/// The standard library has no `pow` or `exp`, and the module imports no Foundation, so
/// the power is taken in three exact-enough pieces: whole factors of 1000 (exact, so that
/// 250, 500 and 750 land exactly on weak, medium and strong), whole priority steps of
/// `1000^(1/250)` by repeated squaring, and the fraction of a step by a short series.
/// Each piece is increasing in `p`, so the mapping is strictly monotonic.
enum PriorityScale {
    /// `1000^(1/250)`, the weight ratio between adjacent integer priorities.
    static let step = 1.0280162981264735
    /// `ln(1000) / 250`, for fractions of a step.
    static let logStep = 0.027631021115928547

    /// The weight of priority `p`, 1 ≤ p < 1000.
    static func weight(_ p: Double) -> Double {
        let steps = p - 250
        let thousands = (steps / 250).rounded(.down)
        let wholeSteps = (steps - thousands * 250).rounded(.down)
        let fraction = steps - thousands * 250 - wholeSteps
        return power(1000, Int(thousands)) * power(step, Int(wholeSteps)) * exponential(fraction * logStep)
    }

    /// `base^exponent` by repeated squaring; exact for 1000^k with k ≥ 0.
    static func power(_ base: Double, _ exponent: Int) -> Double {
        var result = 1.0, factor = base, remaining = exponent.magnitude
        while remaining > 0 {
            if remaining & 1 == 1 { result *= factor }
            factor *= factor
            remaining >>= 1
        }
        return exponent < 0 ? 1 / result : result
    }

    /// `e^x` for 0 ≤ x < 0.028, by its Taylor series: eight terms leave an error below 10⁻¹⁶.
    static func exponential(_ x: Double) -> Double {
        var sum = 1.0, term = 1.0
        for n in 1...8 {
            term *= x / Double(n)
            sum += term
        }
        return sum
    }
}
