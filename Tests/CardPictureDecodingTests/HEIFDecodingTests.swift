import CardFormatSamples
import CardMath
import CardPixels
import Foundation
import Testing
@testable import CardPictureDecoding

/// Records what a decode asked the admission for.
final class SampleAdmission: DecodeAdmission, @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [Int] = []
    var requests: [Int] { lock.withLock { asked } }
    func admit<Result>(_ bytes: Int, name: String, _ body: () throws -> Result) throws -> Result {
        lock.withLock { asked.append(bytes) }
        return try body()
    }
}

/// Whether `pixel` is within `tolerance` of `expected` in each colour channel.
func nearColor(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ expected: (Int, Int, Int), tolerance: Int = 40) -> Bool {
    abs(Int(pixel.r) - expected.0) <= tolerance && abs(Int(pixel.g) - expected.1) <= tolerance && abs(Int(pixel.b) - expected.2) <= tolerance
}

/// The colour at the centre of each quadrant of `image` (top left, top right, bottom left,
/// bottom right).
func sampleQuadrants(_ image: RGBAImage) -> [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] {
    let w = image.width, h = image.height
    return [image[w / 4, h / 4], image[3 * w / 4, h / 4], image[w / 4, 3 * h / 4], image[3 * w / 4, 3 * h / 4]]
}

let red = (255, 0, 0), green = (0, 255, 0), blue = (0, 0, 255), white = (255, 255, 255)

