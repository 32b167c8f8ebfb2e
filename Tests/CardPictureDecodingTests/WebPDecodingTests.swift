import CardMath
import CardPixels
import Foundation
import Testing
@testable import CardPictureDecoding

@Suite("WebP through libwebp: pixels, scaling, orientation, chunks, caps")
struct WebPDecodingTests {
    static let translucent = FormatSamples.pattern(width: 40, height: 30) { x, y in UInt8(128 + (x + y) % 128) }

    @Test func losslessPicturesComeBackExactlyWithTheirAlpha() throws {
        let webp = WebPEncoder.encode(Self.translucent, lossless: true)
        let picture = try PictureDecoder.decode(webp)
        #expect(picture.format == .webp && picture.fullSize == PixelSize(width: 40, height: 30))
        #expect(picture.image == Self.translucent)
        let info = try PictureDecoder.probe(webp)
        #expect(info == PictureInfo(size: PixelSize(width: 40, height: 30), format: .webp, orientation: .up))
    }

    @Test func lossyPicturesAreCloseToTheirSource() throws {
        let source = TestJPEG.quadrants(width: 64, height: 48)
        let picture = try PictureDecoder.decode(WebPEncoder.encode(source, lossless: false, quality: 95))
        #expect(picture.image.width == 64 && picture.image.height == 48)
        for (found, wanted) in zip(quadrantCenters(picture.image), quadrantCenters(source)) {
            #expect(near(found, wanted, 12), "\(found) vs \(wanted)")
        }
    }

    @Test("libwebp's scaler makes the target's size, each pixel the average of its area")
    func picturesAreDecodedAtTheTargetsSize() throws {
        let source = FormatSamples.pattern(width: 120, height: 80)
        let webp = WebPEncoder.encode(source, lossless: true)
        let target = PictureTarget.fit(PixelSize(width: 30, height: 30))
        let picture = try PictureDecoder.decode(webp, target: target)
        #expect(picture.image.width == 30 && picture.image.height == 20 && picture.fullSize == PixelSize(width: 120, height: 80))
        let reference = AreaDownscaler.downscale(source, to: PixelSize(width: 30, height: 20))
        var worst = 0
        for (a, b) in zip(picture.image.pixels, reference.pixels) { worst = max(worst, abs(Int(a) - Int(b))) }
        // Both average 4×4 areas; libwebp rounds in fixed point.
        #expect(worst <= 4, "largest difference \(worst)")
        // The cost counts the small output, not the whole picture.
        let cost = try PictureDecoder.plan(webp, name: "x", target: target, limits: .standard).cost
        #expect(cost.output == 30 * 20 * 4)
    }

    @Test(arguments: 1...8)
    func theExifChunksOrientationIsApplied(orientation: Int) throws {
        let stored = OrientationTests.stored(orientation)
        let webp = WebPEncoder.extended(WebPEncoder.encode(stored, lossless: true), size: PixelSize(width: stored.width, height: stored.height),
                                          alpha: false, exif: WebPEncoder.exif(orientation: orientation))
        let picture = try PictureDecoder.decode(webp)
        #expect(picture.image == OrientationTests.upright, "orientation \(orientation)")
        #expect(picture.fullSize == PixelSize(width: 48, height: 32))
        let info = try PictureDecoder.probe(webp)
        #expect(info.size == PixelSize(width: 48, height: 32) && info.orientation.rawValue == orientation)
        // A quarter-turned picture is scaled in its upright shape.
        let small = try PictureDecoder.decode(webp, target: .fit(PixelSize(width: 24, height: 24)))
        #expect(small.image.width == 24 && small.image.height == 16)
        for (found, wanted) in zip(quadrantCenters(small.image), quadrantCenters(OrientationTests.upright)) {
            #expect(near(found, wanted, 2), "orientation \(orientation): \(found) vs \(wanted)")
        }
    }

    @Test func theICCPChunkIsFoundForTheColorConversion() throws {
        let profile = [UInt8](repeating: 0x5A, count: 301)
        let webp = WebPEncoder.extended(WebPEncoder.encode(Self.translucent, lossless: true), size: PixelSize(width: 40, height: 30),
                                          alpha: true, icc: profile, exif: WebPEncoder.exif(orientation: 3))
        let header = try WebPHeader.read(webp, name: "x")
        let range = try #require(header.iccProfile)
        #expect(Array(webp[range]) == profile)
        #expect(header.orientation == .down && header.hasAlpha)
        #expect(try PictureDecoder.decode(webp).image == PictureOrientation.down.upright(Self.translucent))
    }

