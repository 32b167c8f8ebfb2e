import CardLayout
import CardMath
import CardPacking
import CardPixels
import CardRendering
import Testing
import CardRenderingTestSupport

/// Card images, number labels and translucency, read back pixel by pixel.
@Suite("Card appearance", .serialized)
struct CardAppearanceTests {
    static let red = Scenes.solid(200, 40, 40), green = Scenes.solid(40, 200, 40), blue = Scenes.solid(40, 40, 200)
    static let camera = Camera(viewport: Scenes.viewport)

    /// True when every channel is within `tolerance` of the expected value.
    static func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ e: SIMD3<Double>, tolerance: Double = 2) -> Bool {
        abs(Double(p.r) - e.x) <= tolerance && abs(Double(p.g) - e.y) <= tolerance && abs(Double(p.b) - e.z) <= tolerance
    }

    static func rgb(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> SIMD3<Double> {
        SIMD3(Double(p.r), Double(p.g), Double(p.b))
    }

    @Test("each card shows image layer id % layerCount")
    func layers() throws {
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        try renderer.uploadPictures([Self.red, Self.green, Self.blue])
        #expect(renderer.imageLayerCount == 3)
        let cards = (0..<6).map { Scenes.card(UInt32($0), x: 40 + 64 * Double($0), y: 150, width: 50, height: 50) }
        try renderer.render(RenderFrame(cards: cards, camera: Self.camera))
        let image = try gpu.readPixels()
        let expected: [SIMD3<Double>] = [[200, 40, 40], [40, 200, 40], [40, 40, 200]]
        for card in cards {
            let p = image[Int(card.center.x), Int(card.center.y)]
            #expect(Self.near(p, expected[Int(card.id.rawValue) % 3]), "card \(card.id): \(p)")
            #expect(p.a == 255)
        }
    }

    /// The badge's geometry (card.vert): glyph height, slot width, padding and the pill's
    /// top-left corner, for a flat card at z = 0 (card points = pixels).
    static func badge(card: CardAttributes, digits: Int, cellWidth: Double, glyphHeight: Double)
        -> (glyphH: Double, slot: Double, pad: Double, origin: Vec2) {
        let unit = min(card.size.width, card.size.height)
        let glyphH = min(max(0.04 * unit, 12), 32), slot = glyphH * cellWidth / glyphHeight
        let pad = 0.25 * glyphH, margin = max(0.01 * unit, 2)
        let pillWidth = Double(digits) * slot + 2 * pad
        let origin = Vec2(card.center.x + card.size.width / 2 - margin - pillWidth, card.center.y - card.size.height / 2 + margin)
        return (glyphH, slot, pad, origin)
    }

    @Test("the badge shows the card's number (id + 1) at its top-right corner, one glyph cell per digit")
    func label() throws {
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        try renderer.uploadPictures([Self.blue])
        // Synthetic glyphs: digit d is a uniform block of coverage d·25/255, so each cell's ink
        // tells which digit the shader picked.
        let digits = (0..<10).map { (d: Int) -> RGBAImage in
            let level = UInt8(d * 25)
            return RGBAImage(width: 6, height: 9, fill: (level, level, level, 255))
        }
        let glyphs = try #require(LabelGlyphs(digits: digits))
        try renderer.setLabelGlyphs(glyphs)
        // Card id 41 → "42", flat at z = 0 so card points are pixels.
        let card = Scenes.card(41, x: 200, y: 150, width: 300, height: 200)
        try renderer.render(RenderFrame(cards: [card], camera: Self.camera))
        let image = try gpu.readPixels()
        let b = Self.badge(card: card, digits: 2, cellWidth: Double(glyphs.cellWidth), glyphHeight: Double(glyphs.glyphHeight))
        #expect(b.glyphH == 12)  // 4 % of 200 points is under the legible minimum
        let pillOpacity = 0.72
        let background = SIMD3<Double>(40, 40, 200)
        func expected(digit: Int) -> SIMD3<Double> {
            let ink = Double(digit * 25) / 255, alpha = pillOpacity + (1 - pillOpacity) * ink
            return background * (1 - alpha) + SIMD3(repeating: 255 * ink) * alpha
        }
        for (k, digit) in [4, 2].enumerated() {
            let p = b.origin + Vec2(b.pad + (Double(k) + 0.5) * b.slot, b.pad + 0.5 * b.glyphH)
            let pixel = image[Int(p.x), Int(p.y)]
            #expect(Self.near(pixel, expected(digit: digit), tolerance: 4), "digit \(k): \(pixel)")
        }
        // The pill around the text: dark, no ink.
        let pill = image[Int(b.origin.x + b.pad / 2), Int(b.origin.y + b.pad + b.glyphH / 2)]
        #expect(Self.near(pill, background * (1 - pillOpacity), tolerance: 4), "pill: \(pill)")
        // Far from the badge, and where the old badge sat (top-left): the picture itself.
        #expect(Self.near(image[200, 150], background))
        #expect(Self.near(image[70, 70], background))
    }

    @Test("depth ordering: a translucent card in front blends over the opaque one behind, in any input order")
    func translucentOverOpaque() throws {
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        try renderer.uploadPictures([Self.red, Self.green])
        let back = Scenes.card(0, x: 200, y: 150, z: -50, width: 200, height: 150)
        let front = Scenes.card(1, x: 200, y: 150, z: 0, width: 120, height: 90, alpha: 0.5)
        for cards in [[back, front], [front, back]] {
            try renderer.render(RenderFrame(cards: cards, camera: Self.camera, ordering: .depth))
            let p = try gpu.readPixels()[200, 150]
            #expect(Self.near(p, [120, 120, 40]), "\(p)")
            #expect(p.a == 255)
        }
    }

    @Test("depth ordering: a translucent card behind an opaque one is hidden")
    func translucentBehindOpaque() throws {
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        try renderer.uploadPictures([Self.red, Self.green])
        let front = Scenes.card(0, x: 200, y: 150, z: 0, width: 120, height: 90)
        let back = Scenes.card(1, x: 200, y: 150, z: -50, width: 200, height: 150, alpha: 0.5, zIndex: 5)
        try renderer.render(RenderFrame(cards: [front, back], camera: Self.camera, ordering: .depth))
        #expect(Self.near(try gpu.readPixels()[200, 150], [200, 40, 40]))
    }

    @Test("depth ordering: overlapping translucent cards are composited back to front whatever their order")
    func translucentStack() throws {
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        try renderer.uploadPictures([Self.red, Self.green, Self.blue])
        let near = Scenes.card(1, x: 200, y: 150, z: 0, width: 120, height: 90, alpha: 0.5, zIndex: 0)   // green
        let far = Scenes.card(2, x: 200, y: 150, z: -40, width: 200, height: 150, alpha: 0.5, zIndex: 1) // blue
        try renderer.render(RenderFrame(cards: [], camera: Self.camera))
        let background = Self.rgb(try gpu.readPixels()[200, 150])
        let expected = 0.5 * SIMD3<Double>(40, 200, 40) + 0.5 * (0.5 * SIMD3<Double>(40, 40, 200) + 0.5 * background)
        for cards in [[near, far], [far, near]] {
            try renderer.render(RenderFrame(cards: cards, camera: Self.camera, ordering: .depth))
            let p = try gpu.readPixels()[200, 150]
            #expect(Self.near(p, expected), "\(p) vs \(expected)")
        }
        // zindex puts the far card (zIndex 1) on top: Core Animation's answer differs.
        try renderer.render(RenderFrame(cards: [near, far], camera: Self.camera, ordering: .zindex))
        let painted = try gpu.readPixels()[200, 150]
        let paintedExpected = 0.5 * SIMD3<Double>(40, 40, 200) + 0.5 * (0.5 * SIMD3<Double>(40, 200, 40) + 0.5 * background)
        #expect(Self.near(painted, paintedExpected), "\(painted) vs \(paintedExpected)")
    }

    @Test("a rendered frame's decorations: rounded corners cut by the mesh, a thin whiter rim, the badge's pill")
    func frame() throws {
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        try renderer.uploadPictures([Self.red])
        try renderer.render(RenderFrame(cards: [], camera: Self.camera))
        let background = try gpu.readPixels()[0, 0]
        // 300 × 200 at z = 0 (points = pixels): x 50…350, y 50…250; corner radius 2.5 % of
        // 200 = 5 points; rim 1 point (0.4 %, at least 1).
        let card = Scenes.card(0, x: 200, y: 150, width: 300, height: 200)
        try renderer.render(RenderFrame(cards: [card], camera: Self.camera))
        let image = try gpu.readPixels()
        let red = SIMD3<Double>(200, 40, 40), rim = red * 0.7 + SIMD3(repeating: 0.3 * 255)
        // Corners: pixels whose centers lie outside the arc (radius 5 about (55, 55)) are background.
        for (x, y) in [(50, 50), (50, 51), (51, 50), (349, 249), (349, 50)] {
            #expect(image[x, y] == background, "corner pixel (\(x), \(y)): \(image[x, y])")
        }
        #expect(Self.near(image[53, 53], red), "inside the arc: \(image[53, 53])")
        // Rim: the outermost row and column of every straight edge, the card's colour inside it.
        for (x, y) in [(200, 50), (200, 249), (50, 150), (349, 150)] {
            #expect(Self.near(image[x, y], rim, tolerance: 3), "rim (\(x), \(y)): \(image[x, y])")
        }
        for (x, y) in [(200, 52), (200, 247), (52, 150), (347, 150), (200, 150)] {
            #expect(Self.near(image[x, y], red), "inside (\(x), \(y)): \(image[x, y])")
        }
        // The badge ("1") at the top-right corner: its pill's left padding is dark.
        let glyphs = LabelGlyphs()
        let b = Self.badge(card: card, digits: 1, cellWidth: Double(glyphs.cellWidth), glyphHeight: Double(glyphs.glyphHeight))
        let pill = image[Int(b.origin.x + b.pad / 2), Int(b.origin.y + b.pad + b.glyphH / 2)]
        #expect(Self.near(pill, red * (1 - 0.72), tolerance: 4), "pill: \(pill)")
        // Without glyphs there is no badge: the same pixel is the picture.
        try renderer.setLabelGlyphs(nil)
        try renderer.render(RenderFrame(cards: [card], camera: Self.camera))
        let plain = try gpu.readPixels()[Int(b.origin.x + b.pad / 2), Int(b.origin.y + b.pad + b.glyphH / 2)]
        #expect(Self.near(plain, red))
    }
}
