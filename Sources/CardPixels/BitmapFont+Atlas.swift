extension BitmapFont {
    /// Every glyph in a grid of `columns` cells of `cellWidth × cellHeight` pixels, for the GPU to
    /// draw text from: glyph `glyphIndex(for:)` sits at the top-left of cell
    /// (`index % columns`, `index / columns`), ink opaque white, everything else transparent white.
    ///
    /// Each cell is one glyph plus one blank column and row (`advance × lineHeight`), so every glyph
    /// is bordered by transparent pixels and linear filtering never bleeds a neighbour in. The paper
    /// is white with alpha 0 (not black) so filtering does not darken the ink's edges either.
    /// - Complexity: O(glyphs · cell pixels).
    public func atlas(columns: Int = 16) -> (image: RGBAImage, columns: Int, cellWidth: Int, cellHeight: Int) {
        let columns = max(1, columns)
        let gridRows = (glyphCount + columns - 1) / columns
        var image = RGBAImage(width: columns * advance, height: gridRows * lineHeight, fill: (255, 255, 255, 0))
        for index in 0..<glyphCount {
            let left = (index % columns) * advance, top = (index / columns) * lineHeight
            for row in 0..<glyphSize.height {
                for column in 0..<glyphSize.width where hasInk(glyph: index, x: column, y: row) {
                    image[left + column, top + row] = (255, 255, 255, 255)
                }
            }
        }
        return (image, columns, advance, lineHeight)
    }
}
