import CLCMS2

/// Matrix-shaper ICC profiles of the common wide-gamut RGB spaces made by lcms2, for tools
/// (`picture-tool make-photos --profile`, `picture-tool colour-bench`, the fuzzers' seeds): the
/// viewer only reads profiles.
public enum ICCProfileWriter {
    /// The spaces a profile can be made for.
    public enum Space: String, CaseIterable, Sendable {
        /// Adobe RGB (1998): D65 white, its primaries, gamma 563/256 ≈ 2.2.
        case adobeRGB = "adobe-rgb"
        /// Display P3: D65 white, DCI-P3 primaries, sRGB's tone curve.
        case displayP3 = "display-p3"
        /// ProPhoto RGB (ROMM): D50 white, its primaries, gamma 1.8.
        case proPhoto = "prophoto"
        /// lcms2's sRGB (IEC 61966-2.1).
        case sRGB = "srgb"
    }

    /// The profile of `space` as the bytes a file embeds (nil only if lcms2 fails).
    public static func profile(_ space: Space) -> [UInt8]? {
        LittleCMS.silenceErrors
        if space == .sRGB {
            guard let profile = cmsCreate_sRGBProfile() else { return nil }
            defer { cmsCloseProfile(profile) }
            return save(profile)
        }
        var white: cmsCIExyY, primaries: cmsCIExyYTRIPLE
        let curve: OpaquePointer?
        func xyY(_ x: Double, _ y: Double) -> cmsCIExyY { cmsCIExyY(x: x, y: y, Y: 1) }
        switch space {
        case .adobeRGB, .sRGB:
            white = xyY(0.3127, 0.3290)
            primaries = cmsCIExyYTRIPLE(Red: xyY(0.64, 0.33), Green: xyY(0.21, 0.71), Blue: xyY(0.15, 0.06))
            curve = cmsBuildGamma(nil, 563.0 / 256.0)
        case .displayP3:
            white = xyY(0.3127, 0.3290)
            primaries = cmsCIExyYTRIPLE(Red: xyY(0.680, 0.320), Green: xyY(0.265, 0.690), Blue: xyY(0.150, 0.060))
            var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            curve = cmsBuildParametricToneCurve(nil, 4, &parameters)
        case .proPhoto:
            white = xyY(0.3457, 0.3585)
            primaries = cmsCIExyYTRIPLE(Red: xyY(0.7347, 0.2653), Green: xyY(0.1596, 0.8404), Blue: xyY(0.0366, 0.0001))
            curve = cmsBuildGamma(nil, 1.8)
        }
        guard let curve else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = cmsCreateRGBProfile(&white, &primaries, &curves) else { return nil }
        defer { cmsCloseProfile(profile) }
        return save(profile)
    }

    private static func save(_ profile: cmsHPROFILE) -> [UInt8]? {
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard cmsSaveProfileToMem(profile, &bytes, &size) != 0 else { return nil }
        return bytes
    }
}
