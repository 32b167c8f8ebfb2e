import CDeflate
import CLCMS2
import CardImaging
import CardPixels

/// ICC profiles made by lcms2 in the test (`cmsCreateRGBProfile`), lcms2's own transform to sRGB
/// as the reference, and pictures that embed them (JPEG APP2, PNG iCCP).
enum ICCTestProfiles {
    /// The wide-gamut spaces the tests convert from.
    enum Space: String, CaseIterable, Sendable {
        /// Adobe RGB (1998): D65, its primaries, gamma 563/256 ≈ 2.2.
        case adobeRGB
        /// Display P3: D65, DCI-P3 primaries, sRGB's tone curve.
        case displayP3
        /// ProPhoto RGB (ROMM): D50, its primaries, gamma 1.8.
        case proPhoto
    }

    /// The profile of `space`, as the bytes a file would embed.
    static func profile(_ space: Space) -> [UInt8] {
        let white: cmsCIExyY, primaries: cmsCIExyYTRIPLE, curve: OpaquePointer
        switch space {
        case .adobeRGB:
            white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
            primaries = triple((0.64, 0.33), (0.21, 0.71), (0.15, 0.06))
            curve = cmsBuildGamma(nil, 563.0 / 256.0)!
        case .displayP3:
            white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
            primaries = triple((0.680, 0.320), (0.265, 0.690), (0.150, 0.060))
            var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            curve = cmsBuildParametricToneCurve(nil, 4, &parameters)!
        case .proPhoto:
            white = cmsCIExyY(x: 0.3457, y: 0.3585, Y: 1)
            primaries = triple((0.7347, 0.2653), (0.1596, 0.8404), (0.0366, 0.0001))
            curve = cmsBuildGamma(nil, 1.8)!
        }
        defer { cmsFreeToneCurve(curve) }
        var whitePoint = white, triple = primaries
        var curves: [OpaquePointer?] = [curve, curve, curve]
        let profile = cmsCreateRGBProfile(&whitePoint, &triple, &curves)!
        defer { cmsCloseProfile(profile) }
        return save(profile)
    }

    /// lcms2's built-in sRGB profile, as bytes.
    static func sRGB() -> [UInt8] {
        let profile = cmsCreate_sRGBProfile()!
        defer { cmsCloseProfile(profile) }
        return save(profile)
    }

    /// A greyscale profile (gamma 2.2).
    static func gray() -> [UInt8] {
        let curve = cmsBuildGamma(nil, 2.2)!
        defer { cmsFreeToneCurve(curve) }
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        let profile = cmsCreateGrayProfile(&white, curve)!
        defer { cmsCloseProfile(profile) }
        return save(profile)
    }

    private static func triple(_ r: (Double, Double), _ g: (Double, Double), _ b: (Double, Double)) -> cmsCIExyYTRIPLE {
        cmsCIExyYTRIPLE(Red: cmsCIExyY(x: r.0, y: r.1, Y: 1), Green: cmsCIExyY(x: g.0, y: g.1, Y: 1),
                        Blue: cmsCIExyY(x: b.0, y: b.1, Y: 1))
    }

    private static func save(_ profile: cmsHPROFILE) -> [UInt8] {
        var size: cmsUInt32Number = 0
        precondition(cmsSaveProfileToMem(profile, nil, &size) != 0)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        precondition(cmsSaveProfileToMem(profile, &bytes, &size) != 0)
        return bytes
    }

    /// `image` converted by lcms2 from `profile` to its sRGB, perceptual intent, alpha copied:
    /// the reference the decoder's pixels are compared with.
    static func reference(_ image: RGBAImage, from profile: [UInt8]) -> RGBAImage {
        let input = profile.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }!
        let output = cmsCreate_sRGBProfile()!
        defer { cmsCloseProfile(input); cmsCloseProfile(output) }
        let transform = cmsCreateTransform(input, cv_lcms_TYPE_RGBA_8, output, cv_lcms_TYPE_RGBA_8, cmsUInt32Number(INTENT_PERCEPTUAL),
                                           cmsUInt32Number(cmsFLAGS_COPY_ALPHA))!
        defer { cmsDeleteTransform(transform) }
        var out = image
        image.pixels.withUnsafeBytes { source in
            out.pixels.withUnsafeMutableBytes { target in
                cmsDoTransform(transform, source.baseAddress, target.baseAddress, cmsUInt32Number(image.width * image.height))
            }
        }
        return out
    }

    /// A picture of saturated and pastel colours, greys and gradients (the wide-gamut
    /// conversion moves saturated colours most): `width` × `height`, opaque unless `alpha`.
    static func swatches(width: Int = 64, height: Int = 48, alpha: Bool = false) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let band = x * 8 / width
                let t = UInt8(y * 255 / max(1, height - 1))
                let color: (UInt8, UInt8, UInt8) = switch band {
                case 0: (255, 0, 0)
                case 1: (0, 255, 0)
                case 2: (0, 0, 255)
                case 3: (t, t, t)
                case 4: (255, t, 0)
                case 5: (0, t, 255 - t)
                case 6: (200, 150, t)
                default: (t, 255 - t, 128)
                }
                image.pixels[i] = color.0
                image.pixels[i + 1] = color.1
                image.pixels[i + 2] = color.2
                image.pixels[i + 3] = alpha ? UInt8((x * 255) / max(1, width - 1)) : 255
            }
        }
        return image
    }

    /// `png` with an `iCCP` chunk holding `profile` (zlib-compressed by libdeflate) right after IHDR.
    static func withICCP(_ png: [UInt8], profile: [UInt8], name: String = "test profile") -> [UInt8] {
        let compressor = libdeflate_alloc_compressor(6)!
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, profile.count)
        var compressed = [UInt8](repeating: 0, count: bound)
        let size = profile.withUnsafeBytes { input in
            compressed.withUnsafeMutableBytes { output in
                libdeflate_zlib_compress(compressor, input.baseAddress, input.count, output.baseAddress, output.count)
            }
        }
        precondition(size > 0)
        return withChunk(png, type: "iCCP", data: Array(name.utf8) + [0, 0] + compressed.prefix(size))
    }

    /// `png` with a chunk (`type`, `data`, its CRC) inserted right after IHDR (bytes 8…33).
    static func withChunk(_ png: [UInt8], type: String, data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        let crc = typeAndData.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
        func u32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return Array(png.prefix(33)) + u32(UInt32(data.count)) + typeAndData + u32(crc) + png.dropFirst(33)
    }

    /// The largest difference between any two corresponding samples of `a` and `b` (same size).
    static func maximumDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        return zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }
}
