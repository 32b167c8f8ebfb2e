import CTurboJPEG
import CardImaging
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing
@testable import CardPictureDecoding

/// The photo view's tiles (SPEC §10): every level and region of a picture's pyramid, decoded on
/// its own, against the whole picture decoded and reduced to that level.
@Suite("Picture regions: a pyramid's tiles against a full decode")
struct PictureRegionsTests {
    /// A smooth picture (gradients and a slow wave: DCT scaling and area averaging agree on it
    /// within a level or two), `width × height`.
    static func smooth(width: Int, height: Int, alpha: Bool = false) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                pixels[i] = UInt8(x * 255 / max(width - 1, 1))
                pixels[i + 1] = UInt8(y * 255 / max(height - 1, 1))
                pixels[i + 2] = UInt8(127.5 + 100 * sin(Double(x + 2 * y) / 90))
                if alpha { pixels[i + 3] = UInt8((x + y) * 255 / max(width + height - 2, 1)) }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The level `level` of `full`, reduced as a full decode would be shown, and its `rect`.
    static func reference(_ full: RGBAImage, level: Int, rect: PixelRect) -> RGBAImage {
        let d = 1 << level
        let size = PixelSize(width: (full.width + d - 1) / d, height: (full.height + d - 1) / d)
        return AreaDownscaler.downscale(full, to: size).cropped(to: rect)
    }

