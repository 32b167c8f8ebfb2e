import CardMath
import CardPixels
import Foundation
import Testing
@testable import CardPictureDecoding

@Suite("GIF's first frame through giflib: transparency, interlacing, bounds, caps")
struct GIFDecodingTests {
    static let palette: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (250, 250, 250), (10, 20, 30)]

    /// Indices of a `width × height` frame: stripes of colours 0–3 varying with x and y.
    static func indices(width: Int, height: Int) -> [UInt8] {
        (0..<(width * height)).map { UInt8(($0 % width / 3 + $0 / width) % 4) }
    }

    static func color(_ index: UInt8, transparent: Int = -1) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        if Int(index) == transparent { return (0, 0, 0, 0) }
        let c = palette[Int(index)]
        return (c.0, c.1, c.2, 255)
    }

    @Test("the first of two frames, its transparent index as alpha 0", arguments: [false, true])
    func theFirstFrameIsDecoded(interlaced: Bool) throws {
        let first = Self.indices(width: 30, height: 21)
        let gif = GIFEncoder.encode(canvas: PixelSize(width: 30, height: 21), palette: Self.palette, frames: [
            GIFEncoder.Frame(indices: first, width: 30, height: 21, transparent: 2, interlaced: interlaced),
            GIFEncoder.Frame(indices: [UInt8](repeating: 4, count: 30 * 21), width: 30, height: 21),
        ])
        let picture = try PictureDecoder.decode(gif)
        #expect(picture.format == .gif && picture.fullSize == PixelSize(width: 30, height: 21))
        for y in 0..<21 {
            for x in 0..<30 {
                #expect(picture.image[x, y] == Self.color(first[y * 30 + x], transparent: 2), "(\(x), \(y))")
            }
        }
        #expect(try PictureDecoder.probe(gif) == PictureInfo(size: PixelSize(width: 30, height: 21), format: .gif, orientation: .up))
    }

    @Test func aFrameSmallerThanTheScreenIsPlacedOnATransparentCanvas() throws {
        let frame = Self.indices(width: 10, height: 5)
        let gif = GIFEncoder.encode(canvas: PixelSize(width: 24, height: 16), palette: Self.palette,
                                        frames: [GIFEncoder.Frame(indices: frame, left: 7, top: 9, width: 10, height: 5)])
        let picture = try PictureDecoder.decode(gif)
        for y in 0..<16 {
            for x in 0..<24 {
                let inside = (7..<17).contains(x) && (9..<14).contains(y)
                #expect(picture.image[x, y] == (inside ? Self.color(frame[(y - 9) * 10 + x - 7]) : (0, 0, 0, 0)), "(\(x), \(y))")
            }
        }
        // Reduced, the rows above and below the frame are skipped unread: the same pixels as the
        // whole canvas averaged.
        for box in [PixelSize(width: 8, height: 8), PixelSize(width: 11, height: 7), PixelSize(width: 5, height: 13)] {
            let size = PictureTarget.fit(box).size(for: PixelSize(width: 24, height: 16))
            #expect(try PictureDecoder.decode(gif, target: .fit(box)).image == AreaDownscaler.downscale(picture.image, to: size), "\(box)")
        }
    }

    @Test func aFrameOutsideTheScreenIsCorrupt() throws {
        let gif = GIFEncoder.encode(canvas: PixelSize(width: 8, height: 8), palette: Self.palette,
                                        frames: [GIFEncoder.Frame(indices: Self.indices(width: 6, height: 6), left: 4, top: 0, width: 6, height: 6)])
        #expect(throws: PictureError.corrupt(path: "x.gif", reason: "the first frame (6x6 at 4,0) lies outside the 8x8 screen")) {
            try PictureDecoder.decode(gif, name: "x.gif")
        }
    }

    @Test("reduced a row at a time to the target: the area average of the canvas")
    func picturesAreReducedToTheTarget() throws {
        let gif = GIFEncoder.encode(canvas: PixelSize(width: 90, height: 60), palette: Self.palette,
                                        frames: [GIFEncoder.Frame(indices: Self.indices(width: 90, height: 60), width: 90, height: 60, transparent: 1)])
        let full = try PictureDecoder.decode(gif).image
        let picture = try PictureDecoder.decode(gif, target: .fit(PixelSize(width: 30, height: 30)))
        #expect(picture.image == AreaDownscaler.downscale(full, to: PixelSize(width: 30, height: 20)))
        let cost = try PictureDecoder.plan(gif, name: "x", target: .fit(PixelSize(width: 30, height: 30)), limits: .standard).cost
        #expect(cost.output == 30 * 20 * 4 && cost.working < 90 * 60 + 90 * 4 + 80_000)
    }

    @Test func truncatedAndCorruptFilesSayWhy() throws {
        let gif = GIFEncoder.encode(canvas: PixelSize(width: 64, height: 64), palette: Self.palette,
                                        frames: [GIFEncoder.Frame(indices: Self.indices(width: 64, height: 64), width: 64, height: 64)])
        for cut in [6, 12, 40, gif.count / 2, gif.count - 3] where cut < gif.count - 1 {
            #expect(throws: PictureError.self) { try PictureDecoder.decode(Array(gif.prefix(cut)), name: "x.gif") }
        }
        #expect(throws: PictureError.truncated(path: "x.gif", reason: "the file ends inside the GIF data")) {
            try PictureDecoder.decode(Array(gif.prefix(gif.count / 2)), name: "x.gif")
        }
        // No image at all: the trailer right after the screen and colour table.
        let empty = Array(gif.prefix(13 + 3 * 8)) + [0x3B]
        #expect(throws: PictureError.corrupt(path: "x.gif", reason: "the GIF has no image")) {
            try PictureDecoder.decode(empty, name: "x.gif")
        }
    }

    @Test("a screen of 65535² or 16000 × 12000 is refused from its 13-byte header")
    func declaredSizeBombsAreRefused() throws {
        let gif = GIFEncoder.encode(canvas: PixelSize(width: 4, height: 4), palette: Self.palette,
                                        frames: [GIFEncoder.Frame(indices: Self.indices(width: 4, height: 4), width: 4, height: 4)])
        func screen(_ width: Int, _ height: Int) -> [UInt8] {
            var bytes = gif
            bytes.replaceSubrange(6..<10, with: WebPEncoder.littleEndian(width, 2) + WebPEncoder.littleEndian(height, 2))
            return bytes
        }
        #expect(throws: PictureError.tooLarge(path: "x", width: 65535, height: 65535, maximumPixels: PictureLimits.defaultMaximumPixels)) {
            try PictureDecoder.decode(screen(65535, 65535), name: "x")
        }
        #expect {
            try PictureDecoder.decode(screen(16000, 12000), name: "x")
        } throws: { error in
            if case .tooMuchMemory = error as? PictureError { return true }
            return false
        }
    }
}
