import CardPixels
import Foundation

/// A mock browser window being painted: shapes go to the canvas at once, text is collected and
/// drawn with the bitmap font after the canvas becomes an image. All positions in pixels.
struct BrowserMock {
    var canvas: ArtCanvas
    private var texts: [(text: String, x: Double, y: Double, scale: Int, color: RGBAColor)] = []
    /// Scale factor from the 640×400 design to this size.
    let s: Double
    /// Height of the window chrome (tab strip and address bar); the page starts below it.
    var chromeHeight: Double { 40 * s }

    /// A window with chrome showing `url`, the page below it filled with `page`.
    init(size: (Int, Int), url: String, page: ArtColor) {
        canvas = ArtCanvas(width: size.0, height: size.1, color: page)
        s = Double(size.1) / 400
        let w = Double(size.0)
        canvas.fillRect(x: 0, y: 0, width: w, height: chromeHeight, color: ArtColor(hex: 0xEDEDF0))
        canvas.fillRect(x: 0, y: chromeHeight - max(1, s), width: w, height: max(1, s), color: ArtColor(hex: 0xC9C9CF))
        for (index, color) in [0xFF5F57, 0xFEBC2E, 0x28C840].enumerated() {
            canvas.fillCircle(center: SIMD2((14 + 16 * Double(index)) * s, chromeHeight / 2), radius: 5 * s, color: ArtColor(hex: UInt32(color)))
        }
        let pill = (x: 0.25 * w, y: 9 * s, width: 0.5 * w, height: 22 * s)
        canvas.fillRoundedRect(x: pill.x, y: pill.y, width: pill.width, height: pill.height, radius: 7 * s, color: ArtColor(hex: 0xFFFFFF))
        // A padlock: a shackle ring over a body.
        canvas.fillCircle(center: SIMD2(pill.x + 14 * s, pill.y + 9 * s), radius: 3.5 * s, color: ArtColor(hex: 0x8E8E93))
        canvas.fillCircle(center: SIMD2(pill.x + 14 * s, pill.y + 9 * s), radius: 2 * s, color: ArtColor(hex: 0xFFFFFF))
        canvas.fillRect(x: pill.x + 9.5 * s, y: pill.y + 10 * s, width: 9 * s, height: 7 * s, color: ArtColor(hex: 0x8E8E93))
        text(url, centeredIn: (pill.x, pill.width), y: pill.y + pill.height / 2, size: 2, color: RGBAColor(r: 60, g: 60, b: 67))
    }

    /// The font scale for a design size (glyph pixels at 640×400), never below 1.
    func scale(_ size: Int) -> Int { max(1, Int((Double(size) * s).rounded())) }

    /// Queues `text` with its top-left at (x, y), glyph pixels `size` at the design size.
    mutating func text(_ text: String, x: Double, y: Double, size: Int, color: RGBAColor) {
        texts.append((text, x, y, scale(size), color))
    }

    /// Queues `text` centred horizontally in a span and vertically on `y`.
    mutating func text(_ text: String, centeredIn span: (x: Double, width: Double), y: Double, size: Int, color: RGBAColor) {
        let measured = BitmapFont.standard.measure(text, scale: scale(size))
        // Centre the capitals (rows 0…6 of a glyph), not the descender row.
        let capCenter = Double(BitmapFont.standard.glyphSize.height - 1) * Double(scale(size)) / 2
        texts.append((text, span.x + (span.width - Double(measured.width)) / 2, y - capCenter, scale(size), color))
    }

    /// Grey bars standing for lines of body text, `lines` of them from (x, y), the last one shorter.
    mutating func paragraph(x: Double, y: Double, width: Double, lines: Int, random: inout ArtRandom) {
        for line in 0..<lines {
            let length = width * (line == lines - 1 ? random.uniform(0.35...0.7) : random.uniform(0.86...1))
            canvas.fillRoundedRect(x: x, y: y + Double(line) * 11 * s, width: length, height: 6 * s, radius: 3 * s, color: ArtColor(hex: 0xD5D7DD))
        }
    }

    /// The finished picture: the canvas with the queued text drawn over it.
    func image() -> RGBAImage {
        var image = canvas.image()
        for item in texts {
            BitmapFont.standard.draw(item.text, into: &image, x: Int(item.x.rounded()), y: Int(item.y.rounded()), scale: item.scale, color: item.color)
        }
        return image
    }
}

