import CardMath
import CardPacking
import CardPixels
import CardRendering
import Testing

/// Pictures with alpha (SPEC §10, "Transparency"): uploaded premultiplied
/// (`RGBAImage.premultipliedMipChain`), drawn over the card's background in the layouts and over
/// a neutral checkerboard in the photo view, from the picture pool, the full-resolution pictures
/// and the zoomed picture alike. The pictures store red under their transparent parts, which must
/// never show. Read back and checked against the compositing formula.
@Suite("Transparent pictures", .serialized)
struct TransparencyTests {
    /// The picture's size and the card's: one texel per pixel.
    static let size = PixelSize(width: 256, height: 64)
    /// The card: centred at (200, 150), so x 72…328, y 118…182 on whole pixels.
    static let card = Scenes.card(0, x: 200, y: 150, width: 256, height: 64)
    static let left = 72, top = 118

    /// Red whose alpha ramps from 0 (left column) to 255 (right column).
    static func ramp() -> RGBAImage {
        var image = RGBAImage(width: size.width, height: size.height)
        for y in 0..<size.height {
            for x in 0..<size.width { image[x, y] = (255, 0, 0, alpha(x)) }
        }
        return image
    }

    /// The ramp's alpha in column `x`.
    static func alpha(_ x: Int) -> UInt8 { UInt8((Double(x) * 255 / Double(size.width - 1)).rounded()) }

    /// A green ellipse at alpha 128 filling the picture, red under alpha 0 around it.
    static func ellipse() -> RGBAImage {
        var image = RGBAImage(width: size.width, height: size.height, fill: (255, 0, 0, 0))
        for y in 0..<size.height {
            for x in 0..<size.width {
                let u = (Double(x) + 0.5) / Double(size.width) * 2 - 1, v = (Double(y) + 0.5) / Double(size.height) * 2 - 1
                if u * u + v * v <= 1 { image[x, y] = (40, 200, 90, 128) }
            }
        }
        return image
    }

    /// The photo view's checkerboard at window pixel (x, y), y from the top of a `height`-pixel
    /// window: card.frag's squares of 8 pixels counted from the bottom-left corner (gl_FragCoord).
    static func checker(_ x: Int, _ y: Int, height: Int = Int(Scenes.viewport.height)) -> SIMD3<Double> {
        let fromBottom = height - 1 - y
        return SIMD3(repeating: (x / 8 + fromBottom / 8) % 2 == 0 ? 0.40 * 255 : 0.60 * 255)
    }

    /// `color` at `alpha` (0…255) over `below`, 8-bit.
    static func over(_ color: SIMD3<Double>, alpha: UInt8, _ below: SIMD3<Double>) -> SIMD3<Double> {
        let a = Double(alpha) / 255
        return color * a + below * (1 - a)
    }

    enum Source: CaseIterable { case pool, fullResolution, zoom }

    /// Draws the card showing `image` from `source`, as the photo view's picture when `photo`.
    static func draw(_ image: RGBAImage, from source: Source, photo: Bool, opacity: Float = 1) throws -> RGBAImage {
        let (gpu, renderer) = try PictureTests.renderer(layers: 1, size: size)
        let chain = image.premultipliedMipChain()
        let layer: UInt16
        switch source {
        case .pool:
            try renderer.uploadPicture(chain, toLayer: 0)
            layer = 0
        case .fullResolution:
            try renderer.makeFullResolutionPictures(layers: 1, size: size)
            try renderer.uploadFullResolutionPicture(chain, toLayer: 0)
            layer = PictureLayer.fullResolution(0)
        case .zoom:
            // The photo view's tiles: the picture as one tile, framed by its edge pixels.
            let side = max(image.width, image.height) + 2
            var framed = RGBAImage(width: side, height: side)
            for y in 0..<side {
                for x in 0..<side { framed[x, y] = image[min(max(x - 1, 0), image.width - 1), min(max(y - 1, 0), image.height - 1)] }
            }
            try renderer.makeTilePool(layers: 1, side: side)
            try renderer.uploadTile(framed.premultipliedMipChain(), toLayer: 0)
            renderer.setTileView(TileView(levelSize: PixelSize(width: image.width, height: image.height), tileSize: side - 2, border: 1,
                                          firstColumn: 0, firstRow: 0, columns: 1, rows: 1, layers: [0], fallbackLayer: -1))
            layer = PictureLayer.zoom
        }
        return try PictureTests.draw([card], with: renderer, gpu: gpu) { records in
            records[0].setPicture(layer: layer, rect: .full, opacity: opacity)
            if photo { records[0].instanceFlags.insert(.photo) }
        }
    }

    /// The columns and rows checked: clear of the layouts' rounded corners and rim.
    static let columns = stride(from: left + 12, to: left + size.width - 12, by: 5)
    static let rows = [top + 20, top + 33, top + 44]

