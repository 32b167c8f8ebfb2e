import CFreeType
import Foundation

/// Renders one-line titles (file names) in any script the system has fonts for into 8-bit
/// coverage bitmaps: FreeType glyphs from the sans-serif font fontconfig chooses, each character
/// the font lacks from the first fallback font (fontconfig's sort) that has it.
///
/// No shaping engine: characters are placed one after another with the fonts' advances and
/// kerning, which is right for Latin, Greek, Cyrillic and CJK (the scripts titles are tested
/// in); scripts that need shaping (Arabic joining, Indic reordering) draw their characters
/// unjoined, still never as boxes when a font has them.
///
/// Threading: every method may be called from any thread; calls are serialised by an internal
/// lock (FreeType's library object is not thread-safe). Creating a rasterizer reads the font
/// configuration and opens the main font; rendering opens fallback fonts the first time a
/// character needs one: file I/O, so create and use it off the frame thread (on a worker).
public final class TitleRasterizer: @unchecked Sendable {
    // @unchecked: all mutable state (the FreeType library, faces, caches) is used under `lock`.
    private let lock = NSLock()
    private let library: FreeTypeLibrary
    private let candidates: FontCandidates
    private var faces: [FontCandidates.Font: FontFace] = [:]
    /// The face serving each character seen so far (`nil`: no font has it).
    private var faceOfScalar: [Unicode.Scalar: FontFace?] = [:]
    private let primary: FontFace

    /// The title font: the family fontconfig matches for `family`, and its fallbacks.
    ///
    /// - Throws: `TitleFontError` when fontconfig finds no font or FreeType cannot open it.
    public init(family: String = "sans-serif") throws {
        library = try FreeTypeLibrary()
        candidates = try FontCandidates(family: family)
        var first: FontFace?
        var lastError: Error?
        // The best match that FreeType can open is the title font.
        for position in 0..<min(candidates.count, 8) {
            guard let font = candidates.font(at: position) else { continue }
            do {
                first = try FontFace(library: library, path: font.path, index: font.index)
                faces[font] = first
                break
            } catch {
                lastError = error
            }
        }
        guard let first else {
            throw lastError ?? TitleFontError(description: "no usable font for '\(family)'")
        }
        primary = first
    }

    /// The title font's family name (e.g. "DejaVu Sans").
    public var familyName: String { primary.familyName }

    /// Renders `title` on one line, `pixelHeight` pixels tall (the title font's ascender to
    /// descender), at most `maxWidth` pixels wide: a title that does not fit is cut at a
    /// character and ends with "…". The text is NFC-normalised first (macOS writes file names
    /// decomposed), and control characters are skipped.
    public func render(_ title: String, pixelHeight: Int, maxWidth: Int) -> TitleBitmap {
        lock.lock()
        defer { lock.unlock() }
        let height = max(pixelHeight, 1)
        let em = emPixels(forHeight: height)
        let baseline = Int((primary.ascenderPerEm * Double(em)).rounded())
        var placed = layout(Self.scalars(of: title), em: em)
        let limit = max(maxWidth, 0) * 64
        var truncated = false
        if (placed.last.map { $0.pen + $0.advance } ?? 0) > limit {
            truncated = true
            let ellipsis = layout(ellipsisScalars(), em: em)
            let ellipsisWidth = ellipsis.last.map { $0.pen + $0.advance } ?? 0
            while let last = placed.last, last.pen + last.advance + ellipsisWidth > limit { placed.removeLast() }
            let start = placed.last.map { $0.pen + $0.advance } ?? 0
            placed += ellipsis.map { PlacedGlyph(face: $0.face, glyph: $0.glyph, pen: $0.pen + start, advance: $0.advance) }
        }
        let advance = placed.last.map { $0.pen + $0.advance } ?? 0
        let width = min((advance + 63) / 64, max(maxWidth, 0))
        var pixels = [UInt8](repeating: 0, count: width * height)
        for item in placed {
            guard let glyph = item.face.glyph(item.glyph) else { continue }
            let originX = (item.pen + 32) / 64 + glyph.left, originY = baseline - glyph.top
            for gy in 0..<glyph.rows {
                let y = originY + gy
                guard y >= 0, y < height else { continue }
                for gx in 0..<glyph.width {
                    let x = originX + gx
                    guard x >= 0, x < width else { continue }
                    let value = glyph.coverage[gy * glyph.width + gx]
                    if value > pixels[y * width + x] { pixels[y * width + x] = value }
                }
            }
        }
        return TitleBitmap(width: width, height: height, baseline: baseline, pixels: pixels, isTruncated: truncated)
    }

