import CardFormatSamples
import CardMath
import CardPixels
import Testing
@testable import CardPictureDecoding

/// JPEGs carrying EXIF colour-space tags as cameras write them, built byte by byte.
enum ExifColorSpaceSamples {
    /// An APP1 Exif segment (little-endian TIFF): IFD0 → the EXIF IFD (0x8769) holding
    /// `ColorSpace` (0xA001) when given, and the Interoperability IFD (0xA005) holding
    /// `InteropIndex` (0x0001, ASCII, 4 bytes) when given.
    static func app1(colorSpace: UInt16?, interopIndex: String?) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(v >> (8 * $0) & 0xFF) } }
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] {
            le16(tag) + le16(type) + le32(count) + value + [UInt8](repeating: 0, count: 4 - value.count)
        }
        let exifOffset = 8 + 2 + 12 + 4
        var exifEntries: [[UInt8]] = []
        if let colorSpace { exifEntries.append(entry(0xA001, 3, 1, le16(Int(colorSpace)))) }
        let interopOffset = exifOffset + 2 + 12 * (exifEntries.count + (interopIndex == nil ? 0 : 1)) + 4
        if interopIndex != nil { exifEntries.append(entry(0xA005, 4, 1, le32(interopOffset))) }
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + le32(8)
        tiff += le16(1) + entry(0x8769, 4, 1, le32(exifOffset)) + le32(0)
        tiff += le16(exifEntries.count) + exifEntries.flatMap { $0 } + le32(0)
        if let interopIndex {
            tiff += le16(1) + entry(0x0001, 2, 4, Array(interopIndex.utf8.prefix(3)) + [0]) + le32(0)
        }
        let data = ExifColorSpace.exifSignature + tiff
        return [0xFF, 0xE1, UInt8((data.count + 2) >> 8), UInt8((data.count + 2) & 0xFF)] + data
    }

    /// `jpeg` with `segment` inserted right after its start-of-image marker.
    static func inserting(_ segment: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
    }

    /// Four flat patches (a red, a green, a blue and a grey), 64 × 64.
    static let patches: RGBAImage = {
        var image = RGBAImage(width: 64, height: 64)
        let colors: [(UInt8, UInt8, UInt8)] = [(200, 40, 30), (50, 170, 60), (40, 60, 190), (128, 128, 128)]
        for y in 0..<64 {
            for x in 0..<64 {
                let c = colors[(y / 32) * 2 + x / 32]
                image[x, y] = (c.0, c.1, c.2, 255)
            }
        }
        return image
    }()
}

@Suite("EXIF colour space: Adobe RGB (InteropIndex R03) without an ICC profile converted to sRGB")
struct ExifColorSpaceTests {
    /// The patch centres of `image`.
    func centers(_ image: RGBAImage) -> [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] { sampleQuadrants(image) }

    func within(_ a: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ b: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ tolerance: Int) -> Bool {
        abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance && abs(Int(a.b) - Int(b.b)) <= tolerance
    }

    /// ColorSpace 0xFFFF with R03 (Canon's way), and R03 alone: the decoded pixels are lcms2's
    /// Adobe RGB → sRGB transform of the same file's pixels decoded as they are (±2).
    @Test(arguments: [UInt16(0xFFFF), nil])
    func adobeRGBIsConverted(colorSpace: UInt16?) throws {
        let plain = DNGSample.jpegBytes(ExifColorSpaceSamples.patches)
        let tagged = ExifColorSpaceSamples.inserting(ExifColorSpaceSamples.app1(colorSpace: colorSpace, interopIndex: "R03"), into: plain)
        let asStored = try PictureDecoder.decode(plain, name: "plain.jpg").image
        let expected = ICCTestProfiles.reference(asStored, from: ICCTestProfiles.profile(.adobeRGB))
        let decoded = try PictureDecoder.decode(tagged, name: "adobe.jpg")
        #expect(decoded.image.width == 64 && decoded.image.height == 64)
        let got = centers(decoded.image), want = centers(expected), stored = centers(asStored)
        #expect(zip(got, want).allSatisfy { within($0, $1, 2) }, "\(got) vs lcms2 \(want)")
        // The red patch is more saturated in sRGB than its stored values.
        #expect(Int(got[0].r) > Int(stored[0].r) + 10, "\(got[0]) from \(stored[0])")
        // A reduced decode converts too.
        let small = try PictureDecoder.decode(tagged, name: "adobe.jpg", target: .fit(PixelSize(width: 16, height: 16)))
        #expect(within(centers(small.image)[0], want[0], 3))
    }

