import CardPixels

/// Embedded ICC colour profiles honoured (SPEC §10, "Formats"): a decoded picture's pixels
/// converted from the colour space its profile describes to sRGB, the space the viewer draws in.
/// Untagged pictures are taken as sRGB and left alone.
///
/// Every decoder that finds a profile in its file (JPEG APP2 `ICC_PROFILE`, PNG `iCCP`, WebP
/// `ICCP`, TIFF tag 34675, HEIF `colr`) calls `convertToSRGB` on its output before returning it.
public enum ColourConversion {
    /// Converts `image` (8-bit straight-alpha RGBA; alpha untouched) from the colour space of
    /// `iccProfile` (the profile's bytes as stored in the file) to sRGB. A profile that cannot be
    /// read, or that is sRGB already, leaves the pixels as they are.
    public static func convertToSRGB(_ image: inout RGBAImage, iccProfile: [UInt8]) {
        // Filled in by the colour work (lcms2); until then, every picture is taken as sRGB.
        _ = iccProfile
    }
}