@Suite("HEIF and AVIF through libheif: size, pixels, thumbnails, irot, caps")
struct HEIFDecodingTests {
    @Test(arguments: [HEIFSample.Codec.hevc, .av1])
    func aPictureDecodesToItsPixels(codec: HEIFSample.Codec) throws {
        let bytes = try HEIFSample.encode(SamplePictures.quadrants(width: 64, height: 48), codec: codec)
        #expect(PictureFormat(signature: bytes) == .heif)
        let info = try PictureDecoder.probe(bytes)
        #expect(info.size == PixelSize(width: 64, height: 48) && info.format == .heif && info.orientation == .up)
        let decoded = try PictureDecoder.decode(bytes)
        #expect(decoded.format == .heif && decoded.fullSize == PixelSize(width: 64, height: 48))
        #expect(decoded.image.width == 64 && decoded.image.height == 48)
        let centers = sampleQuadrants(decoded.image)
        #expect(nearColor(centers[0], red) && nearColor(centers[1], green) && nearColor(centers[2], blue) && nearColor(centers[3], white),
                "\(centers)")
        #expect(centers.allSatisfy { $0.a == 255 })
    }

    @Test func aTargetReducesThePictureKeepingItsAspect() throws {
        let bytes = try HEIFSample.encode(SamplePictures.quadrants(width: 64, height: 48))
        let decoded = try PictureDecoder.decode(bytes, target: .fit(PixelSize(width: 16, height: 16)))
        #expect(decoded.image.width == 16 && decoded.image.height == 12)
        #expect(decoded.fullSize == PixelSize(width: 64, height: 48))
        let centers = sampleQuadrants(decoded.image)
        #expect(nearColor(centers[0], red) && nearColor(centers[3], white), "\(centers)")
    }

    /// irot 90° clockwise: the file stores the picture as given and says to turn it; libheif
    /// turns it (and the decoder must not turn it again).
    @Test func irotIsHonoredOnce() throws {
        let bytes = try HEIFSample.encode(SamplePictures.quadrants(width: 64, height: 48), orientation: 6)
        let info = try PictureDecoder.probe(bytes)
        #expect(info.size == PixelSize(width: 48, height: 64))
        let decoded = try PictureDecoder.decode(bytes)
        #expect(decoded.image.width == 48 && decoded.image.height == 64)
        // Turned a quarter clockwise: top left blue, top right red, bottom left white, bottom right green.
        let centers = sampleQuadrants(decoded.image)
        #expect(nearColor(centers[0], blue) && nearColor(centers[1], red) && nearColor(centers[2], white) && nearColor(centers[3], green), "\(centers)")
    }

    /// A file whose thumbnail (all green, 160×120) differs from its picture (quadrants, 640×480):
    /// small targets decode the thumbnail, large ones the picture; the cost says so too.
    @Test func aLargeEnoughThumbnailIsDecodedInstead() throws {
        let thumbnail = RGBAImage(width: 640, height: 480, fill: (0, 255, 0, 255))
        let bytes = try HEIFSample.encode(SamplePictures.quadrants(width: 640, height: 480), thumbnail: thumbnail, thumbnailBox: 160)
        let small = try PictureDecoder.decode(bytes, target: .fit(PixelSize(width: 100, height: 100)))
        #expect(small.image.width == 100 && small.image.height == 75 && small.fullSize == PixelSize(width: 640, height: 480))
        #expect(sampleQuadrants(small.image).allSatisfy { nearColor($0, green) })
        let exact = try PictureDecoder.decode(bytes, target: .fit(PixelSize(width: 160, height: 120)))
        #expect(sampleQuadrants(exact.image).allSatisfy { nearColor($0, green) })
        let large = try PictureDecoder.decode(bytes, target: .fit(PixelSize(width: 320, height: 320)))
        #expect(large.image.width == 320 && large.image.height == 240)
        let centers = sampleQuadrants(large.image)
        #expect(nearColor(centers[0], red) && nearColor(centers[3], white), "\(centers)")
        // The thumbnail's decode costs its planes, not the picture's: 160×120 vs 640×480.
        let admission = SampleAdmission()
        _ = try PictureDecoder.decode(bytes, target: .fit(PixelSize(width: 100, height: 100)), admission: admission)
        _ = try PictureDecoder.decode(bytes, target: .fullSize, admission: admission)
        let costs = admission.requests
        #expect(costs.count == 2 && costs[0] < costs[1])
        // Both decoded by libde265 directly: its frame (planes and maps, 3 bytes a pixel at 4:2:0)
        // and its copy of the coded bytes, one RGBA row and the reduction's sums
        // (`RowDownscaler.workingBytes`), the output; no libheif planes.
        let file = try HEIFFile(source: bytes, name: "t.heic")
        let thumb = try #require(file.thumbnails.first.flatMap(file.directItem)), main = try #require(file.directItem(file.primary))
        #expect(costs[0] == bytes.count + 160 * 120 * 3 + thumb.codedBytes + 160 * 4 + (2 * 160 + 100) * 16 + 100 * 75 * 4)
        #expect(costs[1] == bytes.count + 640 * 480 * 3 + main.codedBytes + 640 * 4 + (2 * 640 + 640) * 16 + 640 * 480 * 4)
    }

    @Test func truncatedAndCorruptFilesAreRefusedWithOneLine() throws {
        let bytes = try HEIFSample.encode(SamplePictures.quadrants(width: 64, height: 48))
        for cut in [20, bytes.count / 3, bytes.count - 10] {
            #expect(throws: PictureError.self) { _ = try PictureDecoder.decode(Array(bytes[..<cut]), name: "cut.heic") }
        }
        do {
            _ = try PictureDecoder.decode(Array(bytes[..<(bytes.count / 3)]), name: "cut.heic")
        } catch let error as PictureError {
            #expect(error.path == "cut.heic" && !error.description.contains("\n"))
        }
        // Garbage after the ftyp box: no crash; an error, not a picture.
        var garbage = Array(bytes[..<32])
        garbage += (0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }
        #expect(throws: PictureError.self) { _ = try PictureDecoder.decode(garbage, name: "garbage.heic") }
    }

    /// ispe boxes declaring 20000×20000 (400 MP, over the 268 MP cap): refused from the header, before
    /// the admission is asked for anything (so before any pixel memory is allocated).
    @Test func aDeclaredSizeBombIsRefusedBeforeAllocation() throws {
        var bytes = try HEIFSample.encode(SamplePictures.quadrants(width: 64, height: 48))
        let ispe = Array("ispe".utf8)
        var patched = 0
        for index in 0..<(bytes.count - 16) where bytes[index..<index + 4].elementsEqual(ispe) {
            // ispe: type, version/flags (4), width (4), height (4), big-endian.
            for offset in [index + 8, index + 12] { bytes.replaceSubrange(offset..<offset + 4, with: [0, 0, 0x4E, 0x20]) }
            patched += 1
        }
        #expect(patched >= 1)
        let admission = SampleAdmission()
        #expect(throws: PictureError.self) { _ = try PictureDecoder.decode(bytes, name: "bomb.heic", admission: admission) }
        #expect(admission.requests.isEmpty)
        // Within libheif's sides but over the pixel cap: our cap, from the handle's size.
        let fine = try HEIFSample.encode(SamplePictures.quadrants(width: 64, height: 48))
        #expect(throws: PictureError.tooLarge(path: "small-cap.heic", width: 64, height: 48, maximumPixels: 1000)) {
            _ = try PictureDecoder.decode(fine, name: "small-cap.heic", limits: PictureLimits(maximumPixels: 1000), admission: admission)
        }
        #expect(throws: PictureError.self) {
            _ = try PictureDecoder.decode(fine, name: "small-memory.heic", limits: PictureLimits(maximumWorkingMemory: 10_000))
        }
        #expect(admission.requests.isEmpty)
        #expect(throws: PictureError.fileTooLarge(path: "small-file.heic", bytes: fine.count, limit: 100)) {
            _ = try PictureDecoder.decode(fine, name: "small-file.heic", limits: PictureLimits(maximumFileSize: 100))
        }
    }

    @Test func signaturesNameTheBrands() {
        func ftyp(_ major: String, compatible: [String] = []) -> [UInt8] {
            let size = 16 + 4 * compatible.count
            return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
        }
        for brand in ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1", "avif", "avis"] {
            #expect(PictureFormat(signature: ftyp(brand)) == .heif)
        }
        #expect(PictureFormat(signature: ftyp("isom", compatible: ["mp41", "mif1"])) == .heif)
        #expect(PictureFormat(signature: ftyp("isom", compatible: ["mp41"])) == nil)
        #expect(PictureFormat(signature: ftyp("crx ")) == nil)
        #expect(PictureFormat(signature: ftyp("crx "), name: "IMG_1.CR3") == .raw)
        #expect(PictureFormat.isPictureName("a.HEIC") && PictureFormat.isPictureName("b.avif") && PictureFormat.isPictureName("c.heif"))
        #expect(PictureFormat.heif.mimeType == "image/heif" && PictureFormat.raw.mimeType == "image/x-dcraw")
        #expect(PictureFormat.png.mimeType == "image/png" && PictureFormat.jpeg.mimeType == "image/jpeg")
    }
}
