/// A column or row label of the tableau: an integer id with its kind in the low three bits.
///
/// kiwi's `Symbol` is an id plus a type field, compared by id. Packing both into one
/// `Int` keeps a row cell at 16 bytes and makes comparison a single integer compare;
/// since ids are unique, ordering by `raw` is ordering by id, as in kiwi.
struct Symbol: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// What the symbol stands for, which decides how the simplex may move it.
    enum Kind: Int {
        /// No symbol: "none found".
        case invalid = 0
        /// A user variable: unrestricted in sign, never chosen to leave a row.
        case external
        /// The slack of an inequality: restricted to be ≥ 0.
        case slack
        /// The violation of a non-required constraint: ≥ 0, weighted in the objective.
        case error
        /// The marker of a required equality: fixed at 0, so never pivoted in.
        case dummy
    }

    /// `id << 3 | kind`.
    let raw: Int

    /// Creates the symbol with the given id (> 0) and kind.
    init(id: Int, kind: Kind) {
        raw = id << 3 | kind.rawValue
    }

    /// "No symbol", as kiwi's default-constructed `Symbol`.
    static var invalid: Symbol { Symbol(id: 0, kind: .invalid) }

    /// The unique id, which indexes the tableau's per-symbol tables.
    var id: Int { raw >> 3 }

    /// The kind packed with the id.
    var kind: Kind { Kind(rawValue: raw & 7) ?? .invalid }

    var isInvalid: Bool { raw == 0 }
    var isExternal: Bool { raw & 7 == Kind.external.rawValue }
    var isDummy: Bool { raw & 7 == Kind.dummy.rawValue }
    /// Slack or error: the restricted symbols that a pivot may bring into the basis freely.
    var isSlackOrError: Bool {
        let kind = raw & 7
        return kind == Kind.slack.rawValue || kind == Kind.error.rawValue
    }

    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.raw < rhs.raw }

    /// kiwi's spelling: `v3` external, `s4` slack, `e5` error, `d6` dummy, `i0` invalid.
    var description: String {
        let prefix = switch kind {
        case .invalid: "i"
        case .external: "v"
        case .slack: "s"
        case .error: "e"
        case .dummy: "d"
        }
        return "\(prefix)\(id)"
    }
}