    @Test func anAnimationShowsItsFirstFrameInItsPlaceOnTheCanvas() throws {
        let first = FormatSamples.pattern(width: 20, height: 10)
        let second = RGBAImage(width: 40, height: 30, fill: (9, 9, 9, 255))
        let webp = WebPEncoder.animation(canvas: PixelSize(width: 40, height: 30), frames: [
            WebPEncoder.Frame(webp: WebPEncoder.encode(first, lossless: true), x: 10, y: 6, size: PixelSize(width: 20, height: 10)),
            WebPEncoder.Frame(webp: WebPEncoder.encode(second, lossless: true), x: 0, y: 0, size: PixelSize(width: 40, height: 30)),
        ])
        #expect(try PictureDecoder.probe(webp).size == PixelSize(width: 40, height: 30))
        let picture = try PictureDecoder.decode(webp)
        #expect(picture.image.width == 40 && picture.image.height == 30)
        for y in 0..<30 {
            for x in 0..<40 {
                let inside = (10..<30).contains(x) && (6..<16).contains(y)
                let wanted = inside ? first[x - 10, y - 6] : (0, 0, 0, 0)
                #expect(picture.image[x, y] == wanted, "(\(x), \(y))")
            }
        }
        let small = try PictureDecoder.decode(webp, target: .fit(PixelSize(width: 20, height: 20)))
        #expect(small.image.width == 20 && small.image.height == 15)
    }

    @Test func truncatedAndCorruptFilesSayWhy() throws {
        let webp = WebPEncoder.encode(FormatSamples.pattern(width: 64, height: 64), lossless: false)
        for cut in [20, 40, webp.count / 2, webp.count - 10] {
            #expect(throws: PictureError.self) { try PictureDecoder.decode(Array(webp.prefix(cut)), name: "cut.webp") }
        }
        if case .truncated = try #require(decodeError(Array(webp.prefix(webp.count / 2)))) {} else { Issue.record("not truncated") }
        var corrupt = webp
        for i in 30..<min(corrupt.count, 60) { corrupt[i] ^= 0xFF }
        let error = try #require(decodeError(corrupt))
        #expect(error.description.contains("cut.webp"))
    }

    @Test("a declared 16383² lossless WebP is refused from its header, and --max-pixels applies")
    func declaredSizeBombsAreRefusedBeforeDecoding() throws {
        // A VP8L header alone: signature 0x2F, then 14-bit width − 1 and height − 1.
        let side = 16383 - 1
        let bits = side | side << 14
        let vp8l: [UInt8] = [0x2F] + WebPEncoder.littleEndian(bits, 4) + [UInt8](repeating: 0, count: 20)
        let webp = WebPEncoder.riff(WebPEncoder.chunk("VP8L", vp8l))
        let roomy = PictureLimits(maximumWorkingMemory: 2_000_000_000)
        #expect(try PictureDecoder.probe(webp, limits: roomy).size == PixelSize(width: 16383, height: 16383))
        guard case .tooMuchMemory = try #require(decodeError(webp)) else { Issue.record("not refused for memory"); return }
        let limited = PictureLimits(maximumPixels: 1_000_000)
        #expect(throws: PictureError.tooLarge(path: "x", width: 16383, height: 16383, maximumPixels: 1_000_000)) {
            try PictureDecoder.decode(webp, name: "x", limits: limited)
        }
    }

    @Test func filesOverTheWholeFileCapAreRefusedUnread() throws {
        let webp = WebPEncoder.encode(FormatSamples.pattern(width: 8, height: 8), lossless: true)
        #expect(throws: PictureError.fileTooLarge(path: "x", bytes: webp.count, limit: 10)) {
            try PictureDecoder.decode(webp, name: "x", limits: PictureLimits(maximumFileSize: 10))
        }
    }

    private func decodeError(_ bytes: [UInt8]) -> PictureError? {
        do {
            _ = try PictureDecoder.decode(bytes, name: "cut.webp")
            return nil
        } catch {
            return error as? PictureError
        }
    }
}
