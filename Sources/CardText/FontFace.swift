import CFreeType

/// Why no title can be drawn: no usable font. One line.
public struct TitleFontError: Error, CustomStringConvertible, Equatable {
    public var description: String
}

/// A FreeType library instance; freed after the last face opened with it (each face keeps it).
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws {
        var opened: FT_Library?
        guard FT_Init_FreeType(&opened) == 0, let opened else {
            throw TitleFontError(description: "cannot initialise FreeType")
        }
        handle = opened
    }

    deinit { FT_Done_FreeType(handle) }
}

/// One font file opened with FreeType (one face of it), sized in pixels. Not thread-safe: owned
/// by one `TitleRasterizer`, used under its lock.
final class FontFace {
    let path: String
    let index: Int
    private let library: FreeTypeLibrary
    private let face: FT_Face

    /// Opens face `index` of the font file at `path` with `library`.
    init(library: FreeTypeLibrary, path: String, index: Int) throws {
        var opened: FT_Face?
        let error = FT_New_Face(library.handle, path, FT_Long(index), &opened)
        guard error == 0, let opened else {
            throw TitleFontError(description: "cannot open font '\(path)' (FreeType error \(error))")
        }
        face = opened
        self.library = library
        self.path = path
        self.index = index
    }

    deinit { FT_Done_Face(face) }

    /// The family name the font declares.
    var familyName: String {
        face.pointee.family_name.map { String(cString: $0) } ?? path
    }

    /// The glyph for `scalar`, 0 (the .notdef glyph) when the font lacks it.
    func glyphIndex(_ scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// The line height (ascender − descender) over the em size, from the font's own metrics; 1.2
    /// when the font does not say (a bitmap font).
    var lineHeightPerEm: Double {
        let units = Double(face.pointee.units_per_EM)
        let extent = Double(face.pointee.ascender) - Double(face.pointee.descender)
        guard units > 0, extent > 0 else { return 1.2 }
        return extent / units
    }

    /// The ascender over the em size (0.9 when unknown).
    var ascenderPerEm: Double {
        let units = Double(face.pointee.units_per_EM)
        guard units > 0, face.pointee.ascender > 0 else { return 0.9 }
        return Double(face.pointee.ascender) / units
    }

    /// Sets the em size in pixels for the next glyphs.
    func setEmPixels(_ pixels: Int) {
        let pixels = max(pixels, 1)
        guard pixels != emPixels else { return }
        FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixels))
        emPixels = pixels
    }

    private var emPixels = 0
    /// Rendered glyphs by glyph index and em size: titles repeat characters (digits, Latin
    /// letters), and rendering is most of a title's cost. Bounded: emptied when full.
    private var cache: [UInt64: Glyph] = [:]
    private static let cacheLimit = 4096

    /// Glyph `index` at the current em size, rendered (from the cache when seen before); `nil`
    /// when FreeType fails.
    func glyph(_ index: UInt32) -> Glyph? {
        let key = UInt64(index) << 16 | UInt64(min(emPixels, 0xFFFF))
        if let known = cache[key] { return known }
        guard let rendered = render(index) else { return nil }
        if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[key] = rendered
        return rendered
    }

    /// The horizontal kerning between two glyphs of this face, 26.6 fixed point (0 without
    /// kerning data).
    func kerning(_ left: UInt32, _ right: UInt32) -> Int {
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0, left != 0, right != 0 else { return 0 }
        var delta = FT_Vector()
        guard FT_Get_Kerning(face, left, right, FT_UInt(FT_KERNING_DEFAULT.rawValue), &delta) == 0 else { return 0 }
        return Int(delta.x)
    }

    /// A rendered glyph: coverage rows, its offset from the pen (x right, `top` rows above the
    /// baseline) and the pen's advance in 26.6 fixed point.
    struct Glyph {
        var width = 0
        var rows = 0
        var left = 0
        var top = 0
        var advance = 0
        var coverage: [UInt8] = []
    }

    /// The advance of `glyph` at the current em size, 26.6 fixed point.
    func advance(_ glyph: UInt32) -> Int { self.glyph(glyph)?.advance ?? 0 }

    /// Renders `glyph` to 8-bit coverage (anti-aliased); `nil` when FreeType fails.
    private func render(_ glyph: UInt32) -> Glyph? {
        guard FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_DEFAULT)) == 0 else { return nil }
        let slot = face.pointee.glyph!
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        }
        let bitmap = slot.pointee.bitmap
        var result = Glyph(width: Int(bitmap.width), rows: Int(bitmap.rows), left: Int(slot.pointee.bitmap_left),
                           top: Int(slot.pointee.bitmap_top), advance: Int(slot.pointee.advance.x))
        result.coverage = Array(repeating: 0, count: result.width * result.rows)
        guard let buffer = bitmap.buffer, result.width > 0, result.rows > 0 else { return result }
        let pitch = Int(bitmap.pitch)
        let mono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
        // Colour bitmaps (emoji) and the like are left blank: coverage only.
        guard mono || bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return result }
        for y in 0..<result.rows {
            // A negative pitch means the rows are stored bottom-up.
            let row = buffer + (pitch >= 0 ? y * pitch : (result.rows - 1 - y) * -pitch)
            for x in 0..<result.width {
                let value = mono ? ((row[x >> 3] >> (7 - UInt8(x & 7))) & 1) * 255 : row[x]
                result.coverage[y * result.width + x] = value
            }
        }
        return result
    }
}
