import CardLayout
import CardMath
import CardPacking
import CardPixels
@testable import CardRendering
import Testing

/// Picture textures that grow and shrink (SPEC §10 "Memory grows with what is shown"): layers
/// uploaded before a resize are read back intact after it, at their old layer (growing) or at
/// the layer a shrink moved them to, at every mip level the cards sample.
@Suite("Picture pools growing and shrinking", .serialized)
struct PoolResizingTests {
    /// A distinct colour per picture number.
    static func color(_ n: Int) -> (UInt8, UInt8, UInt8) {
        (UInt8(40 + (n * 53) % 200), UInt8(30 + (n * 97) % 200), UInt8(20 + (n * 31) % 200))
    }

    /// Draws one 150 × 100 card per layer in `layers` (at most 8: two rows of four) and returns
    /// the colour at each card's centre.
    static func drawLayers(_ layers: [UInt16], renderer: CardRenderer, gpu: EGLOffscreenContext,
                           small: Bool = false) throws -> [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] {
        let side = small ? 24.0 : 80.0
        var cards: [CardAttributes] = []
        for i in layers.indices {
            let x = 60 + Double(i % 4) * 100, y = 60 + Double(i / 4) * 120
            cards.append(Scenes.card(UInt32(i), x: x, y: y, width: side, height: side))
        }
        let image = try PictureTests.draw(cards, with: renderer, gpu: gpu) { records in
            for i in records.indices { records[i].setPicture(layer: layers[Int(records[i].id)], rect: .full, opacity: 1) }
        }
        var pixels: [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] = []
        for i in layers.indices { pixels.append(image[60 + (i % 4) * 100, 60 + (i / 4) * 120]) }
        return pixels
    }

    @Test("a grown pool keeps every uploaded picture in its layer, at full size and in its small mip levels")
    func growKeepsPictures() throws {
        let (gpu, renderer) = try PictureTests.renderer(layers: 4)
        for layer in 0..<4 {
            let (r, g, b) = Self.color(layer)
            try renderer.uploadPicture(PictureTests.solidChain(r, g, b), toLayer: layer)
        }
        #expect(try renderer.resizePicturePool(layers: 8))
        #expect(renderer.picturePool.layers == 8)
        #expect(renderer.picturePool.layerSize == PixelSize(width: 64, height: 40))
        // The new layers take pictures too.
        for layer in 4..<8 {
            let (r, g, b) = Self.color(layer)
            try renderer.uploadPicture(PictureTests.solidChain(r, g, b), toLayer: layer)
        }
        for small in [false, true] {
            let pixels = try Self.drawLayers((0..<8).map(UInt16.init), renderer: renderer, gpu: gpu, small: small)
            for (layer, pixel) in pixels.enumerated() {
                let (r, g, b) = Self.color(layer)
                #expect(PictureTests.near(pixel, [Double(r), Double(g), Double(b)]), "layer \(layer) (small \(small)): \(pixel)")
            }
        }
    }

    @Test("a shrunk pool holds the kept pictures at the layers they moved to")
    func shrinkMovesPictures() throws {
        let (gpu, renderer) = try PictureTests.renderer(layers: 8)
        for layer in 0..<8 {
            let (r, g, b) = Self.color(layer)
            try renderer.uploadPicture(PictureTests.solidChain(r, g, b), toLayer: layer)
        }
        // Keep 6 → 0, 7 → 1 (a run of two) and 2 → 2; drop the rest.
        #expect(try renderer.resizePicturePool(layers: 3, moves: [(6, 0), (7, 1), (2, 2)]))
        #expect(renderer.picturePool.layers == 3)
        let pixels = try Self.drawLayers([0, 1, 2], renderer: renderer, gpu: gpu)
        for (layer, picture) in [6, 7, 2].enumerated() {
            let (r, g, b) = Self.color(picture)
            #expect(PictureTests.near(pixels[layer], [Double(r), Double(g), Double(b)]), "layer \(layer): \(pixels[layer])")
        }
        #expect(throws: RenderError.self) { try renderer.uploadPicture(PictureTests.solidChain(1, 2, 3), toLayer: 3) }
    }

    @Test("the full-resolution pictures and the title atlas grow and shrink the same way")
    func fullTierAndTitles() throws {
        let (gpu, renderer) = try PictureTests.renderer(layers: 1)
        let size = PixelSize(width: 64, height: 64)
        try renderer.makeFullResolutionPictures(layers: 1, size: size)
        try renderer.uploadFullResolutionPicture(PictureTests.checkerboard(size).mipChain(), toLayer: 0)
        #expect(try renderer.resizeFullResolutionPictures(layers: 4))
        #expect(renderer.fullResolutionPictures.layers == 4)
        let image = try PictureTests.draw([Scenes.card(0, x: 200, y: 150, width: 64, height: 64)], with: renderer, gpu: gpu) {
            $0[0].setPicture(layer: PictureLayer.fullResolution(0), rect: .full, opacity: 1)
        }
        for y in stride(from: 128, to: 172, by: 7) {
            for x in stride(from: 178, to: 222, by: 5) {
                let expected: Double = ((x - 168) + (y - 118)) % 2 == 0 ? 0 : 255
                #expect(PictureTests.near(image[x, y], SIMD3(repeating: expected), 2), "(\(x), \(y)): \(image[x, y])")
            }
        }
        try renderer.makeTitleAtlas(slots: 4, slotSize: PixelSize(width: 128, height: 16))
        #expect(try renderer.resizeTitleAtlas(slots: 16))
        #expect(renderer.titleAtlas.slots == 16)
        #expect(try renderer.resizeTitleAtlas(slots: 2, moves: [(1, 0)]))
        #expect(renderer.titleAtlas.slots == 2)
        #expect(throws: RenderError.self) { try renderer.resizeTitleAtlas(slots: Int(TitleSlot.none)) }
    }
}
