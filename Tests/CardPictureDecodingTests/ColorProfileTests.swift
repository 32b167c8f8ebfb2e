import CardImaging
import CardMath
import CardPixels
import Testing
@testable import CardPictureDecoding

/// Embedded ICC profiles honoured through lcms2 (`ColorConversion`): JPEG APP2 and PNG iCCP
/// profiles of Adobe RGB, Display P3 and ProPhoto, the decoder's pixels against lcms2's own
/// transform computed here; untagged, sRGB, grey, broken and oversized profiles leave the pixels.
@Suite("Colour profiles: ICC to sRGB through lcms2")
struct ColorProfileTests {
    typealias Space = ICCTestProfiles.Space

    /// PNG: lossless, so the reference is lcms2's transform of the very pixels written.
    @Test(arguments: Space.allCases)
    func pngProfilesConvertAsLCMSDoes(space: Space) throws {
        let image = ICCTestProfiles.swatches(alpha: true)
        let profile = ICCTestProfiles.profile(space)
        let png = ICCTestProfiles.withICCP(try PNGCodec.encode(image), profile: profile)
        let decoded = try PictureDecoder.decode(png).image
        let expected = ICCTestProfiles.reference(image, from: profile)
        #expect(ICCTestProfiles.maximumDifference(decoded, expected) <= 1)
        // The conversion really moves colours (pure red in a wide gamut is outside sRGB).
        #expect(ICCTestProfiles.maximumDifference(decoded, image) >= 20)
        // Alpha is copied as it is.
        #expect(stride(from: 3, to: decoded.pixels.count, by: 4).allSatisfy { decoded.pixels[$0] == image.pixels[$0] })
    }

    /// A PNG decoded at a smaller target: converted after the downscale, as the untagged file's
    /// downscale converted by lcms2.
    @Test
    func pngAtCardSizeConvertsTheDownscaledPixels() throws {
        let image = ICCTestProfiles.swatches(width: 256, height: 192)
        let profile = ICCTestProfiles.profile(.adobeRGB)
        let png = try PNGCodec.encode(image)
        let target = PictureTarget.fit(PixelSize(width: 64, height: 64))
        let untagged = try PictureDecoder.decode(png, target: target).image
        let tagged = try PictureDecoder.decode(ICCTestProfiles.withICCP(png, profile: profile), target: target).image
        #expect(tagged.width == 64 && tagged.height == 48)
        #expect(ICCTestProfiles.maximumDifference(tagged, ICCTestProfiles.reference(untagged, from: profile)) <= 1)
    }

    /// A PNG read a row at a time (the route of PNGs over 4 MP, forced here) is converted too:
    /// its profile is read from the chunk headers, not from the file read whole.
    @Test
    func streamedPNGIsConverted() throws {
        let image = ICCTestProfiles.swatches(width: 300, height: 200, alpha: true)
        let profile = ICCTestProfiles.profile(.proPhoto)
        let png = ICCTestProfiles.withICCP(try PNGCodec.encode(image), profile: profile)
        for target in [PictureTarget.fullSize, .fit(PixelSize(width: 90, height: 90))] {
            let streamed = try PictureDecoder.decode(source: png, name: "s.png", target: target, limits: .standard,
                                                     admission: nil, streamingAbove: 0).image
            let whole = try PictureDecoder.decode(png, target: target).image
            #expect(streamed == whole, "\(target)")
            if target == .fullSize {
                #expect(ICCTestProfiles.maximumDifference(streamed, ICCTestProfiles.reference(image, from: profile)) <= 1)
            }
        }
    }

    /// JPEG: the same file decoded untagged, then transformed by lcms2, is the reference.
    @Test(arguments: Space.allCases)
    func jpegProfilesConvertAsLCMSDoes(space: Space) throws {
        let jpeg = try JPEGEncoder.encode(ICCTestProfiles.swatches(), quality: 95, color: .ycbcr444)
        let profile = ICCTestProfiles.profile(space)
        let untagged = try PictureDecoder.decode(jpeg).image
        let tagged = try PictureDecoder.decode(JPEGPreviewWriter.withICCProfile(jpeg, profile: profile)).image
        #expect(ICCTestProfiles.maximumDifference(tagged, ICCTestProfiles.reference(untagged, from: profile)) <= 1)
        #expect(ICCTestProfiles.maximumDifference(tagged, untagged) >= 20)
    }