extension DeckArt {
    /// A news site in a browser: masthead, section links, a lead story with a picture and
    /// headline, body text, and a sidebar of top stories.
    static func paintNewsPage(_ size: (Int, Int)) -> RGBAImage {
        let (w, h) = (Double(size.0), Double(size.1))
        var page = BrowserMock(size: size, url: "news.example.com", page: ArtColor(hex: 0xFFFFFF))
        let s = page.s, top = page.chromeHeight
        page.canvas.fillRect(x: 0, y: top, width: w, height: 46 * s, color: ArtColor(hex: 0xB3122E))
        page.text("THE DAILY CARD", x: 24 * s, y: top + 11 * s, size: 3, color: .white)
        page.text("WORLD  TECH  SCIENCE  ARTS", x: 24 * s, y: top + 56 * s, size: 2, color: RGBAColor(r: 90, g: 90, b: 100))
        page.canvas.fillRect(x: 24 * s, y: top + 74 * s, width: w - 48 * s, height: max(1, s), color: ArtColor(hex: 0xDDDDE2))
        // The lead picture: a small mountain scene.
        let photo = (x: 24 * s, y: top + 86 * s, width: 0.55 * w, height: 150 * s)
        page.canvas.shade(in: photo) { _, y in
            (ArtColor(hex: 0x4B86C9).mixed(with: ArtColor(hex: 0xF7C58B), by: saturate((y - photo.y) / photo.height * 1.4)), 1)
        }
        page.canvas.fillCircle(center: SIMD2(photo.x + 0.7 * photo.width, photo.y + 0.45 * photo.height), radius: 16 * s, color: ArtColor(hex: 0xFFF2CF))
        let foot = photo.y + photo.height
        page.canvas.fillPolygon([SIMD2(photo.x, foot), SIMD2(photo.x + 0.35 * photo.width, photo.y + 0.35 * photo.height),
                                 SIMD2(photo.x + 0.75 * photo.width, foot)], color: ArtColor(hex: 0x5B4A78))
        page.canvas.fillPolygon([SIMD2(photo.x + 0.4 * photo.width, foot), SIMD2(photo.x + 0.78 * photo.width, photo.y + 0.55 * photo.height),
                                 SIMD2(photo.x + photo.width, photo.y + 0.75 * photo.height), SIMD2(photo.x + photo.width, foot)], color: ArtColor(hex: 0x3A2F52))
        page.text("Cards fly in true 3D", x: photo.x, y: foot + 12 * s, size: 3, color: RGBAColor(r: 20, g: 20, b: 28))
        var random = ArtRandom(seed: 91)
        page.paragraph(x: photo.x, y: foot + 46 * s, width: photo.width, lines: Int((h - foot - 52 * s) / (11 * s)), random: &random)
        // The sidebar: a heading and four stories, each a thumbnail and two lines.
        let side = photo.x + photo.width + 24 * s, sideWidth = w - side - 24 * s
        page.text("TOP STORIES", x: side, y: top + 86 * s, size: 2, color: RGBAColor(r: 179, g: 18, b: 46))
        for (index, color) in [0x2E8B6E, 0xF2B632, 0x1F4E9C, 0xD6402B].enumerated() {
            let y = top + (110 + 58 * Double(index)) * s
            page.canvas.fillRoundedRect(x: side, y: y, width: 44 * s, height: 44 * s, radius: 4 * s, color: ArtColor(hex: UInt32(color)))
            page.paragraph(x: side + 54 * s, y: y + 6 * s, width: sideWidth - 54 * s, lines: 3, random: &random)
        }
        return page.image()
    }

