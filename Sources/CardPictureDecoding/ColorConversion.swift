import CLCMS2
import CardPixels
import Foundation

/// Embedded ICC colour profiles honoured (SPEC §10, "Formats"): a decoded picture's pixels
/// converted from the colour space its profile describes to sRGB, the space the viewer draws in.
/// Untagged pictures are taken as sRGB and left alone.
///
/// Every decoder that finds a profile in its file (JPEG APP2 `ICC_PROFILE`, PNG `iCCP`, WebP
/// `ICCP`, TIFF tag 34675, HEIF `colr`) calls `convertToSRGB` on its output before returning it:
/// after any downscaling, so a card-sized decode converts card-sized pixels (a 320 × 240 card
/// costs well under a millisecond; see docs/formats/colour-previews.md for the measurements).
///
/// Through Little CMS 2 (`CLCMS2`): the profile is opened from memory; profiles that are not RGB
/// (grey, CMYK, Lab, device links) and profiles that are sRGB already (their colorants and tone
/// curves within a hair of sRGB's, `SRGBLikeness`) leave the pixels as they are; otherwise an
/// 8-bit RGBA → RGBA transform to lcms2's built-in sRGB profile converts them in place, alpha
/// copied untouched (straight alpha: colour and coverage are independent).
///
/// Rendering intent: **perceptual**, what browsers and photo viewers use for pictures. For the
/// matrix-shaper profiles that cameras and editors embed (Adobe RGB, Display P3, ProPhoto) lcms2
/// has no perceptual table and converts colorimetrically, clipping what lies outside sRGB; a
/// profile with perceptual tables (A2B0) gets its gamut mapping.
///
/// Transforms are cached by the profile's bytes (`TransformCache`, least recently used, 8
/// entries; a folder of Adobe RGB photos builds one transform), shared by the decoding threads
/// (made with `cmsFLAGS_NOCACHE`, which makes `cmsDoTransform` on one transform thread-safe).
/// lcms2's error handler is silenced: a broken profile prints nothing and converts nothing.
public enum ColorConversion {
    /// Profiles larger than this (4 MiB) are ignored unread: real ones are 0.5–600 KB (LUT
    /// profiles of printers are the large ones; camera and display profiles are a few KB).
    public static let maximumProfileBytes = 4 << 20

    /// Profiles shorter than this (an ICC header, 128 bytes) cannot be profiles.
    static let minimumProfileBytes = 128

    /// Converts `image` (8-bit straight-alpha RGBA; alpha untouched) from the colour space of
    /// `iccProfile` (the profile's bytes as stored in the file) to sRGB. A profile that cannot be
    /// read, that is cut short (its header declares more bytes than there are), that is over
    /// `maximumProfileBytes`, that is not RGB, or that is sRGB already leaves the pixels as they are.
    /// - Complexity: O(pixels) once the transform is built (cached by profile).
    public static func convertToSRGB(_ image: inout RGBAImage, iccProfile: [UInt8]) {
        guard let transform = transform(for: iccProfile) else { return }
        transform.apply(to: &image.pixels)
    }

    /// Converts `image` (8-bit straight-alpha RGBA; alpha untouched) from Adobe RGB (1998) to
    /// sRGB: for files that embed no ICC profile but whose EXIF says Adobe RGB
    /// (`ExifColorSpace`: InteropIndex "R03"), as cameras set to Adobe RGB write them.
    /// - Complexity: O(pixels); the transform is built once per process.
    public static func convertAdobeRGBToSRGB(_ image: inout RGBAImage) {
        adobeRGBTransform?.apply(to: &image.pixels)
    }

    /// The Adobe RGB (1998) → sRGB transform, made once (nil only if lcms2 cannot build it).
    static let adobeRGBTransform: ColorTransform? = {
        guard let profile = adobeRGBProfile() else { return nil }
        defer { cmsCloseProfile(profile) }
        return ColorTransform(input: profile)
    }()