    /// A profile split over two APP2 segments, in order and in reverse order, is put together.
    @Test(arguments: [[1, 2], [2, 1]])
    func jpegProfileInTwoChunksInAnyOrder(order: [Int]) throws {
        let jpeg = try JPEGEncoder.encode(ICCTestProfiles.swatches(), quality: 95, color: .ycbcr444)
        let profile = ICCTestProfiles.profile(.displayP3)
        let split = JPEGPreviewWriter.withICCProfile(jpeg, profile: profile, chunks: 2, order: order)
        guard case let .header(header) = JPEGHeader.scan(split) else { Issue.record("no header"); return }
        #expect(JPEGICCProfile.profile(in: split, before: header.scanOffset) == profile)
        let untagged = try PictureDecoder.decode(jpeg).image
        let tagged = try PictureDecoder.decode(split).image
        #expect(ICCTestProfiles.maximumDifference(tagged, ICCTestProfiles.reference(untagged, from: profile)) <= 1)
    }

    /// A chunk missing (2 of 3 written), or one repeated: the profile is ignored, pixels as untagged.
    @Test(arguments: [[1, 3], [1, 1, 2, 3]])
    func jpegProfileWithAMissingOrRepeatedChunkIsIgnored(order: [Int]) throws {
        let jpeg = try JPEGEncoder.encode(ICCTestProfiles.swatches(), quality: 95, color: .ycbcr444)
        let broken = JPEGPreviewWriter.withICCProfile(jpeg, profile: ICCTestProfiles.profile(.adobeRGB), chunks: 3, order: order)
        guard case let .header(header) = JPEGHeader.scan(broken) else { Issue.record("no header"); return }
        #expect(JPEGICCProfile.profile(in: broken, before: header.scanOffset) == nil)
        #expect(try PictureDecoder.decode(broken).image == PictureDecoder.decode(jpeg).image)
    }

    /// Untagged and sRGB-tagged pictures come out exactly as the untagged file.
    @Test
    func srgbAndUntaggedPicturesAreUnchanged() throws {
        let image = ICCTestProfiles.swatches()
        let png = try PNGCodec.encode(image)
        #expect(try PictureDecoder.decode(png).image == image)
        #expect(try PictureDecoder.decode(ICCTestProfiles.withICCP(png, profile: ICCTestProfiles.sRGB())).image == image)
        let jpeg = try JPEGEncoder.encode(image, quality: 95)
        let tagged = JPEGPreviewWriter.withICCProfile(jpeg, profile: ICCTestProfiles.sRGB())
        #expect(try PictureDecoder.decode(tagged).image == PictureDecoder.decode(jpeg).image)
        #expect(!ColorConversion.convertsPixels(iccProfile: ICCTestProfiles.sRGB()))
        #expect(ColorConversion.convertsPixels(iccProfile: ICCTestProfiles.profile(.adobeRGB)))
    }

    /// Greyscale and CMYK JPEGs, and a grey profile on a PNG, are left as they are.
    @Test
    func grayAndCMYKPicturesAreLeftAlone() throws {
        let image = ICCTestProfiles.swatches()
        for color in [JPEGEncoder.Color.grayscale, .cmyk] {
            let jpeg = try JPEGEncoder.encode(image, quality: 95, color: color)
            let tagged = JPEGPreviewWriter.withICCProfile(jpeg, profile: ICCTestProfiles.profile(.adobeRGB))
            #expect(try PictureDecoder.decode(tagged).image == PictureDecoder.decode(jpeg).image)
        }
        let png = try PNGCodec.encode(image)
        #expect(try PictureDecoder.decode(ICCTestProfiles.withICCP(png, profile: ICCTestProfiles.gray())).image == image)
    }

