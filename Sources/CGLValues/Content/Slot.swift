public import Foundation

/// A value of the caller's content: the text of a label (a string, or runs of styles), the
/// size of an image, whether an element shows.
public enum SlotValue: Sendable, Hashable, CustomStringConvertible {
    case text(String)
    /// A text slot's value written as runs of styles and inline objects.
    case runs([Run])
    case size(CGSize)
    case flag(Bool)

    /// What kind of slot takes it.
    public var kind: Slot.Kind {
        switch self {
        case .text, .runs: .text
        case .size: .size
        case .flag: .flag
        }
    }

    /// Whether the two values are the same bytes: texts compared as UTF-8, not by
    /// Unicode's canonical equivalence (which `==` uses).
    public func isIdentical(to other: SlotValue) -> Bool {
        switch (self, other) {
        case (.text(let a), .text(let b)): a.utf8.elementsEqual(b.utf8)
        case (.runs(let a), .runs(let b)):
            a.count == b.count && zip(a, b).allSatisfy { pair in
                switch pair {
                case (.string(let x, let xStyle), .string(let y, let yStyle)): xStyle == yStyle && x.utf8.elementsEqual(y.utf8)
                default: pair.0 == pair.1
                }
            }
        default: self == other
        }
    }

    /// The value in its canonical JSON form, as ``Content/canonicalJSON`` writes it.
    public var canonicalJSON: String {
        var bytes: [UInt8] = []
        CanonicalContent.appendValue(self, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    public var description: String {
        switch self {
        case .text(let text): "\"\(text)\""
        case .runs(let runs): "\(runs.count) runs"
        case .size(let size): "[\(formatNumber(size.width)), \(formatNumber(size.height))]"
        case .flag(let flag): "\(flag)"
        }
    }
}

/// A value a document leaves to the caller's content (`docs/format.md` §1.8): its name,
/// its kind and the default the document computes with when no content gives it.
public struct Slot: Sendable, Hashable {
    /// What a slot holds.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A label's text (`"text": {"slot": …}`).
        case text
        /// An intrinsic size, such as an image's (`"intrinsicSize": {"slot": …}`).
        case size
        /// Whether an element shows (`"visible": {"slot": …}`).
        case flag

        /// How its value is written in JSON, for messages.
        package var spelling: String {
            switch self {
            case .text: "a string or a list of runs"
            case .size: "a size [width, height]"
            case .flag: "true or false"
            }
        }
    }

    public var name: String
    public var kind: Kind
    public var defaultValue: SlotValue

    /// A slot a document declares.
    package init(name: String, kind: Kind, defaultValue: SlotValue) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
    }
}
