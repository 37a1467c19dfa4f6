/// "Did you mean …?" for unknown names: the closest known name by edit distance, when it
/// is close enough to be a plausible typo.
package func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
    let lowered = name.lowercased()
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(lowered, candidate.lowercased())
        if distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    guard let best else { return nil }
    // Allow about one edit per three characters, and at least one.
    return best.distance <= max(1, name.count / 3) ? best.name : nil
}

/// The hint for an unknown name: "did you mean 'x'?" or the list of what is allowed.
package func hint(for name: String, among candidates: [String]) -> String {
    if let suggested = suggestion(for: name, among: candidates) { return "did you mean '\(suggested)'?" }
    return "expected one of: " + candidates.map { "'\($0)'" }.joined(separator: ", ")
}

/// Levenshtein distance (insertions, deletions, substitutions, each 1).
func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs)
    let b = Array(rhs)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = Array(repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
