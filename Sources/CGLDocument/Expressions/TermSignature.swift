/// What a term accepts: one way of calling it (labels and kinds of its arguments).
struct TermSignature: Sendable {
    enum Kind: Sendable {
        case number, range
        /// One of these names (any name when empty).
        case name([String])
    }

    var parameters: [(label: String?, kind: Kind)]

    static let none = TermSignature(parameters: [])
    static let number = TermSignature(parameters: [(nil, .number)])
    static let range = TermSignature(parameters: [(nil, .range)])
    static func labeled(_ label: String, _ kind: Kind) -> TermSignature { TermSignature(parameters: [(label, kind)]) }
    static func numbers(_ count: Int) -> TermSignature { TermSignature(parameters: Array(repeating: (nil, .number), count: count)) }

    /// For a call whose only problem is an unknown name argument: that argument and the
    /// names it could be.
    func misnamedArgument(in term: Term) -> (argument: Argument, allowed: [String])? {
        let arguments = term.arguments ?? []
        guard arguments.count == parameters.count else { return nil }
        for (argument, parameter) in zip(arguments, parameters) {
            if case .name(let allowed) = parameter.kind, !allowed.isEmpty, case .term(let name) = argument.value,
               name.arguments == nil, !allowed.contains(name.name) {
                return (argument, allowed)
            }
        }
        return nil
    }

    /// The term's arguments if they fit this signature (a bare name fits no parameters).
    func match(_ term: Term) -> [Value]? {
        let arguments = term.arguments ?? []
        guard arguments.count == parameters.count else { return nil }
        for (argument, parameter) in zip(arguments, parameters) {
            guard argument.label == parameter.label else { return nil }
            switch (argument.value, parameter.kind) {
            case (.number, .number), (.range, .range): continue
            case (.term(let name), .name(let allowed)) where name.arguments == nil && (allowed.isEmpty || allowed.contains(name.name)): continue
            default: return nil
            }
        }
        return arguments.map(\.value)
    }

    /// How to call the term this way: `left(8)`, `left(between: 10...30)`.
    func usage(_ name: String) -> String {
        guard !parameters.isEmpty else { return name }
        let parts = parameters.map { parameter -> String in
            let example = switch parameter.kind {
            case .number: "v"
            case .range: "a...b"
            case .name(let allowed): allowed.isEmpty ? "name" : allowed.joined(separator: "|")
            }
            return parameter.label.map { "\($0): \(example)" } ?? example
        }
        return "\(name)(\(parts.joined(separator: ", ")))"
    }
}

extension Value {
    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    var range: (Double, Double)? {
        if case .range(let lower, let upper) = self { return (lower, upper) }
        return nil
    }

    var name: String? {
        if case .term(let term) = self, term.arguments == nil { return term.name }
        return nil
    }
}
