import CGLText

/// Reads a list of runs written in JSON (`docs/format.md` §1.7a), in a document or in
/// content: `[{"string": "@ada", "style": "mention"}, {"string": " shipped it"},
/// {"atom": {"size": [18, 18], "baseline": 15}}]`. It reports the shape of what is written;
/// ``RunChecks`` what the runs mean (styles, sizes, lengths).
struct RunListReader {
    let issues: IssueCollector

    /// The runs of `value`, or nil (with its issues recorded) when it is not a list of runs.
    func read(_ value: JSONValue, at pointer: JSONPointer) -> [SlotValue.Run]? {
        guard case .array(let items) = value.kind else {
            issues.error(.wrongType, pointer, "runs are an array, not \(value.typeDescription)",
                         hint: "write [{\"string\": \"…\", \"style\": \"NAME\"}, {\"atom\": {\"size\": [w, h]}}, …]", at: value.position)
            return nil
        }
        // Counted before reading: a list past the limit is refused without building it.
        guard items.count <= TextRun.maximumCount else {
            issues.error(.tooLarge, pointer, "the text has \(items.count) runs; at most \(TextRun.maximumCount) are laid out",
                         hint: "join adjacent runs of one style", at: value.position)
            return nil
        }
        var runs: [SlotValue.Run] = []
        runs.reserveCapacity(items.count)
        var valid = true
        for (index, item) in items.enumerated() {
            if let run = readRun(item, at: pointer.appending(index)) { runs.append(run) } else { valid = false }
        }
        return valid ? runs : nil
    }

    private func readRun(_ value: JSONValue, at pointer: JSONPointer) -> SlotValue.Run? {
        guard let object = ObjectReader(value, at: pointer, issues: issues, what: "a run") else { return nil }
        object.rejectUnknownKeys(allowed: ["string", "style", "atom"], what: "a run")
        switch (object.has("string"), object.has("atom")) {
        case (true, true):
            issues.error(.incompatible, pointer, "a run is a 'string' or an 'atom', not both", hint: "make them two runs", at: value.position)
            return nil
        case (false, false):
            issues.error(.missingKey, pointer, "a run needs a 'string' (text) or an 'atom' (an inline object)",
                         hint: "such as {\"string\": \"…\"} or {\"atom\": {\"size\": [18, 18]}}", at: value.position)
            return nil
        case (true, false):
            let style = object.string("style", what: "a run")
            guard let string = object.string("string", what: "a run") else { return nil }
            return .string(string, style: style)
        case (false, true):
            if object.has("style") {
                issues.error(.incompatible, pointer.appending("style"), "an atom has no style", hint: "remove 'style'")
            }
            return object.value("atom").flatMap { readAtom($0, at: pointer.appending("atom")) }.map { .atom($0) }
        }
    }

    private func readAtom(_ value: JSONValue, at pointer: JSONPointer) -> InlineAtom? {
        guard let object = ObjectReader(value, at: pointer, issues: issues, what: "an atom") else { return nil }
        object.rejectUnknownKeys(allowed: ["size", "baseline"], what: "an atom")
        if !object.has("size") {
            issues.error(.missingKey, pointer, "an atom needs a 'size'", hint: "its width and height in points, such as [18, 18]", at: value.position)
        }
        let size = object.numbers("size", count: 2, meaning: "width and height")
        let baseline = object.number("baseline", what: "an atom")
        guard let size else { return nil }
        return InlineAtom(width: size[0], height: size[1], baseline: baseline)
    }
}
