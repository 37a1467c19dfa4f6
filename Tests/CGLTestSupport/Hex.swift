/// Bytes written as hex pairs, spaces ignored: `"00 01 ff"`.
public func hexBytes(_ text: String) -> [UInt8] {
    let digits = text.filter { !$0.isWhitespace }
    var bytes: [UInt8] = []
    var index = digits.startIndex
    while index < digits.endIndex {
        let next = digits.index(index, offsetBy: 2)
        bytes.append(UInt8(digits[index ..< next], radix: 16)!)
        index = next
    }
    return bytes
}

/// Bytes as lowercase hex pairs separated by spaces.
public func hexString(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
}

