import CardImaging
import CardMath
import CardPixels
import Testing
@testable import CardPictureDecoding

/// Uncompressed 8-bit RGB TIFFs (one strip, little-endian) carrying an EXIF IFD (34665) with
/// `ColorSpace` and an Interoperability IFD (0xA005) holding `InteropIndex`, as camera and
/// converter TIFFs do, and optionally an ICC profile (34675); written byte by byte.
enum ExifTIFFSample {
    /// Ways the EXIF structure is broken on purpose.
    enum Hostile {
        /// The Interoperability pointer points back at the EXIF IFD, whose next IFD is itself.
        case loop
        /// The EXIF IFD pointer lies past the end of the file.
        case beyondEnd
        /// The Interoperability pointer and `InteropIndex` declare 0xFFFFFFFF values.
        case hugeCount
    }

    static func le(_ value: Int, _ width: Int) -> [UInt8] { (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// `image` (opaque) as a TIFF: IFD0, the EXIF IFD and the Interoperability IFD when
    /// `interopIndex` is given (without one: no EXIF at all), then the profile, then the pixels.
    static func bytes(_ image: RGBAImage, interopIndex: String?, colorSpace: Int = 0xFFFF, profile: [UInt8]? = nil,
                      hostile: Hostile? = nil) -> [UInt8] {
        let ifd0Count = 10 + (interopIndex == nil ? 0 : 1) + (profile == nil ? 0 : 1)
        let exifOffset = 8 + 2 + 12 * ifd0Count + 4
        let interopOffset = exifOffset + 2 + 2 * 12 + 4
        let profileOffset = interopIndex == nil ? exifOffset : interopOffset + 2 + 12 + 4
        let dataOffset = profileOffset + (profile?.count ?? 0)
        let dataBytes = image.width * image.height * 3
        var out: [UInt8] = [0x49, 0x49, 42, 0] + le(8, 4)
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) {
            out += le(tag, 2) + le(type, 2) + le(count, 4) + value + [UInt8](repeating: 0, count: 4 - value.count)
        }
        out += le(ifd0Count, 2)
        entry(256, 4, 1, le(image.width, 4))
        entry(257, 4, 1, le(image.height, 4))
        entry(258, 3, 1, le(8, 2))
        entry(259, 3, 1, le(1, 2))
        entry(262, 3, 1, le(2, 2))
        entry(273, 4, 1, le(dataOffset, 4))
        entry(277, 3, 1, le(3, 2))
        entry(278, 4, 1, le(image.height, 4))
        entry(279, 4, 1, le(dataBytes, 4))
        entry(284, 3, 1, le(1, 2))
        if interopIndex != nil { entry(34665, 4, 1, le(hostile == .beyondEnd ? 0x7FFF_FFF0 : exifOffset, 4)) }
        if let profile { entry(34675, 7, profile.count, le(profileOffset, 4)) }
        out += le(0, 4)
        if let interopIndex {
            out += le(2, 2)
            entry(0xA001, 3, 1, le(colorSpace, 2))
            entry(0xA005, 4, hostile == .hugeCount ? 0xFFFF_FFFF : 1, le(hostile == .loop ? exifOffset : interopOffset, 4))
            out += le(hostile == .loop ? exifOffset : 0, 4)
            out += le(1, 2)
            entry(0x0001, 2, hostile == .hugeCount ? 0xFFFF_FFFF : 4, Array(interopIndex.utf8.prefix(3)) + [0])
            out += le(0, 4)
        }
        out += profile ?? []
        precondition(out.count == dataOffset)
        for index in 0..<(image.width * image.height) { out += image.pixels[(index * 4)..<(index * 4 + 3)] }
        return out
    }
}

@Suite("TIFF: EXIF Adobe RGB (InteropIndex R03) without an ICC profile converted to sRGB")
struct TIFFExifColorSpaceTests {
    static let patches = ExifColorSpaceSamples.patches

    /// The patches as stored: the TIFF decoded without EXIF (the patches themselves, exactly).
    static var asStored: RGBAImage { patches }
    /// lcms2's Adobe RGB → sRGB transform of the stored patches.
    static let adobeExpected = ICCTestProfiles.reference(patches, from: ICCTestProfiles.profile(.adobeRGB))

    @Test func adobeRGBIsConverted() throws {
        #expect(try PictureDecoder.decode(ExifTIFFSample.bytes(Self.patches, interopIndex: nil), name: "plain.tif").image == Self.patches)
        let tiff = ExifTIFFSample.bytes(Self.patches, interopIndex: "R03")
        #expect(ExifColorSpace.isAdobeRGB(tiffFile: tiff))
        let decoded = try PictureDecoder.decode(tiff, name: "adobe.tif").image
        #expect(ICCTestProfiles.maximumDifference(decoded, Self.adobeExpected) <= 1)
        // The red patch is more saturated in sRGB than its stored values.
        #expect(Int(decoded[16, 16].r) > Int(Self.patches[16, 16].r) + 10, "\(decoded[16, 16])")
    }

