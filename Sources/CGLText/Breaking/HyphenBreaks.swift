import CHarfBuzz

// Where breaking a line inside a word shows a hyphen. Pango 1.44 and later insert one when a
// line breaks inside a word (only where no other break fits the line) and after a soft hyphen
// (U+00AD), and count its width on the line: a narrow column of long German compounds then
// holds a character fewer per line than without it. The rule is Pango's
// (`break_inserts_hyphen` in pango/break.c, 1.50): not at a word boundary (UAX #29), not
// after a space or a hyphen nor before one, and only after a letter of a script written with
// hyphens (not Han, Hangul, Hiragana or Katakana; and of the common characters, only after a
// soft hyphen). The hyphen is U+2010, or `-` in a font without it, in the font of the text
// broken.

enum HyphenBreaks {
    /// What the rule asks of one character.
    struct Traits {
        /// A break after it may show a hyphen: its script is written with hyphens (or it is a
        /// soft hyphen, which always shows one).
        var allowsHyphenAfter: Bool
        var isSoftHyphen: Bool
        /// A space or a hyphen, next to which a break shows none.
        var isSpaceOrHyphen: Bool
        var wordClass: WordClass
    }

    /// UAX #29's word classes that matter between two characters inside a line-break segment.
    enum WordClass {
        case letter, numeric, connector, extendOrFormat, other
    }

    /// Whether a break between characters of traits `previous` (the last before it) and
    /// `next` shows a hyphen; `previousBase` is the last character before it that is not a
    /// mark or a format character, which UAX #29 looks through.
    static func insertsHyphen(previous: Traits, previousBase: Traits, next: Traits) -> Bool {
        if previous.isSoftHyphen { return true }
        guard previous.allowsHyphenAfter, !previous.isSpaceOrHyphen, !next.isSpaceOrHyphen else { return false }
        return !isWordBoundary(previousBase.wordClass, next.wordClass)
    }

    /// The traits below U+0300, looked up once: hold it in a local across a paragraph (each
    /// read of a global costs a check and a retain).
    static let latinTraits: [Traits] = (0..<UInt32(LatinTable.limit)).map { computeTraits(Unicode.Scalar($0)!) }

    /// The traits of `scalar`: from `latin` (`latinTraits`, held by the caller) below U+0300,
    /// where most text is.
    @inline(__always)
    static func traits(_ scalar: Unicode.Scalar, latin: UnsafeBufferPointer<Traits>) -> Traits {
        scalar.value < UInt32(latin.count) ? latin[Int(scalar.value)] : computeTraits(scalar)
    }

    private static func computeTraits(_ scalar: Unicode.Scalar) -> Traits {
        let script = hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value)
        let allows = switch script {
        case HB_SCRIPT_COMMON, HB_SCRIPT_HAN, HB_SCRIPT_HANGUL, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA: false
        default: true
        }
        return Traits(allowsHyphenAfter: allows, isSoftHyphen: scalar.value == 0x00AD, isSpaceOrHyphen: isSpaceOrHyphen(scalar),
                      wordClass: wordClass(scalar, script: script))
    }

    /// Pango's spaces and hyphens: a break next to one shows no hyphen.
    private static func isSpaceOrHyphen(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0C, 0x0D, 0x2D, 0x058A, 0x1400, 0x1806, 0x2010, 0x2E17, 0x2E40, 0x30A0, 0xFE63, 0xFF0D: return true
        default:
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }

    /// Pango's UAX #29 classes (pango/break.c). Letters of the scripts written without
    /// spaces between words (line-break class SA: Thai and its neighbours), ideographs,
    /// Hiragana and Katakana are not letters there: a boundary on each side.
    private static func wordClass(_ scalar: Unicode.Scalar, script: hb_script_t) -> WordClass {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            switch script {
            case HB_SCRIPT_THAI, HB_SCRIPT_LAO, HB_SCRIPT_KHMER, HB_SCRIPT_MYANMAR, HB_SCRIPT_TAI_THAM, HB_SCRIPT_NEW_TAI_LUE,
                 HB_SCRIPT_TAI_LE, HB_SCRIPT_TAI_VIET, HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA:
                return .other
            default: return .letter
            }
        case .decimalNumber: return .numeric
        case .connectorPunctuation: return .connector
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return .extendOrFormat
        default: return .other
        }
    }

    /// Whether Pango's UAX #29 puts a word boundary between two characters, as it stands when
    /// the hyphen is decided: WB4, WB5 and WB8–WB10 (letters and digits), WB13a and WB13b
    /// (connectors). Pango decides a break's hyphen before it looks ahead for WB6 ("e.g",
    /// "can't"), so a break before a full stop or an apostrophe counts as a boundary.
    private static func isWordBoundary(_ before: WordClass, _ after: WordClass) -> Bool {
        switch (before, after) {
        case (_, .extendOrFormat): false
        case (.letter, .letter), (.letter, .numeric), (.numeric, .letter), (.numeric, .numeric): false
        case (.letter, .connector), (.numeric, .connector), (.connector, .connector), (.connector, .letter), (.connector, .numeric): false
        default: true
        }
    }
}
