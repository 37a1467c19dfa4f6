import CGLText

/// What makes a list of runs unfit to lay out, wherever it comes from (a document's text, a
/// slot's default, content, a request): each problem at its run's pointer, with what to do.
enum RunChecks {
    /// Whether `runs` fit, recording each problem, written at `pointer`, in `issues`; without
    /// `issues`, stopping at the first (a lookup's content that fits is checked so, without
    /// allocating: its pointers are made only for problems).
    ///
    /// - Parameters:
    ///   - styles: The styles a run may name.
    ///   - maximumBytes: The most UTF-8 bytes the runs' strings may hold together, if limited.
    @discardableResult
    static func check(_ runs: [SlotValue.Run], at pointer: JSONPointer, styles: some Collection<String>,
                      maximumBytes: Int? = nil, into issues: IssueCollector?) -> Bool {
        guard runs.count <= TextRun.maximumCount else {
            issues?.error(.tooLarge, pointer, "the text has \(runs.count) runs; at most \(TextRun.maximumCount) are laid out",
                          hint: "join adjacent runs of one style")
            return false
        }
        var fits = true
        for (index, run) in runs.enumerated() {
            switch run {
            case .string(let string, let style):
                if string.isEmpty {
                    fits = false
                    guard let issues else { return false }
                    issues.error(.invalidValue, pointer.appending(index).appending("string"), "run \(index) has an empty string", hint: "leave the run out")
                }
                if let style, !styles.contains(style) {
                    fits = false
                    guard let issues else { return false }
                    let at = pointer.appending(index)
                    let hint = styles.isEmpty ? "the document declares no 'styles'"
                        : suggestion(for: style, among: styles).map { "did you mean '\($0)'?" } ?? "name one of the document's 'styles'"
                    issues.error(.invalidValue, at.appending("style"), "unknown text style '\(style)'", hint: hint)
                }
            case .atom(let atom):
                let baselineFits = atom.baseline.map { $0.isFinite && $0 >= 0 && $0 <= atom.height } ?? true
                guard Self.isSize(atom.width), Self.isSize(atom.height), baselineFits else {
                    fits = false
                    guard let issues else { return false }
                    report(atom, at: pointer.appending(index).appending("atom"), into: issues)
                    break
                }
            }
        }
        let bytes = runs.utf8Count, length = runs.utf16Count
        if let maximumBytes, bytes > maximumBytes {
            issues?.error(.tooLarge, pointer, "the runs' text is \(bytes) bytes; at most \(maximumBytes) are accepted", hint: "send an excerpt")
            fits = false
        }
        if length > DocumentDecoder.maximumTextLength {
            issues?.error(.tooLarge, pointer, "the runs make a text \(length) UTF-16 units long; at most \(DocumentDecoder.maximumTextLength) are measured",
                          hint: "lay out an excerpt")
            fits = false
        }
        return fits
    }

    /// What is wrong with an atom's size or baseline.
    private static func report(_ atom: InlineAtom, at pointer: JSONPointer, into issues: IssueCollector) {
        if !Self.isSize(atom.width) || !Self.isSize(atom.height) {
            issues.error(.outOfRange, pointer.appending("size"),
                         "an atom's size is two numbers from 0 to \(formatNumber(ObjectReader.numberLimit)); this one is [\(formatNumber(atom.width)), \(formatNumber(atom.height))]",
                         hint: "give its width and height in points")
        } else if let baseline = atom.baseline {
            issues.error(.outOfRange, pointer.appending("baseline"),
                         "an atom's baseline is \(formatNumber(baseline)) from its top; it lies from 0 to its height, \(formatNumber(atom.height))",
                         hint: "leave 'baseline' out to sit the atom's bottom on the line's baseline")
        }
    }

    private static func isSize(_ value: Double) -> Bool { value.isFinite && value >= 0 && value <= ObjectReader.numberLimit }
}
