import CardMath
import CardPacking
import CardPixels
@testable import CardRendering
import Testing

/// The photo view's checks (SPEC §13): clipping warnings (`G`) and focus peaking (`K`) drawn by
/// the card shader's CLIPPING and PEAKING variants over the photo view's picture, from the
/// picture pool, the full-resolution pictures and the tiles alike; read back pixel by pixel. And no cost
/// when they are off: the frame's variant is the one it was.
@Suite("Photo view checks", .serialized)
struct PhotoChecksTests {
    /// The picture, one texel per pixel of the card (`TransparencyTests`' card: x 72…328, y 118…182).
    static let size = TransparencyTests.size
    static let left = TransparencyTests.left, top = TransparencyTests.top

    /// Columns 0…63 black, 64…95 white, 96…127 red with one channel at 255, 128…255 a grey ramp
    /// from 2 to 253 (never clipped, and smooth: 2 levels a texel).
    static func picture() -> RGBAImage {
        var image = RGBAImage(width: size.width, height: size.height)
        for y in 0..<size.height {
            for x in 0..<size.width { image[x, y] = color(x) }
        }
        return image
    }

    static func color(_ x: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        switch x {
        case ..<64: (0, 0, 0, 255)
        case ..<96: (255, 255, 255, 255)
        case ..<128: (255, 40, 40, 255)
        default:
            { (v: UInt8) in (v, v, v, 255) }(UInt8(2 + (Double(x - 128) * 251 / 127).rounded()))
        }
    }

    /// The boundaries between the regions, picture columns (the first column of each region).
    static let boundaries = [64, 96, 128]

    enum Source: CaseIterable { case pool, fullResolution, zoom }

