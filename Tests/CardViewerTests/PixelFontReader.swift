import CardMath
import CardPixels
import CardRendering

/// Reads text the overlay drew in the pixel font back from a screenshot: each character cell of
/// a line is sampled at the centres of its font pixels (bright ink over the dark panel) and
/// matched against every printable glyph of `BitmapFont.standard`. Only for text drawn at a
/// whole number of pixels per font pixel, as `OverlayBlocks` places it.
struct PixelFontReader {
    let font = BitmapFont.standard

    /// Line `row` of `block` in `image`: the characters up to the first cell that matches no
    /// glyph (`?`), trailing spaces removed. A cell with no ink is a space.
    func line(_ row: Int, of block: OverlayTextBlock, in image: RGBAImage, maximumLength: Int = 80) -> String {
        let k = block.pixelSize
        let top = block.origin.y + block.padding + Double(row * font.lineHeight) * k
        var text = ""
        for column in 0..<maximumLength {
            let left = block.origin.x + block.padding + Double(column * font.advance) * k
            guard let character = character(at: Vec2(left, top), scale: k, in: image) else {
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
    func character(at origin: Vec2, scale k: Double, in image: RGBAImage) -> Character? {
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
        if !ink.contains(true) { return " " }
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
        return nil
    }
}
