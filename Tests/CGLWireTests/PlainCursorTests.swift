import CGLTestSupport
import CGLWire
import Testing

/// The walks' UTF-8 check agrees with Swift's own validation wherever a string lies and
/// whatever surrounds it: the word-at-a-time ASCII check must neither miss a byte of the
/// string nor look at one outside it (which would send ASCII to the slow path: right, but
/// slow, so it is checked apart).
@Suite struct PlainCursorTests {
    /// Every length up to 24 at every start in a buffer of 40 bytes, with one byte past
    /// ASCII at each place inside the string, and bytes past ASCII all around it, where the
    /// last word's load reads.
    @Test func everyByteOfEveryStringIsCheckedAndNoOther() {
        for length in 0 ... 24 {
            for start in 0 ... 40 - length {
                let range = start ..< start + length
                var clean = [UInt8](repeating: 0x61, count: 40)
                // What lies outside the string is never checked: make it anything but ASCII.
                for index in clean.indices where !range.contains(index) { clean[index] = 0xFF }
                #expect(Self.isASCII(clean, range), "clean: length \(length) at \(start)")
                #expect(Self.check(clean, range), "clean: length \(length) at \(start)")
                for position in range {
                    for byte: UInt8 in [0x80, 0xC3, 0xFF] {
                        var broken = clean
                        broken[position] = byte
                        #expect(!Self.isASCII(broken, range), "length \(length) at \(start), 0x\(String(byte, radix: 16)) at \(position - start)")
                        #expect(!Self.check(broken, range), "length \(length) at \(start), 0x\(String(byte, radix: 16)) at \(position - start)")
                    }
                }
            }
        }
    }

    /// Random strings of random bytes, valid and not, agree with `String(validating:)`.
    @Test func randomBytesAgreeWithSwiftsValidation() {
        let seed = UInt64.random(in: 0 ... .max)
        print("PlainCursorTests seed \(seed)")
        var generator = SplitMix64(seed: seed)
        let pieces: [[UInt8]] = [Array("a".utf8), Array("é".utf8), Array("日".utf8), Array("😀".utf8), [0x80], [0xC3], [0xE6, 0x97], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xC0, 0xAF]]
        for _ in 0 ..< 5_000 {
            var string: [UInt8] = []
            for _ in 0 ..< Int.random(in: 0 ... 12, using: &generator) {
                // Mostly ASCII, as ids are.
                string += Bool.random(using: &generator) ? Array("abcdefgh".utf8.prefix(Int.random(in: 1 ... 8, using: &generator))) : pieces.randomElement(using: &generator)!
            }
            let start = Int.random(in: 0 ... 9, using: &generator)
            let buffer = [UInt8](repeating: 0xFF, count: start) + string + [UInt8](repeating: 0xFF, count: Int.random(in: 0 ... 9, using: &generator))
            let expected = String(validating: string, as: UTF8.self) != nil
            #expect(Self.check(buffer, start ..< start + string.count) == expected, "seed \(seed): \(string)")
        }
    }

    private static func check(_ buffer: [UInt8], _ range: Range<Int>) -> Bool {
        buffer.withUnsafeBytes { PlainCursor.isUTF8($0, range) }
    }

    private static func isASCII(_ buffer: [UInt8], _ range: Range<Int>) -> Bool {
        buffer.withUnsafeBytes { PlainCursor.isASCII($0, range) }
    }
}
