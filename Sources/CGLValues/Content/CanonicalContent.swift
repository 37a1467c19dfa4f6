import Foundation

/// Content's canonical JSON (``Content/canonicalJSON``) written as bytes, which `CGLDocument`
/// hashes into the content's digest: a daemon takes it on every lookup with content, so it
/// sorts without copying keys and escapes without building strings.
package enum CanonicalContent {
    /// The canonical JSON form of `values` (``Content/canonicalJSON``) as UTF-8: keys sorted
    /// by their bytes, no whitespace, numbers in shortest form; a list of runs as written,
    /// each run's keys sorted (`{"string":…,"style":…}`, `{"atom":{"baseline":…,"size":[w,h]}}`).
    package static func canonicalBytes(of values: [String: SlotValue]) -> [UInt8] {
        var keys = Array(values.keys)
        keys.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + values.count * 32)
        bytes.append(UInt8(ascii: "{"))
        for (index, key) in keys.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendString(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            appendValue(values[key]!, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// One value in its canonical JSON form.
    package static func appendValue(_ value: SlotValue, to bytes: inout [UInt8]) {
        switch value {
        case .text(let text): appendString(text, to: &bytes)
        case .runs(let runs): appendRuns(runs, to: &bytes)
        case .size(let size): appendPair(Double(size.width), Double(size.height), to: &bytes)
        case .flag(let flag): bytes += flag ? Array("true".utf8) : Array("false".utf8)
        }
    }

    private static func appendRuns(_ runs: [SlotValue.Run], to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        for (index, run) in runs.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            switch run {
            case .string(let string, let style):
                bytes.append(contentsOf: #"{"string":"#.utf8)
                appendString(string, to: &bytes)
                if let style {
                    bytes.append(contentsOf: #","style":"#.utf8)
                    appendString(style, to: &bytes)
                }
            case .atom(let atom):
                bytes.append(contentsOf: #"{"atom":{"#.utf8)
                if let baseline = atom.baseline { bytes.append(contentsOf: #""baseline":\#(formatNumber(baseline)),"#.utf8) }
                bytes.append(contentsOf: #""size":"#.utf8)
                appendPair(atom.width, atom.height, to: &bytes)
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "]"))
    }

    private static func appendPair(_ first: Double, _ second: Double, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "[\(formatNumber(first)),\(formatNumber(second))]".utf8)
    }

    /// `"text"` with JSON's escapes, as `JSONText.string` writes it.
    private static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most text needs no escape: copied in one piece, found so by a scan of its bytes in
        // place (native strings are contiguous UTF-8).
        let needsEscape = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
        } ?? true
        if !needsEscape {
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x00 ..< 0x20: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigit(byte >> 4), hexDigit(byte & 0xF)]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    package static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
