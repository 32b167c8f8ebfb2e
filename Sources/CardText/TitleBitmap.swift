/// A one-line title rasterised to 8-bit coverage: 0 = background, 255 = fully inked. Rows top
/// to bottom, `width` bytes each, no padding. Colour it when compositing (coverage × colour).
public struct TitleBitmap: Sendable, Equatable {
    /// Pixels across (the text's advance, at most the maximum width asked for).
    public let width: Int
    /// Pixels down: the pixel height asked for.
    public let height: Int
    /// The baseline's row, counted from the top.
    public let baseline: Int
    /// `width × height` coverage values, row-major.
    public let pixels: [UInt8]
    /// True when the text was shortened with "…" to fit.
    public let isTruncated: Bool

    public init(width: Int, height: Int, baseline: Int, pixels: [UInt8], isTruncated: Bool = false) {
        self.width = width
        self.height = height
        self.baseline = baseline
        self.pixels = pixels
        self.isTruncated = isTruncated
    }

    /// The coverage at column `x`, row `y` (0 outside the bitmap).
    public subscript(x: Int, y: Int) -> UInt8 {
        guard x >= 0, x < width, y >= 0, y < height else { return 0 }
        return pixels[y * width + x]
    }

    /// The sum of all coverage values (how much ink there is).
    public var totalCoverage: Int { pixels.reduce(0) { $0 + Int($1) } }

    /// The columns and rows that have any ink, or `nil` for a blank bitmap.
    public var inkBounds: (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
        for y in 0..<height {
            for x in 0..<width where pixels[y * width + x] > 0 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX...maxX, minY...maxY)
    }
}
