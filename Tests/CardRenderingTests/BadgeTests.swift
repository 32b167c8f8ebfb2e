import CardImaging
import CardLayout
import CardMath
import CardPacking
import CardPixels
import CardRendering
import Foundation
import Testing
import CardRenderingTestSupport

/// The number badge (issue 12, item 6), rendered headless and read back: it sits where the
/// bundled web pages have nothing to hide, it is legible at the wheel's card size, and it is left
/// out where it could not be read.
@Suite("Number badges", .serialized)
struct BadgeTests {
    /// The bundled deck's pictures (Assets/Deck), found from this file.
    static func bundled(_ name: String) throws -> RGBAImage {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/Deck")
        return try PNGCodec.read(contentsOf: folder.appendingPathComponent(name).path)
    }

    /// Renders `cards` twice, with and without badges; returns the first frame and the pixels
    /// where the two differ (the badges' footprint). `searchingTies`: the frame's
    /// `searchesCoplanarTies` (what its layout's `mayTieCoplanarCards` says).
    static func footprint(_ cards: [CardAttributes], images: [RGBAImage], viewport: Size, searchingTies: Bool = true)
        -> (image: RGBAImage, pixels: [(x: Int, y: Int)])? {
        guard let gpu = try? Scenes.context(viewport), let renderer = try? CardRenderer(context: gpu) else { return nil }
        var frame = RenderFrame(cards: cards, camera: Camera(viewport: viewport))
        frame.searchesCoplanarTies = searchingTies
        guard (try? renderer.uploadPictures(images, layerSize: PixelSize(width: 640, height: 400))) != nil,
              (try? renderer.render(frame)) != nil,
              let badged = try? gpu.readPixels(),
              (try? renderer.setLabelGlyphs(nil)) != nil,
              (try? renderer.render(frame)) != nil,
              let plain = try? gpu.readPixels() else { return nil }
        var pixels: [(x: Int, y: Int)] = []
        for y in 0..<badged.height {
            for x in 0..<badged.width where badged[x, y] != plain[x, y] { pixels.append((x, y)) }
        }
        return (badged, pixels)
    }

    @Test("on the bundled web pages the badge covers only the empty end of the title bar, at every card size",
          arguments: ["02-news-page.png", "08-shop-page.png"], [Size(width: 640, height: 400), Size(width: 1280, height: 800),
                                                                Size(width: 960, height: 600)])
    func webPages(name: String, viewport: Size) throws {
        let picture = try Self.bundled(name)
        // One card over the whole viewport, as pages and tasks show the top of theirs: card points
        // map to picture texels by the card's size.
        let card = Scenes.card(0, x: viewport.width / 2, y: viewport.height / 2, width: viewport.width, height: viewport.height)
        let result = try #require(Self.footprint([card], images: [picture], viewport: viewport))
        #expect(result.pixels.count > 50, "the badge is drawn")
        let chrome = picture[600, 10]
        let toTexels = Double(picture.width) / viewport.width
        for (x, y) in result.pixels {
            let texel = picture[Int((Double(x) + 0.5) * toTexels), Int((Double(y) + 0.5) * toTexels)]
            let same = abs(Int(texel.r) - Int(chrome.r)) <= 4 && abs(Int(texel.g) - Int(chrome.g)) <= 4
                && abs(Int(texel.b) - Int(chrome.b)) <= 4
            #expect(same, "badge pixel (\(x), \(y)) covers \(texel), not the empty title bar \(chrome)")
            if !same { return }
        }
        // The bar ends at 38 of the picture's 400 rows; the badge stays above.
        #expect(result.pixels.allSatisfy { Double($0.y) * toTexels < 38 })
    }

