import CardFormatSamples
import CardImaging
import CardMath
import CardPixels
import Foundation
import Testing
@testable import CardPictureDecoding

/// TIFFs as libtiff writes them (`TIFFEncoder`: strips and tiles, compressed, 16 bits, alpha)
/// and big-endian ones, given EXIF's Adobe RGB tags afterwards (`ExifTIFFRetrofit`: ColorSpace
/// 0xFFFF and InteropIndex "R03" in an Interoperability IFD): a red patch of (200, 0, 0) decodes
/// to lcms2's Adobe RGB → sRGB transform of (200, 0, 0) (±2), in the whole decode and in the
/// photo view's regions; the same file without the tags, or with sRGB's, decodes as stored.
@Suite("TIFF: EXIF Adobe RGB (R03) in libtiff-written and big-endian files, whole and in regions")
struct TIFFExifRetrofitTests {
    /// The red patch's stored colour.
    static let red: (UInt8, UInt8, UInt8) = (200, 0, 0)
    /// Where the red patch lies in `picture`, stored pixels.
    static let patch = PixelRect(x: 8, y: 8, width: 24, height: 24)

    /// 48 × 48: a gradient with the red patch (200, 0, 0) at `patch`; opaque unless `alpha`,
    /// which makes the right half 192-alpha (the patch keeps 255).
    static func picture(alpha: Bool = false) -> RGBAImage {
        var image = RGBAImage(width: 48, height: 48)
        for y in 0..<48 {
            for x in 0..<48 {
                let a: UInt8 = alpha && x >= 32 ? 192 : 255
                image[x, y] = (patch.x..<patch.maxX).contains(x) && (patch.y..<patch.maxY).contains(y) ? (red.0, red.1, red.2, 255) : (UInt8(x * 5), UInt8(y * 5), 120, a)
            }
        }
        return image
    }

    /// lcms2's Adobe RGB → sRGB transform of `image` (alpha copied).
    static func adobe(_ image: RGBAImage) -> RGBAImage { ICCTestProfiles.reference(image, from: ICCTestProfiles.profile(.adobeRGB)) }