    /// Draws `image` as the photo view's picture from `source` with `checks`.
    static func draw(_ image: RGBAImage, from source: Source, checks: PhotoChecks, photo: Bool = true) throws -> RGBAImage {
        let (gpu, renderer) = try PictureTests.renderer(layers: 1, size: size)
        let layer: UInt16
        switch source {
        case .pool:
            try renderer.uploadPicture(image.premultipliedMipChain(), toLayer: 0)
            layer = 0
        case .fullResolution:
            try renderer.makeFullResolutionPictures(layers: 1, size: size)
            try renderer.uploadFullResolutionPicture(image.premultipliedMipChain(), toLayer: 0)
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
        renderer.photoChecks = checks
        return try PictureTests.draw([TransparencyTests.card], with: renderer, gpu: gpu) { records in
            records[0].setPicture(layer: layer, rect: .full, opacity: 1)
            if photo { records[0].instanceFlags.insert(.photo) }
        }
    }

    static func rgb(_ c: SIMD3<Float>) -> SIMD3<Double> { SIMD3(Double(c.x), Double(c.y), Double(c.z)) * 255 }
    static func rgb(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> SIMD3<Double> { SIMD3(Double(p.r), Double(p.g), Double(p.b)) }

    /// Rows checked: inside the card, clear of its top and bottom edges (the picture's border).
    static let rows = [top + 4, top + 20, top + 33, top + 59]
    /// Picture columns clear of the card's sides.
    static let columns = 3..<(size.width - 3)

    @Test("clipping: blown pixels red and crushed pixels blue exactly where the picture clips, the picture everywhere else")
    func clipping() throws {
        for source in Source.allCases {
            let image = try Self.draw(Self.picture(), from: source, checks: PhotoChecks(clipping: true))
            for y in Self.rows {
                for column in Self.columns {
                    let c = Self.color(column)
                    let expected = c.r == 255 || c.g == 255 || c.b == 255 ? Self.rgb(PhotoChecks.blownColor)
                        : c.r | c.g | c.b == 0 ? Self.rgb(PhotoChecks.crushedColor) : Self.rgb(c)
                    let x = Self.left + column
                    #expect(PictureTests.near(image[x, y], expected, 1), "\(source) column \(column), y \(y): \(image[x, y]), expected \(expected)")
                }
            }
        }
    }

    @Test("peaking: the sharp steps are marked, flat areas, the smooth ramp and the picture's own edges are not")
    func peaking() throws {
        let peak = Self.rgb(PhotoChecks.peakingColor)
        for source in Source.allCases {
            let image = try Self.draw(Self.picture(), from: source, checks: PhotoChecks(peaking: true))
            for y in Self.rows {
                for boundary in Self.boundaries {
                    for column in [boundary - 1, boundary] {
                        let x = Self.left + column
                        #expect(PictureTests.near(image[x, y], peak, 1), "\(source) step at \(boundary), y \(y): \(image[x, y])")
                    }
                }
                // The picture's first and last columns: its frame is no edge of it.
                for column in [0, 1, Self.size.width - 2, Self.size.width - 1] {
                    let x = Self.left + column
                    #expect(PictureTests.near(image[x, y], Self.rgb(Self.color(column)), 1), "\(source) column \(column), y \(y): \(image[x, y])")
                }
                for column in Self.columns where Self.boundaries.allSatisfy({ abs(column - $0) > 2 }) {
                    let x = Self.left + column
                    let expected = Self.rgb(Self.color(column))
                    #expect(PictureTests.near(image[x, y], expected, 1), "\(source) column \(column), y \(y): \(image[x, y]), expected \(expected)")
                }
            }
        }
    }

    @Test("both on: peaking drawn over the warnings")
    func both() throws {
        let image = try Self.draw(Self.picture(), from: .fullResolution, checks: PhotoChecks(clipping: true, peaking: true))
        let y = Self.top + 33
        #expect(PictureTests.near(image[Self.left + 63, y], Self.rgb(PhotoChecks.peakingColor), 1))
        #expect(PictureTests.near(image[Self.left + 30, y], Self.rgb(PhotoChecks.crushedColor), 1))
        #expect(PictureTests.near(image[Self.left + 80, y], Self.rgb(PhotoChecks.blownColor), 1))
        #expect(PictureTests.near(image[Self.left + 200, y], Self.rgb(Self.color(200)), 1))
    }

    @Test("a card that is not the photo view's picture shows no check, with the checks on")
    func onlyThePhoto() throws {
        let image = try Self.draw(Self.picture(), from: .fullResolution, checks: PhotoChecks(clipping: true, peaking: true), photo: false)
        let y = Self.top + 33
        for column in [30, 63, 80, 200] {
            #expect(PictureTests.near(image[Self.left + column, y], Self.rgb(Self.color(column)), 1), "column \(column)")
        }
    }

    @Test("no cost when off: the frame's variant is unchanged with the checks off, or on without a photo record")
    func variants() throws {
        let (_, renderer) = try PictureTests.renderer(layers: 1, size: Self.size)
        try renderer.makeFullResolutionPictures(layers: 1, size: Self.size)
        var photo = InstanceRecord(row0: SIMD4(1, 0, 0, 0), row1: SIMD4(0, 1, 0, 0), row2: SIMD4(0, 0, 1, 0),
                                   alpha: 1, depth: 0, layer: 0, id: 0)
        photo.setPicture(layer: PictureLayer.fullResolution(0), rect: .full, opacity: 1)
        photo.instanceFlags.insert(.photo)
        var card = photo
        card.instanceFlags.remove(.photo)
        func variant(_ record: InstanceRecord, _ checks: PhotoChecks) -> CardPrograms.Variant {
            renderer.photoChecks = checks
            return [record].withUnsafeBufferPointer { renderer.pictureFeatures($0).variant(.body) }
        }
        let plain = variant(photo, .none)
        #expect(!plain.defines.contains("CLIPPING") && !plain.defines.contains("PEAKING"))
        #expect(variant(card, PhotoChecks(clipping: true, peaking: true)) == variant(card, .none))
        #expect(variant(photo, PhotoChecks(clipping: true)).defines == plain.defines + ["CLIPPING"])
        #expect(variant(photo, PhotoChecks(peaking: true)).defines == plain.defines + ["PEAKING"])
        #expect(variant(photo, PhotoChecks(clipping: true, peaking: true)).defines == plain.defines + ["CLIPPING", "PEAKING"])
        // From the pool (a picture small enough for a card's layer), the same.
        var pooled = photo
        pooled.setPicture(layer: 0, rect: .full, opacity: 1)
        let pooledPlain = variant(pooled, .none)
        #expect(variant(pooled, PhotoChecks(clipping: true)).defines == pooledPlain.defines + ["CLIPPING"])
    }
}
