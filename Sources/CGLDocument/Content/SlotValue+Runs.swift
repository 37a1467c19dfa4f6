import CGLText

extension SlotValue {
    /// The runs of a text value: a plain text is one run in the text's own style.
    var runs: [Run]? {
        switch self {
        case .runs(let runs): runs
        case .text(let text): [.string(text)]
        case .size, .flag: nil
        }
    }
}

extension [SlotValue.Run] {
    /// The runs as the text engine lays them out: each style looked up in `styles` and scaled
    /// by `textScale`. Atoms keep their size: they are images, not text.
    func textRuns(styles: [String: TextStyle], textScale: Double) -> [TextRun] {
        map { run in
            switch run {
            case .string(let string, let style): .text(string, style: style.flatMap { styles[$0] }.map { $0.scaled(by: textScale) })
            case .atom(let atom): .atom(atom)
            }
        }
    }

    /// The length of the paragraph the runs make, in UTF-16 units (an atom is one, U+FFFC).
    var utf16Count: Int {
        reduce(0) { total, run in
            switch run {
            case .string(let string, _): total + string.utf16.count
            case .atom: total + 1
            }
        }
    }

    /// The UTF-8 bytes of the runs' strings.
    var utf8Count: Int {
        reduce(0) { total, run in
            if case .string(let string, _) = run { return total + string.utf8.count }
            return total
        }
    }
}