    /// How well the badge's digit `k` (of `digits`) on `card` (flat at z = 0 or rotated about its
    /// center by `angle`) matches each digit of the pixel font: the fraction of the glyph's 5 × 8
    /// font pixels whose rendered colour (ink or pill) agrees with the font, per digit 0…9.
    static func scores(_ image: RGBAImage, card: CardAttributes, angle: Double, digit k: Int, of digits: Int) -> [Double] {
        let font = BitmapFont.standard, glyphs = LabelGlyphs()
        let unit = min(card.size.width, card.size.height)
        let glyphH = min(max(0.04 * unit, 12), 32), slot = glyphH * Double(glyphs.cellWidth) / Double(glyphs.glyphHeight)
        let pad = 0.25 * glyphH, margin = max(0.01 * unit, 2), fontPixel = glyphH / Double(font.glyphSize.height)
        let pill = Vec2(Double(digits) * slot + 2 * pad, glyphH + 2 * pad)
        let origin = Vec2(card.size.width / 2 - margin - pill.x, -card.size.height / 2 + margin)  // card-local, from the center
        let (s, c) = (sin(angle), cos(angle))
        var ink: [Bool] = []
        for row in 0..<font.glyphSize.height {
            for column in 0..<font.glyphSize.width {
                // The glyph sits half a font pixel into its cell (LabelGlyphs' padding).
                let local = origin + Vec2(pad + Double(k) * slot + (Double(column) + 1) * fontPixel, pad + (Double(row) + 0.5) * fontPixel)
                let world = Vec2(card.center.x + c * local.x - s * local.y, card.center.y + s * local.x + c * local.y)
                let p = image[Int(world.x), Int(world.y)]
                ink.append((Int(p.r) + Int(p.g) + Int(p.b)) / 3 > 140)
            }
        }
        return (0..<10).map { d in
            let glyph = font.glyphIndex(for: Character(String(d)))
            var agree = 0
            for row in 0..<font.glyphSize.height {
                for column in 0..<font.glyphSize.width where font.hasInk(glyph: glyph, x: column, y: row) == ink[row * font.glyphSize.width + column] {
                    agree += 1
                }
            }
            return Double(agree) / Double(font.glyphSize.width * font.glyphSize.height)
        }
    }

    @Test("the wheel's badges are legible: card 20 of a 133 × 173 wheel card reads 2, 0 — not 2, 9 — upright and turned",
          arguments: [0.0, 15.0, -30.0])
    func wheelDigits(degrees: Double) throws {
        let viewport = Size(width: 640, height: 400)
        let gpu = try Scenes.context(viewport)
        let renderer = try CardRenderer(context: gpu)
        try renderer.uploadPictures([Scenes.solid(60, 110, 170)])
        let angle = degrees * .pi / 180
        var card = Scenes.card(19, x: 320, y: 200, width: 133, height: 173)
        card.transform = .rotationZ(angle)
        try renderer.render(RenderFrame(cards: [card], camera: Camera(viewport: viewport)))
        let image = try gpu.readPixels()
        for (k, digit) in [2, 0].enumerated() {
            let scores = Self.scores(image, card: card, angle: angle, digit: k, of: 2)
            #expect(scores[digit] >= 0.9, "digit \(k) at \(degrees)°: \(scores)")
            #expect(scores.enumerated().allSatisfy { $0.offset == digit || $0.element < scores[digit] },
                    "digit \(k) at \(degrees)° reads as another: \(scores)")
        }
    }

    @Test("below a legible size on screen badges are left out: a wheel card far back draws none")
    func tooSmall() throws {
        let viewport = Size(width: 640, height: 400)
        // 1,000 points behind the screen a 12-point glyph is 1500 / 2500 · 12 = 7.2 pixels.
        let far = Scenes.card(19, x: 320, y: 200, z: -1000, width: 133, height: 173)
        let near = Scenes.card(19, x: 320, y: 200, z: 0, width: 133, height: 173)
        let small = try #require(Self.footprint([far], images: [Scenes.solid(60, 110, 170)], viewport: viewport))
        let legible = try #require(Self.footprint([near], images: [Scenes.solid(60, 110, 170)], viewport: viewport))
        #expect(small.pixels.isEmpty, "\(small.pixels.count) badge pixels on a card too small to read")
        #expect(legible.pixels.count > 100)
    }
}