    /// A shop in a browser: a navigation bar, a sale banner and a row of product cards with
    /// pictures, names, prices and buttons.
    static func paintShopPage(_ size: (Int, Int)) -> RGBAImage {
        let (w, h) = (Double(size.0), Double(size.1))
        var page = BrowserMock(size: size, url: "shop.example.com/cards", page: ArtColor(hex: 0xF4F5F8))
        let s = page.s, top = page.chromeHeight
        page.canvas.fillRect(x: 0, y: top, width: w, height: 38 * s, color: ArtColor(hex: 0x1E2A44))
        page.text("CARD SHOP", x: 24 * s, y: top + 11 * s, size: 2, color: .white)
        page.text("Cart (2)", x: w - 24 * s - Double(BitmapFont.standard.measure("Cart (2)", scale: page.scale(2)).width), y: top + 11 * s,
                  size: 2, color: RGBAColor(r: 200, g: 210, b: 230))
        let banner = (x: 24 * s, y: top + 52 * s, width: w - 48 * s, height: 70 * s)
        page.canvas.fillRoundedRect(x: banner.x, y: banner.y, width: banner.width, height: banner.height, radius: 10 * s, color: ArtColor(hex: 0x16A3A0))
        page.canvas.shade(in: banner) { x, _ in (ArtColor(hex: 0x7B4FD6), saturate((x - banner.x) / banner.width) * 0.9) }
        page.canvas.fillRoundedRect(x: banner.x, y: banner.y, width: 12 * s, height: banner.height, radius: 6 * s, color: ArtColor(hex: 0x16A3A0))
        page.text("SUMMER SALE -30%", x: banner.x + 22 * s, y: banner.y + 12 * s, size: 3, color: .white)
        page.text("on every deck this week", x: banner.x + 22 * s, y: banner.y + 46 * s, size: 2, color: RGBAColor(r: 230, g: 240, b: 255))
        let products: [(name: String, price: String, color: UInt32)] = [("Lamp", "$24", 0xF2B632), ("Vase", "$18", 0xD6402B), ("Chair", "$89", 0x1F4E9C), ("Plant", "$12", 0x2E8B6E)]
        var random = ArtRandom(seed: 92)
        let gap = 16 * s, cardWidth = (banner.width - 3 * gap) / 4, cardTop = banner.y + banner.height + 16 * s
        let cardHeight = h - cardTop - 14 * s
        for (index, product) in products.enumerated() {
            let x = banner.x + Double(index) * (cardWidth + gap)
            page.canvas.fillRoundedRect(x: x, y: cardTop, width: cardWidth, height: cardHeight, radius: 8 * s, color: ArtColor(hex: 0xDADCE3))
            page.canvas.fillRoundedRect(x: x + s, y: cardTop + s, width: cardWidth - 2 * s, height: cardHeight - 2 * s, radius: 7 * s, color: ArtColor(hex: 0xFFFFFF))
            let picture = SIMD2(x + cardWidth / 2, cardTop + 54 * s), color = ArtColor(hex: product.color)
            page.canvas.fillCircle(center: picture, radius: 40 * s, color: ArtColor(hex: 0xEEF0F4))
            switch index {
            case 0: page.canvas.fillPolygon([picture - SIMD2(0, 30 * s), picture + SIMD2(28 * s, 18 * s), picture + SIMD2(-28 * s, 18 * s)], color: color)
            case 1: page.canvas.fillRoundedRect(x: picture.x - 16 * s, y: picture.y - 28 * s, width: 32 * s, height: 56 * s, radius: 14 * s, color: color)
            case 2: page.canvas.fillRoundedRect(x: picture.x - 26 * s, y: picture.y - 24 * s, width: 52 * s, height: 48 * s, radius: 6 * s, color: color)
            default:
                page.canvas.fillCircle(center: picture - SIMD2(0, 6 * s), radius: 24 * s, color: color)
                page.canvas.fillRect(x: picture.x - 14 * s, y: picture.y + 12 * s, width: 28 * s, height: 16 * s, color: ArtColor(hex: 0xA0643C))
            }
            page.text(product.name, x: x + 12 * s, y: cardTop + 110 * s, size: 2, color: RGBAColor(r: 30, g: 30, b: 40))
            page.text(product.price, x: x + 12 * s, y: cardTop + 136 * s, size: 2, color: RGBAColor(r: 179, g: 18, b: 46))
            let button = (x: x + cardWidth - 60 * s, y: cardTop + 130 * s, width: 48 * s, height: 24 * s)
            page.canvas.fillRoundedRect(x: button.x, y: button.y, width: button.width, height: button.height, radius: 12 * s, color: ArtColor(hex: 0x2F6FEB))
            page.paragraph(x: x + 12 * s, y: cardTop + 168 * s, width: cardWidth - 24 * s, lines: 2, random: &random)
            page.text("Add", centeredIn: (button.x, button.width), y: button.y + button.height / 2, size: 2, color: .white)
        }
        return page.image()
    }
}
