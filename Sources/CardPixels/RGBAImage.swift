/// An image in memory: 8-bit RGBA, straight (not premultiplied) alpha, rows top to bottom.
public struct RGBAImage: Equatable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width · height · 4` bytes: R, G, B, A per pixel, row-major, top row first.
    public var pixels: [UInt8]

    /// An image filled with one colour.
    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (0, 0, 0, 0)) {
        self.width = max(0, width)
        self.height = max(0, height)
        var row = [UInt8]()
        row.reserveCapacity(self.width * 4)
        for _ in 0..<self.width { row += [fill.r, fill.g, fill.b, fill.a] }
        pixels = Array([[UInt8]](repeating: row, count: self.height).joined())
    }

    /// An image over existing bytes; `pixels.count` must be `width · height · 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "RGBA buffer size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y` (0 = top).
    @inlinable public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        get {
            let i = (y * width + x) * 4
            return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.r; pixels[i + 1] = newValue.g; pixels[i + 2] = newValue.b; pixels[i + 3] = newValue.a
        }
    }
}

extension RGBAImage: CustomStringConvertible, CustomDebugStringConvertible {
    /// "RGBAImage(640x400)": the size, not millions of bytes (test failures print their values).
    public var description: String { "RGBAImage(\(width)x\(height))" }
    public var debugDescription: String { description }
}
