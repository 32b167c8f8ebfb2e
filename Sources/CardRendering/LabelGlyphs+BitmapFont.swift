import CardPixels

extension LabelGlyphs {
    /// The digits of `font` (the project's pixel font by default), each glyph pixel enlarged to a
    /// `scale × scale` block, white ink on transparent.
    ///
    /// The enlargement keeps the pixel font's blocks crisp under the label's linear filtering:
    /// only the block edges blend, over a texel. Digits are the font's glyphs for "0" … "9".
    public init(font: BitmapFont = .standard, scale: Int = 4) {
        let scale = max(1, scale)
        let width = font.glyphSize.width * scale, height = font.glyphSize.height * scale
        let digits = (0..<10).map { (digit: Int) -> RGBAImage in
            let glyph = font.glyphIndex(for: Character(String(digit)))
            var image = RGBAImage(width: width, height: height, fill: (255, 255, 255, 0))
            for y in 0..<height {
                for x in 0..<width where font.hasInk(glyph: glyph, x: x / scale, y: y / scale) {
                    image[x, y] = (255, 255, 255, 255)
                }
            }
            return image
        }
        self.init(checkedDigits: digits)  // ten images of one non-empty size
    }
}
