extension BitmapFont {
    /// Draws `text` into `image` with its first glyph's top-left pixel at (`x`, `y`) in image
    /// pixels (y down), each glyph pixel a `scale × scale` block of `color` composited over the image.
    ///
    /// Lines break at newlines, each `lineHeight · scale` pixels below the last. Everything outside
    /// the image is clipped, so any position is safe; `scale < 1` draws nothing. Characters without
    /// a glyph are drawn as the replacement box. The ink lies within `measure(text, scale:)` from (x, y).
    /// - Complexity: O(n · glyph pixels · scale²) for n characters, less when clipped.
    public func draw(_ text: String, into image: inout RGBAImage, x: Int, y: Int, scale: Int = 1, color: RGBAColor) {
        // Text extends right and down from its pen position: beyond the image's right or bottom
        // edge nothing can show, which also keeps the pen arithmetic below far from overflow.
        guard scale >= 1, color.a > 0, x < image.width, y < image.height else { return }
        let scale = min(scale, 1 << 20)
        for (lineNumber, line) in Self.lines(of: text).enumerated() {
            let top = y + lineNumber * lineHeight * scale
            if top >= image.height { break }
            if top + glyphSize.height * scale <= 0 { continue }
            var column = 0
            for character in line {
                let left = x + column * advance * scale
                column += Self.cellColumns(of: character)
                if left >= image.width { break }
                if left + glyphSize.width * scale <= 0 { continue }
                drawGlyph(glyphIndex(for: character), into: &image, left: left, top: top, scale: scale, color: color)
            }
        }
    }

    /// Draws one glyph's ink as `scale × scale` blocks with its top-left pixel at (left, top).
    private func drawGlyph(_ index: Int, into image: inout RGBAImage, left: Int, top: Int, scale: Int, color: RGBAColor) {
        for row in 0..<glyphSize.height {
            let bits = rows[index * glyphSize.height + row]
            if bits == 0 { continue }
            for column in 0..<glyphSize.width where bits >> UInt8(glyphSize.width - 1 - column) & 1 == 1 {
                image.blend(color, x: left + column * scale, y: top + row * scale, width: scale, height: scale)
            }
        }
    }
}
