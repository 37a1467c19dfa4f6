// Pango's tailoring of UAX #14's rule LB25 (its "Example 7 of Customization", pango/break.c,
// 1.50): a full stop, colon, comma or slash keeps the digits after it only inside a number.
// ICU follows the rule's pairs (IS × NU, SY × NU) everywhere, so `beta.4`, `localhost:8080`
// and `users/12345` do not break after the punctuation; Pango breaks there unless digits come
// before it (`1.2.3`, `8080/80`), and so does CGLText, to wrap URLs and versions as Pango does.

enum NumericBreaks {
    /// The offsets, ascending, where a line may start between an infix separator or a slash
    /// and a digit outside a number: those Pango allows and ICU does not.
    static func outsideNumbers(in text: UnsafeBufferPointer<UInt16>) -> [Int] {
        var extra: [Int] = []
        // Whether the characters since the last digit are all digits, separators and slashes
        // (Pango's `prev_LB_type == LB_Numeric`).
        var inNumber = false
        for offset in 0 ..< text.count {
            let unit = text[offset]
            if isDigit(unit) {
                if offset > 0, !inNumber, isSeparatorOrSlash(text[offset - 1]) { extra.append(offset) }
                inNumber = true
            } else if !isSeparatorOrSlash(unit) {
                inNumber = false
            }
        }
        return extra
    }

    /// UAX #14's NU below U+FFFF: decimal digits, but the fullwidth ones (ID).
    private static func isDigit(_ unit: UInt16) -> Bool {
        guard let scalar = Unicode.Scalar(unit) else { return false }
        if unit < 0x80 { return unit >= 0x30 && unit <= 0x39 }
        return scalar.properties.generalCategory == .decimalNumber && !(0xFF10 ... 0xFF19).contains(unit)
    }

    /// UAX #14's IS (infix separators) and SY (the slash).
    private static func isSeparatorOrSlash(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x2C, 0x2E, 0x3A, 0x3B, 0x2F, 0x037E, 0x0589, 0x060C, 0x060D, 0x07F8, 0x2044, 0xFE10, 0xFE13, 0xFE14: true
        default: false
        }
    }
}
