import CardMath
import CardPixels
import CardPictureDecoding

/// The tests' sample pictures for WebP, TIFF and GIF, written by each format's own library
/// (`WebPEncoder`, `TIFFEncoder`, `GIFEncoder`: libwebp, libtiff, giflib).
enum FormatSamples {
    /// A picture whose every pixel differs from its neighbours (an exact round trip shows any
    /// misplaced pixel), with alpha `alpha(x, y)`.
    static func pattern(width: Int, height: Int, alpha: (Int, Int) -> UInt8 = { _, _ in 255 }) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = (UInt8(x * 7 % 256), UInt8(y * 13 % 256), UInt8((x + 2 * y) * 5 % 256), alpha(x, y))
            }
        }
        return image
    }
}
