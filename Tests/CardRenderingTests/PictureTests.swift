import CardLayout
import CardMath
import CardPacking
import CardPixels
import CardRendering
import Testing

/// The renderer's side of photo folders (issue 9): the picture pool, placeholders, fitted
/// rectangles, fade-in, mip chains, the full-resolution pictures and the title atlas — drawn
/// from records whose picture fields are set as the integration will set them, read back.
@Suite("Pictures on cards", .serialized)
struct PictureTests {
    static let camera = Camera(viewport: Scenes.viewport)
    /// The card background (placeholders, borders of fitted pictures), 8-bit.
    static let background = SIMD3<Double>(51, 53.55, 63.75)

    /// A renderer with a pool of `layers` layers of `size`.
    static func renderer(layers: Int = 2, size: PixelSize = PixelSize(width: 64, height: 40)) throws
        -> (EGLOffscreenContext, CardRenderer) {
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        try renderer.setLabelGlyphs(nil)  // no badges over the pixels under test
        try renderer.makePicturePool(layers: layers, layerSize: size)
        return (gpu, renderer)
    }

    /// Packs `cards` (depth ordering), lets `edit` set picture fields, draws, reads back.
    static func draw(_ cards: [CardAttributes], with renderer: CardRenderer, gpu: EGLOffscreenContext,
                     edit: (inout [InstanceRecord]) -> Void) throws -> RGBAImage {
        var packer = InstancePacker()
        packer.pack(cards, offset: .zero, camera: camera, ordering: .depth, layerCount: 1)
        var records = packer.records
        edit(&records)
        try records.withUnsafeBufferPointer { buffer in
            try renderer.upload(buffer)
            try renderer.draw(buffer, passes: [InstancePass(range: 0..<buffer.count, kind: .opaque)], camera: camera)
        }
        return try gpu.readPixels()
    }

    static func rgb(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> SIMD3<Double> { SIMD3(Double(p.r), Double(p.g), Double(p.b)) }

    static func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ e: SIMD3<Double>, _ tolerance: Double = 3) -> Bool {
        let d = rgb(p) - e
        return abs(d.x) <= tolerance && abs(d.y) <= tolerance && abs(d.z) <= tolerance
    }

    static func solidChain(_ r: UInt8, _ g: UInt8, _ b: UInt8, size: PixelSize = PixelSize(width: 64, height: 40)) -> [RGBAImage] {
        RGBAImage(width: size.width, height: size.height, fill: (r, g, b, 255)).mipChain()
    }

    @Test("a card without a picture shows its placeholder (the card's background); one with a picture shows it")
    func placeholder() throws {
        let (gpu, renderer) = try Self.renderer()
        try renderer.uploadPicture(Self.solidChain(220, 30, 30), toLayer: 0)
        let cards = [Scenes.card(0, x: 100, y: 150, width: 150, height: 100), Scenes.card(1, x: 300, y: 150, width: 150, height: 100)]
        let image = try Self.draw(cards, with: renderer, gpu: gpu) { records in
            for i in records.indices {
                let none = records[i].id == 1
                records[i].setPicture(layer: none ? PictureLayer.none : 0, rect: .full, opacity: 1)
            }
        }
        #expect(Self.near(image[100, 150], [220, 30, 30]))
        #expect(Self.near(image[300, 150], Self.background), "\(image[300, 150])")
        // Both keep the card's frame: the rim along the edge, background outside the corner.
        #expect(Self.rgb(image[300, 100]).x > Self.background.x + 30)
        #expect(Self.near(image[225, 100], [26, 28, 36]))  // the renderer's clear colour past the corner
    }

    @Test("fitted pictures keep their aspect: the card's background shows beside a portrait one and above and below a panorama")
    func fitRectangles() throws {
        let (gpu, renderer) = try Self.renderer()
        try renderer.uploadPicture(Self.solidChain(30, 200, 30), toLayer: 0)
        try renderer.uploadPicture(Self.solidChain(30, 30, 220), toLayer: 1)
        // Cards 200 × 100: a 1:2 portrait picture fits 50 points wide (x 0.375…0.625 of the
        // card); a 4:1 panorama fits 50 points tall (y 0.25…0.75).
        let cards = [Scenes.card(0, x: 110, y: 150, width: 200, height: 100), Scenes.card(1, x: 300, y: 70, width: 160, height: 80)]
        let image = try Self.draw(cards, with: renderer, gpu: gpu) { records in
            for i in records.indices where records[i].id == 0 {
                records[i].setPicture(layer: 0, rect: PictureRect(minX: 0.375, minY: 0, maxX: 0.625, maxY: 1), opacity: 1)
            }
            for i in records.indices where records[i].id == 1 {
                records[i].setPicture(layer: 1, rect: PictureRect(minX: 0, minY: 0.25, maxX: 1, maxY: 0.75), opacity: 1)
            }
        }
        // Portrait card spans x 10…210: picture x 85…135.
        #expect(Self.near(image[110, 150], [30, 200, 30]))
        #expect(Self.near(image[90, 150], [30, 200, 30]))
        #expect(Self.near(image[80, 150], Self.background), "\(image[80, 150])")
        #expect(Self.near(image[140, 150], Self.background))
        #expect(Self.near(image[40, 120], Self.background))
        // Panorama card spans y 30…110: picture y 50…90.
        #expect(Self.near(image[300, 70], [30, 30, 220]))
        #expect(Self.near(image[300, 53], [30, 30, 220]))
        #expect(Self.near(image[300, 46], Self.background), "\(image[300, 46])")
        #expect(Self.near(image[300, 94], Self.background))
    }