    /// Adobe RGB (1998) as lcms2 builds it (the caller closes it): D65 white (x 0.3127,
    /// y 0.3290), primaries red (0.64, 0.33), green (0.21, 0.71), blue (0.15, 0.06), and a pure
    /// power curve of gamma 563/256 ≈ 2.19921875 (Adobe's specification, §4.3.4.2).
    static func adobeRGBProfile() -> cmsHPROFILE? {
        LittleCMS.silenceErrors
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: 0.64, y: 0.33, Y: 1), Green: cmsCIExyY(x: 0.21, y: 0.71, Y: 1),
                                        Blue: cmsCIExyY(x: 0.15, y: 0.06, Y: 1))
        guard let curve = cmsBuildGamma(nil, 563.0 / 256.0) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        return cmsCreateRGBProfile(&white, &primaries, &curves)
    }

    /// Whether `iccProfile` would change pixels: a readable RGB profile that is not sRGB.
    public static func convertsPixels(iccProfile: [UInt8]) -> Bool {
        transform(for: iccProfile) != nil
    }

    /// The cached transform from `profile`'s space to sRGB, or nil when the pixels stay as they are.
    static func transform(for profile: [UInt8]) -> ColorTransform? {
        guard profile.count >= minimumProfileBytes, profile.count <= maximumProfileBytes else { return nil }
        // The header's first field is the profile's size: a profile cut short (declaring more
        // bytes than there are) is refused, as browsers do, although lcms2 would read what is left.
        let declared = profile[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard declared >= minimumProfileBytes, declared <= profile.count else { return nil }
        return cache.transform(for: profile) { ColorTransform(profile: $0) }
    }

    /// The transforms of the profiles seen last (shared by every decoding thread).
    static let cache = TransformCache(capacity: 8)
}

/// A Little CMS transform from one RGB profile to sRGB, 8-bit RGBA in and out, alpha copied.
/// Thread-safe: made with `cmsFLAGS_NOCACHE`, and lcms2 keeps no other state in a transform.
final class ColorTransform: @unchecked Sendable {
    private let handle: cmsHTRANSFORM

    /// A transform for `profile`'s bytes, or nil when they do not open as a profile, describe
    /// no RGB device colour space, are sRGB already, or lcms2 cannot build the transform.
    convenience init?(profile bytes: [UInt8]) {
        LittleCMS.silenceErrors
        guard let input = bytes.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else {
            return nil
        }
        defer { cmsCloseProfile(input) }
        let deviceClass = cmsGetDeviceClass(input)
        guard cmsGetColorSpace(input) == cmsSigRgbData,
              [cmsSigInputClass, cmsSigDisplayClass, cmsSigOutputClass, cmsSigColorSpaceClass].contains(deviceClass),
              !SRGBLikeness.isSRGB(input)
        else { return nil }
        self.init(input: input)
    }

    /// A transform from the open RGB profile `input` (the caller closes it) to sRGB, or nil
    /// when lcms2 cannot build it.
    init?(input: cmsHPROFILE) {
        LittleCMS.silenceErrors
        guard let output = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(output) }
        let flags = cmsUInt32Number(cmsFLAGS_COPY_ALPHA | cmsFLAGS_NOCACHE)
        guard let transform = cmsCreateTransform(input, cv_lcms_TYPE_RGBA_8, output, cv_lcms_TYPE_RGBA_8,
                                                 cmsUInt32Number(INTENT_PERCEPTUAL), flags)
        else { return nil }
        handle = transform
    }

    deinit { cmsDeleteTransform(handle) }

    /// Converts RGBA `pixels` in place (lcms2 allows the same buffer in and out for formats of
    /// one size), a million pixels a call.
    func apply(to pixels: inout [UInt8]) {
        let count = pixels.count / 4
        pixels.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < count {
                let run = min(1 << 20, count - start)
                cmsDoTransform(handle, base + start * 4, base + start * 4, cmsUInt32Number(run))
                start += run
            }
        }
    }
}

/// Little CMS set up once for the process.
enum LittleCMS {
    /// lcms2's error handler replaced by one that prints nothing (broken profiles in pictures are
    /// ordinary input, not errors to report); evaluated before the first profile is opened.
    static let silenceErrors: Void = cmsSetLogErrorHandler { _, _, _ in }
}