    /// R98 (sRGB), and R03 with ColorSpace 1 (sRGB wins): left as stored.
    @Test(arguments: [("R98", 0xFFFF), ("R98", 1), ("R03", 1)])
    func sRGBIsLeftAlone(index: String, colorSpace: Int) throws {
        let tiff = ExifTIFFSample.bytes(Self.patches, interopIndex: index, colorSpace: colorSpace)
        #expect(!ExifColorSpace.isAdobeRGB(tiffFile: tiff))
        #expect(try PictureDecoder.decode(tiff, name: "srgb.tif").image == Self.asStored)
    }

    /// An embedded ICC profile wins over EXIF's R03: the pixels are the profile's conversion.
    @Test func anICCProfileWins() throws {
        let profile = ICCTestProfiles.profile(.displayP3)
        let tiff = ExifTIFFSample.bytes(Self.patches, interopIndex: "R03", profile: profile)
        let decoded = try PictureDecoder.decode(tiff, name: "p3.tif").image
        #expect(ICCTestProfiles.maximumDifference(decoded, ICCTestProfiles.reference(Self.asStored, from: profile)) <= 1)
        #expect(ICCTestProfiles.maximumDifference(decoded, Self.adobeExpected) >= 5)
    }

    /// The photo view's regions (`TIFFDecoder.decodeRegion`) convert as the whole decode does:
    /// each region equals the same rows and columns of the whole picture (±1), at full size and
    /// reduced (against the whole reduced the same way).
    @Test func regionsAgreeWithTheWholeDecode() throws {
        let tiff = ExifTIFFSample.bytes(Self.patches, interopIndex: "R03")
        let header = try TIFFHeader(TIFFFile(tiff, name: "adobe.tif", maximumAllocation: 1 << 24))
        #expect(header.isColour)
        let whole = try PictureDecoder.decode(tiff, name: "adobe.tif").image
        #expect(ICCTestProfiles.maximumDifference(whole, Self.adobeExpected) <= 1)
        for area in [PixelRect(x: 20, y: 24, width: 30, height: 20), PixelRect(x: 0, y: 0, width: 64, height: 64),
                     PixelRect(x: 33, y: 40, width: 31, height: 24)] {
            let region = try TIFFDecoder.decodeRegion(tiff, header: header, area: area, size: area.size, name: "adobe.tif",
                                                      limits: .standard)
            #expect(ICCTestProfiles.maximumDifference(region, whole.cropped(to: area)) <= 1, "\(area)")
        }
        let area = PixelRect(x: 0, y: 0, width: 64, height: 64), half = PixelSize(width: 32, height: 32)
        let reduced = try TIFFDecoder.decodeRegion(tiff, header: header, area: area, size: half, name: "adobe.tif", limits: .standard)
        let expected = ICCTestProfiles.reference(AreaDownscaler.downscale(Self.asStored, to: half), from: ICCTestProfiles.profile(.adobeRGB))
        #expect(ICCTestProfiles.maximumDifference(reduced, expected) <= 1)
    }

    /// EXIF offsets that loop, point past the end, or declare 0xFFFFFFFF values: not Adobe RGB,
    /// and the picture decodes as stored.
    @Test(arguments: [ExifTIFFSample.Hostile.loop, .beyondEnd, .hugeCount])
    func hostileExifIsNotAdobeRGB(hostile: ExifTIFFSample.Hostile) throws {
        let tiff = ExifTIFFSample.bytes(Self.patches, interopIndex: "R03", hostile: hostile)
        #expect(!ExifColorSpace.isAdobeRGB(tiffFile: tiff))
        #expect(try PictureDecoder.decode(tiff, name: "hostile.tif").image == Self.asStored)
    }

    /// The file reader never traps on a file cut anywhere in its directories, nor on a
    /// BigTIFF, nor on a directory whose entry count runs past the end.
    @Test func cutAndOddFilesAreNotAdobeRGB() {
        let tiff = ExifTIFFSample.bytes(Self.patches, interopIndex: "R03")
        for cut in 0..<200 { _ = ExifColorSpace.isAdobeRGB(tiffFile: Array(tiff.prefix(cut))) }
        #expect(!ExifColorSpace.isAdobeRGB(tiffFile: Array(tiff.prefix(150))))
        var big = tiff
        big[2] = 43
        #expect(!ExifColorSpace.isAdobeRGB(tiffFile: big))
        var counted = tiff
        counted[8] = 0xFF
        counted[9] = 0xFF
        _ = ExifColorSpace.isAdobeRGB(tiffFile: counted)
    }
}
