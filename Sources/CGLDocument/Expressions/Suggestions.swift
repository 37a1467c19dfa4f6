/// "Did you mean …?" for unknown names: the closest known names by edit distance, when
/// they are close enough to be plausible typos (several when they are equally close).
///
/// Cheap on hostile input (the daemon answers unknown names on its event loop): a name
/// longer than any a document may declare suggests nothing, and a candidate whose length
/// alone is too far off is not compared.
package func suggestions(for name: String, among candidates: some Sequence<String>) -> [String] {
    guard name.utf8.count <= maximumSuggestedLength else { return [] }
    let lowered = name.lowercased()
    // Allow about one edit per three characters, and at least one.
    let limit = max(1, name.count / 3)
    let scored = candidates.filter { abs($0.count - name.count) <= limit }
        .map { ($0, editDistance(lowered, $0.lowercased())) }.filter { $0.1 <= limit }
    guard let best = scored.map(\.1).min() else { return [] }
    return scored.filter { $0.1 == best }.map(\.0).sorted()
}

/// The single closest known name, if one is clearly closest.
package func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
    let found = suggestions(for: name, among: candidates)
    return found.count == 1 ? found[0] : nil
}

/// The hint for an unknown name: "did you mean 'x'?" (or 'x' or 'y') or the list of what is allowed.
package func hint(for name: String, among candidates: [String]) -> String {
    let found = suggestions(for: name, among: candidates)
    if !found.isEmpty { return "did you mean " + found.map { "'\($0)'" }.joined(separator: " or ") + "?" }
    return "expected one of: " + candidates.map { "'\($0)'" }.joined(separator: ", ")
}

/// Names longer than this (in UTF-8 bytes) get no suggestion: every name a document
/// declares is shorter.
let maximumSuggestedLength = 256

/// Edit distance counting insertions, deletions, substitutions and swaps of adjacent
/// characters as one edit each (optimal string alignment): `rigth` is one edit from `right`.
/// Three rows of the table at a time.
func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs)
    let b = Array(rhs)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var row = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        row[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                row[j] = min(row[j], beforePrevious[j - 2] + 1)
            }
        }
        (beforePrevious, previous, row) = (previous, row, beforePrevious)
    }
    return previous[b.count]
}
