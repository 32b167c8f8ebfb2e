/// A picture's histograms (SPEC §13, `G` in the photo view): how many pixels have each 8-bit
/// value of luminance, red, green and blue (256 bins each), and how many clip — blown (any
/// channel at 255) or crushed (every channel at 0), as the photo view's clipping warnings tint
/// them. Pixels with alpha 0 (nothing shows there) are not counted; the others count by their
/// straight colour.
public struct PictureHistogram: Hashable, Sendable {
    /// Bins per channel: one per 8-bit value.
    public static let binCount = 256

    /// Per bin, the pixels whose luminance (`luminance(r:g:b:)`) is that value.
    public var luminance: [Int]
    /// Per bin, the pixels whose red, green, blue is that value.
    public var red: [Int]
    public var green: [Int]
    public var blue: [Int]
    /// The pixels counted (alpha > 0).
    public var pixelCount: Int
    /// The pixels with a channel at 255 (blown highlights).
    public var blownCount: Int
    /// The pixels with every channel at 0 (crushed shadows).
    public var crushedCount: Int

    /// Counts `image`'s pixels (straight alpha, `RGBAImage`).
    /// - Complexity: O(pixels), four arrays of 256 allocated.
    public init(_ image: RGBAImage) {
        var luminance = [Int](repeating: 0, count: Self.binCount)
        var red = luminance, green = luminance, blue = luminance
        var counted = 0, blown = 0, crushed = 0
        image.pixels.withUnsafeBufferPointer { bytes in
            var i = 0
            while i + 3 < bytes.count {
                let r = bytes[i], g = bytes[i + 1], b = bytes[i + 2], a = bytes[i + 3]
                i += 4
                if a == 0 { continue }
                counted += 1
                red[Int(r)] += 1
                green[Int(g)] += 1
                blue[Int(b)] += 1
                luminance[Self.luminance(r: r, g: g, b: b)] += 1
                if r == 255 || g == 255 || b == 255 { blown += 1 } else if r | g | b == 0 { crushed += 1 }
            }
        }
        self.luminance = luminance
        self.red = red
        self.green = green
        self.blue = blue
        pixelCount = counted
        blownCount = blown
        crushedCount = crushed
    }

    /// The luminance bin of an 8-bit colour: Rec. 709's weights (0.2126, 0.7152, 0.0722) on the
    /// encoded values, rounded, 0…255.
    public static func luminance(r: UInt8, g: UInt8, b: UInt8) -> Int {
        (2126 * Int(r) + 7152 * Int(g) + 722 * Int(b) + 5000) / 10000
    }

    /// The blown pixels' share of the counted ones, 0…1 (0 for no pixel).
    public var blownFraction: Double { pixelCount > 0 ? Double(blownCount) / Double(pixelCount) : 0 }
    /// The crushed pixels' share of the counted ones, 0…1 (0 for no pixel).
    public var crushedFraction: Double { pixelCount > 0 ? Double(crushedCount) / Double(pixelCount) : 0 }
}