    /// The largest difference of any channel between two images of the same size, ignoring a
    /// one-pixel frame (where a region's edge filters differently from the whole).
    static func difference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        #expect(a.width == b.width && a.height == b.height)
        guard a.width == b.width, a.height == b.height, a.width > 2, a.height > 2 else { return 255 }
        var worst = 0
        for y in 1..<(a.height - 1) {
            for x in 1..<(a.width - 1) {
                for c in 0..<4 {
                    let i = (y * a.width + x) * 4 + c
                    worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i])))
                }
            }
        }
        return worst
    }

    static let regions: [(level: Int, rect: PixelRect)] = [
        (0, PixelRect(x: 0, y: 0, width: 512, height: 512)),
        (0, PixelRect(x: 1536, y: 1024, width: 464, height: 176)),   // the bottom-right tile, cut short
        (0, PixelRect(x: 777, y: 333, width: 300, height: 200)),     // not on iMCU boundaries
        (1, PixelRect(x: 512, y: 0, width: 488, height: 512)),
        (2, PixelRect(x: 0, y: 0, width: 500, height: 300)),
        (3, PixelRect(x: 100, y: 50, width: 150, height: 100)),
        (4, PixelRect(x: 0, y: 0, width: 125, height: 75)),
    ]

    @Test("baseline JPEG: each region decoded alone matches the full decode within ±3")
    func jpegRegions() throws {
        let full = Self.smooth(width: 2000, height: 1200)
        let folder = try TemporaryFolder()
        let path = folder.path("smooth.jpg")
        try Data(TestJPEG.encode(full, quality: 98, subsampling: TJSAMP_420)).write(to: URL(fileURLWithPath: path))
        let decoded = try PictureDecoder.decode(contentsOf: path).image
        let regions = try PictureRegions(path: path)
        #expect(regions.finestLevel == 0)
        #expect(regions.size == PixelSize(width: 2000, height: 1200))
        for (level, rect) in Self.regions {
            let tile = try regions.region(rect, level: level)
            #expect(tile.width == rect.width && tile.height == rect.height, "level \(level) \(rect)")
            let worst = Self.difference(tile, Self.reference(decoded, level: level, rect: rect))
            #expect(worst <= 3, "level \(level) \(rect): off by \(worst)")
        }
    }

    @Test("JPEG with EXIF orientation: regions are upright", arguments: [3, 6, 8])
    func jpegOrientation(orientation: Int) throws {
        let upright = Self.smooth(width: 1200, height: 800)
        let stored: RGBAImage = switch orientation {
        case 3: upright.flippedLeftRight.flippedTopBottom
        case 6: upright.turnedAnticlockwise
        default: upright.turnedClockwise
        }
        let folder = try TemporaryFolder()
        let path = folder.path("turned.jpg")
        let jpeg = TestJPEG.withOrientation(TestJPEG.encode(stored, quality: 98), orientation)
        try Data(jpeg).write(to: URL(fileURLWithPath: path))
        let decoded = try PictureDecoder.decode(contentsOf: path).image
        #expect(decoded.width == 1200 && decoded.height == 800)
        let regions = try PictureRegions(path: path)
        for (level, rect) in [(0, PixelRect(x: 100, y: 600, width: 512, height: 200)), (1, PixelRect(x: 300, y: 0, width: 300, height: 400))] {
            let worst = Self.difference(try regions.region(rect, level: level), Self.reference(decoded, level: level, rect: rect))
            #expect(worst <= 3, "orientation \(orientation), level \(level): off by \(worst)")
        }
    }

    @Test("PNG read as a stream: regions from its rows, with alpha, match the full decode")
    func pngRegions() throws {
        let full = Self.smooth(width: 2000, height: 1200, alpha: true)
        let folder = try TemporaryFolder()
        let path = folder.path("smooth.png")
        try Data(PNGCodec.encode(full, fast: true)).write(to: URL(fileURLWithPath: path))
        let regions = try PictureRegions(path: path, streamingAbove: 0)
        #expect(regions.finestLevel == 0 && regions.heldBytes == 0)
        for (level, rect) in Self.regions {
            let worst = Self.difference(try regions.region(rect, level: level), Self.reference(full, level: level, rect: rect))
            #expect(worst <= 2, "level \(level) \(rect): off by \(worst)")
        }
    }

    @Test("a format decoded whole is held at the finest level within the hold limit, and cut")
    func heldWhole() throws {
        let full = Self.smooth(width: 2000, height: 1200)
        let folder = try TemporaryFolder()
        let path = folder.path("smooth.webp")
        try Data(WebPEncoder.encode(full, lossless: true)).write(to: URL(fileURLWithPath: path))
        // 2000 × 1200 × 4 = 9.6 MB: held whole under the default, at level 1 under 3 MB.
        let whole = try PictureRegions(path: path)
        #expect(whole.finestLevel == 0)
        let reduced = try PictureRegions(path: path, holdingAtMost: 3_000_000)
        #expect(reduced.finestLevel == 1 && reduced.heldBytes == 1000 * 600 * 4)
        for (level, rect) in Self.regions {
            let worst = Self.difference(try whole.region(rect, level: level), Self.reference(full, level: level, rect: rect))
            #expect(worst <= 2, "level \(level) \(rect): off by \(worst)")
            if level >= 1 {
                let cut = Self.difference(try reduced.region(rect, level: level), Self.reference(full, level: level, rect: rect))
                #expect(cut <= 3, "held at level 1, level \(level) \(rect): off by \(cut)")
            }
        }
        // A level finer than held is enlarged from it: the right size, close on a smooth picture.
        let enlarged = try reduced.region(PixelRect(x: 200, y: 200, width: 256, height: 256), level: 0)
        #expect(enlarged.width == 256 && enlarged.height == 256)
        #expect(Self.difference(enlarged, full.cropped(to: PixelRect(x: 200, y: 200, width: 256, height: 256))) <= 8)
    }

    @Test("TIFF in strips and in tiles, turned by its Orientation tag: regions from the rows that hold them",
          arguments: [(TIFFEncoder.Layout.strips(rows: 64), 1), (.tiles(width: 128, height: 128), 1), (.strips(rows: 16), 6)])
    func tiffRegions(layout: TIFFEncoder.Layout, orientation: Int) throws {
        let upright = Self.smooth(width: 2000, height: 1200, alpha: true)
        let stored = orientation == 6 ? upright.turnedAnticlockwise : upright
        let folder = try TemporaryFolder()
        let path = folder.path("smooth.tif")
        try Data(TIFFEncoder.encode(stored, layout: layout, alpha: true, orientation: orientation)).write(to: URL(fileURLWithPath: path))
        let decoded = try PictureDecoder.decode(contentsOf: path).image
        #expect(decoded.width == 2000 && decoded.height == 1200)
        let regions = try PictureRegions(path: path, holdingAtMost: 1_000_000)
        #expect(regions.finestLevel == 0 && regions.heldBytes == 0)
        for (level, rect) in Self.regions {
            let worst = Self.difference(try regions.region(rect, level: level), Self.reference(decoded, level: level, rect: rect))
            #expect(worst <= 2, "\(layout) orientation \(orientation), level \(level) \(rect): off by \(worst)")
        }
    }

    @Test("a region outside the level is refused with a message, not a crash")
    func outside() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("small.jpg")
        try Data(TestJPEG.encode(Self.smooth(width: 64, height: 64))).write(to: URL(fileURLWithPath: path))
        let regions = try PictureRegions(path: path)
        #expect(throws: PictureError.self) { try regions.region(PixelRect(x: 100, y: 0, width: 10, height: 10), level: 0) }
    }
}
