/// A JSON value as written, with where it was written: members keep their order and
/// duplicates, so that validation can point at the input and the canonical form can sort.
package struct JSONValue: Sendable {
    package enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    package var kind: Kind
    /// Where the value starts in the text.
    package var position: TextPosition

    package init(_ kind: Kind, at position: TextPosition = TextPosition(line: 1, column: 1)) {
        self.kind = kind
        self.position = position
    }

    /// A short name of the value's type for error messages ("a string", "an object").
    package var typeDescription: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` of an object.
package struct JSONMember: Sendable {
    package var key: String
    package var value: JSONValue
}