    @Test("an alpha ramp on a card: the card's background · (1 − a) + red · a in every column, from every texture")
    func rampOnCard() throws {
        for source in Source.allCases {
            let image = try Self.draw(Self.ramp(), from: source, photo: false)
            for y in Self.rows {
                for x in Self.columns {
                    let expected = Self.over([255, 0, 0], alpha: Self.alpha(x - Self.left), PictureTests.background)
                    #expect(PictureTests.near(image[x, y], expected, 2), "\(source) (\(x), \(y)): \(image[x, y]), expected \(expected)")
                }
            }
        }
    }

    @Test("an alpha ramp in the photo view: the checkerboard · (1 − a) + red · a in every column, from every texture")
    func rampInPhotoView() throws {
        for source in Source.allCases {
            let image = try Self.draw(Self.ramp(), from: source, photo: true)
            for y in Self.rows + [Self.top + 1, Self.top + 62] {
                for x in Self.left + 1..<Self.left + Self.size.width - 1 {
                    let expected = Self.over([255, 0, 0], alpha: Self.alpha(x - Self.left), Self.checker(x, y))
                    #expect(PictureTests.near(image[x, y], expected, 2), "\(source) (\(x), \(y)): \(image[x, y]), expected \(expected)")
                }
            }
        }
    }

    @Test("a 50 % ellipse: half over the background (card) or the checkerboard (photo view), nothing but them around it")
    func ellipse() throws {
        let green = SIMD3<Double>(40, 200, 90)
        for photo in [false, true] {
            for source in Source.allCases {
                let image = try Self.draw(Self.ellipse(), from: source, photo: photo)
                let below: (Int, Int) -> SIMD3<Double> = { photo ? Self.checker($0, $1) : PictureTests.background }
                // Inside the ellipse, well clear of its edge.
                for (x, y) in [(200, 150), (150, 140), (260, 160), (120, 150)] {
                    let expected = Self.over(green, alpha: 128, below(x, y))
                    #expect(PictureTests.near(image[x, y], expected, 2), "\(source) photo \(photo) (\(x), \(y)): \(image[x, y])")
                }
                // Outside it, near the card's corners: the red stored under alpha 0 never shows.
                for (x, y) in [(84, 124), (316, 124), (84, 176), (316, 176)] {
                    #expect(PictureTests.near(image[x, y], below(x, y), 2), "\(source) photo \(photo) (\(x), \(y)): \(image[x, y])")
                }
            }
        }
    }

    @Test("a transparent picture fading in: its composite mixed with the placeholder by its opacity")
    func fadeIn() throws {
        for opacity: Float in [0, 0.4] {
            let image = try Self.draw(Self.ramp(), from: .pool, photo: false, opacity: opacity)
            for x in [Self.left + 20, Self.left + 128, Self.left + 240] {
                let composite = Self.over([255, 0, 0], alpha: Self.alpha(x - Self.left), PictureTests.background)
                let expected = PictureTests.background + (composite - PictureTests.background) * Double(opacity)
                #expect(PictureTests.near(image[x, 150], expected, 2), "opacity \(opacity) x \(x): \(image[x, 150])")
            }
        }
    }