/// The cheap test for "this profile is sRGB" (every phone's and most cameras' JPEGs carry one of
/// the many sRGB profiles): a matrix-shaper profile whose three colorants are within 0.002 of
/// sRGB's (D50-adapted XYZ) and whose three tone curves are within half an 8-bit step of sRGB's
/// at 33 points. Converting such pictures would change no pixel by more than rounding.
enum SRGBLikeness {
    /// sRGB's colorants (red, green, blue) and its tone curve, sampled, from lcms2's own profile.
    private struct Reference: @unchecked Sendable {
        var colorants: [cmsCIEXYZ] = []
        var curve: [Float] = []
    }

    private static let reference: Reference = {
        var reference = Reference()
        guard let srgb = cmsCreate_sRGBProfile() else { return reference }
        defer { cmsCloseProfile(srgb) }
        reference.colorants = colorants(of: srgb) ?? []
        if let curve = curves(of: srgb)?.first { reference.curve = samples.map { cmsEvalToneCurveFloat(curve, $0) } }
        return reference
    }()

    /// Where tone curves are compared: 0, 1/32, …, 1.
    private static let samples: [Float] = (0...32).map { Float($0) / 32 }

    /// Whether `profile` is, to within 8-bit rounding, sRGB.
    static func isSRGB(_ profile: cmsHPROFILE) -> Bool {
        let reference = reference
        guard reference.colorants.count == 3, reference.curve.count == samples.count,
              let colorants = colorants(of: profile), let curves = curves(of: profile)
        else { return false }
        for (found, wanted) in zip(colorants, reference.colorants) {
            if abs(found.X - wanted.X) > 0.002 || abs(found.Y - wanted.Y) > 0.002 || abs(found.Z - wanted.Z) > 0.002 {
                return false
            }
        }
        for curve in curves {
            for (x, wanted) in zip(samples, reference.curve) where abs(cmsEvalToneCurveFloat(curve, x) - wanted) > 0.5 / 255 {
                return false
            }
        }
        return true
    }

    /// The red, green and blue colorant tags (rXYZ, gXYZ, bXYZ), when all three are there.
    private static func colorants(of profile: cmsHPROFILE) -> [cmsCIEXYZ]? {
        var found: [cmsCIEXYZ] = []
        for tag in [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag] {
            guard cmsIsTag(profile, tag) != 0, let value = cmsReadTag(profile, tag) else { return nil }
            found.append(value.assumingMemoryBound(to: cmsCIEXYZ.self).pointee)
        }
        return found
    }

    /// The red, green and blue tone curves (rTRC, gTRC, bTRC), when all three are there.
    private static func curves(of profile: cmsHPROFILE) -> [OpaquePointer]? {
        var found: [OpaquePointer] = []
        for tag in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag] {
            guard cmsIsTag(profile, tag) != 0, let value = cmsReadTag(profile, tag) else { return nil }
            found.append(OpaquePointer(value))
        }
        return found
    }
}

/// Transforms by profile bytes, least recently used first out; a profile that makes no transform
/// (sRGB, not RGB, unreadable) is remembered too, so it is not opened again. Thread-safe (a lock;
/// transforms are built under it, which happens once per profile).
final class TransformCache: @unchecked Sendable {
    private struct Entry {
        var hash: Int
        var profile: [UInt8]
        var transform: ColorTransform?
    }

    private let capacity: Int
    private let lock = NSLock()
    /// Most recently used last.
    private var entries: [Entry] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The transform for `profile`, made by `make` when it is not cached.
    func transform(for profile: [UInt8], make: ([UInt8]) -> ColorTransform?) -> ColorTransform? {
        let hash = profile.hashValue
        lock.lock()
        defer { lock.unlock() }
        if let index = entries.firstIndex(where: { $0.hash == hash && $0.profile == profile }) {
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.transform
        }
        let transform = make(profile)
        if entries.count >= capacity { entries.removeFirst() }
        entries.append(Entry(hash: hash, profile: profile, transform: transform))
        return transform
    }

    /// How many profiles are cached (tests).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }
}
