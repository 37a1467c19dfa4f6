public import Foundation
import CGLText

/// A validated scheme document (`docs/format.md` §1): the declarative form of one layout,
/// ready to be hashed, stored, and compiled for any environment.
///
/// ```swift
/// let document = try SchemeDocument(data: data)        // all errors at once, or a document
/// print(document.name, document.hash)                  // "feed-cell", "sha256:…"
/// let snapshot = try document.compiled().snapshot(for: LayoutEnvironment(width: 390, height: 844))
/// ```
public struct SchemeDocument: Sendable {
    /// The largest document accepted, in bytes.
    public static let maximumSize = 4 * 1024 * 1024
    /// The deepest JSON nesting accepted (schemes may nest 64 levels; each takes two).
    static let maximumJSONDepth = 2 * DocumentDecoder.maximumSchemeDepth + 16

    /// The scheme's identity in the daemon.
    public let name: String
    public let description: String?
    /// `sha256:` of the canonical form: equal for documents that differ only in formatting.
    public let hash: String
    /// The canonical form the hash is taken of.
    public let canonicalJSON: String
    /// Problems that do not make the document invalid (elements no block lays out, …).
    public let warnings: [DocumentIssue]

    let elements: [ElementSpec]
    let blocks: [BlockSpec]
    let variants: [VariantSpec]
    /// The named text styles.
    let styles: [String: TextStyle]

    /// The values the document leaves to the caller's content, by name, each with the
    /// default it computes with.
    public let slots: [Slot]
    /// Each slot's kind, by name: what content is checked against.
    let slotKinds: [String: Slot.Kind]

    /// The ids of the document's elements, in document order.
    public var elementIDs: [String] { elements.map(\.id) }

    /// Bounds on the work a document may ask for: how many elements, blocks and equations
    /// it may have. A document over one is invalid, with an error that names the limit.
    public struct Limits: Sendable, Hashable {
        /// Elements, `$root` and `$safeArea` aside (`limits.maxDocumentElements` in cgld).
        public var maximumElements: Int
        /// Blocks, at every depth and in every variant (`limits.maxDocumentBlocks`).
        public var maximumBlocks: Int
        /// Equations, of all equations blocks together (`limits.maxDocumentEquations`).
        public var maximumEquations: Int

        /// Limits; every value has its default.
        public init(maximumElements: Int = 10_000, maximumBlocks: Int = 10_000, maximumEquations: Int = 20_000) {
            self.maximumElements = maximumElements
            self.maximumBlocks = maximumBlocks
            self.maximumEquations = maximumEquations
        }

        /// No bound: for documents accepted before, under other limits.
        public static let none = Limits(maximumElements: .max, maximumBlocks: .max, maximumEquations: .max)
    }

    /// Parses and validates a document.
    ///
    /// - Parameters:
    ///   - limits: How large the document may be.
    ///   - profiles: The profiles the document will be laid out for: a variant that names a
    ///     profile none of them has gets a warning (it would never apply).
    /// - Throws: `DocumentError` with every error found (and the warnings).
    public init(data: Data, limits: Limits = Limits(), profiles: ProfileSet = .defaults) throws(DocumentError) {
        try self.init(bytes: Array(data), limits: limits, profiles: profiles)
    }

    /// Parses and validates a document given as text.
    public init(json: String, limits: Limits = Limits(), profiles: ProfileSet = .defaults) throws(DocumentError) {
        try self.init(bytes: Array(json.utf8), limits: limits, profiles: profiles)
    }

    init(bytes: [UInt8], limits: Limits = Limits(), profiles: ProfileSet = .defaults) throws(DocumentError) {
        guard bytes.count <= Self.maximumSize else {
            throw DocumentError(issues: [DocumentIssue(severity: .error, code: .tooLarge, pointer: "",
                                                       message: "the document is \(bytes.count) bytes; at most \(Self.maximumSize) (4 MiB) are allowed",
                                                       hint: "split the layout into several schemes")])
        }
        let root: JSONValue
        do {
            root = try JSONReader.parse(bytes, maximumDepth: Self.maximumJSONDepth)
        } catch {
            throw DocumentError(issues: [DocumentIssue(severity: .error, code: .syntax, pointer: "", message: "invalid JSON: \(error.message)",
                                                       hint: "check the text near \(error.position)", position: error.position)])
        }
        let decoder = DocumentDecoder(root: root, limits: limits, profileNames: profiles.names)
        let decoded = decoder.decode(root)
        if let decoded, !decoder.issues.hasErrors {
            Self.checkOrder(decoded, decoder: decoder)
        }
        if let decoded, !decoded.styles.isEmpty {
            switch Result(catching: { () throws(TextError) -> TextEngine in try TextEngine.shared() }) {
            case .success(let engine): decoder.resolveFonts(of: decoded.styles, engine: engine, engineError: nil)
            case .failure(let error): decoder.resolveFonts(of: decoded.styles, engine: nil, engineError: error)
            }
        }
        let issues = decoder.issues.issues
        guard let decoded, !decoder.issues.hasErrors else {
            throw DocumentError(issues: issues.filter { $0.severity == .error } + issues.filter { $0.severity == .warning })
        }
        name = decoded.name
        description = decoded.description
        elements = decoded.elements
        blocks = decoded.blocks
        variants = decoded.variants
        styles = decoded.styles
        slots = decoded.slots
        slotKinds = Dictionary(decoded.slots.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })
        warnings = issues
        canonicalJSON = CanonicalForm.text(of: root, expressions: decoder.canonicalExpressions)
        hash = CanonicalForm.hash(of: canonicalJSON)
    }

    /// The order rule for the base blocks, each variant alone, and all variants together.
    private static func checkOrder(_ decoded: DocumentDecoder.Result, decoder: DocumentDecoder) {
        let checker = OrderChecker(elements: decoder.elements, issues: decoder.issues)
        checker.check(decoded.blocks.flatMap { $0.steps(elements: decoder.elements) })
        Variants.validate(decoded.variants, against: decoded.blocks, issues: decoder.issues)
        guard !decoder.issues.hasErrors else { return }
        for variant in decoded.variants {
            checker.check(Variants.apply([variant], to: decoded.blocks).flatMap { $0.steps(elements: decoder.elements) }, context: "the variant \(variant.pointer)")
        }
        if decoded.variants.count > 1 {
            checker.check(Variants.apply(decoded.variants, to: decoded.blocks).flatMap { $0.steps(elements: decoder.elements) }, context: "all variants")
        }
        checker.warnAboutUndeterminedElements(decoded.blocks)
        checker.warnAboutUnplacedElements(decoded.blocks.flatMap { $0.steps(elements: decoder.elements) }, order: decoded.elements)
    }
}