    @Test("red under alpha 0 beside opaque blue: no red fringe between texels (level 0) nor at a reduced level")
    func noFringes() throws {
        var picture = RGBAImage(width: 256, height: 256)
        for y in 0..<256 {
            for x in 0..<256 { picture[x, y] = (x / 16) % 2 == 0 ? (255, 0, 0, 0) : (0, 0, 255, 255) }
        }
        let (gpu, renderer) = try PictureTests.renderer(layers: 1, size: PixelSize(width: 256, height: 256))
        try renderer.uploadPicture(picture.premultipliedMipChain(), toLayer: 0)
        // 256 texels over 200 pixels: level 0, each pixel between two texels (a straight texture
        // would blend the stored red into the blue there); over 40 pixels: about level 2.7,
        // every pixel mixing stripes.
        for side in [200.0, 40.0] {
            let image = try PictureTests.draw([Scenes.card(0, x: 200, y: 150, width: side, height: side)], with: renderer, gpu: gpu) {
                $0[0].setPicture(layer: 0, rect: .full, opacity: 1)
            }
            var bluest = 0.0
            let half = Int(side / 2) - 4
            for y in 150 - half..<150 + half {
                for x in 200 - half..<200 + half {
                    let p = PictureTests.rgb(image[x, y])
                    // Blue over the background: red and green stay the background's.
                    #expect(p.x <= PictureTests.background.x + 2 && p.y <= PictureTests.background.y + 2,
                            "card of \(side): (\(x), \(y)): \(image[x, y])")
                    bluest = max(bluest, p.z)
                }
            }
            #expect(bluest > PictureTests.background.z + 40, "card of \(side): the blue stripes show")
        }
    }

    @Test("a translucent card (alpha 0.5) showing an alpha ramp: the composite, then the card's own alpha over what is behind, peeled and sorted alike")
    func translucentCard() throws {
        let clear = SIMD3<Double>(26, 28, 36)  // the renderer's clear colour
        for translucency in Translucency.allCases {
            let (gpu, renderer) = try PictureTests.renderer(layers: 1, size: Self.size)
            try renderer.uploadPicture(Self.ramp().premultipliedMipChain(), toLayer: 0)
            var packer = InstancePacker()
            packer.pack([Scenes.card(0, x: 200, y: 150, width: 256, height: 64, alpha: 0.5)], offset: .zero,
                        camera: PictureTests.camera, ordering: .depth, layerCount: 1)
            var records = packer.records
            records[0].setPicture(layer: 0, rect: .full, opacity: 1)
            try records.withUnsafeBufferPointer { buffer in
                try renderer.upload(buffer)
                try renderer.draw(buffer, passes: [InstancePass(range: 0..<buffer.count, kind: .translucent)],
                                  camera: PictureTests.camera, translucency: translucency)
            }
            let image = try gpu.readPixels()
            for x in stride(from: Self.left + 12, to: Self.left + 244, by: 29) {
                let composite = Self.over([255, 0, 0], alpha: Self.alpha(x - Self.left), PictureTests.background)
                let expected = composite * 0.5 + clear * 0.5
                #expect(PictureTests.near(image[x, 150], expected, 3), "\(translucency) x \(x): \(image[x, 150]), expected \(expected)")
            }
        }
    }

    @Test("a title over a half-transparent picture: its band dims the picture composited over the card's background (bodyBelow)")
    func titleOverTransparentPicture() throws {
        let (gpu, renderer) = try PictureTests.renderer()
        try renderer.uploadPicture(RGBAImage(width: 64, height: 40, fill: (255, 0, 0, 128)).premultipliedMipChain(), toLayer: 0)
        try renderer.makeTitleAtlas(slots: 3, slotSize: PixelSize(width: 128, height: 16))
        var coverage = [UInt8](repeating: 0, count: 100 * 16)
        for y in 0..<16 { for x in 0..<48 { coverage[y * 100 + x] = 255 } }
        try renderer.uploadTitle(coverage: coverage, width: 100, height: 16, toSlot: 2)
        let card = Scenes.card(0, x: 160, y: 100, width: 300, height: 180)
        let image = try PictureTests.draw([card], with: renderer, gpu: gpu) {
            $0[0].title = 2
            $0[0].setPicture(layer: 0, rect: .full, opacity: 1)
        }
        let composite = Self.over([255, 0, 0], alpha: 128, PictureTests.background)
        let (origin, text) = PictureTests.titleBox(card, placeholder: false)
        let gap = origin + Vec2(80 * text / 16, 8 * text / 16)
        // The band: titleBandOpacity (0.5) of black over the composite.
        #expect(PictureTests.near(image[Int(gap.x), Int(gap.y)], composite * 0.5, 3), "band: \(image[Int(gap.x), Int(gap.y)])")
        #expect(PictureTests.near(image[160, 60], composite, 2), "above the band: \(image[160, 60])")
    }

    @Test("the upload's opacity picks the program: a translucent picture is composited after the pool grows; a pool of opaque uploads draws them as they are")
    func opacityPicksTheProgram() throws {
        let (gpu, renderer) = try PictureTests.renderer(layers: 2, size: Self.size)
        let chain = Self.ramp().premultipliedMipChainAndOpacity()
        #expect(!chain.opaque)
        #expect(RGBAImage(width: 8, height: 8, fill: (1, 2, 3, 255)).premultipliedMipChainAndOpacity().opaque)
        #expect(!RGBAImage(width: 1, height: 1, fill: (1, 2, 3, 254)).premultipliedMipChainAndOpacity(levels: 1).opaque)
        func drawRamp() throws -> RGBAImage {
            try PictureTests.draw([Self.card], with: renderer, gpu: gpu) { $0[0].setPicture(layer: 1, rect: .full, opacity: 1) }
        }
        let x = Self.left + 100, composite = Self.over([255, 0, 0], alpha: Self.alpha(100), PictureTests.background)
        try renderer.uploadPicture(chain.levels, toLayer: 1, opaque: chain.opaque)
        #expect(try renderer.resizePicturePool(layers: 4))
        let grown = try drawRamp()
        #expect(PictureTests.near(grown[x, 150], composite, 2), "grown pool: \(grown[x, 150]), expected \(composite)")
        // A new pool, told (wrongly, to see the program) that the ramp is opaque: drawn premultiplied as it is.
        try renderer.makePicturePool(layers: 2, layerSize: Self.size)
        try renderer.uploadPicture(chain.levels, toLayer: 1, opaque: true)
        let asOpaque = try drawRamp()
        #expect(PictureTests.near(asOpaque[x, 150], [Double(Self.alpha(100)), 0, 0], 2), "opaque program: \(asOpaque[x, 150])")
    }
}
