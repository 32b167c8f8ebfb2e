import CardFormatSamples
import CardImaging
import CardMath
import CardPixels
import Foundation
import Testing
@testable import CardPictureDecoding

/// Every format delivers the same alpha (SPEC §10, "Transparency"): an alpha ramp over red, and
/// red under alpha 0 in stripes beside opaque blue, written by each format's own library and
/// decoded whole and reduced. Compared premultiplied, since the colour a file keeps under alpha
/// 0 is its own business (PNG and WebP keep red, libtiff and giflib give black) and the textures
/// hold premultiplied pixels: what is drawn must be the same.
@Suite("Transparency: the same alpha from every format", .serialized)
struct TransparencyDecodingTests {
    /// Red whose alpha ramps from 0 (left) to 255 (right), `width × height`.
    static func ramp(width: Int = 96, height: Int = 48) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { image[x, y] = (255, 0, 0, UInt8((Double(x) * 255 / Double(width - 1)).rounded())) }
        }
        return image
    }

    /// Stripes 4 pixels wide: red under alpha 0, then opaque blue (binary alpha, a GIF's kind).
    static func stripes(width: Int = 96, height: Int = 48) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { image[x, y] = (x / 4) % 2 == 0 ? (255, 0, 0, 0) : (0, 0, 255, 255) }
        }
        return image
    }

    /// The stripes as a GIF: index 0 red (the transparent index), 1 blue.
    static func stripesGIF(width: Int = 96, height: Int = 48) -> [UInt8] {
        let indices = (0..<(width * height)).map { UInt8(($0 % width / 4) % 2) }
        return GIFEncoder.encode(canvas: PixelSize(width: width, height: height), palette: [(255, 0, 0), (0, 0, 255)],
                                 frames: [GIFEncoder.Frame(indices: indices, width: width, height: height, transparent: 0)])
    }

    /// The formats that store an alpha channel, each with the largest difference its coding
    /// allows (premultiplied, 8-bit steps).
    static func encoded(_ image: RGBAImage) throws -> [(name: String, bytes: [UInt8], tolerance: Int)] {
        var files: [(name: String, bytes: [UInt8], tolerance: Int)] = [
            ("PNG", try PNGCodec.encode(image), 0),
            ("WebP lossless", WebPEncoder.encode(image, lossless: true), 0),
            ("WebP lossy", WebPEncoder.encode(image, lossless: false, quality: 100), 24),
            // libtiff multiplies the unassociated alpha in and the decoder divides it out again.
            ("TIFF", TIFFEncoder.encode(image, layout: .strips(rows: 16), alpha: true), 1),
            ("TIFF 16-bit tiles", TIFFEncoder.encode(image, layout: .tiles(width: 16, height: 16), bits: 16, alpha: true), 1),
        ]
        // libheif codes the alpha plane as an auxiliary image with the same (lossy) encoder.
        for (name, codec) in [("HEIC", HEIFSample.Codec.hevc), ("AVIF", .av1)] {
            files.append((name, try HEIFSample.encode(image, codec: codec, quality: 100, alpha: true), 24))
        }
        return files
    }

    /// The largest premultiplied difference between two images of one size, and where.
    static func worst(_ a: RGBAImage, _ b: RGBAImage) -> (difference: Int, x: Int, y: Int) {
        let p = a.premultiplied(), q = b.premultiplied()
        var worst = (difference: 0, x: 0, y: 0)
        for y in 0..<a.height {
            for x in 0..<a.width {
                let s = p[x, y], t = q[x, y]
                let d = [abs(Int(s.r) - Int(t.r)), abs(Int(s.g) - Int(t.g)), abs(Int(s.b) - Int(t.b)), abs(Int(s.a) - Int(t.a))].max()!
                if d > worst.difference { worst = (d, x, y) }
            }
        }
        return worst
    }

    @Test("an alpha ramp decodes to the same premultiplied pixels from PNG, WebP, TIFF, HEIC and AVIF, whole and reduced")
    func rampInEveryFormat() throws {
        let source = Self.ramp()
        let reduced = PixelSize(width: 32, height: 16)
        let reference = AreaDownscaler.downscale(source, to: reduced)
        for file in try Self.encoded(source) {
            let whole = try PictureDecoder.decode(file.bytes, name: file.name).image
            #expect(whole.width == source.width && whole.height == source.height, "\(file.name)")
            let difference = Self.worst(whole, source)
            #expect(difference.difference <= file.tolerance, "\(file.name) whole: \(difference)")
            // The alpha itself is kept, not flattened: the left column clear, the right opaque.
            #expect(whole[0, 20].a <= UInt8(file.tolerance) && whole[95, 20].a >= 255 - UInt8(file.tolerance), "\(file.name)")
            let small = try PictureDecoder.decode(file.bytes, name: file.name, target: .fit(reduced)).image
            #expect(small.width == reduced.width && small.height == reduced.height, "\(file.name)")
            let smallDifference = Self.worst(small, reference)
            #expect(smallDifference.difference <= file.tolerance + 2, "\(file.name) reduced: \(smallDifference)")
        }
    }

    @Test("a HEIC whose colour is marked premultiplied (libheif's prem reference) decodes to the same straight pixels")
    func premultipliedHEIC() throws {
        let source = Self.ramp()
        let heic = try HEIFSample.encode(source, codec: .hevc, quality: 100, premultipliedAlpha: true)
        let whole = try PictureDecoder.decode(heic, name: "prem.heic").image
        let difference = Self.worst(whole, source)
        #expect(difference.difference <= 24, "\(difference)")
        // Straight: the red of a half-transparent column is full red, not halved.
        let middle = whole[48, 24]
        #expect(middle.r >= 230 && middle.a > 100 && middle.a < 160, "\(middle)")
    }

    @Test("red under alpha 0 beside opaque blue: no format lends the red to a neighbour when reduced, GIF's transparent index included")
    func noRedWhenReduced() throws {
        let source = Self.stripes()
        // Not lossy WebP: its 4:2:0 chroma mixes the stored red into the opaque blue beside it
        // when the file is written (the file's own pixels are red-fringed, whole size included).
        var files = try Self.encoded(source).filter { $0.name != "WebP lossy" }
        files.append(("GIF", Self.stripesGIF(), 0))
        // 96 → 32: every pixel covers three columns across a stripe's edge now and then.
        for target in [PixelSize(width: 32, height: 16), PixelSize(width: 96, height: 48)] {
            for file in files {
                let image = try PictureDecoder.decode(file.bytes, name: file.name, target: .fit(target)).image.premultiplied()
                #expect(image.width == target.width && image.height == target.height, "\(file.name)")
                let slack = UInt8(file.tolerance)
                var red = 0, blue = 0
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        let p = image[x, y]
                        if p.r > slack + 2 { red += 1 }
                        if p.b > 100 { blue += 1 }
                    }
                }
                #expect(red == 0, "\(file.name) at \(target): \(red) pixels show red")
                #expect(blue > image.width * image.height / 4, "\(file.name) at \(target): the blue shows")
            }
        }
    }
}