    /// ColorSpace 1 (sRGB) with R98, and ColorSpace 1 with R03 (sRGB wins): unchanged.
    @Test(arguments: ["R98", "R03"])
    func sRGBIsLeftAlone(index: String) throws {
        let plain = DNGSample.jpegBytes(ExifColorSpaceSamples.patches)
        let tagged = ExifColorSpaceSamples.inserting(ExifColorSpaceSamples.app1(colorSpace: 1, interopIndex: index), into: plain)
        #expect(try PictureDecoder.decode(tagged, name: "srgb.jpg").image == PictureDecoder.decode(plain, name: "plain.jpg").image)
        let uncalibrated = ExifColorSpaceSamples.inserting(ExifColorSpaceSamples.app1(colorSpace: 0xFFFF, interopIndex: nil), into: plain)
        #expect(try PictureDecoder.decode(uncalibrated, name: "u.jpg").image == PictureDecoder.decode(plain, name: "plain.jpg").image)
    }

    /// A HEIC without an ICC profile whose Exif item says R03: converted as a JPEG is (±2 of
    /// lcms2's transform of the same file decoded as stored); ColorSpace 1 leaves it as stored.
    @Test func heicExifAdobeRGBIsConverted() throws {
        let tiff = Array(ExifColorSpaceSamples.app1(colorSpace: 0xFFFF, interopIndex: "R03").dropFirst(4 + 6))
        let srgbTIFF = Array(ExifColorSpaceSamples.app1(colorSpace: 1, interopIndex: "R98").dropFirst(4 + 6))
        let plain = try HEIFSample.encode(ExifColorSpaceSamples.patches)
        let adobe = try HEIFSample.encode(ExifColorSpaceSamples.patches, exif: tiff)
        let srgb = try HEIFSample.encode(ExifColorSpaceSamples.patches, exif: srgbTIFF)
        let asStored = try PictureDecoder.decode(plain, name: "plain.heic").image
        let expected = ICCTestProfiles.reference(asStored, from: ICCTestProfiles.profile(.adobeRGB))
        let got = centers(try PictureDecoder.decode(adobe, name: "adobe.heic").image), want = centers(expected)
        #expect(zip(got, want).allSatisfy { within($0, $1, 2) }, "\(got) vs lcms2 \(want)")
        #expect(try PictureDecoder.decode(srgb, name: "srgb.heic").image == asStored)
    }

    /// The EXIF reader never traps on cut or scrambled segments.
    @Test func brokenExifIsNotAdobeRGB() {
        let segment = ExifColorSpaceSamples.app1(colorSpace: 0xFFFF, interopIndex: "R03")
        let data = Array(segment[4...])
        #expect(ExifColorSpace.isAdobeRGB(TIFFBytes(data, 6..<data.count)!))
        for cut in 7..<data.count {
            if let tiff = TIFFBytes(data, 6..<cut) { _ = ExifColorSpace.isAdobeRGB(tiff) }
        }
        var scrambled = data
        for index in stride(from: 14, to: data.count, by: 3) {
            scrambled[index] = 0xFF
            if let tiff = TIFFBytes(scrambled, 6..<scrambled.count) { _ = ExifColorSpace.isAdobeRGB(tiff) }
        }
        #expect(!ExifColorSpace.isAdobeRGB(heifExif: [0, 0, 0, 200] + data))
        #expect(ExifColorSpace.isAdobeRGB(heifExif: [0, 0, 0, 6] + data))
    }
}