    /// Which font draws `scalar` and its glyph index there (0 = the font's .notdef box), or
    /// `nil` when no installed font has it (it would draw as the title font's .notdef).
    public func font(for scalar: Unicode.Scalar) -> (family: String, path: String, glyph: UInt32)? {
        lock.lock()
        defer { lock.unlock() }
        guard let face = face(for: scalar) else { return nil }
        return (face.familyName, face.path, face.glyphIndex(scalar))
    }

    /// `scalar` rendered alone, as `render` would draw it, `pixelHeight` tall.
    public func renderCharacter(_ scalar: Unicode.Scalar, pixelHeight: Int) -> TitleBitmap {
        render(String(Character(scalar)), pixelHeight: pixelHeight, maxWidth: 4 * max(pixelHeight, 1))
    }

    /// The title font's .notdef glyph (the "box" shown for a missing character), rendered like a
    /// character at `pixelHeight`: tests compare real glyphs against it.
    public func renderNotdef(pixelHeight: Int) -> TitleBitmap {
        lock.lock()
        defer { lock.unlock() }
        let height = max(pixelHeight, 1)
        let em = emPixels(forHeight: height)
        primary.setEmPixels(em)
        let placed = [PlacedGlyph(face: primary, glyph: 0, pen: 0, advance: primary.advance(0))]
        let baseline = Int((primary.ascenderPerEm * Double(em)).rounded())
        let width = max((placed[0].advance + 63) / 64, 1)
        var pixels = [UInt8](repeating: 0, count: width * height)
        if let glyph = primary.glyph(0) {
            for gy in 0..<glyph.rows {
                for gx in 0..<glyph.width {
                    let x = gx + glyph.left, y = baseline - glyph.top + gy
                    guard x >= 0, x < width, y >= 0, y < height else { continue }
                    pixels[y * width + x] = glyph.coverage[gy * glyph.width + gx]
                }
            }
        }
        return TitleBitmap(width: width, height: height, baseline: baseline, pixels: pixels)
    }

    // MARK: Layout

    private struct PlacedGlyph {
        var face: FontFace
        var glyph: UInt32
        /// The pen position of the glyph's origin, 26.6 fixed point.
        var pen: Int
        var advance: Int
    }

    /// The em size (pixels) at which the title font's ascender-to-descender extent is `height`.
    private func emPixels(forHeight height: Int) -> Int {
        max(Int((Double(height) / primary.lineHeightPerEm).rounded(.down)), 1)
    }

    /// Glyphs for `scalars` placed one after another from pen 0, kerned within a face.
    private func layout(_ scalars: [Unicode.Scalar], em: Int) -> [PlacedGlyph] {
        var placed: [PlacedGlyph] = []
        var pen = 0
        for scalar in scalars {
            let face = face(for: scalar) ?? primary
            let glyph = face.glyphIndex(scalar)
            face.setEmPixels(em)
            if let previous = placed.last, previous.face === face { pen += face.kerning(previous.glyph, glyph) }
            let advance = face.advance(glyph)
            placed.append(PlacedGlyph(face: face, glyph: glyph, pen: pen, advance: advance))
            pen += advance
        }
        return placed
    }

    /// "…", or "..." when no font has the ellipsis character.
    private func ellipsisScalars() -> [Unicode.Scalar] {
        face(for: "\u{2026}") != nil ? ["\u{2026}"] : [".", ".", "."]
    }

    /// The face that draws `scalar`: the title font when it has it, else the first fallback
    /// (fontconfig's order) whose character set has it — opened on first use — else `nil`.
    private func face(for scalar: Unicode.Scalar) -> FontFace? {
        if let known = faceOfScalar[scalar] { return known }
        var found: FontFace?
        if primary.glyphIndex(scalar) != 0 {
            found = primary
        } else {
            for position in 0..<candidates.count where candidates.covers(position, scalar) {
                guard let font = candidates.font(at: position) else { continue }
                let face = faces[font] ?? (try? FontFace(library: library, path: font.path, index: font.index))
                guard let face else { continue }
                faces[font] = face
                if face.glyphIndex(scalar) != 0 {
                    found = face
                    break
                }
            }
        }
        faceOfScalar[scalar] = .some(found)
        return found
    }

    /// The title's characters to draw: NFC-normalised, without control characters.
    static func scalars(of title: String) -> [Unicode.Scalar] {
        title.precomposedStringWithCanonicalMapping.unicodeScalars.filter { scalar in
            scalar.properties.generalCategory != .control && scalar.properties.generalCategory != .format
        }
    }
}
