/// Where and how large a title is baked onto an image of a given size: a strip along the bottom
/// edge with the title centred in it, sized relative to the image. All values in image pixels.
public struct TitleStrip: Equatable, Sendable {
    /// Glyph pixel scale: about one hundredth of the image height (at least 1), lowered to as
    /// little as half that when the title would not fit across.
    public var scale: Int
    /// Height of the strip: the glyph height plus a margin of `2 · scale` above and below.
    public var stripHeight: Int
    /// The text drawn: the title on one line, shortened with "..." when it cannot fit.
    public var text: String
    /// Pen position of the text (its top-left pixel), centred in the strip.
    public var textOrigin: (x: Int, y: Int)

    public static func == (a: TitleStrip, b: TitleStrip) -> Bool {
        a.scale == b.scale && a.stripHeight == b.stripHeight && a.text == b.text && a.textOrigin == b.textOrigin
    }

    /// Lays out `title` for an image of `width × height` pixels.
    public init(title: String, width: Int, height: Int, font: BitmapFont = .standard) {
        let oneLine = String(title.map { $0.isNewline ? " " : $0 })
        let preferred = max(1, height / 100)
        var scale = preferred
        func fits(_ text: String, _ scale: Int) -> Bool { font.measure(text, scale: scale).width <= width - 4 * scale }
        while scale > max(1, preferred / 2), !fits(oneLine, scale) { scale -= 1 }
        var text = oneLine
        if !fits(text, scale) {
            // The most characters that fit across, keeping a 2·scale margin on each side.
            let available = (width - 4 * scale - font.glyphSize.width * scale) / (font.advance * scale) + 1
            let characters = Array(oneLine)
            text = available >= 4 ? String(characters.prefix(available - 3)) + "..." : String(characters.prefix(max(0, available)))
        }
        let size = font.measure(text, scale: scale)
        self.scale = scale
        stripHeight = font.glyphSize.height * scale + 4 * scale
        self.text = text
        textOrigin = ((width - size.width) / 2, height - stripHeight + 2 * scale)
    }
}

extension RGBAImage {
    /// Colour of the strip behind a baked title: black at about 60 % opacity.
    public static let titleStripColor = RGBAColor(r: 0, g: 0, b: 0, a: 150)

    /// A copy of this image with `title` baked in legibly: a translucent dark strip along the bottom
    /// edge (`TitleStrip` gives its size) with the title in white, centred, in `font`.
    ///
    /// Long titles are drawn smaller and then shortened with "..."; newlines become spaces.
    /// - Complexity: O(image pixels in the strip + title glyph pixels).
    public func withTitle(_ title: String, font: BitmapFont = .standard) -> RGBAImage {
        var copy = self
        let strip = TitleStrip(title: title, width: width, height: height, font: font)
        copy.blend(Self.titleStripColor, x: 0, y: height - strip.stripHeight, width: width, height: strip.stripHeight)
        font.draw(strip.text, into: &copy, x: strip.textOrigin.x, y: strip.textOrigin.y, scale: strip.scale, color: .white)
        return copy
    }
}
