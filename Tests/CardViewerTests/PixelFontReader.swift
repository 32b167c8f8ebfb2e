import CardMath
import CardPixels
import CardRendering
import CardText
import CardViewerFrame

/// Reads text the overlay drew in the pixel font back from a screenshot: each character cell of
/// a line is sampled at the centres of its font pixels (bright ink over the dark panel) and
/// matched against every printable glyph of `BitmapFont.standard`. Only for text drawn at a
/// whole number of pixels per font pixel, as `OverlayBlocks` places it.
///
/// The overlay draws in the titles' font where one is found (`OverlayFont`, issue 34): a cell
/// that matches no pixel-font glyph is matched against the printable ASCII characters as that
/// font draws them in a cell of its size (the same FreeType and fonts as the viewer under
/// test), the nearest by differing pixels when clearly nearest.
struct PixelFontReader {
    let font = BitmapFont.standard

    /// Line `row` of `block` in `image`: the characters up to the first cell that matches no
    /// glyph (`?`), trailing spaces removed. A cell with no ink is a space.
    func line(_ row: Int, of block: OverlayTextBlock, in image: RGBAImage, maximumLength: Int = 80) -> String {
        let k = block.pixelSize
        let top = block.origin.y + block.padding + Double(row * font.lineHeight) * k
        var text = ""
        // A panel drawn for known lines holds no text past its width (the titles' font's
        // nearest-glyph reading would find a "." in what lies beyond); an empty one: no limit.
        let textWidth = Double(font.measure(block.lines.joined(separator: "\n")).width) * k
        for column in 0..<maximumLength {
            let left = block.origin.x + block.padding + Double(column * font.advance) * k
            if textWidth > 0, left + Double(font.glyphSize.width) * k > block.origin.x + block.padding + textWidth { break }
            guard let character = character(at: Vec2(left, top), scale: k, in: image, after: text.last) else {
                text.append("?")
                break
            }
            text.append(character)
        }
        while text.last == " " || text.last == "?" { text.removeLast() }
        return text
    }

    /// The glyph whose ink is exactly the cell's at `origin` (viewport points = pixels), or
    /// `nil`; a space for no ink.
    func character(at origin: Vec2, scale k: Double, in image: RGBAImage, after previous: Character? = nil) -> Character? {
        let w = font.glyphSize.width, h = font.glyphSize.height
        var ink = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let px = Int(origin.x + (Double(x) + 0.5) * k), py = Int(origin.y + (Double(y) + 0.5) * k)
                guard px >= 0, py >= 0, px < image.width, py < image.height else { return nil }
                let p = image[px, py]
                ink[y * w + x] = Int(p.r) + Int(p.g) + Int(p.b) >= 3 * 160
            }
        }
        // A thin glyph of the titles' font ("i", "l") can miss every sample point.
        if !ink.contains(true) { return overlayFontCharacter(at: origin, scale: k, in: image, after: previous) ?? " " }
        for code in BitmapFont.firstCode...BitmapFont.lastCode {
            guard let scalar = Unicode.Scalar(code) else { continue }
            let character = Character(scalar)
            let glyph = font.glyphIndex(for: character)
            var matches = true
            for y in 0..<h where matches {
                for x in 0..<w where font.hasInk(glyph: glyph, x: x, y: y) != ink[y * w + x] {
                    matches = false
                    break
                }
            }
            if matches { return character }
        }
        return overlayFontCharacter(at: origin, scale: k, in: image, after: previous)
    }

    /// The titles' font as the overlay draws it; `nil` where fontconfig finds none.
    static let overlayFont: OverlayFont? = (try? TitleRasterizer()).map { OverlayFont(rasterizer: $0) }

    /// The printable ASCII character whose glyph in the titles' font, drawn in the cell at
    /// `origin` (`advance × lineHeight` font pixels of `k` pixels), is nearest the cell's ink:
    /// coverage estimated from brightness (white text over the dark panel, which lets at most
    /// 18 % of what is under it through), compared summing the differences; the nearest when no
    /// other is as near and the sum is under 8 % of the cell ("l" and "I" differ by a row). A space for a cell without ink.
    ///
    /// Some glyphs are the same pixels at overlay sizes ("l" and "I" in DejaVu Sans): of those,
    /// the capital after a capital ("TIFF", "HEIC"), else the lowercase letter.
    func overlayFontCharacter(at origin: Vec2, scale k: Double, in image: RGBAImage, after previous: Character? = nil) -> Character? {
        guard let overlayFont = Self.overlayFont else { return nil }
        let w = Int((Double(font.advance) * k).rounded()), h = Int((Double(font.lineHeight) * k).rounded())
        let left = Int(origin.x.rounded()), top = Int(origin.y.rounded())
        guard left >= 0, top >= 0, left + w <= image.width, top + h <= image.height else { return nil }
        var ink = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let p = image[left + x, top + y]
                let brightness = Double(Int(p.r) + Int(p.g) + Int(p.b)) / 3
                ink[y * w + x] = min(max((brightness - 50) / 205, 0), 1)
            }
        }
        if (ink.max() ?? 0) < 0.3 { return " " }
        var scored: [(character: Character, distance: Double)] = []
        for code in (BitmapFont.firstCode + 1)...BitmapFont.lastCode {
            guard let scalar = Unicode.Scalar(code) else { continue }
            let character = Character(scalar)
            guard let glyph = overlayFont.glyph(for: character, width: w, height: h) else { continue }
            var distance = 0.0
            for i in 0..<(w * h) { distance += abs(Double(glyph.coverage[i]) / 255 - ink[i]) }
            scored.append((character, distance))
        }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 0.08 * Double(w * h) else { return nil }
        let tied = scored.filter { $0.distance <= best.distance + 1e-9 }.map(\.character)
        guard tied.count > 1 else {
            let second = scored.filter { $0.character != best.character }.map(\.distance).min() ?? .infinity
            return best.distance < second ? best.character : nil
        }
        if previous?.isUppercase == true, let capital = tied.first(where: \.isUppercase) { return capital }
        return tied.first(where: \.isLowercase) ?? tied.first
    }
}
