import CHarfBuzz

/// The scripts of the characters below U+0300 (Latin and its punctuation), looked up once:
/// most text is in this range, and asking HarfBuzz per character showed in profiles.
enum LatinTable {
    /// Characters below this have no combining marks and no emoji presentation.
    static let limit: UInt16 = 0x300

    static let scripts: [hb_script_t] = {
        let unicode = hb_unicode_funcs_get_default()
        return (0..<UInt32(limit)).map { hb_unicode_script(unicode, $0) }
    }()
}
