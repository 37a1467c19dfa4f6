import Foundation

/// A number in its shortest round-trip form, without a trailing `.0`: `8`, `0.5`, `-4`,
/// `1e-07`. Used for expressions and for the canonical JSON of documents.
package func formatNumber(_ value: Double) -> String {
    if value == 0 { return "0" }  // also for -0
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}
