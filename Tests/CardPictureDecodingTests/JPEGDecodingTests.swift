import CTurboJPEG
import CardImaging
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing
@testable import CardPictureDecoding

@Suite("JPEG decoding: kinds of JPEG, DCT scaling, colour")
struct JPEGDecodingTests {
    static let expected = [TestJPEG.quadrantColor(right: false, bottom: false), TestJPEG.quadrantColor(right: true, bottom: false),
                           TestJPEG.quadrantColor(right: false, bottom: true), TestJPEG.quadrantColor(right: true, bottom: true)]

    /// Chroma subsampling (4:4:4, 4:2:2, 4:2:0) and baseline or progressive coding.
    enum Kind: String, CaseIterable, Sendable {
        case baseline444, baseline422, baseline420, progressive444, progressive420

        var subsampling: TJSAMP { rawValue.hasSuffix("444") ? TJSAMP_444 : rawValue.hasSuffix("422") ? TJSAMP_422 : TJSAMP_420 }
        var flags: Int32 { rawValue.hasPrefix("progressive") ? Int32(TJFLAG_PROGRESSIVE) : 0 }
    }

    @Test(arguments: Kind.allCases)
    func colorFilesDecodeToTheirColors(kind: Kind) throws {
        let (subsampling, flags) = (kind.subsampling, kind.flags)
        let jpeg = TestJPEG.encode(TestJPEG.quadrants(width: 96, height: 64), subsampling: subsampling, flags: flags)
        guard case let .header(header) = JPEGHeader.scan(jpeg) else { Issue.record("no header"); return }
        #expect(header.isProgressive == (flags != 0))
        #expect(header.size == PixelSize(width: 96, height: 64) && header.components == 3)
        let picture = try PictureDecoder.decode(jpeg)
        #expect(picture.format == .jpeg && picture.fullSize == PixelSize(width: 96, height: 64))
        #expect(picture.image.width == 96 && picture.image.height == 64)
        for (found, wanted) in zip(quadrantCenters(picture.image), Self.expected) {
            #expect(near(found, wanted, 6), "\(found) vs \(wanted)")
        }
    }

    @Test func grayscaleFilesDecodeToGrays() throws {
        var image = RGBAImage(width: 64, height: 32)
        for y in 0..<32 { for x in 0..<64 { let v = UInt8(x < 32 ? 40 : 200); image[x, y] = (v, v, v, 255) } }
        let jpeg = TestJPEG.encode(image, subsampling: TJSAMP_GRAY)
        guard case let .header(header) = JPEGHeader.scan(jpeg) else { Issue.record("no header"); return }
        #expect(header.components == 1)
        let picture = try PictureDecoder.decode(jpeg)
        #expect(near(picture.image[10, 16], (40, 40, 40, 255), 3))
        #expect(near(picture.image[54, 16], (200, 200, 200, 255), 3))
    }

