import CFontconfig

/// The fonts fontconfig offers for a family, best first, with the characters each covers: the
/// first is the title font, the rest are fallbacks for characters it lacks (fontconfig's own
/// sort: the family's preferred fonts, then ones that add coverage).
///
/// fontconfig's queries on the default configuration are thread-safe (fontconfig ≥ 2.10.91);
/// an instance is owned by one `TitleRasterizer` and used under its lock.
final class FontCandidates {
    /// A font file and the face inside it.
    struct Font: Hashable {
        var path: String
        var index: Int
    }

    private let set: UnsafeMutablePointer<FcFontSet>

    /// The fonts for `family` (e.g. "sans-serif"), sorted by fontconfig.
    init(family: String) throws {
        guard FcInit() != 0 else { throw TitleFontError(description: "cannot initialise fontconfig") }
        guard let pattern = FcPatternCreate() else { throw TitleFontError(description: "fontconfig: out of memory") }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcPatternAddString(pattern, "family", $0) }
        }
        // Outline fonts only: they render at any pixel height.
        FcPatternAddBool(pattern, "scalable", 1)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(nil, pattern, 1, nil, &result), sorted.pointee.nfont > 0 else {
            throw TitleFontError(description: "no font found for '\(family)' (is fontconfig configured, a font installed?)")
        }
        set = sorted
    }

    deinit { FcFontSetDestroy(set) }

    var count: Int { Int(set.pointee.nfont) }

    /// The `position`-th font (0 = the best match), or `nil` when it names no file.
    func font(at position: Int) -> Font? {
        guard position >= 0, position < count, let pattern = set.pointee.fonts[position] else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, "file", 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, "index", 0, &index) != FcResultMatch { index = 0 }
        let path = file.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
        return Font(path: path, index: Int(index))
    }

    /// True when the `position`-th font covers `scalar` (fontconfig's charset: no file I/O).
    func covers(_ position: Int, _ scalar: Unicode.Scalar) -> Bool {
        guard position >= 0, position < count, let pattern = set.pointee.fonts[position] else { return false }
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(pattern, "charset", 0, &charset) == FcResultMatch, let charset else { return false }
        return FcCharSetHasChar(charset, scalar.value) != 0
    }
}