    /// Truncated, garbage and header-only profiles: pixels unchanged, nothing printed, no crash.
    @Test
    func brokenProfilesLeaveThePixels() throws {
        let image = ICCTestProfiles.swatches()
        let png = try PNGCodec.encode(image)
        let jpeg = try JPEGEncoder.encode(image, quality: 95)
        let untaggedJPEG = try PictureDecoder.decode(jpeg).image
        let adobe = ICCTestProfiles.profile(.adobeRGB)
        var garbage = adobe
        for i in stride(from: 128, to: garbage.count, by: 3) { garbage[i] ^= 0x5A }
        var lying = adobe
        lying[0...3] = [0x7F, 0xFF, 0xFF, 0xFF]  // a header declaring 2 GB
        let broken: [[UInt8]] = [Array(adobe.prefix(200)), Array(adobe.prefix(127)), garbage, lying,
                                 [UInt8](repeating: 0, count: 4096), Array(adobe.prefix(adobe.count - 10))]
        for (index, profile) in broken.enumerated() {
            #expect(!ColorConversion.convertsPixels(iccProfile: profile), "profile \(index)")
            #expect(try PictureDecoder.decode(ICCTestProfiles.withICCP(png, profile: profile)).image == image)
            #expect(try PictureDecoder.decode(JPEGPreviewWriter.withICCProfile(jpeg, profile: profile)).image == untaggedJPEG)
        }
        // An iCCP chunk that does not inflate, or with no name, or an unknown compression method.
        for data in [Array("p".utf8) + [0, 0, 1, 2, 3, 4], [0, 0] + Array(adobe.prefix(64)), Array("p".utf8) + [0, 1, 0x78, 0x9C]] {
            #expect(try PictureDecoder.decode(ICCTestProfiles.withChunk(png, type: "iCCP", data: data)).image == image)
        }
    }

    /// Profiles over `maximumProfileBytes` are ignored; the same profile padded to just under
    /// the cap still converts (so the cap, not the padding, is what ignores it).
    @Test
    func profilesOverTheCapAreIgnored() throws {
        let image = ICCTestProfiles.swatches()
        let png = try PNGCodec.encode(image)
        let adobe = ICCTestProfiles.profile(.adobeRGB)
        let under = adobe + [UInt8](repeating: 0, count: ColorConversion.maximumProfileBytes - adobe.count)
        let over = under + [0]
        #expect(ColorConversion.convertsPixels(iccProfile: under))
        #expect(!ColorConversion.convertsPixels(iccProfile: over))
        #expect(try PictureDecoder.decode(ICCTestProfiles.withICCP(png, profile: under)).image != image)
        #expect(try PictureDecoder.decode(ICCTestProfiles.withICCP(png, profile: over)).image == image)
        let jpeg = try JPEGEncoder.encode(image, quality: 95)
        let overJPEG = JPEGPreviewWriter.withICCProfile(jpeg, profile: over)
        #expect(try PictureDecoder.decode(overJPEG).image == PictureDecoder.decode(jpeg).image)
    }

    /// The transform cache builds one transform per profile and keeps the most recent ones.
    @Test
    func transformsAreCachedByProfile() {
        let cache = TransformCache(capacity: 2)
        var built = 0
        let make: ([UInt8]) -> ColorTransform? = { built += 1; return ColorTransform(profile: $0) }
        let adobe = ICCTestProfiles.profile(.adobeRGB), p3 = ICCTestProfiles.profile(.displayP3)
        let pro = ICCTestProfiles.profile(.proPhoto)
        let first = cache.transform(for: adobe, make: make)
        #expect(first != nil && cache.transform(for: adobe, make: make) === first && built == 1)
        _ = cache.transform(for: p3, make: make)
        _ = cache.transform(for: adobe, make: make)  // most recent again
        _ = cache.transform(for: pro, make: make)  // pushes out P3
        #expect(built == 3 && cache.count == 2)
        _ = cache.transform(for: adobe, make: make)
        #expect(built == 3)
        _ = cache.transform(for: p3, make: make)
        #expect(built == 4)
        // sRGB makes no transform, and that answer is cached too.
        #expect(cache.transform(for: ICCTestProfiles.sRGB(), make: make) == nil)
        #expect(cache.transform(for: ICCTestProfiles.sRGB(), make: make) == nil && built == 5)
    }
}