    /// lcms2's transform of the single colour (200, 0, 0).
    static var redInSRGB: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        var one = RGBAImage(width: 1, height: 1)
        one[0, 0] = (red.0, red.1, red.2, 255)
        return adobe(one)[0, 0]
    }

    /// Whether every pixel of `image` inside `area` (the image's own pixels) is `colour` ±2.
    static func isPatch(_ image: RGBAImage, _ area: PixelRect, _ colour: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        (area.y..<area.maxY).allSatisfy { y in
            (area.x..<area.maxX).allSatisfy { x in
                let p = image[x, y]
                return abs(Int(p.r) - Int(colour.r)) <= 2 && abs(Int(p.g) - Int(colour.g)) <= 2 && abs(Int(p.b) - Int(colour.b)) <= 2
            }
        }
    }

    static let layouts: [(TIFFEncoder.Layout, TIFFEncoder.Compression)] = [
        (.strips(rows: 5), .none), (.strips(rows: 7), .lzw), (.tiles(width: 16, height: 16), .deflate),
    ]

    /// libtiff-written strips and tiles: without the tags exactly as stored; with R03 the patch
    /// is lcms2's (200, 0, 0) → sRGB ±2 (far redder: sRGB's red is less saturated) and every
    /// pixel is lcms2's transform of the stored one ±2; R98, or ColorSpace 1, as stored.
    @Test(arguments: 0..<3)
    func libtiffFilesAreConverted(layout index: Int) throws {
        let (layout, compression) = Self.layouts[index]
        let image = Self.picture()
        let plain = TIFFEncoder.encode(image, layout: layout, compression: compression)
        #expect(try PictureDecoder.decode(plain, name: "plain.tif").image == image)
        let tagged = try #require(ExifTIFFRetrofit.adding(to: plain))
        #expect(ExifColorSpace.isAdobeRGB(tiffFile: tagged))
        let decoded = try PictureDecoder.decode(tagged, name: "adobe.tif").image
        let want = Self.redInSRGB
        #expect(Self.isPatch(decoded, Self.patch, want), "\(decoded[20, 20]) vs lcms2 \(want)")
        #expect(Int(want.r) > 200 + 10)
        #expect(ICCTestProfiles.maximumDifference(decoded, Self.adobe(image)) <= 2)
        for (space, interop) in [(1, "R98"), (0xFFFF, "R98"), (1, "R03")] {
            let srgb = try #require(ExifTIFFRetrofit.adding(to: plain, colorSpace: space, interopIndex: interop))
            #expect(try PictureDecoder.decode(srgb, name: "srgb.tif").image == image, "\(space) \(interop)")
        }
    }

    /// The photo view's tiles (`TIFFDecoder.decodeRegion`) of a tiled, deflated TIFF with R03:
    /// areas across tile boundaries, inside the patch and the whole, at full size and halved,
    /// each lcms2's transform of the same stored pixels ±2.
    @Test func regionsOfTiledFilesAreConverted() throws {
        let image = Self.picture()
        let tagged = try #require(ExifTIFFRetrofit.adding(to: TIFFEncoder.encode(image, layout: .tiles(width: 16, height: 16))))
        let header = try TIFFHeader(TIFFFile(tagged, name: "adobe.tif", maximumAllocation: 1 << 24))
        let expected = Self.adobe(image)
        for area in [PixelRect(x: 10, y: 12, width: 20, height: 18), PixelRect(x: 16, y: 16, width: 16, height: 16),
                     PixelRect(x: 0, y: 0, width: 48, height: 48), PixelRect(x: 31, y: 5, width: 17, height: 43)] {
            let region = try TIFFDecoder.decodeRegion(tagged, header: header, area: area, size: area.size, name: "adobe.tif",
                                                      limits: .standard)
            #expect(ICCTestProfiles.maximumDifference(region, expected.cropped(to: area)) <= 2, "\(area)")
        }
        let inside = PixelRect(x: 12, y: 12, width: 16, height: 16)
        let patchRegion = try TIFFDecoder.decodeRegion(tagged, header: header, area: inside, size: inside.size, name: "adobe.tif",
                                                       limits: .standard)
        #expect(Self.isPatch(patchRegion, PixelRect(x: 0, y: 0, width: 16, height: 16), Self.redInSRGB))
        let whole = PixelRect(x: 0, y: 0, width: 48, height: 48), half = PixelSize(width: 24, height: 24)
        let reduced = try TIFFDecoder.decodeRegion(tagged, header: header, area: whole, size: half, name: "adobe.tif", limits: .standard)
        #expect(ICCTestProfiles.maximumDifference(reduced, Self.adobe(AreaDownscaler.downscale(image, to: half))) <= 2)
        // The patch's middle, reduced, is still the converted red.
        #expect(Self.isPatch(reduced, PixelRect(x: 6, y: 6, width: 8, height: 8), Self.redInSRGB))
    }

    /// 16-bit samples and unassociated alpha (libtiff premultiplies, the decoder divides back):
    /// the colour is lcms2's transform of the same file decoded without the tags (±2), alpha as
    /// stored, the patch the converted red.
    @Test func sixteenBitsWithAlphaAreConverted() throws {
        let image = Self.picture(alpha: true)
        let plain = TIFFEncoder.encode(image, layout: .strips(rows: 8), bits: 16, alpha: true, compression: .lzw)
        let stored = try PictureDecoder.decode(plain, name: "plain.tif").image
        let tagged = try #require(ExifTIFFRetrofit.adding(to: plain))
        let decoded = try PictureDecoder.decode(tagged, name: "adobe.tif").image
        #expect(ICCTestProfiles.maximumDifference(decoded, Self.adobe(stored)) <= 2)
        #expect(stride(from: 3, to: decoded.pixels.count, by: 4).allSatisfy { decoded.pixels[$0] == stored.pixels[$0] })
        #expect(Self.isPatch(decoded, Self.patch, Self.redInSRGB))
    }

    /// Big-endian ("MM") files, written byte by byte: the same conversion; the plain file as stored.
    @Test(arguments: [true, false])
    func byteOrdersAreRead(bigEndian: Bool) throws {
        let image = Self.picture()
        let plain = ExifTIFFRetrofit.plain(image, bigEndian: bigEndian)
        #expect(try PictureDecoder.decode(plain, name: "plain.tif").image == image)
        let tagged = try #require(ExifTIFFRetrofit.adding(to: plain))
        #expect(ExifColorSpace.isAdobeRGB(tiffFile: tagged))
        let decoded = try PictureDecoder.decode(tagged, name: "adobe.tif").image
        #expect(ICCTestProfiles.maximumDifference(decoded, Self.adobe(image)) <= 2)
        #expect(Self.isPatch(decoded, Self.patch, Self.redInSRGB))
        let srgb = try #require(ExifTIFFRetrofit.adding(to: plain, colorSpace: 1, interopIndex: "R98"))
        #expect(try PictureDecoder.decode(srgb, name: "srgb.tif").image == image)
    }

    /// A 4 × 4 (200, 0, 0) TIFF that Pillow 13 wrote and exiftool 12.57 tagged
    /// (`exiftool -ColorSpace=Uncalibrated -InteropIndex=R03`): an independent writer's layout
    /// (IFD0 of 11 entries, EXIF IFD of 5 with ExifVersion and FlashpixVersion, Interop IFD of 2).
    static let exiftoolR03 = """
        SUkqAAgAAAALAAABBAABAAAABAAAAAEBBAABAAAABAAAAAIBAwADAAAAkgAAAAMBAwABAAAAAQAAAAYBAwABAAAAAgAAABEBBAABAAAA+AAAABUBAwAB\
        AAAAAwAAABYBBAABAAAABAAAABcBBAABAAAAMAAAABwBAwABAAAAAQAAAGmHBAABAAAAmAAAAAAAAAAIAAgACAAFAACQBwAEAAAAMDIzMgGRBwAEAAAA\
        AQIDAACgBwAEAAAAMDEwMAGgAwABAAAA//8AAAWgBAABAAAA2gAAAAAAAAACAAEAAgAEAAAAUjAzAAIABwAEAAAAMDEwMAAAAADIAADIAADIAADIAADI\
        AADIAADIAADIAADIAADIAADIAADIAADIAADIAADIAADIAAA=
        """

    /// exiftool's file: every pixel lcms2's (200, 0, 0) → sRGB ±2, whole and as a region.
    @Test func exiftoolTaggedFileIsConverted() throws {
        let tiff = try [UInt8](#require(Data(base64Encoded: Self.exiftoolR03)))
        #expect(tiff.count == 296)
        #expect(ExifColorSpace.isAdobeRGB(tiffFile: tiff))
        let decoded = try PictureDecoder.decode(tiff, name: "exiftool.tif").image
        #expect(Self.isPatch(decoded, PixelRect(x: 0, y: 0, width: 4, height: 4), Self.redInSRGB), "\(decoded[0, 0])")
        let header = try TIFFHeader(TIFFFile(tiff, name: "exiftool.tif", maximumAllocation: 1 << 24))
        let area = PixelRect(x: 1, y: 2, width: 3, height: 2)
        let region = try TIFFDecoder.decodeRegion(tiff, header: header, area: area, size: area.size, name: "exiftool.tif", limits: .standard)
        #expect(Self.isPatch(region, PixelRect(x: 0, y: 0, width: 3, height: 2), Self.redInSRGB))
    }

    /// Every byte of the added EXIF and Interoperability IFDs (and IFD0's EXIF pointer) set to
    /// 0, 0xFF, 0x80 and flipped in its lowest bit, in both byte orders: nothing traps, and a
    /// file whose IFD0 is intact decodes either as stored or converted — never anything else.
    @Test(arguments: [false, true])
    func damagedExifNeverTraps(bigEndian: Bool) throws {
        var image = RGBAImage(width: 8, height: 6)
        for index in 0..<48 { image[index % 8, index / 8] = (200, 0, 0, 255) }
        let plain = ExifTIFFRetrofit.plain(image, bigEndian: bigEndian)
        let tagged = try #require(ExifTIFFRetrofit.adding(to: plain))
        let converted = Self.adobe(image)
        let exif = tagged.count - (2 + 2 * 12 + 4) - (2 + 12 + 4)
        // IFD0's copy is entries sorted by tag: the EXIF pointer is its last (tags < 34665).
        let pointer = exif - 4 - 12
        for offset in Array(pointer..<(pointer + 12)) + Array(exif..<tagged.count) {
            for value in [0, 0xFF, 0x80, Int(tagged[offset] ^ 1)] {
                var damaged = tagged
                damaged[offset] = UInt8(value)
                _ = ExifColorSpace.isAdobeRGB(tiffFile: damaged)
                guard let decoded = try? PictureDecoder.decode(damaged, name: "damaged.tif").image else {
                    // Only IFD0's own entry may make libtiff refuse the file.
                    #expect(offset < exif, "offset \(offset) value \(value)")
                    continue
                }
                #expect(decoded == image || ICCTestProfiles.maximumDifference(decoded, converted) <= 2, "offset \(offset) value \(value)")
            }
        }
    }
}