    @Test func adobeInvertedCMYKFilesDecodeToTheirColors() throws {
        // libjpeg's (and Photoshop's) convention: inverted CMYK, 255 = no ink. Red = no cyan,
        // full magenta and yellow, no black; white = no ink at all; black = full black ink.
        let inks: [(c: UInt8, m: UInt8, y: UInt8, k: UInt8)] = [(255, 0, 0, 255), (0, 255, 0, 255), (255, 255, 255, 255), (255, 255, 255, 0)]
        let colors: [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] = [(255, 0, 0, 255), (0, 255, 0, 255), (255, 255, 255, 255), (0, 0, 0, 255)]
        let (width, height) = (64, 64)
        var samples = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let ink = inks[(y >= height / 2 ? 2 : 0) + (x >= width / 2 ? 1 : 0)]
                samples.replaceSubrange((y * width + x) * 4..<(y * width + x) * 4 + 4, with: [ink.c, ink.m, ink.y, ink.k])
            }
        }
        let jpeg = TestJPEG.encodeCMYK(samples, width: width, height: height)
        guard case let .header(header) = JPEGHeader.scan(jpeg) else { Issue.record("no header"); return }
        #expect(header.components == 4 && header.hasAdobeMarker)
        let picture = try PictureDecoder.decode(jpeg)
        for (found, wanted) in zip(quadrantCenters(picture.image), colors) {
            #expect(near(found, wanted, 6), "\(found) vs \(wanted)")
        }
    }

    @Test func plainCMYKWithoutAdobeMarkerCountsInkAmounts() {
        // Files without APP14 store ink amounts (255 = full ink); the conversion flips them.
        var pixels: [UInt8] = [0, 255, 255, 0, 0, 0, 0, 255, 0, 0, 0, 0]
        JPEGDecoder.convertCMYKToRGBA(&pixels, inverted: false)
        #expect(pixels == [255, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 255])
        var adobe: [UInt8] = [255, 0, 0, 255, 128, 128, 128, 255]
        JPEGDecoder.convertCMYKToRGBA(&adobe, inverted: true)
        #expect(adobe == [255, 0, 0, 255, 128, 128, 128, 255])
    }

    @Test func dctScalingPicksTheSmallestFactorThatCovers() {
        let size = PixelSize(width: 4000, height: 3000)
        #expect(JPEGDecoder.scaledSize(of: size, covering: PixelSize(width: 534, height: 400)) == PixelSize(width: 1000, height: 750))
        #expect(JPEGDecoder.scaledSize(of: size, covering: PixelSize(width: 500, height: 375)) == PixelSize(width: 500, height: 375))
        #expect(JPEGDecoder.scaledSize(of: size, covering: PixelSize(width: 501, height: 375)) == PixelSize(width: 1000, height: 750))
        #expect(JPEGDecoder.scaledSize(of: size, covering: PixelSize(width: 2001, height: 1500)) == PixelSize(width: 2500, height: 1875))
        #expect(JPEGDecoder.scaledSize(of: size, covering: size) == size)
        // Odd sizes round up, as libjpeg-turbo does: ⌈37 / 8⌉ = 5.
        #expect(JPEGDecoder.scaledSize(of: PixelSize(width: 37, height: 21), covering: PixelSize(width: 1, height: 1)) == PixelSize(width: 5, height: 3))
    }

    @Test func decodesAtAboutTheTargetSize() throws {
        let jpeg = TestJPEG.encode(TestJPEG.quadrants(width: 800, height: 600))
        let fitted = try PictureDecoder.decode(jpeg, target: .fit(PixelSize(width: 160, height: 160)))
        #expect(fitted.image.width == 160 && fitted.image.height == 120)
        #expect(fitted.fullSize == PixelSize(width: 800, height: 600))
        let covering = try PictureDecoder.decode(jpeg, target: .cover(PixelSize(width: 160, height: 160)))
        #expect(covering.image.width == 214 && covering.image.height == 160)
        // Never larger than the file.
        let huge = try PictureDecoder.decode(jpeg, target: .cover(PixelSize(width: 5000, height: 100)))
        #expect(huge.image.width == 800 && huge.image.height == 600)
        // A texture layer: exactly the box (aspect not kept), or the file's side where smaller.
        let layer = try PictureDecoder.decode(jpeg, target: .stretch(PixelSize(width: 160, height: 160)))
        #expect(layer.image.width == 160 && layer.image.height == 160)
        let tall = try PictureDecoder.decode(jpeg, target: .stretch(PixelSize(width: 100, height: 900)))
        #expect(tall.image.width == 100 && tall.image.height == 600)
        for picture in [fitted, covering, huge, layer, tall] {
            for (found, wanted) in zip(quadrantCenters(picture.image), Self.expected) {
                #expect(near(found, wanted, 6), "\(found) vs \(wanted)")
            }
        }
    }

    @Test func theFormatComesFromTheBytesNotTheName() throws {
        let folder = try TemporaryFolder("picture-tests")
        defer { folder.remove() }
        let jpeg = TestJPEG.encode(TestJPEG.quadrants(width: 16, height: 16))
        let png = try PNGCodec.encode(TestJPEG.quadrants(width: 16, height: 16))
        try Data(jpeg).write(to: URL(fileURLWithPath: "\(folder.path)/photo.PNG"))
        try Data(png).write(to: URL(fileURLWithPath: "\(folder.path)/drawing.jpg"))
        #expect(try PictureDecoder.decode(contentsOf: "\(folder.path)/photo.PNG").format == .jpeg)
        #expect(try PictureDecoder.decode(contentsOf: "\(folder.path)/drawing.jpg").format == .png)
        #expect(try PictureDecoder.probe(contentsOf: "\(folder.path)/photo.PNG").format == .jpeg)
    }

    @Test func pictureNamesAreListedByExtensionInAnyCase() {
        for name in ["a.jpg", "b.JPG", "c.jpeg", "d.JpEg", "e.png", "f.PNG"] { #expect(PictureFormat.isPictureName(name)) }
        for name in ["a.bmp", "jpg", ".jpg", "b.jpg.txt", "c.pngx", "d"] { #expect(!PictureFormat.isPictureName(name)) }
    }
}
