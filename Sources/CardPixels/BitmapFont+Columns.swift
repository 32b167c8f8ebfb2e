extension BitmapFont {
    /// How many cells `character` takes on a line of overlay text: 2 for East Asian wide and
    /// fullwidth characters (CJK ideographs, kana, Hangul, fullwidth forms — Unicode's East Asian
    /// Width W and F, by block), 1 for everything else.
    ///
    /// Overlay text is laid out on this font's cell grid whatever draws its glyphs (this font, or
    /// the titles' font through FreeType, `TextOverlayRenderer`), so columns of the help stay
    /// aligned and a panel's size does not depend on the fonts installed; a CJK character is
    /// about as wide as it is tall, two cells.
    public static func cellColumns(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 1 }
        return isWide(scalar.value) ? 2 : 1
    }

    /// True for the code points of Unicode's East Asian Width W and F blocks.
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F,  // Hangul Jamo initials
             0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols
             0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility, Kanbun, CJK compatibility
             0x3400...0x4DBF,  // CJK extension A
             0x4E00...0x9FFF,  // CJK unified ideographs
             0xA000...0xA4CF,  // Yi
             0xAC00...0xD7A3,  // Hangul syllables
             0xF900...0xFAFF,  // CJK compatibility ideographs
             0xFE30...0xFE4F,  // CJK compatibility forms
             0xFF00...0xFF60,  // fullwidth forms
             0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF,  // emoji pictographs
             0x20000...0x3FFFD:  // CJK extensions B…
            return true
        default:
            return false
        }
    }

    /// The cells of `line` (`cellColumns(of:)` summed).
    static func cellCount(of line: [Character]) -> Int {
        line.reduce(0) { $0 + cellColumns(of: $1) }
    }
}
