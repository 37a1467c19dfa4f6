package import CGLValues
package import CGLWire

import Foundation

extension WireContent {
    /// Content as the wire carries it, slots in ascending order of name (so that equal
    /// content makes equal requests).
    package init(_ content: Content) {
        self.init(entries: content.values.sorted { $0.key < $1.key }.map { name, value in
            switch value {
            case .text(let text): Entry(slot: name, value: .text(text))
            case .runs(let runs): Entry(slot: name, value: .runs(runs.map(WireContent.Run.init)))
            case .size(let size): Entry(slot: name, value: .size(width: Double(size.width), height: Double(size.height)))
            case .flag(let flag): Entry(slot: name, value: .flag(flag))
            }
        })
    }
}

extension Content {
    /// The content a request carries, not yet checked against a scheme's slots.
    ///
    /// - Throws: ``ContentError`` for a slot given twice, with its pointer.
    package init(_ content: WireContent) throws(ContentError) {
        var values: [String: SlotValue] = [:]
        values.reserveCapacity(content.entries.count)
        var repeated: [DocumentIssue] = []
        for entry in content.entries {
            let value: SlotValue = switch entry.value {
            case .text(let text): .text(text)
            case .runs(let runs): .runs(runs.map(SlotValue.Run.init))
            case .size(let width, let height): .size(CGSize(width: width, height: height))
            case .flag(let flag): .flag(flag)
            }
            if values.updateValue(value, forKey: entry.slot) != nil {
                repeated.append(DocumentIssue.slotGivenTwice(entry.slot))
            }
        }
        guard repeated.isEmpty else { throw ContentError(issues: repeated) }
        self.init(values)
    }
}

extension WireContent.Run {
    /// A run as the wire carries it.
    package init(_ run: SlotValue.Run) {
        switch run {
        case .string(let string, let style): self = .text(string, style: style)
        case .atom(let atom): self = .atom(width: atom.width, height: atom.height, baseline: atom.baseline)
        }
    }
}

extension SlotValue.Run {
    /// A run a request carries, not yet checked (its style against the scheme's, its size).
    package init(_ run: WireContent.Run) {
        switch run {
        case .text(let string, let style): self = .string(string, style: style)
        case .atom(let width, let height, let baseline): self = .atom(InlineAtom(width: width, height: height, baseline: baseline))
        }
    }
}
