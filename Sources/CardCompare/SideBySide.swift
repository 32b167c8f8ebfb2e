import CardPixels

/// The comparison picture of one scene: panels side by side under a caption, each with a
/// title, wrong pixels painted magenta.
public enum SideBySide {
    /// One panel: a frame, its title, and optionally the pixels to paint (`wrong`) or to lighten
    /// (`faded`, e.g. the excluded pixels on the reference), row-major like the frame.
    public struct Panel: Sendable {
        public var title: String
        public var image: RGBAImage
        public var wrong: [Bool]?
        public var faded: [Bool]?

        public init(title: String, image: RGBAImage, wrong: [Bool]? = nil, faded: [Bool]? = nil) {
            self.title = title
            self.image = image
            self.wrong = wrong
            self.faded = faded
        }
    }

    /// Wrong pixels.
    public static let wrongColor = RGBAColor(r: 255, g: 0, b: 255)
    /// Laid over faded pixels.
    public static let fadeColor = RGBAColor(r: 255, g: 255, b: 255, a: 110)
    static let background = RGBAColor(r: 24, g: 26, b: 32)

    /// Composes the panels left to right, `gap` pixels apart, under `caption`. Text is the
    /// project's pixel font, scaled with the panel width (1× up to 639 pixels, 2× up to 959, …).
    ///
    /// - Complexity: O(total pixels).
    public static func compose(caption: String, panels: [Panel], gap: Int = 6) -> RGBAImage {
        let font = BitmapFont.standard
        let panelWidth = panels.map(\.image.width).max() ?? 0, panelHeight = panels.map(\.image.height).max() ?? 0
        let scale = max(1, panelWidth / 320)
        let line = font.lineHeight * scale, pad = 3 * scale
        let top = 2 * (line + pad) + pad
        let width = max(1, panels.count * panelWidth + (panels.count + 1) * gap)
        let height = top + panelHeight + gap
        var canvas = RGBAImage(width: width, height: height, fill: (background.r, background.g, background.b, 255))
        font.draw(caption, into: &canvas, x: gap, y: pad, scale: scale, color: .white)
        for (n, panel) in panels.enumerated() {
            let left = gap + n * (panelWidth + gap)
            font.draw(panel.title, into: &canvas, x: left, y: line + 2 * pad, scale: scale, color: .white)
            paste(panel, into: &canvas, left: left, top: top)
        }
        return canvas
    }

    /// Copies the panel's pixels into the canvas at (left, top), painting and fading as asked.
    private static func paste(_ panel: Panel, into canvas: inout RGBAImage, left: Int, top: Int) {
        let image = panel.image, count = image.width * image.height
        let wrong = panel.wrong?.count == count ? panel.wrong : nil
        let faded = panel.faded?.count == count ? panel.faded : nil
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = y * image.width + x
                let target = ((top + y) * canvas.width + left + x) * 4
                if wrong?[i] == true {
                    canvas.pixels.replaceSubrange(target..<target + 4, with: [wrongColor.r, wrongColor.g, wrongColor.b, 255])
                    continue
                }
                for c in 0..<3 { canvas.pixels[target + c] = image.pixels[4 * i + c] }
                canvas.pixels[target + 3] = 255
                if faded?[i] == true { canvas.blend(fadeColor, x: left + x, y: top + y) }
            }
        }
    }
}