    @Test("a picture fading in is drawn over the placeholder with its opacity")
    func fade() throws {
        let (gpu, renderer) = try Self.renderer()
        try renderer.uploadPicture(Self.solidChain(250, 250, 250), toLayer: 0)
        for opacity: Float in [0, 0.4, 1] {
            let image = try Self.draw([Scenes.card(0, x: 200, y: 150, width: 150, height: 100)], with: renderer, gpu: gpu) {
                $0[0].setPicture(layer: 0, rect: .full, opacity: opacity)
            }
            let expected = Self.background + (SIMD3(250, 250, 250) - Self.background) * Double(opacity)
            #expect(Self.near(image[200, 150], expected), "opacity \(opacity): \(image[200, 150])")
        }
    }

    /// A `size` checkerboard of one-pixel black and white squares.
    static func checkerboard(_ size: PixelSize) -> RGBAImage {
        var image = RGBAImage(width: size.width, height: size.height)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let v: UInt8 = (x + y) % 2 == 0 ? 0 : 255
                image[x, y] = (v, v, v, 255)
            }
        }
        return image
    }

    @Test("small cards sample the uploaded mip chain: a fine checkerboard far away averages to grey")
    func mipChain() throws {
        let (gpu, renderer) = try Self.renderer(layers: 1, size: PixelSize(width: 256, height: 256))
        let board = Self.checkerboard(PixelSize(width: 256, height: 256))
        #expect(renderer.picturePool.levels == 9)
        try renderer.uploadPicture(board.mipChain(), toLayer: 0)
        // 256 texels over 32 pixels: level 3, where every texel is the mean of 8 × 8 squares.
        let image = try Self.draw([Scenes.card(0, x: 200, y: 150, width: 32, height: 32)], with: renderer, gpu: gpu) {
            $0[0].setPicture(layer: 0, rect: .full, opacity: 1)
        }
        for (x, y) in [(192, 142), (200, 150), (207, 157), (195, 155)] {
            #expect(Self.near(image[x, y], [127.5, 127.5, 127.5], 4), "(\(x), \(y)): \(image[x, y])")
        }
    }

    @Test("the full-resolution texture shows a fine checkerboard at full contrast, one texel per pixel")
    func fullResolution() throws {
        let (gpu, renderer) = try Self.renderer()
        let size = PixelSize(width: 64, height: 64)
        try renderer.makeFullResolutionPictures(layers: 2, size: size)
        try renderer.uploadFullResolutionPicture(Self.checkerboard(size).mipChain(), toLayer: 1)
        // A 64 × 64 card at z = 0 on whole pixels: x 168…232, y 118…182.
        let image = try Self.draw([Scenes.card(0, x: 200, y: 150, width: 64, height: 64)], with: renderer, gpu: gpu) {
            $0[0].setPicture(layer: PictureLayer.fullResolution(1), rect: .full, opacity: 1)
        }
        for y in 128..<172 {
            for x in 178..<222 {
                let expected: Double = ((x - 168) + (y - 118)) % 2 == 0 ? 0 : 255
                #expect(Self.near(image[x, y], SIMD3(repeating: expected), 2), "(\(x), \(y)): \(image[x, y])")
            }
        }
    }

    @Test("a layer uploaded again with another picture shows the new one in the next frame")
    func reupload() throws {
        let (gpu, renderer) = try Self.renderer()
        let card = [Scenes.card(0, x: 200, y: 150, width: 150, height: 100)]
        try renderer.uploadPicture(Self.solidChain(200, 40, 40), toLayer: 1)
        let first = try Self.draw(card, with: renderer, gpu: gpu) { $0[0].setPicture(layer: 1, rect: .full, opacity: 1) }
        try renderer.uploadPicture(Self.solidChain(40, 40, 200), toLayer: 1)
        let second = try Self.draw(card, with: renderer, gpu: gpu) { $0[0].setPicture(layer: 1, rect: .full, opacity: 1) }
        #expect(Self.near(first[200, 150], [200, 40, 40]))
        #expect(Self.near(second[200, 150], [40, 40, 200]))
    }

    @Test("uploads that do not fit the pool are refused with one line")
    func badUploads() throws {
        let (_, renderer) = try Self.renderer()
        #expect(throws: RenderError.self) { try renderer.uploadPicture(Self.solidChain(1, 2, 3), toLayer: 2) }
        #expect(throws: RenderError.self) { try renderer.uploadPicture([RGBAImage(width: 64, height: 40)], toLayer: 0) }
        #expect(throws: RenderError.self) {
            try renderer.uploadPicture(Self.solidChain(1, 2, 3, size: PixelSize(width: 32, height: 20)), toLayer: 0)
        }
        do {
            try renderer.uploadTitle(coverage: [1, 2, 3], width: 2, height: 2, toSlot: 0)
            Issue.record("a short coverage buffer was taken")
        } catch {
            #expect(!"\(error)".contains("\n"))
        }
    }

    /// The title's text box on a flat card at z = 0 (card.vert): its top-left and height.
    static func titleBox(_ card: CardAttributes, placeholder: Bool) -> (origin: Vec2, textHeight: Double) {
        let unit = min(card.size.width, card.size.height)
        let radius = min(max(0.025 * unit, 2), 24), margin = max(radius, max(0.01 * unit, 2))
        let strip = min(max(0.1 * unit, 16), 44), text = 0.6 * strip, inset = 0.35 * strip
        let left = card.center.x - card.size.width / 2 + margin
        let top = placeholder ? card.center.y - strip / 2 : card.center.y + card.size.height / 2 - margin - strip
        return (Vec2(left + inset, top + (strip - text) / 2), text)
    }

    @Test("a title slot's coverage appears where the card draws its title, on a dimmed band; a placeholder's in its middle")
    func titles() throws {
        let (gpu, renderer) = try Self.renderer()
        try renderer.uploadPicture(Self.solidChain(40, 40, 200), toLayer: 0)
        try renderer.makeTitleAtlas(slots: 3, slotSize: PixelSize(width: 128, height: 16))
        // Slot 2: ink in the first 48 columns, nothing after.
        var coverage = [UInt8](repeating: 0, count: 100 * 16)
        for y in 0..<16 { for x in 0..<48 { coverage[y * 100 + x] = 255 } }
        try renderer.uploadTitle(coverage: coverage, width: 100, height: 16, toSlot: 2)
        // Cards large enough for titles of at least `legiblePixels` (10): text is 6 % of the card's unit.
        let pictureCard = Scenes.card(0, x: 160, y: 100, width: 300, height: 180)
        let image = try Self.draw([pictureCard], with: renderer, gpu: gpu) {
            $0[0].title = 2
            $0[0].setPicture(layer: 0, rect: .full, opacity: 1)
        }
        let (origin, text) = Self.titleBox(pictureCard, placeholder: false)
        let scale = text / 16  // points per texel
        let ink = origin + Vec2(24 * scale, 8 * scale), gap = origin + Vec2(80 * scale, 8 * scale)
        #expect(Self.near(image[Int(ink.x), Int(ink.y)], [255, 255, 255], 6), "ink: \(image[Int(ink.x), Int(ink.y)])")
        #expect(Self.near(image[Int(gap.x), Int(gap.y)], [20, 20, 100], 4), "band: \(image[Int(gap.x), Int(gap.y)])")
        #expect(Self.near(image[160, 60], [40, 40, 200]))  // above the band: the picture
        let untitled = try Self.draw([pictureCard], with: renderer, gpu: gpu) { $0[0].setPicture(layer: 0, rect: .full, opacity: 1) }
        #expect(Self.near(untitled[Int(ink.x), Int(ink.y)], [40, 40, 200]))
        let placeholderCard = Scenes.card(1, x: 200, y: 150, width: 200, height: 170)
        let placeholder = try Self.draw([placeholderCard], with: renderer, gpu: gpu) {
            $0[0].title = 2
            $0[0].setPicture(layer: PictureLayer.none, rect: .full, opacity: 1)
        }
        let (middleOrigin, middleText) = Self.titleBox(placeholderCard, placeholder: true)
        let middle = middleOrigin + Vec2(24 * middleText / 16, 8 * middleText / 16)
        #expect(Self.near(placeholder[Int(middle.x), Int(middle.y)], [255, 255, 255], 6), "\(placeholder[Int(middle.x), Int(middle.y)])")
    }

    @Test("an unreadable picture's placeholder carries a broken-picture mark")
    func unreadable() throws {
        let (gpu, renderer) = try Self.renderer()
        let card = [Scenes.card(0, x: 200, y: 150, width: 200, height: 150)]
        let plain = try Self.draw(card, with: renderer, gpu: gpu) { $0[0].setPicture(layer: PictureLayer.none, rect: .full, opacity: 0) }
        let marked = try Self.draw(card, with: renderer, gpu: gpu) {
            $0[0].setPicture(layer: PictureLayer.none, rect: .full, opacity: 0, unreadable: true)
        }
        // The ring's center sits at 30 % of the card's height: (200, 120); its slash, down to the
        // left, runs through pixel (199, 120)'s center.
        #expect(Self.near(plain[199, 120], Self.background))
        #expect(Self.near(marked[199, 120], [158, 92, 92], 6), "\(marked[199, 120])")
        #expect(Self.near(marked[200, 200], Self.background))
    }
}
